"""The journal as a tablet shows it: the checker's three verdicts, "checking", and nothing for
plain words."""

from __future__ import annotations

import pytest

from classroom.core.cards import Card
from classroom.core.layout import Layout
from classroom.projections.journal_view import JournalRecord, check_view, journal_view
from classroom.usecases.checks import CheckOutcome


def record(text: str) -> JournalRecord:
    return JournalRecord("1", 1, text, None, None, None, "t")


@pytest.mark.parametrize(
    ("answer", "verdict", "words"),
    [
        (None, "checking", "Checking…"),
        (CheckOutcome("same"), "same", "Same rule as the secret rule (proved)."),
        (
            CheckOutcome("different", "Your rule says 2♠ may follow A♠; try it."),
            "different",
            "Different: Your rule says 2♠ may follow A♠; try it.",
        ),
        (
            CheckOutcome("undecided", "the two rules agree after every mainline of up to 4 cards"),
            "undecided",
            "Could not decide in time; what was checked: the two rules agree after every "
            "mainline of up to 4 cards.",
        ),
    ],
)
def test_each_verdict_has_its_own_words(
    answer: CheckOutcome | None, verdict: str, words: str
) -> None:
    view = check_view(answer)
    assert view is not None
    assert (view["verdict"], view["text"]) == (verdict, words)
    assert "note" not in view


def test_a_difference_only_more_decks_can_show_carries_the_two_deck_note() -> None:
    view = check_view(CheckOutcome("different", "K♣ after K♣ K♣", needs_more_decks=True))
    assert view is not None and "two decks" in view["note"]


def test_plain_words_have_no_verdict() -> None:
    assert check_view(CheckOutcome("not_a_rule")) is None


def test_the_journal_reads_verdicts_only_when_given_a_lookup() -> None:
    layout = Layout.starting_with(Card.parse("KS"))
    records = [record("card.color != prev.color"), record("reds")]
    asked: list[str] = []

    def lookup(text: str) -> CheckOutcome | None:
        asked.append(text)
        return CheckOutcome("same") if text == "reds" else None

    plain = journal_view(records, [], layout)
    assert all("verdict" not in entry for entry in plain)
    checked = journal_view(records, [], layout, verdict=lookup)
    assert [entry["verdict"]["verdict"] for entry in checked] == ["checking", "same"]
    assert asked == ["card.color != prev.color", "reds"]
