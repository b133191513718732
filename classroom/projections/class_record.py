"""The record of a class as it was played: every round of every group, with its full log,
the moment of each event, the journal and the student dealers' contested verdicts. Values only.

The timeline, the debrief, the exports and the research JSON are projections of these records.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from classroom.core.cards import Card
from classroom.core.eventlog import LoggedEvent
from classroom.projections.journal_view import JournalRecord

__all__ = ["ClassRecord", "GroupRecord", "Mismatch", "RoundRecord", "stamp"]


@dataclass(frozen=True, slots=True)
class Mismatch:
    """A student dealer's verdict that contradicted the rule-language rule."""

    seq: int
    card: Card | None
    given: bool
    expected: bool


@dataclass(frozen=True, slots=True)
class RoundRecord:
    """One round: its rule, its dealer, its log with the time of each event, its journal."""

    round_id: int
    number: int
    rule_text: str
    rule_kind: str
    rule_id: str | None
    #: The dealing seat's engine id; None when the app dealt.
    dealer: str | None
    started_at: str
    #: The round's log, in its game's events (readers of one game's events pick theirs).
    events: tuple[LoggedEvent, ...]
    #: When each event was written (ISO 8601, UTC), by seq.
    times: dict[int, str]
    journal: tuple[JournalRecord, ...]
    mismatches: tuple[Mismatch, ...]
    #: The game the round was dealt in: the name its views and its rules are found by.
    mode: str = "express"


@dataclass(frozen=True, slots=True)
class GroupRecord:
    """A group, its seats' nicknames and every round it played."""

    group_id: int
    class_id: int
    name: str
    position: int
    rule_text: str
    rule_id: str | None
    dealer_mode: str
    names: dict[str, str]
    rounds: tuple[RoundRecord, ...]

    def round(self, number: int | None) -> RoundRecord | None:
        """The round with this number (None: the latest), or None."""
        if number is None:
            return self.rounds[-1] if self.rounds else None
        return next((r for r in self.rounds if r.number == number), None)

    def nickname(self, seat: str | None) -> str:
        """The nickname behind an engine seat id ('?' for a seat since removed)."""
        return self.names.get(seat or "", "?")

    def named(self, data: dict[str, Any]) -> dict[str, Any]:
        """An event's dict with its seat ids (a seat, a winner, the seats dealt to) replaced
        by nicknames."""
        named = dict(data)
        for key in ("seat", "winner"):
            if named.get(key) is not None:
                named[key] = self.nickname(named[key])
        if "seats" in named:
            named["seats"] = [self.nickname(seat) for seat in named["seats"]]
        return named


@dataclass(frozen=True, slots=True)
class ClassRecord:
    """A class and everything played in it."""

    class_id: int
    name: str
    created_at: str
    ended_at: str | None
    wrong_guess_penalty: bool
    stock_out: str
    groups: tuple[GroupRecord, ...]


def stamp(moment: datetime) -> str:
    """A stored UTC time as ISO 8601."""
    return moment.isoformat(timespec="seconds") + "Z"
