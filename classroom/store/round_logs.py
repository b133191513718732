"""The repositories of rounds (with their append-only event logs) and of the journals."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import bindparam, insert, select
from sqlalchemy.exc import IntegrityError

from classroom.core.eventlog import LoggedEvent
from classroom.core.games.registry import find_game
from classroom.store import rows
from classroom.store.models import DealerVerdict, JournalEntry, StoredRound
from classroom.store.repositories import ConnectionRepository
from classroom.usecases.ports import (
    JournalRow,
    RoundRow,
    StoredEvent,
    VerdictRow,
    WriteRace,
)

__all__ = ["SqlJournal", "SqlRounds"]

_VERDICTS = (
    select(DealerVerdict.seq, DealerVerdict.card, DealerVerdict.given, DealerVerdict.expected)
    .where(DealerVerdict.round_id == bindparam("round_id"))
    .order_by(DealerVerdict.id)
)


class SqlRounds(ConnectionRepository):
    """Rounds and their event logs."""

    def latest(self, group_id: int) -> RoundRow | None:
        """The group's newest round, or None before the first."""
        return rows.latest_round(self._conn, group_id)

    def of_group(self, group_id: int) -> list[RoundRow]:
        """Every round of the group, in the order played."""
        return rows.rounds_of_group(self._conn, group_id)

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
        """A new round of the game `mode`, started now; returns its id."""
        statement = insert(StoredRound).values(
            mode=mode,
            group_id=group_id,
            number=number,
            rule_text=rule_text,
            rule_kind=rule_kind,
            rule_id=rule_id,
            dealer_seat_id=dealer_seat_id,
        )
        return self._insert(statement)

    def events(self, round_id: int, after: int = 0) -> tuple[LoggedEvent, ...]:
        """The round's events with seq greater than `after`, in order, read by its game."""
        return tuple(stored.event for stored in self._read(round_id, after))

    def stored_events(self, round_id: int) -> list[StoredEvent]:
        """The round's whole log with the moment each event was written."""
        return self._read(round_id, 0)

    def _read(self, round_id: int, after: int) -> list[StoredEvent]:
        found = rows.event_data(self._conn, round_id, after)
        if not found:
            return []
        read = find_game(found[0][1]).event_from_dict
        return [StoredEvent(read(data), written_at) for data, _mode, written_at in found]

    def append(self, round_id: int, events: Sequence[LoggedEvent]) -> None:
        """Add events to the log; WriteRace if another writer took one of their seqs."""
        if not events:
            return
        try:
            rows.insert_events(self._conn, round_id, events)
        except IntegrityError as error:
            # A seq taken, or the round deleted meanwhile: a second run sees which.
            raise WriteRace(str(error.orig)) from error

    def last_guess_time(self, round_id: int) -> datetime | None:
        """When the round's newest guess was made."""
        return rows.last_guess_time(self._conn, round_id)

    def event_time(self, round_id: int, seq: int) -> datetime | None:
        """When the round's event `seq` was written (None: no such event)."""
        return rows.event_time(self._conn, round_id, seq)

    def add_verdict(self, round_id: int, verdict: VerdictRow) -> None:
        """Record a student dealer's verdict that contradicted the rule."""
        statement = insert(DealerVerdict).values(
            round_id=round_id,
            seq=verdict.seq,
            card=verdict.card,
            given=verdict.given,
            expected=verdict.expected,
        )
        self._conn.execute(statement)

    def verdicts(self, round_id: int) -> list[VerdictRow]:
        """The contested verdicts of a round, in the order given."""
        result = self._conn.execute(_VERDICTS, {"round_id": round_id})
        return [VerdictRow(*row) for row in result]

    def verdict_count(self, round_id: int) -> int:
        """How many verdicts of the round contradicted the rule."""
        return rows.mismatch_count(self._conn, round_id)


class SqlJournal(ConnectionRepository):
    """The students' hypothesis journals."""

    def add(self, round_id: int, row: JournalRow) -> int:
        """Keep an entry as given (its moment included); returns its id."""
        statement = insert(JournalEntry).values(
            round_id=round_id,
            seat_id=row.seat_id,
            seq=row.seq,
            text=row.text,
            confidence=row.confidence,
            test_card=row.test_card,
            predicted_accepted=row.predicted_accepted,
            created_at=row.created_at,
        )
        return self._insert(statement)

    def of_round(self, round_id: int, seat_id: int | None = None) -> list[JournalRow]:
        """The round's entries (of one seat, or all), in the order written."""
        return rows.journal_rows(self._conn, round_id, seat_id)

    def has_any(self, round_id: int) -> bool:
        """Whether anyone has written in the round's journal."""
        return rows.has_journal(self._conn, round_id)
