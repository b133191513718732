"""Hypotheses built by taps, through the use cases on the in-memory store: a check reads and
never writes; a bad template or choice is refused before anything is read or written."""

from __future__ import annotations

import pytest

from classroom.usecases import Invalid, UseCases
from tests.fakes import FakeStore
from tests.usecases.tables import Table

ALTERNATE = ("alternate", {"what": "color"})


def test_a_check_reads_the_table_and_commits_nothing(table: Table, store: FakeStore) -> None:
    before = store.commits
    checked = table.use_cases.built.check(table.seats[0], *ALTERNATE)
    assert checked.built.rule_text == "card.color != prev.color"
    assert checked.consistency.consistent and checked.consistency.checked == 0
    assert store.commits == before


def test_the_first_card_that_does_not_fit_is_named(table: Table, store: FakeStore) -> None:
    seat = table.whose_turn()
    card = table.right_card(seat)
    table.play(seat, card)
    before = store.commits
    checked = table.use_cases.built.check(seat, "same", {"what": "color"})
    contradiction = checked.consistency.contradiction
    assert contradiction is not None and contradiction.card == card and contradiction.accepted
    assert table.use_cases.built.check(seat, *ALTERNATE).consistency.consistent
    assert store.commits == before


@pytest.mark.parametrize(
    ("template", "choices"),
    [("nonsense", {}), ("only", {"kind": "purple"}), ("only", {}), ("only", ["red"])],
)
def test_bad_input_is_invalid_and_changes_nothing(
    table: Table, store: FakeStore, template: str, choices: object
) -> None:
    before = store.commits
    seat = table.seats[0]
    for attempt in (
        lambda: table.use_cases.built.check(seat, template, choices),
        lambda: table.use_cases.built.write_journal(seat, template, choices),
        lambda: table.use_cases.built.guess(seat, template, choices, "a-1"),
    ):
        with pytest.raises(Invalid):
            attempt()
    assert store.commits == before


def test_a_check_before_the_first_round_says_so(
    use_cases: UseCases, teacher: int, class_id: int
) -> None:
    table = Table.seated(use_cases, teacher, class_id, players=2)
    with pytest.raises(Invalid, match=r"The round has not started yet\."):
        use_cases.built.check(table.seats[0], *ALTERNATE)


def test_typed_rules_say_nothing_about_the_childrens_age(table: Table) -> None:
    assert table.use_cases.built.for_young_children(table.seats[0]) is False
