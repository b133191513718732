"""Robot players through the use cases: a teacher seats and removes them, `step` makes at most
one robot move at a time through the tablets' use cases, a step chosen for a table gone by
applies nothing, and tables of robots play rounds of both games to the end."""

from __future__ import annotations

import pytest

from classroom.core.games.express import Options
from classroom.core.hypotheses import check_equivalence
from classroom.usecases import Conflict, GroupSetup, Invalid, UseCases
from classroom.usecases.robots import as_move
from tests.usecases.conftest import ALTERNATE_COLOURS

LABELS = {"random": "Random player", "confirmer": "Confirmer", "ideal": "Ideal scientist"}


def robot_name(kind: str, number: int) -> str:
    """How the tests name robots (the web layer names them in the class's language)."""
    return f"{LABELS[kind]}{f' {number}' if number > 1 else ''} (program)"


def _group(use_cases: UseCases, teacher: int, *, mode: str = "express", **options: object) -> int:
    groups = [GroupSetup("Owls", ALTERNATE_COLOURS, mode=mode)]
    class_id = use_cases.classes.create_class(teacher, "Club", groups, Options(), **options)  # type: ignore[arg-type]
    return use_cases.reading.class_snapshot(teacher, class_id).groups[0].group_id


def _join(use_cases: UseCases, teacher: int, group_id: int, name: str) -> None:
    code = use_cases.reading.group_snapshot(group_id).class_id
    join_code = use_cases.reading.class_snapshot(teacher, code).join_code
    use_cases.seats.join(join_code, group_id, name)


def test_a_teacher_seats_robots_with_numbered_names_and_removes_one(
    use_cases: UseCases, teacher: int
) -> None:
    group_id = _group(use_cases, teacher)
    first = use_cases.robots.add_robot(teacher, group_id, "ideal", robot_name)
    second = use_cases.robots.add_robot(teacher, group_id, "ideal", robot_name)
    use_cases.robots.add_robot(teacher, group_id, "confirmer", robot_name)
    seats = use_cases.reading.group_snapshot(group_id).seats
    assert [seat.nickname for seat in seats] == [
        "Ideal scientist (program)",
        "Ideal scientist 2 (program)",
        "Confirmer (program)",
    ]
    assert [seat.robot for seat in seats] == ["ideal", "ideal", "confirmer"]
    use_cases.seats.remove_seat(teacher, first)
    after = use_cases.reading.group_snapshot(group_id).seats
    assert [seat.id for seat in after] == [second, after[1].id]


def test_a_robot_of_no_known_kind_or_at_a_student_dealt_table_is_refused(
    use_cases: UseCases, teacher: int
) -> None:
    group_id = _group(use_cases, teacher)
    with pytest.raises(Invalid):
        use_cases.robots.add_robot(teacher, group_id, "oracle", robot_name)
    for name in ("Ana", "Ben", "Chen", "Dana"):
        _join(use_cases, teacher, group_id, name)
    use_cases.lesson.set_dealer_mode(teacher, group_id, "student")
    with pytest.raises(Conflict):
        use_cases.robots.add_robot(teacher, group_id, "random", robot_name)
    assert not any(seat.robot for seat in use_cases.reading.group_snapshot(group_id).seats)


def test_a_table_with_robots_keeps_the_app_as_its_dealer(use_cases: UseCases, teacher: int) -> None:
    group_id = _group(use_cases, teacher)
    for name in ("Ana", "Ben", "Chen", "Dana"):
        _join(use_cases, teacher, group_id, name)
    use_cases.robots.add_robot(teacher, group_id, "random", robot_name)
    with pytest.raises(Conflict):
        use_cases.lesson.set_dealer_mode(teacher, group_id, "student")
    assert use_cases.reading.group_snapshot(group_id).dealer_mode == "app"


def test_a_step_makes_one_robot_move_and_none_while_a_person_is_to_play(
    use_cases: UseCases, teacher: int
) -> None:
    group_id = _group(use_cases, teacher)
    _join(use_cases, teacher, group_id, "Ana")
    for kind in ("ideal", "confirmer"):
        use_cases.robots.add_robot(teacher, group_id, kind, robot_name)
    assert use_cases.robots.step(group_id) is None  # no round yet
    use_cases.rounds.start_round(teacher, group_id)
    snapshot = use_cases.reading.group_snapshot(group_id)
    robots = {seat.key for seat in snapshot.seats if seat.robot}
    state = snapshot.state
    while state.turn in robots:
        change = use_cases.robots.step(group_id)
        assert change is not None and len(change.events) >= 1
        assert change.events[0].kind == "played" and change.events[0].seat == state.turn
        state = use_cases.reading.group_snapshot(group_id).state
    seq = state.seq
    assert use_cases.robots.step(group_id) is None  # Ana's turn: the robots wait
    assert use_cases.reading.group_snapshot(group_id).state.seq == seq


def test_a_robot_move_chosen_at_an_older_seq_applies_nothing(
    use_cases: UseCases, teacher: int
) -> None:
    group_id = _group(use_cases, teacher)
    for kind in ("ideal", "confirmer", "random"):
        use_cases.robots.add_robot(teacher, group_id, kind, robot_name)
    use_cases.rounds.start_round(teacher, group_id)
    snapshot = use_cases.reading.group_snapshot(group_id)
    before = snapshot.state
    seat = next(s for s in snapshot.seats if s.key == before.turn)
    first = use_cases.robots.step(group_id)
    assert first is not None and first.events
    from classroom.usecases import SeatRef

    ref = SeatRef(seat.id, group_id, snapshot.class_id, seat.nickname)
    card = before.hand(seat.key)[0]
    from classroom.core.robots import Play

    again = as_move(Play((card,)), f"robot-{snapshot.round_id}-{before.seq}")
    repeated = use_cases.rounds.act(ref, again, at_seq=before.seq)
    assert repeated.events == () and repeated.duplicate
    stale = as_move(Play((card,)), "another id, same old seq")
    assert use_cases.rounds.act(ref, stale, at_seq=before.seq).events == ()
    assert use_cases.reading.group_snapshot(group_id).state.seq == first.events[-1].seq


def _play_out(use_cases: UseCases, teacher: int, group_id: int, *, limit: int = 3000) -> int:
    """Step until the round ends, judging guesses as the app's checker would; the steps."""
    for steps in range(limit):
        snapshot = use_cases.reading.group_snapshot(group_id)
        state = snapshot.state
        if state.is_over:
            return steps
        # A robot's guess never waits for the teacher: the app judges it at once.
        assert getattr(state, "phase", "") != "judging_guess"
        if use_cases.robots.step(group_id) is None:
            use_cases.rounds.end_round(teacher, group_id)
    raise AssertionError("the round never ended")


@pytest.mark.parametrize("mode", ["express", "new_eleusis"])
def test_a_table_of_robots_plays_a_round_to_the_end(
    use_cases: UseCases, teacher: int, mode: str
) -> None:
    group_id = _group(use_cases, teacher, mode=mode)
    for kind in ("ideal", "confirmer", "ideal", "random"):
        use_cases.robots.add_robot(teacher, group_id, kind, robot_name)
    use_cases.rounds.start_round(teacher, group_id)
    steps = _play_out(use_cases, teacher, group_id)
    state = use_cases.reading.group_snapshot(group_id).state
    assert state.is_over and state.end_reason != "ended by the teacher"
    assert steps > 5


def test_a_robots_guess_is_judged_by_the_app_at_once_and_rightly(
    use_cases: UseCases, teacher: int
) -> None:
    group_id = _group(use_cases, teacher)
    for _ in range(3):
        use_cases.robots.add_robot(teacher, group_id, "ideal", robot_name)
    use_cases.rounds.start_round(teacher, group_id)
    for _ in range(400):
        change = use_cases.robots.step(group_id)
        assert change is not None
        kinds = [event.kind for event in change.events]
        if "guessed" in kinds:
            guess = change.events[kinds.index("guessed")].to_dict()["text"]
            verdict = change.events[kinds.index("guessed") + 1].to_dict()
            right = check_equivalence(guess, ALTERNATE_COLOURS).verdict == "same"
            assert verdict["kind"] == "guess_judged" and verdict["right"] is right
            return
    raise AssertionError("no robot guessed in 400 moves")


def test_robots_predict_when_the_class_predicts(use_cases: UseCases, teacher: int) -> None:
    group_id = _group(use_cases, teacher, everyone_predicts=True)
    for kind in ("ideal", "confirmer", "random"):
        use_cases.robots.add_robot(teacher, group_id, kind, robot_name)
    use_cases.rounds.start_round(teacher, group_id)
    play = use_cases.robots.step(group_id)
    assert play is not None and play.events[-1].kind == "played"
    first = use_cases.robots.step(group_id)
    second = use_cases.robots.step(group_id)
    assert first is not None and second is not None
    assert [e.kind for e in first.events] == ["predicted"]
    # The last forecast the app waited for brings the verdict at once.
    assert "judged" in [e.kind for e in second.events]
