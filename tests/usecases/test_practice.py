"""Practice alone through the use cases: a teacher's practice link, a student's own table with
two robots and a practice rule, guesses judged by the app, the next round, and the purge."""

from __future__ import annotations

from datetime import timedelta

import pytest

from classroom.core.games.express import Options
from classroom.core.rules.library import load_library
from classroom.usecases import Conflict, GroupSetup, Invalid, Move, NotFound, SeatRef, UseCases
from classroom.usecases.practice import PRACTICE_DAYS, practice_rules
from tests.fakes import FakeStore
from tests.fakes.unit_of_work import utc_now
from tests.usecases.test_robot_players import robot_name

ALTERNATE = "card.color != prev.color"


def _link(use_cases: UseCases, teacher: int, class_id: int, robots=("ideal", "confirmer")) -> str:
    return use_cases.practice.hand_out_link(teacher, class_id, robots)


def _open(use_cases: UseCases, token: str, nickname: str = "You") -> tuple[SeatRef, str]:
    return use_cases.practice.open_table(
        token, nickname, table_name="Practice", language="en", name=robot_name
    )


def test_a_practice_link_opens_a_table_of_one_student_and_two_robots_dealt_at_once(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    token = _link(use_cases, teacher, class_id)
    assert use_cases.practice.invitation(token).robots == ("ideal", "confirmer")
    seat, seat_token = _open(use_cases, token, "Mio")
    snapshot = use_cases.reading.group_snapshot(seat.group_id)
    assert [(s.nickname, s.robot) for s in snapshot.seats] == [
        ("Mio", None),
        ("Ideal scientist (program)", "ideal"),
        ("Confirmer (program)", "confirmer"),
    ]
    assert snapshot.dealer_mode == "app" and snapshot.mode == "express"
    assert not snapshot.state.is_over and len(snapshot.state.hands) == 3
    assert use_cases.seats.seat_by_token(seat_token).seat_id == seat.seat_id
    assert use_cases.practice.is_practice(seat)
    # The teacher's class knows only how many practice tables there are.
    assert seat.class_id != class_id
    assert [c.id for c in use_cases.classes.classes_of(teacher)] == [class_id]
    groups = use_cases.reading.class_snapshot(teacher, class_id).groups
    assert seat.group_id not in {g.group_id for g in groups}
    assert use_cases.practice.link_of(teacher, class_id).tables == 1


def test_the_robots_of_a_practice_link_are_the_teachers_choice(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    token = _link(use_cases, teacher, class_id, ("random", "random"))
    seat, _token = _open(use_cases, token)
    robots = [s.nickname for s in use_cases.reading.group_snapshot(seat.group_id).seats][1:]
    assert robots == ["Random player (program)", "Random player 2 (program)"]
    with pytest.raises(Invalid):
        _link(use_cases, teacher, class_id, ("oracle", "ideal"))


def test_a_new_link_replaces_the_old_and_a_withdrawn_link_opens_nothing(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    first = _link(use_cases, teacher, class_id)
    second = _link(use_cases, teacher, class_id)
    assert first != second and len(second) >= 22
    with pytest.raises(NotFound):
        _open(use_cases, first)
    use_cases.practice.withdraw_link(teacher, class_id)
    with pytest.raises(NotFound):
        _open(use_cases, second)
    assert use_cases.practice.link_of(teacher, class_id).token is None


def test_a_deleted_class_takes_its_practice_tables_and_link_with_it(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    token = _link(use_cases, teacher, class_id)
    _seat, seat_token = _open(use_cases, token)
    use_cases.classes.delete_class(teacher, class_id)
    with pytest.raises(NotFound):
        use_cases.seats.seat_by_token(seat_token)
    with pytest.raises(NotFound):
        use_cases.practice.invitation(token)


def test_practice_rules_are_easy_well_designed_and_not_what_the_class_plays(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    rules = practice_rules()
    assert rules and all(r.difficulty <= 3 and not r.bad_design for r in rules)
    assert {r.difficulty for r in rules} == {1, 2, 3}
    easy = [r for r in load_library() if r.difficulty <= 3 and not r.bad_design]
    assert len(rules) == len(easy)
    alternate = next(r for r in rules if r.rule_text == ALTERNATE)
    token = _link(use_cases, teacher, class_id)
    dealt = set()
    for _n in range(30):
        seat, _token = _open(use_cases, token)
        round_row = use_cases.reading.group_snapshot(seat.group_id)
        dealt.add(round_row.rule_text)
    assert ALTERNATE not in dealt  # both groups of the class play it
    assert alternate.id not in {r.id for r in practice_rules({ALTERNATE})}
    assert len(dealt) > 5  # chosen at random


def _practice_round(use_cases: UseCases, teacher: int, class_id: int) -> tuple[SeatRef, str]:
    seat, _token = _open(use_cases, _link(use_cases, teacher, class_id))
    return seat, use_cases.reading.group_snapshot(seat.group_id).rule_text


def _to_guess_window(use_cases: UseCases, seat: SeatRef) -> None:
    """Play (robots through `step`, the student a card from the hand) until the student
    may guess."""
    for n in range(200):
        state = use_cases.reading.group_snapshot(seat.group_id).state
        if state.phase == "guess_window" and state.guesser == seat.key:
            return
        if state.turn == seat.key and state.phase == "playing":
            use_cases.rounds.act(seat, Move("play", f"p{n}", cards=(state.hand(seat.key)[0],)))
        elif state.phase == "guess_window" and state.guesser != seat.key:
            use_cases.robots.step(seat.group_id)
        elif use_cases.robots.step(seat.group_id) is None:
            use_cases.rounds.act(seat, Move("no_play", f"n{n}"))
    raise AssertionError("the student never had a chance to guess")


def test_the_app_judges_a_practice_guess_with_the_checker(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    seat, rule = _practice_round(use_cases, teacher, class_id)
    _to_guess_window(use_cases, seat)
    wrong = "card.rank == 1" if rule != "card.rank == 1" else "card.rank == 2"
    change = use_cases.rounds.act(seat, Move("guess", "g1", text=wrong))
    assert [e.kind for e in change.events][-2:] == ["guessed", "guess_judged"]
    assert change.events[-1].right is False  # type: ignore[attr-defined]
    assert not use_cases.reading.group_snapshot(seat.group_id).rule_revealed
    seat, rule = _practice_round(use_cases, teacher, class_id)
    _to_guess_window(use_cases, seat)
    right = use_cases.rounds.act(seat, Move("guess", "g2", text=rule))
    assert "guess_judged" in [e.kind for e in right.events]
    snapshot = use_cases.reading.group_snapshot(seat.group_id)
    assert snapshot.state.is_over and snapshot.state.end_reason == "guessed"
    assert snapshot.rule_revealed


def test_a_guess_in_words_at_a_practice_table_is_refused_kindly_and_logs_nothing(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    seat, _rule = _practice_round(use_cases, teacher, class_id)
    _to_guess_window(use_cases, seat)
    before = use_cases.reading.group_snapshot(seat.group_id).state.seq
    with pytest.raises(Invalid, match="hypothesis builder"):
        use_cases.rounds.act(seat, Move("guess", "g1", text="red cards, I think"))
    assert use_cases.reading.group_snapshot(seat.group_id).state.seq == before


def test_a_guess_in_class_still_waits_for_the_teacher(use_cases: UseCases, teacher: int) -> None:
    groups = [GroupSetup("Owls", ALTERNATE)]
    class_id = use_cases.classes.create_class(teacher, "Club", groups, Options())
    group_id = use_cases.reading.class_snapshot(teacher, class_id).groups[0].group_id
    code = use_cases.reading.class_snapshot(teacher, class_id).join_code
    seat, _token = use_cases.seats.join(code, group_id, "Ana")
    for kind in ("ideal", "confirmer"):
        use_cases.robots.add_robot(teacher, group_id, kind, robot_name)
    use_cases.rounds.start_round(teacher, group_id)
    _to_guess_window(use_cases, seat)
    change = use_cases.rounds.act(seat, Move("guess", "g1", text="red cards, I think"))
    assert change.events[-1].kind == "guessed"


def test_a_practice_table_deals_its_next_round_with_another_rule_once_over(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    seat, rule = _practice_round(use_cases, teacher, class_id)
    with pytest.raises(Conflict):
        use_cases.practice.next_round(seat)
    _to_guess_window(use_cases, seat)
    use_cases.rounds.act(seat, Move("guess", "g", text=rule))
    use_cases.practice.next_round(seat)
    snapshot = use_cases.reading.group_snapshot(seat.group_id)
    assert snapshot.round_number == 2 and not snapshot.state.is_over
    assert snapshot.rule_text != rule and not snapshot.rule_revealed


def test_practice_tables_are_purged_after_a_week_and_the_class_is_kept(
    use_cases: UseCases, store: FakeStore, teacher: int, class_id: int
) -> None:
    token = _link(use_cases, teacher, class_id)
    store.clock = lambda: utc_now() - timedelta(days=PRACTICE_DAYS, minutes=1)
    _old, old_token = _open(use_cases, token)
    store.clock = utc_now
    assert use_cases.practice.purge() == 1
    with pytest.raises(NotFound):
        use_cases.seats.seat_by_token(old_token)
    store.clock = lambda: utc_now() - timedelta(days=PRACTICE_DAYS - 1)
    young, young_token = _open(use_cases, token)
    store.clock = utc_now
    assert use_cases.practice.purge() == 0
    assert use_cases.seats.seat_by_token(young_token).seat_id == young.seat_id
    assert use_cases.practice.link_of(teacher, class_id).tables == 1
    assert use_cases.classes.classes_of(teacher)[0].id == class_id
    # The class's own retention does not count practice tables among its classes.
    assert use_cases.classes.purge(30) == 0


def test_opening_a_practice_table_purges_those_older_than_a_week(
    use_cases: UseCases, store: FakeStore, teacher: int, class_id: int
) -> None:
    token = _link(use_cases, teacher, class_id)
    store.clock = lambda: utc_now() - timedelta(days=PRACTICE_DAYS + 1)
    _old, old_token = _open(use_cases, token)
    store.clock = utc_now
    _open(use_cases, token)
    with pytest.raises(NotFound):
        use_cases.seats.seat_by_token(old_token)
    assert use_cases.practice.link_of(teacher, class_id).tables == 1
