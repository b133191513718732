"""The hypothesis journal, as a student's tablet shows it. Pure functions.

An entry may name a card to test and predict its verdict; once that card is played the entry
shows whether the prediction came true. Entries written in the rule language are checked
against everything on the table so far.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from classroom.core.cards import Card
from classroom.core.game import Event, Judged, Played
from classroom.core.hypotheses import check_consistency
from classroom.core.layout import Layout
from classroom.core.rules import RuleError, compile_rule

__all__ = ["JournalRecord", "journal_view", "prediction_outcome"]


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


def journal_view(
    records: Sequence[JournalRecord], events: Sequence[Event], layout: Layout | None
) -> list[dict[str, Any]]:
    """The entries, oldest first, with outcomes and consistency."""
    view = []
    for record in records:
        accepted = prediction_outcome(record, events)
        came_true = None
        if accepted is not None and record.predicted_accepted is not None:
            came_true = accepted == record.predicted_accepted
        view.append(
            {
                "text": record.text,
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
    return view
