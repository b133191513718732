"""New Eleusis through the use cases: a group set to the mode is dealt 14 cards, plays strings
judged by the app, declares a prophet whose calls the app confirms or refutes at once, and a
student dealer judges from the tablet. Every refused action changes nothing."""

from __future__ import annotations

import itertools

import pytest

from classroom.core.cards import Card
from classroom.core.games import new_eleusis as ne
from classroom.core.games.errors import UnknownMove
from classroom.core.games.express import Options
from classroom.core.rules import compile_rule
from classroom.usecases import Conflict, GroupSetup, Move, SeatRef, UseCases, Verdict
from tests.usecases.conftest import ALTERNATE_COLOURS

_ids = (f"a{n}" for n in itertools.count())
NAMES = ("Ana", "Ben", "Chen", "Dana", "Emil", "Fumi")


def _class(use_cases: UseCases, teacher: int, **options: str) -> tuple[int, int, list[SeatRef]]:
    groups = [GroupSetup("Owls", ALTERNATE_COLOURS, mode="new_eleusis")]
    class_id = use_cases.classes.create_class(teacher, "Club", groups, Options(), **options)
    snapshot = use_cases.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = [use_cases.seats.join(snapshot.join_code, group_id, n)[0] for n in NAMES[:5]]
    return class_id, group_id, seats


def _state(use_cases: UseCases, group_id: int) -> ne.RoundState:
    state = use_cases.reading.group_snapshot(group_id).state
    assert state is not None
    return state


def _seat(seats: list[SeatRef], key: str | None) -> SeatRef:
    return next(seat for seat in seats if seat.key == key)


def _right(state: ne.RoundState, seat: str) -> list[Card]:
    rule = compile_rule(ALTERNATE_COLOURS)
    return [c for c in state.hand(seat) if rule.allows(state.layout.mainline, c)]


def _wrong(state: ne.RoundState, seat: str) -> list[Card]:
    rule = compile_rule(ALTERNATE_COLOURS)
    return [c for c in state.hand(seat) if not rule.allows(state.layout.mainline, c)]


def test_a_new_eleusis_group_is_dealt_fourteen_cards_with_the_house_options(
    use_cases: UseCases, teacher: int
) -> None:
    _class_id, group_id, seats = _class(use_cases, teacher, ne_sudden_death="long")
    use_cases.rounds.start_round(teacher, group_id)
    snapshot = use_cases.reading.group_snapshot(group_id)
    assert snapshot.mode == "new_eleusis" and isinstance(snapshot.state, ne.RoundState)
    state = _state(use_cases, group_id)
    assert [len(state.hand(seat.key)) for seat in seats] == [14] * 5
    assert (state.options.sudden_death, state.options.sudden_death_with_prophet) == (40, 40)


def test_a_string_is_judged_by_the_app_and_a_prophet_confirmed_then_overthrown(
    use_cases: UseCases, teacher: int
) -> None:
    _class_id, group_id, seats = _class(use_cases, teacher)
    use_cases.rounds.start_round(teacher, group_id)
    rounds = use_cases.rounds
    # Play single right cards until one lands: its player becomes the prophet.
    state = _state(use_cases, group_id)
    while not _right(state, state.turn or ""):
        rounds.act(_seat(seats, state.turn), Move("no_play", next(_ids)))
        state = _state(use_cases, group_id)
    prophet = _seat(seats, state.turn)
    rounds.act(prophet, Move("play", next(_ids), cards=(_right(state, prophet.key)[0],)))
    rounds.act(prophet, Move("declare", next(_ids)))
    state = _state(use_cases, group_id)
    assert state.prophet == prophet.key and state.prophet_marker == 1
    # A wrong card called wrong: the app confirms; the card goes to the sideline.
    player = _seat(seats, state.turn)
    card = _wrong(state, player.key)[0]
    rounds.act(player, Move("play", next(_ids), cards=(card,)))
    assert _state(use_cases, group_id).phase == "calling"
    rounds.act(prophet, Move("call", next(_ids), right=False))
    state = _state(use_cases, group_id)
    assert state.prophet == prophet.key and card in state.layout.sidelines[-1]
    # The next play called wrong although it is right: the prophet is overthrown.
    player = _seat(seats, state.turn)
    card = _right(state, player.key)[0]
    rounds.act(player, Move("play", next(_ids), cards=(card,)))
    before = len(state.hand(player.key))
    rounds.act(prophet, Move("call", next(_ids), right=False))
    state = _state(use_cases, group_id)
    assert state.prophet is None and prophet.key in state.former_prophets
    assert state.layout.mainline[-1] == card and len(state.hand(player.key)) == before - 1


def test_refused_actions_change_nothing(use_cases: UseCases, teacher: int) -> None:
    _class_id, group_id, seats = _class(use_cases, teacher)
    use_cases.rounds.start_round(teacher, group_id)
    state = _state(use_cases, group_id)
    other = next(seat for seat in seats if seat.key != state.turn)
    with pytest.raises(ne.NotYourTurn):
        use_cases.rounds.act(other, Move("play", next(_ids), cards=state.hand(other.key)[:1]))
    turn = _seat(seats, state.turn)
    with pytest.raises(ne.BadString):
        use_cases.rounds.act(turn, Move("play", next(_ids), cards=state.hand(turn.key)[:5]))
    with pytest.raises(UnknownMove):
        use_cases.rounds.act(turn, Move("guess", next(_ids), text="red follows black"))
    assert _state(use_cases, group_id) == state


def test_a_student_dealer_judges_on_the_tablet(use_cases: UseCases, teacher: int) -> None:
    _class_id, group_id, seats = _class(use_cases, teacher)
    use_cases.lesson.set_dealer_mode(teacher, group_id, "student")
    use_cases.rounds.start_round(teacher, group_id)
    dealing = use_cases.reading.group_snapshot(group_id).dealing_seat
    dealer = _seat(seats, dealing)
    from classroom.usecases import RuleChoice

    use_cases.dealing.choose_rule(dealer, RuleChoice("language", ALTERNATE_COLOURS), "rule-1")
    state = _state(use_cases, group_id)
    assert dealer.key not in state.seats and len(state.seats) == 4
    player = _seat(seats, state.turn)
    cards = state.hand(player.key)[:2]
    use_cases.rounds.act(player, Move("play", next(_ids), cards=cards))
    assert _state(use_cases, group_id).phase == "judging_play"
    use_cases.dealing.judge_as_dealer(dealer, Verdict("play", False), next(_ids))
    state = _state(use_cases, group_id)
    assert state.layout.sidelines[0] == cards and len(state.hand(player.key)) == 14 - 2 + 4


def test_a_removed_player_leaves_the_turn_order_and_the_table_goes_on(
    use_cases: UseCases, teacher: int
) -> None:
    _class_id, group_id, seats = _class(use_cases, teacher)
    use_cases.rounds.start_round(teacher, group_id)
    turn = _seat(seats, _state(use_cases, group_id).turn)
    use_cases.seats.remove_seat(teacher, turn.seat_id)
    state = _state(use_cases, group_id)
    assert turn.key not in state.seats and not state.expelled
    assert state.turn not in (None, turn.key)


def test_the_game_changes_only_between_rounds(use_cases: UseCases, teacher: int) -> None:
    _class_id, group_id, _seats = _class(use_cases, teacher)
    use_cases.rounds.start_round(teacher, group_id)
    with pytest.raises(Conflict):
        use_cases.lesson.set_mode(teacher, group_id, "express")
    use_cases.rounds.end_round(teacher, group_id)
    use_cases.lesson.set_mode(teacher, group_id, "express")
    totals = use_cases.lesson.class_totals(teacher, _class_id)
    assert len(totals[0].rounds) == 1
    use_cases.rounds.start_round(teacher, group_id)
    assert use_cases.reading.group_snapshot(group_id).state is not None


def test_totals_name_who_never_dealt_a_student_dealt_new_eleusis_game(
    use_cases: UseCases, teacher: int
) -> None:
    from classroom.usecases import RuleChoice

    class_id, group_id, seats = _class(use_cases, teacher)
    use_cases.lesson.set_dealer_mode(teacher, group_id, "student")
    use_cases.rounds.start_round(teacher, group_id)
    dealer = _seat(seats, use_cases.reading.group_snapshot(group_id).dealing_seat)
    use_cases.dealing.choose_rule(dealer, RuleChoice("language", ALTERNATE_COLOURS), "rule-1")
    use_cases.rounds.end_round(teacher, group_id)
    (totals,) = use_cases.lesson.class_totals(teacher, class_id)
    assert totals.rounds[0].mode == "new_eleusis" and totals.rounds[0].dealer == dealer.nickname
    assert set(totals.never_dealt) == {seat.nickname for seat in seats} - {dealer.nickname}


def test_the_teacher_skips_an_absent_players_turn_at_a_new_eleusis_table(
    use_cases: UseCases, teacher: int
) -> None:
    _class_id, group_id, _seats = _class(use_cases, teacher)
    use_cases.rounds.start_round(teacher, group_id)
    absent = _state(use_cases, group_id).turn
    change = use_cases.rounds.skip_turn(teacher, group_id, int(absent or 0))
    assert [event.kind for event in change.events] == ["turn_skipped"]
    after = _state(use_cases, group_id)
    assert after.turn != absent and after.turn in after.players()


def test_a_removed_student_leaves_a_new_eleusis_round_without_being_expelled(
    use_cases: UseCases, teacher: int
) -> None:
    _class_id, group_id, seats = _class(use_cases, teacher)
    use_cases.rounds.start_round(teacher, group_id)
    leaving = next(seat for seat in seats if seat.key != _state(use_cases, group_id).turn)
    change = use_cases.seats.remove_seat(teacher, leaving.seat_id)
    assert [event.kind for event in change.events] == ["player_removed"]
    after = _state(use_cases, group_id)
    assert leaving.key not in after.seats and not after.expelled and not after.is_over


def test_a_prophet_who_leaves_a_new_eleusis_table_does_not_stop_it(
    use_cases: UseCases, teacher: int
) -> None:
    _class_id, group_id, seats = _class(use_cases, teacher)
    use_cases.rounds.start_round(teacher, group_id)
    state = _state(use_cases, group_id)
    prophet = _seat(seats, state.turn)
    use_cases.rounds.act(prophet, Move("play", next(_ids), cards=(_right(state, prophet.key)[0],)))
    use_cases.rounds.act(prophet, Move("declare", next(_ids)))
    player = _seat(seats, _state(use_cases, group_id).turn)
    use_cases.rounds.act(
        player,
        Move("play", next(_ids), cards=(_wrong(_state(use_cases, group_id), player.key)[0],)),
    )
    use_cases.seats.remove_seat(teacher, prophet.seat_id)
    after = _state(use_cases, group_id)
    assert after.prophet is None and after.phase == "playing" and after.turn in after.players()


def test_a_new_eleusis_table_plays_without_forecasts_when_the_class_predicts(
    use_cases: UseCases, teacher: int
) -> None:
    class_id, group_id, seats = _class(use_cases, teacher)
    use_cases.classes.set_predictions(teacher, class_id, True, 5)
    use_cases.rounds.start_round(teacher, group_id)
    state = _state(use_cases, group_id)
    player = _seat(seats, state.turn)
    change = use_cases.rounds.act(
        player, Move("play", next(_ids), cards=(_right(state, player.key)[0],))
    )
    assert [event.kind for event in change.events] == ["played", "judged"]


def test_four_students_cannot_switch_to_student_dealers_in_new_eleusis(
    use_cases: UseCases, teacher: int
) -> None:
    groups = [GroupSetup("Owls", ALTERNATE_COLOURS, mode="new_eleusis")]
    class_id = use_cases.classes.create_class(teacher, "Club", groups, Options())
    snapshot = use_cases.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    for name in NAMES[:4]:
        use_cases.seats.join(snapshot.join_code, group_id, name)
    # New Eleusis needs 4 players besides the dealer: 4 students would be 3 and a dealer.
    with pytest.raises(Conflict, match="4 students; students deal only with 5 or more"):
        use_cases.lesson.set_dealer_mode(teacher, group_id, "student")
    assert use_cases.reading.group_snapshot(group_id).dealer_mode == "app"
    use_cases.seats.join(snapshot.join_code, group_id, NAMES[4])
    use_cases.lesson.set_dealer_mode(teacher, group_id, "student")
    use_cases.rounds.start_round(teacher, group_id)  # five students: 4 players and a dealer


def test_a_student_dealt_table_of_four_cannot_switch_to_new_eleusis(
    use_cases: UseCases, teacher: int
) -> None:
    groups = [GroupSetup("Owls", ALTERNATE_COLOURS, dealer_mode="student")]
    class_id = use_cases.classes.create_class(teacher, "Club", groups, Options())
    snapshot = use_cases.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    for name in NAMES[:4]:
        use_cases.seats.join(snapshot.join_code, group_id, name)
    with pytest.raises(Conflict, match="deal only with 5 or more"):
        use_cases.lesson.set_mode(teacher, group_id, "new_eleusis")
    assert use_cases.reading.group_snapshot(group_id).mode == "express"
