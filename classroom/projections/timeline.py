"""One round's timeline: the events, the student dealer's contested verdicts and the journal
entries, merged in the order they happened. An entry written at seq `s` comes after event `s`.
The round's game says what each event adds (a New Eleusis moment carries the cards on the
table by then and each prophet's call's outcome). The others' forecasts on a card (everyone
predicts) are no moments of their own: the card's verdict carries them, each with its outcome.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from classroom.core.eventlog import LoggedEvent
from classroom.core.games import express as game
from classroom.core.games.express import (
    Dealt,
    GameError,
    Judged,
    Played,
    Predicted,
    PredictionDeclined,
)
from classroom.core.layout import Layout
from classroom.projections.class_record import Mismatch, RoundRecord
from classroom.projections.games import views_of
from classroom.projections.journal_view import journal_view
from classroom.projections.learning_curve import PlayPrediction, play_predictions

__all__ = ["Moment", "timeline"]


@dataclass(frozen=True, slots=True)
class Moment:
    """One line of the timeline: an event, a contested verdict or a journal entry."""

    seq: int
    time: str
    kind: str
    seat: str | None = None
    event: LoggedEvent | None = None
    mismatch: Mismatch | None = None
    entry: dict[str, Any] | None = None
    #: Where the game counts them: the cards on the table once the event happened, and the
    #: outcome of a prophet's call.
    cards_played: int | None = None
    outcome: str | None = None
    #: The forecasts on the card this verdict (or this play, never judged) is about.
    predictions: tuple[PlayPrediction, ...] = ()
    #: The seats that chose not to forecast that card (Skip).
    declined: tuple[str, ...] = ()


def timeline(record: RoundRecord) -> list[Moment]:
    """Every moment of the round, in order."""
    keyed: list[tuple[tuple[int, int, int], Moment]] = []
    forecasts = _forecasts(record.events)
    declined = _declined(record.events)
    for event, cards_played, outcome in views_of(record.mode).moments(record.events):
        if isinstance(event, Predicted | PredictionDeclined):
            continue  # told on the card's verdict
        moment = Moment(
            event.seq,
            record.times.get(event.seq, ""),
            event.kind,
            getattr(event, "seat", None),
            event,
            cards_played=cards_played,
            outcome=outcome,
            predictions=forecasts.get(event.seq, ()),
            declined=declined.get(event.seq, ()),
        )
        keyed.append(((event.seq, 0, 0), moment))
    for n, mismatch in enumerate(record.mismatches):
        time = record.times.get(mismatch.seq, "")
        moment = Moment(mismatch.seq, time, "mismatch", mismatch=mismatch)
        keyed.append(((mismatch.seq, 1, n), moment))
    entries = journal_view(record.journal, record.events, final_layout(record.events))
    for n, (source, entry) in enumerate(zip(record.journal, entries, strict=True)):
        moment = Moment(source.seq, source.written_at, "journal", source.seat, entry=entry)
        keyed.append(((source.seq, 2, n), moment))
    return [moment for _, moment in sorted(keyed, key=lambda pair: pair[0])]


def _forecasts(events: tuple[LoggedEvent, ...]) -> dict[int, tuple[PlayPrediction, ...]]:
    """The forecasts on each card, by the seq of the moment that tells them: the card's
    verdict, or its play while it was never judged."""
    verdicts: dict[int, int] = {}
    played: int | None = None
    for event in events:
        if isinstance(event, Played):
            played = event.seq
        elif isinstance(event, Judged) and played is not None:
            verdicts[played], played = event.seq, None
    grouped: dict[int, list[PlayPrediction]] = {}
    for prediction in play_predictions(events):
        seq = verdicts.get(prediction.play_seq, prediction.play_seq)
        grouped.setdefault(seq, []).append(prediction)
    return {seq: tuple(found) for seq, found in grouped.items()}


def _declined(events: tuple[LoggedEvent, ...]) -> dict[int, tuple[str, ...]]:
    """The seats that skipped forecasting each card, by the seq of the moment that tells the
    card's forecasts (its verdict, or its play while never judged)."""
    waiting: int | None = None
    skipped: dict[int, list[str]] = {}
    for event in events:
        if isinstance(event, Played):
            waiting = event.seq
        elif isinstance(event, PredictionDeclined) and waiting is not None:
            skipped.setdefault(waiting, []).append(event.seat)
        elif isinstance(event, Judged) and waiting is not None:
            if waiting in skipped:
                skipped[event.seq] = skipped.pop(waiting)
            waiting = None
    return {seq: tuple(seats) for seq, seats in skipped.items()}


def final_layout(events: tuple[LoggedEvent, ...]) -> Layout | None:
    """The table at the end of an Express-shaped log (None when it does not start with an
    Express deal)."""
    if not events or not isinstance(events[0], Dealt):
        return None
    try:
        return game.replay(events).layout
    except GameError:
        return None
