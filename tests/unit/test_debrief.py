"""The debrief's figures: hypotheses in order, the first correct one, tests and falsifications."""

from __future__ import annotations

from classroom.core.cards import Card
from classroom.core.games.express import Guessed, GuessJudged, Judged, Played
from classroom.core.hypotheses import check_equivalence
from classroom.core.rules import RuleError, compile_rule
from classroom.projections.debrief import (
    Hypothesis,
    count_tested,
    debrief,
    first_correct,
    hypotheses,
    play_numbers,
)
from classroom.projections.journal_view import JournalRecord

SECRET = "card.color != prev.color"


def same(text: str) -> bool | None:
    """The checker's answer as the page reads it from the cache: here, computed at once."""
    try:
        return check_equivalence(SECRET, text).equivalent
    except RuleError:
        return None


def unknown(text: str) -> bool | None:
    """Nothing checked yet (or a secret rule in plain words)."""
    return None


def is_secret(text: str) -> bool | None:
    """Whether rule-language `text` is SECRET; None when it is not rule language."""
    try:
        return check_equivalence(compile_rule(SECRET), compile_rule(text)).equivalent
    except RuleError:
        return None


def note(seat: str, seq: int, text: str, card: str | None = None, predicted: bool | None = None):
    return JournalRecord(seat, seq, text, 5, Card.parse(card) if card else None, predicted, "t")


def play(seq: int, seat: str, card: str, correct: bool = True):
    return [
        Played(seq=seq, seat=seat, card=Card.parse(card)),
        Judged(seq=seq + 1, seat=seat, card=Card.parse(card), correct=correct),
    ]


EVENTS = [
    *play(2, "a", "KS"),
    Guessed(seq=4, seat="a", text="black cards"),
    GuessJudged(seq=5, seat="a", right=False),
    *play(6, "b", "2H"),
    Guessed(seq=8, seat="b", text="alternate colours"),
    GuessJudged(seq=9, seat="b", right=True),
]


def test_journal_entries_come_after_the_event_they_were_written_at() -> None:
    journal = [note("b", 5, "prev.color != card.color"), note("a", 1, "black first")]
    items = hypotheses(EVENTS, journal)
    assert [(item.kind, item.seq, item.text) for item in items] == [
        ("journal", 1, "black first"),
        ("guess", 4, "black cards"),
        ("journal", 5, "prev.color != card.color"),
        ("guess", 8, "alternate colours"),
    ]
    assert [item.right for item in items if item.kind == "guess"] == [False, True]


def test_a_journal_entry_equivalent_to_the_secret_rule_is_the_first_correct() -> None:
    journal = [note("a", 1, "card.color == prev.color"), note("b", 5, "prev.color != card.color")]
    result = debrief(EVENTS, journal, equivalent=is_secret)
    assert result.first_correct == 2
    assert result.first is not None and result.first.seat == "b"


def test_a_right_guess_is_correct_when_no_entry_was_equivalent_before_it() -> None:
    journal = [note("a", 1, "not a rule at all"), note("b", 5, "card.suit == prev.suit")]
    result = debrief(EVENTS, journal, equivalent=is_secret)
    assert result.first is not None
    assert (result.first.kind, result.first.text) == ("guess", "alternate colours")


def test_nothing_correct_gives_none_and_entries_that_do_not_compile_are_skipped() -> None:
    asked: list[str] = []

    def equivalent(text: str) -> bool | None:
        asked.append(text)
        return None

    items = [Hypothesis("journal", 1, "a", "words"), Hypothesis("guess", 2, "a", "x", False)]
    assert first_correct(items, equivalent) is None
    assert asked == ["words"]


def test_plays_that_tested_a_prediction_and_tests_designed_to_fail_are_counted() -> None:
    journal = [
        note("a", 1, "black first", "KS", False),  # played: a test designed to fail
        note("b", 1, "hearts", "2H", True),  # played later by b
        note("b", 5, "anything", "QD", False),  # never played: designed to fail, not tested
        note("a", 5, "no card named"),
    ]
    result = debrief(EVENTS, journal, equivalent=is_secret)
    assert result.tested == 2 == count_tested(result.items)
    assert result.falsifications == 2
    came_true = [item.came_true for item in result.items if item.kind == "journal"]
    assert came_true == [False, True, None, None]


def test_an_entry_not_checked_yet_is_not_marked_correct_and_a_right_guess_is() -> None:
    result = debrief(EVENTS, [note("a", 1, "card.color != prev.color")], equivalent=unknown)
    assert result.first is not None and result.first.kind == "guess"


def test_the_debrief_asks_only_about_journal_entries_and_in_order() -> None:
    asked: list[str] = []

    def equivalent(text: str) -> bool | None:
        asked.append(text)
        return text == "b"

    journal = [note("a", 1, "a"), note("b", 1, "b"), note("a", 5, "c")]
    assert debrief(EVENTS, journal, equivalent=equivalent).first_correct == 1
    assert asked == ["a", "b"]


def test_each_hypothesis_is_placed_at_the_play_it_came_at() -> None:
    journal = [note("a", 1, "black first"), note("b", 5, "prev.color != card.color")]
    result = debrief(EVENTS, journal, equivalent=is_secret)
    assert result.plays == 2
    assert [(item.text, at) for item, at in zip(result.items, result.at_play, strict=True)] == [
        ("black first", 0),
        ("black cards", 1),
        ("prev.color != card.color", 1),
        ("alternate colours", 2),
    ]
    assert result.first_at_play == 1
    assert (result.written, result.guesses) == (2, 2)


def test_plays_are_judged_cards_not_log_events() -> None:
    assert play_numbers(EVENTS, [0, 2, 3, 6, 7, 100]) == (0, 0, 1, 1, 2, 2)
    assert debrief(EVENTS[:2], [], equivalent=is_secret).first_at_play is None
