"""The hypothesis journal, as a student's tablet shows it. Pure functions.

An entry may name a card to test and predict its verdict; once that card is played the entry
shows whether the prediction came true. Entries written in the rule language are checked
against everything on the table so far (quick: one judgement per card on the table), and
compared with the secret rule by the checker, whose answers arrive later (`check_view`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from classroom.core.cards import Card
from classroom.core.games.express import Event, Judged, Played
from classroom.core.hypotheses import check_consistency
from classroom.core.hypotheses.builder import built_from
from classroom.core.layout import Layout
from classroom.core.rules import RuleError, compile_rule
from classroom.core.text import _

__all__ = ["CheckAnswer", "JournalRecord", "check_view", "journal_view", "prediction_outcome"]


@dataclass(frozen=True, slots=True)
class JournalRecord:
    """One stored journal entry, written when the round's log had reached `seq`."""

    seat: str
    seq: int
    text: str
    confidence: int | None
    test_card: Card | None
    predicted_accepted: bool | None
    written_at: str


def prediction_outcome(record: JournalRecord, events: Sequence[Event]) -> bool | None:
    """Whether the test card was accepted when the writer next played it (None: not yet)."""
    if record.test_card is None:
        return None
    waiting = False
    for event in events:
        if event.seq <= record.seq:
            continue
        if isinstance(event, Played) and event.seat == record.seat:
            waiting = event.card == record.test_card
        elif waiting and isinstance(event, Judged):
            return event.correct
    return None


def consistency(text: str, layout: Layout) -> dict[str, Any] | None:
    """For rule-language text: does it explain the table? None for plain words."""
    try:
        rule = compile_rule(text)
    except RuleError:
        return None
    result = check_consistency(rule, layout)
    return {"consistent": result.consistent, "message": result.describe()}


class CheckAnswer(Protocol):
    """The checker's answer on a hypothesis, as the checks keep it."""

    @property
    def verdict(self) -> str: ...
    @property
    def detail(self) -> str: ...
    @property
    def needs_more_decks(self) -> bool: ...


def check_view(answer: CheckAnswer | None) -> dict[str, Any] | None:
    """The checker's answer in words a student reads; None is still being checked.

    >>> check_view(None)["verdict"]
    'checking'
    """
    if answer is None:
        return {"verdict": "checking", "text": _("Checking…")}
    if answer.verdict == "same":
        return {"verdict": "same", "text": _("Same rule as the secret rule (proved).")}
    if answer.verdict == "different":
        view = {"verdict": "different", "text": _("Different: %s") % answer.detail}
        if answer.needs_more_decks:
            view["note"] = _("At a table with two decks the two rules always agree.")
        return view
    if answer.verdict == "undecided":
        text = _("Could not decide in time; what was checked: %s.") % answer.detail
        return {"verdict": "undecided", "text": text}
    return None


def journal_view(
    records: Sequence[JournalRecord],
    events: Sequence[Event],
    layout: Layout | None,
    *,
    verdict: Callable[[str], CheckAnswer | None] | None = None,
) -> list[dict[str, Any]]:
    """The entries, oldest first, with outcomes and consistency; with `verdict` (the checks'
    cached answers, None while pending) each also says whether it is the secret rule."""
    view = []
    for record in records:
        accepted = prediction_outcome(record, events)
        came_true = None
        if accepted is not None and record.predicted_accepted is not None:
            came_true = accepted == record.predicted_accepted
        view.append(
            {
                "text": record.text,
                # A hypothesis built by taps is shown in the words the child chose it in.
                "words": built.words if (built := built_from(record.text)) else None,
                "confidence": record.confidence,
                "test_card": str(record.test_card) if record.test_card else None,
                "predicted_accepted": record.predicted_accepted,
                "accepted": accepted,
                "came_true": came_true,
                "check": consistency(record.text, layout) if layout else None,
                "written_at": record.written_at,
                "seq": record.seq,
            }
        )
        if verdict is not None:
            view[-1]["verdict"] = check_view(verdict(record.text))
    return view
