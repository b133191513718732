"""Fake repositories of rounds with their event logs, and of the journal (ports.Rounds,
ports.Journal)."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from classroom.core.eventlog import LoggedEvent as AnyEvent
from classroom.core.games.registry import find_game
from classroom.usecases.ports import JournalRow, RoundRow, StoredEvent, VerdictRow
from tests.fakes.records import JournalRecord, LoggedEvent, VerdictRecord
from tests.fakes.tables import Transaction

__all__ = ["FakeJournal", "FakeRounds"]


class FakeRounds:
    """Rounds and their append-only logs."""

    def __init__(self, tx: Transaction) -> None:
        self._tx = tx

    def latest(self, group_id: int) -> RoundRow | None:
        """The group's round with the highest number, or None before the first."""
        return max(self.of_group(group_id), key=lambda r: r.number, default=None)

    def of_group(self, group_id: int) -> list[RoundRow]:
        """A group's rounds by number."""
        rounds = self._tx.tables.rounds.values()
        return sorted((r for r in rounds if r.group_id == group_id), key=lambda r: r.number)

    def add(
        self,
        *,
        group_id: int,
        number: int,
        rule_text: str,
        rule_kind: str,
        rule_id: str | None,
        dealer_seat_id: int | None,
        mode: str = "express",
    ) -> int:
        """A new round; WriteRace if the group has a round of that number already."""
        new_round = RoundRow(
            id=self._tx.new_id("rounds"),
            group_id=group_id,
            number=number,
            rule_text=rule_text,
            rule_id=rule_id,
            rule_kind=rule_kind,
            dealer_seat_id=dealer_seat_id,
            started_at=self._tx.now(),
            mode=mode,
        )
        self._tx.write(lambda tables: tables.insert_round(new_round))
        return new_round.id

    def events(self, round_id: int, after: int = 0) -> tuple[AnyEvent, ...]:
        """The round's events with seq greater than `after`, in order."""
        return tuple(
            stored.event for stored in self.stored_events(round_id) if stored.event.seq > after
        )

    def stored_events(self, round_id: int) -> list[StoredEvent]:
        """The round's whole log, read by its game, with the moment each event was written."""
        found = self._tx.tables.rounds.get(round_id)
        if found is None:
            return []
        read = find_game(found.mode).event_from_dict
        return [
            StoredEvent(read(entry.data_dict()), entry.written_at) for entry in self._log(round_id)
        ]

    def append(self, round_id: int, events: Sequence[AnyEvent]) -> None:
        """Add events to the log; WriteRace if a seq of theirs is already written."""
        if not events:
            return
        written_at = self._tx.now()
        logged = tuple(LoggedEvent.of(event, written_at) for event in events)
        self._tx.write(lambda tables: tables.insert_events(round_id, logged))

    def last_guess_time(self, round_id: int) -> datetime | None:
        """When the round's newest guess was written, or None."""
        guesses = [entry for entry in self._log(round_id) if entry.kind == "guessed"]
        return guesses[-1].written_at if guesses else None

    def event_time(self, round_id: int, seq: int) -> datetime | None:
        """When the round's event `seq` was written, or None."""
        return next((e.written_at for e in self._log(round_id) if e.seq == seq), None)

    def add_verdict(self, round_id: int, verdict: VerdictRow) -> None:
        """Record a contested dealer verdict."""
        record = VerdictRecord(self._tx.new_id("verdicts"), round_id, verdict)
        self._tx.write(lambda tables: tables.insert_verdict(record))

    def verdicts(self, round_id: int) -> list[VerdictRow]:
        """The round's contested verdicts, in the order recorded."""
        records = self._tx.tables.verdicts.values()
        mine = sorted((v for v in records if v.round_id == round_id), key=lambda v: v.id)
        return [v.row for v in mine]

    def verdict_count(self, round_id: int) -> int:
        """How many contested verdicts the round has."""
        return sum(1 for v in self._tx.tables.verdicts.values() if v.round_id == round_id)

    def _log(self, round_id: int) -> list[LoggedEvent]:
        return sorted(self._tx.tables.events.get(round_id, ()), key=lambda entry: entry.seq)


class FakeJournal:
    """The students' hypothesis journals."""

    def __init__(self, tx: Transaction) -> None:
        self._tx = tx

    def add(self, round_id: int, row: JournalRow) -> int:
        """Keep an entry; returns its id."""
        record = JournalRecord(self._tx.new_id("journal"), round_id, row)
        self._tx.write(lambda tables: tables.insert_journal(record))
        return record.id

    def of_round(self, round_id: int, seat_id: int | None = None) -> list[JournalRow]:
        """A round's entries (of one seat, or all), in the order written."""
        entries = sorted(self._tx.tables.journal.values(), key=lambda entry: entry.id)
        return [
            entry.row
            for entry in entries
            if entry.round_id == round_id and seat_id in (None, entry.row.seat_id)
        ]

    def has_any(self, round_id: int) -> bool:
        """Whether the round's journal has an entry."""
        return any(entry.round_id == round_id for entry in self._tx.tables.journal.values())
