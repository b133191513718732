"""A class's options as its tablets meet them: revealing the rule after a right guess, and the
end of the class, on the in-memory store."""

from __future__ import annotations

import pytest

from classroom.core.games.express import Options
from classroom.projections.group_views import student_view, teacher_group_view
from classroom.usecases import GroupSetup, Move, UseCases
from tests.usecases.tables import Table

RULE = "card.color != prev.color"


def guessed_right(use_cases: UseCases, teacher: int, *, reveal_after_guess: bool) -> Table:
    """A round of four that a right guess has just ended."""
    class_id = use_cases.classes.create_class(
        teacher,
        "Class 7c",
        [GroupSetup("Herons", RULE)],
        Options(),
        reveal_after_guess=reveal_after_guess,
    )
    table = Table.seated(use_cases, teacher, class_id, players=4)
    use_cases.rounds.start_round(teacher, table.group_id)
    first = table.whose_turn()
    table.play(first, table.right_card(first))
    use_cases.rounds.act(first, Move("guess", "g1", text="the colours alternate"))
    use_cases.rounds.judge_guess(teacher, table.group_id, True)
    assert table.state().end_reason == "guessed"
    return table


def tablet(table: Table) -> dict:
    """What the first student's tablet is shown now."""
    snapshot = table.use_cases.reading.group_snapshot(table.group_id)
    return student_view(snapshot, table.seats[0].key)


def test_a_right_guess_reveals_the_rule_to_the_group_by_default(
    use_cases: UseCases, teacher: int
) -> None:
    table = guessed_right(use_cases, teacher, reveal_after_guess=True)
    assert tablet(table)["rule"] == RULE
    # The teacher's panel says so ("revealed to students"), not "hidden from students".
    snapshot = use_cases.reading.group_snapshot(table.group_id)
    assert teacher_group_view(snapshot)["revealed_by_guess"] is True


def test_a_class_that_reveals_by_hand_keeps_the_rule_hidden_after_a_right_guess(
    use_cases: UseCases, teacher: int
) -> None:
    table = guessed_right(use_cases, teacher, reveal_after_guess=False)
    view = tablet(table)
    assert (view["rule"], view["rule_id"], view["rule_words"]) == (None, None, None)
    assert view["status"] == "over"
    assert (
        teacher_group_view(use_cases.reading.group_snapshot(table.group_id))["revealed_by_guess"]
        is False
    )
    use_cases.rounds.set_revealed(teacher, table.group_id, True)
    assert tablet(table)["rule"] == RULE


@pytest.mark.parametrize("ended", [False, True])
def test_the_tablet_is_told_when_its_class_has_ended(
    table: Table, use_cases: UseCases, teacher: int, ended: bool
) -> None:
    player = table.whose_turn()
    if ended:
        use_cases.classes.end_class(teacher, table.class_id)
    view = student_view(use_cases.reading.group_snapshot(table.group_id), player.key)
    assert view["class_ended"] is ended
    # An ended class still reads as paused, and the player whose turn it was may not play.
    assert (view["paused"], view["can"]["play"]) == (ended, not ended)
