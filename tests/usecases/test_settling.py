"""Going on without an absent tablet, through the use cases: the teacher waives an absent
prophet's call or judges in an absent student dealer's place, and where the app deals it waives
the call of a prophet offline too long by itself. What no longer waits is refused, unchanged."""

from __future__ import annotations

import itertools
from datetime import datetime

import pytest

from classroom.core.games import new_eleusis as ne
from classroom.usecases import (
    Conflict,
    Move,
    RuleChoice,
    SeatRef,
    ServiceError,
    UseCases,
    Verdict,
)
from tests.usecases.conftest import ALTERNATE_COLOURS
from tests.usecases.test_new_eleusis_rounds import _class, _right, _seat, _state, _wrong

_ids = (f"s{n}" for n in itertools.count())
LONG_AGO = datetime(2000, 1, 1)


def _prophet_and_a_wrong_play(
    use_cases: UseCases, teacher: int, group_id: int, seats: list[SeatRef]
) -> tuple[SeatRef, SeatRef]:
    """The first player plays right and becomes prophet; the next plays a wrong card, which
    waits for the prophet's call. The prophet and that player."""
    act = use_cases.rounds.act
    state = _state(use_cases, group_id)
    prophet = _seat(seats, state.turn)
    act(prophet, Move("play", next(_ids), cards=(_right(state, prophet.key)[0],)))
    act(prophet, Move("declare", next(_ids)))
    state = _state(use_cases, group_id)
    player = _seat(seats, state.turn)
    act(player, Move("play", next(_ids), cards=(_wrong(state, player.key)[0],)))
    assert _state(use_cases, group_id).phase == "calling"
    return prophet, player


def _app_table(use_cases: UseCases, teacher: int) -> tuple[int, list[SeatRef]]:
    _class_id, group_id, seats = _class(use_cases, teacher)
    use_cases.rounds.start_round(teacher, group_id)
    return group_id, seats


def _away_time(use_cases: UseCases, teacher: int, group_id: int, seconds: int) -> None:
    """The class's away time: how long a call waits on an offline tablet."""
    class_id = use_cases.reading.group_snapshot(group_id).class_id
    use_cases.classes.set_away_seconds(teacher, class_id, seconds)


def _student_dealt_table(use_cases: UseCases, teacher: int) -> tuple[int, list[SeatRef], SeatRef]:
    _class_id, group_id, seats = _class(use_cases, teacher)
    use_cases.lesson.set_dealer_mode(teacher, group_id, "student")
    use_cases.rounds.start_round(teacher, group_id)
    dealer = _seat(seats, use_cases.reading.group_snapshot(group_id).dealing_seat)
    use_cases.dealing.choose_rule(dealer, RuleChoice("language", ALTERNATE_COLOURS), "rule-1")
    return group_id, [seat for seat in seats if seat != dealer], dealer


def test_the_teacher_waives_a_call_and_the_app_dealer_judges_at_once(
    use_cases: UseCases, teacher: int
) -> None:
    group_id, seats = _app_table(use_cases, teacher)
    prophet, player = _prophet_and_a_wrong_play(use_cases, teacher, group_id, seats)
    held = len(_state(use_cases, group_id).hand(player.key))
    seq = _state(use_cases, group_id).seq
    change = use_cases.settling.waive_call(teacher, group_id, seq)
    assert [event.kind for event in change.events][:2] == ["call_waived", "judged"]
    assert change.events[0].to_dict()["by"] == "teacher"
    state = _state(use_cases, group_id)
    assert state.phase == "playing" and state.prophet == prophet.key
    assert len(state.hand(player.key)) == held + 2  # a wrong card, as if no prophet called


def test_a_student_dealer_judges_after_a_waived_call_or_the_teacher_does(
    use_cases: UseCases, teacher: int
) -> None:
    group_id, seats, _dealer = _student_dealt_table(use_cases, teacher)
    state = _state(use_cases, group_id)
    prophet = _seat(seats, state.turn)
    use_cases.rounds.act(prophet, Move("play", next(_ids), cards=state.hand(prophet.key)[:1]))
    snapshot = use_cases.reading.group_snapshot(group_id)
    assert snapshot.awaited_since is not None  # the dealer's verdict waits
    use_cases.settling.judge_for_dealer(teacher, group_id, snapshot.seq, Verdict("play", True))
    use_cases.rounds.act(prophet, Move("declare", next(_ids)))
    state = _state(use_cases, group_id)
    player = _seat(seats, state.turn)
    use_cases.rounds.act(player, Move("play", next(_ids), cards=state.hand(player.key)[:2]))
    seq = _state(use_cases, group_id).seq
    change = use_cases.settling.waive_call(teacher, group_id, seq)
    assert [event.kind for event in change.events] == ["call_waived"]
    assert _state(use_cases, group_id).phase == "judging_play"
    seq = _state(use_cases, group_id).seq
    change = use_cases.settling.judge_for_dealer(teacher, group_id, seq, Verdict("play", False))
    assert [event.kind for event in change.events] == ["judged"]
    state = _state(use_cases, group_id)
    assert state.prophet == prophet.key and len(state.hand(player.key)) == 14 - 2 + 4


def test_the_teacher_judges_a_no_play_for_an_absent_dealer(
    use_cases: UseCases, teacher: int
) -> None:
    group_id, seats, _dealer = _student_dealt_table(use_cases, teacher)
    state = _state(use_cases, group_id)
    player = _seat(seats, state.turn)
    use_cases.rounds.act(player, Move("no_play", next(_ids)))
    card = _right(_state(use_cases, group_id), player.key)[0]
    seq = _state(use_cases, group_id).seq
    use_cases.settling.judge_for_dealer(teacher, group_id, seq, Verdict("no_play", False, card))
    state = _state(use_cases, group_id)
    assert state.layout.mainline[-1] == card and len(state.hand(player.key)) == 14 - 1 + 5


def test_what_no_longer_waits_is_refused_and_changes_nothing(
    use_cases: UseCases, teacher: int
) -> None:
    group_id, seats, _dealer = _student_dealt_table(use_cases, teacher)
    before = _state(use_cases, group_id)
    settling = use_cases.settling
    with pytest.raises(Conflict, match="Nothing waits at this table"):
        settling.waive_call(teacher, group_id, before.seq)
    with pytest.raises(Conflict, match="Nothing waits at this table"):
        settling.judge_for_dealer(teacher, group_id, before.seq, Verdict("play", True))
    with pytest.raises(Conflict, match="moved on"):
        settling.waive_call(teacher, group_id, before.seq - 1)
    player = _seat(seats, before.turn)
    use_cases.rounds.act(player, Move("no_play", next(_ids)))
    waiting = _state(use_cases, group_id)
    with pytest.raises(Conflict, match="Nothing waits at this table"):
        settling.waive_call(teacher, group_id, waiting.seq)  # no prophet: nothing to waive
    with pytest.raises(ne.BadVerdict):
        settling.judge_for_dealer(teacher, group_id, waiting.seq, Verdict("no_play", False))
    assert _state(use_cases, group_id) == waiting


def test_the_teacher_cannot_judge_where_the_app_deals(use_cases: UseCases, teacher: int) -> None:
    group_id, seats = _app_table(use_cases, teacher)
    _prophet_and_a_wrong_play(use_cases, teacher, group_id, seats)
    state = _state(use_cases, group_id)
    with pytest.raises(Conflict, match="The app deals at this table"):
        use_cases.settling.judge_for_dealer(teacher, group_id, state.seq, Verdict("play", True))
    assert _state(use_cases, group_id) == state


def test_another_teacher_cannot_settle(use_cases: UseCases, teacher: int) -> None:
    group_id, seats = _app_table(use_cases, teacher)
    _prophet_and_a_wrong_play(use_cases, teacher, group_id, seats)
    other = use_cases.teachers.create_teacher("snape", "potions-master-1")
    state = _state(use_cases, group_id)
    with pytest.raises(ServiceError):
        use_cases.settling.waive_call(other, group_id, state.seq)
    assert _state(use_cases, group_id) == state


def test_the_app_dealer_waives_the_call_of_a_prophet_offline_too_long(
    use_cases: UseCases, teacher: int
) -> None:
    group_id, seats = _app_table(use_cases, teacher)
    prophet, _player = _prophet_and_a_wrong_play(use_cases, teacher, group_id, seats)
    offline = {prophet.seat_id: LONG_AGO}
    sweep = use_cases.settling.settle_overdue
    _away_time(use_cases, teacher, group_id, 0)
    assert sweep([group_id], lambda seat_id: None) == []  # online
    _away_time(use_cases, teacher, group_id, 120)
    assert sweep([group_id], offline.get) == []  # not long enough
    assert _state(use_cases, group_id).phase == "calling"
    _away_time(use_cases, teacher, group_id, 0)
    (change,) = sweep([group_id], offline.get)
    assert [event.kind for event in change.events][:2] == ["call_waived", "judged"]
    assert change.events[0].to_dict()["by"] == "app"
    state = _state(use_cases, group_id)
    assert state.phase == "playing" and state.prophet == prophet.key
    assert sweep([group_id], offline.get) == []  # nothing waits any more


def test_the_sweep_waives_an_absent_prophets_call_and_the_student_dealer_then_judges(
    use_cases: UseCases, teacher: int
) -> None:
    group_id, seats, _dealer = _student_dealt_table(use_cases, teacher)
    state = _state(use_cases, group_id)
    prophet = _seat(seats, state.turn)
    use_cases.rounds.act(prophet, Move("play", next(_ids), cards=state.hand(prophet.key)[:1]))
    seq = _state(use_cases, group_id).seq
    use_cases.settling.judge_for_dealer(teacher, group_id, seq, Verdict("play", True))
    use_cases.rounds.act(prophet, Move("declare", next(_ids)))
    state = _state(use_cases, group_id)
    player = _seat(seats, state.turn)
    use_cases.rounds.act(player, Move("play", next(_ids), cards=state.hand(player.key)[:1]))
    offline = {prophet.seat_id: LONG_AGO}
    _away_time(use_cases, teacher, group_id, 0)
    (change,) = use_cases.settling.settle_overdue([group_id], offline.get)
    assert [event.kind for event in change.events] == ["call_waived"]
    assert _state(use_cases, group_id).phase == "judging_play"  # the dealer is here: theirs
    assert use_cases.settling.settle_overdue([group_id], offline.get) == []


def test_the_app_judges_for_a_student_dealer_offline_too_long_by_the_rule_they_chose(
    use_cases: UseCases, teacher: int
) -> None:
    group_id, seats, dealer = _student_dealt_table(use_cases, teacher)
    state = _state(use_cases, group_id)
    player = _seat(seats, state.turn)
    wrong = _wrong(state, player.key)[0]
    use_cases.rounds.act(player, Move("play", next(_ids), cards=(wrong,)))
    offline = {dealer.seat_id: LONG_AGO}
    sweep = use_cases.settling.settle_overdue
    _away_time(use_cases, teacher, group_id, 120)
    assert sweep([group_id], offline.get) == []  # not away long enough
    _away_time(use_cases, teacher, group_id, 0)
    assert sweep([group_id], lambda seat_id: None) == []  # online: the dealer's to judge
    (change,) = sweep([group_id], offline.get)
    assert [event.kind for event in change.events][:1] == ["judged"]
    state = _state(use_cases, group_id)
    assert state.phase == "playing" and wrong not in state.layout.mainline


def test_a_rule_the_app_cannot_read_leaves_an_absent_dealers_verdict_to_the_teacher(
    use_cases: UseCases, teacher: int
) -> None:
    _class_id, group_id, seats = _class(use_cases, teacher)
    use_cases.lesson.set_dealer_mode(teacher, group_id, "student")
    use_cases.rounds.start_round(teacher, group_id)
    dealer = _seat(seats, use_cases.reading.group_snapshot(group_id).dealing_seat)
    choice = RuleChoice("free", "Cards I like")
    use_cases.dealing.choose_rule(dealer, choice, "rule-words")
    state = _state(use_cases, group_id)
    player = _seat(seats, state.turn)
    use_cases.rounds.act(player, Move("play", next(_ids), cards=state.hand(player.key)[:1]))
    _away_time(use_cases, teacher, group_id, 0)
    waiting = _state(use_cases, group_id)
    assert use_cases.settling.settle_overdue([group_id], {dealer.seat_id: LONG_AGO}.get) == []
    assert _state(use_cases, group_id) == waiting
