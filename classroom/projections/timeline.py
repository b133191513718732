"""One round's timeline: the events, the student dealer's contested verdicts and the journal
entries, merged in the order they happened. An entry written at seq `s` comes after event `s`.
A New Eleusis round's moments carry its own events, with the cards on the table by then and
each prophet's call's outcome (`classroom.projections.games.new_eleusis.record`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from classroom.core.games import express as game
from classroom.core.games import new_eleusis
from classroom.core.games.express import Dealt, Event, GameError
from classroom.core.layout import Layout
from classroom.projections.class_record import Mismatch, RoundRecord
from classroom.projections.games.new_eleusis.record import ne_moments
from classroom.projections.journal_view import journal_view

__all__ = ["Moment", "timeline"]


@dataclass(frozen=True, slots=True)
class Moment:
    """One line of the timeline: an event, a contested verdict or a journal entry."""

    seq: int
    time: str
    kind: str
    seat: str | None = None
    event: Event | new_eleusis.Event | None = None
    mismatch: Mismatch | None = None
    entry: dict[str, Any] | None = None
    #: New Eleusis: the cards on the table once the event happened, and a call's outcome.
    cards_played: int | None = None
    outcome: str | None = None


def timeline(record: RoundRecord) -> list[Moment]:
    """Every moment of the round, in order."""
    keyed: list[tuple[tuple[int, int, int], Moment]] = []
    for ne_moment in ne_moments(record.ne_events):
        event_ = ne_moment.event
        moment = Moment(
            event_.seq,
            record.times.get(event_.seq, ""),
            event_.kind,
            getattr(event_, "seat", None),
            event_,
            cards_played=ne_moment.cards_played,
            outcome=ne_moment.outcome,
        )
        keyed.append(((event_.seq, 0, 0), moment))
    for event in record.events:
        time = record.times.get(event.seq, "")
        seat = getattr(event, "seat", None)
        keyed.append(((event.seq, 0, 0), Moment(event.seq, time, event.kind, seat, event)))
    for n, mismatch in enumerate(record.mismatches):
        time = record.times.get(mismatch.seq, "")
        moment = Moment(mismatch.seq, time, "mismatch", mismatch=mismatch)
        keyed.append(((mismatch.seq, 1, n), moment))
    entries = journal_view(record.journal, record.events, final_layout(record.events))
    for n, (source, entry) in enumerate(zip(record.journal, entries, strict=True)):
        moment = Moment(source.seq, source.written_at, "journal", source.seat, entry=entry)
        keyed.append(((source.seq, 2, n), moment))
    return [moment for _, moment in sorted(keyed, key=lambda pair: pair[0])]


def final_layout(events: tuple[Event, ...]) -> Layout | None:
    """The table at the end of the log (None when the log does not start with a deal)."""
    if not events or not isinstance(events[0], Dealt):
        return None
    try:
        return game.replay(events).layout
    except GameError:
        return None
