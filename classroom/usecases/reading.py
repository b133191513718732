"""Loading snapshots of groups and classes for the views."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from gettext import gettext as _

from sqlalchemy.orm import Session, sessionmaker

from classroom.core.game import Event, RoundState
from classroom.projections.journal_view import JournalRecord
from classroom.projections.snapshots import ClassSnapshot, GroupSnapshot, SeatInfo
from classroom.store import rows
from classroom.store.models import ClassPeriod
from classroom.store.rows import GroupRow, RoundRow
from classroom.usecases.errors import NotFound
from classroom.usecases.lesson import journal_record

__all__ = ["CatchUp", "ReadingServices"]


@dataclass(frozen=True, slots=True)
class CatchUp:
    """What a (re)connecting tablet needs: the group now, the events it missed, its journal
    and, when it has written in it, the round's events the journal's predictions are read
    from."""

    snapshot: GroupSnapshot
    missed: tuple[Event, ...]
    journal: tuple[JournalRecord, ...]
    journal_events: tuple[Event, ...]


class ReadingServices:
    """Snapshots of groups and classes, as the views need them (plain-row reads: every play
    and every connecting tablet reads one)."""

    sessions: sessionmaker[Session]

    # Provided by RoundServices in the Classroom facade.
    round_state: Callable[[Session, int], RoundState]
    round_events: Callable[[Session, int, int], tuple[Event, ...]]

    def group_snapshot(self, group_id: int, *, events_after: int | None = None) -> GroupSnapshot:
        """The group now; with `events_after`, `events` holds the events after that seq."""
        with self.sessions() as db:
            found = rows.group_and_round(db.connection(), group_id)
            if found is None:
                raise NotFound(_("There is no such group."))
            group, round_row = found
            state = self.round_state(db, round_row.id) if round_row else None
            events: tuple[Event, ...] = ()
            if round_row is not None and events_after is not None:
                events = self.round_events(db, round_row.id, events_after)
            return self.snapshot_of(db, group, round_row, state, events)

    def catch_up(self, group_id: int, seat_id: int, round_number: int, last_seq: int) -> CatchUp:
        """What a tablet that last saw (`round_number`, `last_seq`) needs, read in one session.

        A tablet that last saw another round gets the current round's events from the start.
        """
        with self.sessions() as db:
            conn = db.connection()
            found = rows.group_and_round(conn, group_id)
            if found is None:
                raise NotFound(_("There is no such group."))
            group, round_row = found
            if round_row is None:
                return CatchUp(self.snapshot_of(db, group, None, None), (), (), ())
            state = self.round_state(db, round_row.id)
            after = last_seq if round_number == round_row.number else 0
            missed = self.round_events(db, round_row.id, after)
            journal = tuple(map(journal_record, rows.journal_rows(conn, round_row.id, seat_id)))
            journal_events: tuple[Event, ...] = ()
            if journal:
                journal_events = missed if after == 0 else self.round_events(db, round_row.id, 0)
            snapshot = self.snapshot_of(db, group, round_row, state)
            return CatchUp(snapshot, missed, journal, journal_events)

    def events_after(self, round_id: int, seq: int) -> tuple[Event, ...]:
        """The events of a round after `seq`: what a waking tablet missed."""
        with self.sessions() as db:
            return self.round_events(db, round_id, seq)

    def class_snapshot(self, teacher_id: int | None, class_id: int) -> ClassSnapshot:
        """The class and all its groups; a teacher id checks ownership (None: projector token)."""
        with self.sessions() as db:
            period = db.get(ClassPeriod, class_id)
            if period is None or (teacher_id is not None and period.teacher_id != teacher_id):
                raise NotFound(_("There is no such class."))
            groups = rows.group_rows_of_class(db.connection(), class_id)
            return ClassSnapshot(
                class_id=period.id,
                name=period.name,
                join_code=period.join_code,
                joining_locked=period.joining_locked,
                ended=period.ended_at is not None,
                wrong_guess_penalty=period.wrong_guess_penalty,
                stock_out=period.stock_out,
                groups=tuple(self._group_snapshot(db, group) for group in groups),
                projector_anonymous=period.projector_anonymous,
            )

    def _group_snapshot(self, db: Session, group: GroupRow) -> GroupSnapshot:
        round_row = rows.latest_round(db.connection(), group.id)
        state = self.round_state(db, round_row.id) if round_row else None
        return self.snapshot_of(db, group, round_row, state)

    def snapshot_of(
        self,
        db: Session,
        group: GroupRow,
        round_row: RoundRow | None,
        state: RoundState | None,
        events: tuple[Event, ...] = (),
    ) -> GroupSnapshot:
        """The snapshot of a group whose round and state are already at hand (a use case that
        just wrote them builds it in its own transaction)."""
        conn = db.connection()
        mismatches = 0
        if round_row is not None and round_row.dealer_seat_id is not None:
            mismatches = rows.mismatch_count(conn, round_row.id)
        guess_time = None
        if round_row is not None and state is not None and state.phase == "judging_guess":
            # When the waiting guess was made, so the teacher's queue can put the oldest first.
            guess_time = rows.last_guess_time(conn, round_row.id)
        return GroupSnapshot(
            class_id=group.class_id,
            class_name=group.class_name,
            group_id=group.id,
            group_name=group.name,
            position=group.position,
            rule_text=round_row.rule_text if round_row else group.rule_text,
            rule_id=round_row.rule_id if round_row else group.rule_id,
            rule_revealed=group.rule_revealed,
            seats=tuple(SeatInfo(*seat) for seat in rows.seat_names(conn, group.id)),
            round_id=round_row.id if round_row else None,
            round_number=round_row.number if round_row else 0,
            state=state,
            events=events,
            paused=group.paused,
            dealer_mode=group.dealer_mode,
            dealing_seat=str(group.dealing_seat_id) if group.dealing_seat_id else None,
            dealer_seat=str(round_row.dealer_seat_id)
            if round_row and round_row.dealer_seat_id
            else None,
            rule_kind=round_row.rule_kind if round_row else "language",
            dealer_mismatches=mismatches,
            guess_pending_since=guess_time,
            has_journal=round_row is not None and rows.has_journal(conn, round_row.id),
        )
