"""Snapshots of groups and classes, as the views need them, and what a reconnecting tablet
missed. Every play and every connecting tablet reads one: the store answers these from
plain rows."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from classroom.core.cards import Card
from classroom.core.eventlog import LoggedEvent
from classroom.core.games.registry import find_game
from classroom.core.text import _
from classroom.projections.journal_view import JournalRecord
from classroom.projections.snapshots import ClassSnapshot, GroupSnapshot, SeatInfo
from classroom.usecases.context import Context, RoundStates, utcnow
from classroom.usecases.errors import NotFound
from classroom.usecases.ports import GroupRow, JournalRow, RoundRow, UnitOfWork
from classroom.usecases.verdict_window import predicting, window_end

__all__ = ["CatchUp", "Reading", "catch_up_in", "journal_record", "logged_events", "snapshot_of"]

#: A round's state, in the terms of the game it is played in.


@dataclass(frozen=True, slots=True)
class CatchUp:
    """What a (re)connecting tablet needs: the group now, the events it missed, its journal
    and, when it has written in it, the round's events the journal's predictions are read
    from."""

    snapshot: GroupSnapshot
    missed: tuple[LoggedEvent, ...]
    journal: tuple[JournalRecord, ...]
    journal_events: tuple[LoggedEvent, ...]


class Reading:
    """Read-only use cases: snapshots, catching up, missed events."""

    def __init__(self, context: Context) -> None:
        self.uow = context.uow
        self.states: RoundStates = context.states

    def group_snapshot(self, group_id: int, *, events_after: int | None = None) -> GroupSnapshot:
        """The group now; with `events_after`, `events` holds the events after that seq."""
        with self.uow() as uow:
            found = uow.groups.with_latest_round(group_id)
            if found is None:
                raise NotFound(_("There is no such group."))
            group, round_row = found
            state = self._state(uow, round_row)
            events: tuple[LoggedEvent, ...] = ()
            if round_row is not None and events_after is not None:
                events = _log(self.states, uow, round_row, state, events_after)
            return snapshot_of(uow, group, round_row, state, events)

    def _state(self, uow: UnitOfWork, round_row: RoundRow | None) -> Any:
        """The round's state in its own game's terms (None before the first round)."""
        return None if round_row is None else self.states.of(uow, round_row)

    def catch_up(self, group_id: int, seat_id: int, round_number: int, last_seq: int) -> CatchUp:
        """What a tablet that last saw (`round_number`, `last_seq`) needs, read in one go.

        A tablet that last saw another round gets the current round's events from the start.
        """
        with self.uow() as uow:
            return catch_up_in(uow, self.states, group_id, seat_id, round_number, last_seq)

    def positions(self, group_ids: Sequence[int]) -> dict[int, tuple[int, int]]:
        """Where each group's log stands: its newest round's number and newest seq (groups
        that have not played are left out). One read, for the beacons every screen checks
        itself against."""
        with self.uow() as uow:
            return uow.groups.positions(group_ids)

    def class_positions(self, class_ids: Sequence[int]) -> dict[int, dict[int, tuple[int, int]]]:
        """`positions` of every group of each class, by class (a group that has not played
        stands at (0, 0)), in one transaction."""
        with self.uow() as uow:
            groups = uow.groups.ids_of_classes(class_ids)
            found = uow.groups.positions([g for ids in groups.values() for g in ids])
        return {c: {g: found.get(g, (0, 0)) for g in ids} for c, ids in groups.items()}

    def events_after(self, round_id: int, seq: int) -> tuple[LoggedEvent, ...]:
        """The events of a round after `seq`, read by its game (the journals and the
        projector's latest verdict read them)."""
        with self.uow() as uow:
            return uow.rounds.events(round_id, seq)

    def class_snapshot(self, teacher_id: int | None, class_id: int) -> ClassSnapshot:
        """The class and all its groups; a teacher id checks ownership (None: projector token)."""
        with self.uow() as uow:
            period = uow.classes.get(class_id)
            if period is None or (teacher_id is not None and period.teacher_id != teacher_id):
                raise NotFound(_("There is no such class."))
            groups = tuple(
                self._group_snapshot(uow, group) for group in uow.groups.of_class(class_id)
            )
            return ClassSnapshot(
                class_id=period.id,
                name=period.name,
                join_code=period.join_code,
                joining_locked=period.joining_locked,
                ended=period.ended_at is not None,
                wrong_guess_penalty=period.wrong_guess_penalty,
                stock_out=period.stock_out,
                groups=groups,
                projector_anonymous=period.projector_anonymous,
                reveal_after_guess=period.reveal_after_guess,
                language=period.language,
                everyone_predicts=period.everyone_predicts,
                predict_seconds=period.predict_seconds,
                ne_sudden_death=period.ne_sudden_death,
                ne_first_player=period.ne_first_player,
                away_seconds=period.away_seconds,
            )

    def _group_snapshot(self, uow: UnitOfWork, group: GroupRow) -> GroupSnapshot:
        round_row = uow.rounds.latest(group.id)
        return snapshot_of(uow, group, round_row, self._state(uow, round_row))


def catch_up_in(
    uow: UnitOfWork,
    states: RoundStates,
    group_id: int,
    seat_id: int,
    round_number: int,
    last_seq: int,
) -> CatchUp:
    """What a tablet that last saw (`round_number`, `last_seq`) needs, read in `uow` (a unit
    of work that writes nothing); another round's tablet gets this round's events from the
    start."""
    found = uow.groups.with_latest_round(group_id)
    if found is None:
        raise NotFound(_("There is no such group."))
    group, round_row = found
    if round_row is None:
        return CatchUp(snapshot_of(uow, group, None, None), (), (), ())
    state = states.of(uow, round_row)
    after = last_seq if round_number == round_row.number else 0
    missed = _log(states, uow, round_row, state, after)
    snapshot = snapshot_of(uow, group, round_row, state)
    journal: tuple[JournalRecord, ...] = ()
    if snapshot.has_journal:  # nobody in the round has written: nothing to read
        journal = tuple(map(journal_record, uow.journal.of_round(round_row.id, seat_id)))
    journal_events: tuple[LoggedEvent, ...] = ()
    # A game whose plays are strings has its journals checked against the table alone.
    if journal and find_game(round_row.mode).journals_read_log:
        journal_events = _log(states, uow, round_row, state, 0)
    return CatchUp(snapshot, missed, journal, journal_events)


def _log(
    states: RoundStates, uow: UnitOfWork, round_row: RoundRow, state: Any, after: int
) -> tuple[LoggedEvent, ...]:
    """The round's events after `after`, from the events kept in memory (`state` was read
    in the same transaction: nothing newer exists)."""
    if after >= state.seq:
        return ()
    return states.log(uow, round_row, state.seq, after)


def logged_events(uow: UnitOfWork, round_row: RoundRow, after: int) -> tuple[LoggedEvent, ...]:
    """A round's events after `after`, read as its own game's events."""
    return uow.rounds.events(round_row.id, after)


def snapshot_of(
    uow: UnitOfWork,
    group: GroupRow,
    round_row: RoundRow | None,
    any_state: Any,
    any_events: tuple[LoggedEvent, ...] = (),
) -> GroupSnapshot:
    """The snapshot of a group whose round and state are already at hand (a use case that
    just wrote them builds it in its own transaction)."""
    state, events = any_state, any_events
    mismatches = 0
    if round_row is not None and round_row.dealer_seat_id is not None:
        mismatches = uow.rounds.verdict_count(round_row.id)
    guess_time = None
    if round_row is not None and state is not None and state.phase == "judging_guess":
        # When the waiting guess was made, so the teacher's queue can put the oldest first.
        guess_time = uow.rounds.last_guess_time(round_row.id)
    awaited_since = None
    if round_row is not None and state is not None and _awaits_a_seat(round_row, state):
        # How long the table has waited on a tablet: once away too long, it may be settled.
        awaited_since = uow.rounds.event_time(round_row.id, state.seq)
    dealer_seat = round_row.dealer_seat_id if round_row else None
    left = None
    waiting = state is not None and state.phase == "judging_play"
    if round_row is not None and state is not None and waiting and predicting(group, round_row):
        # What is left of the app's window for the table's predictions, for the countdown.
        end = window_end(uow, group, round_row, state)
        left = max(0.0, (end - utcnow()).total_seconds())
    return GroupSnapshot(
        class_id=group.class_id,
        class_name=group.class_name,
        group_id=group.id,
        group_name=group.name,
        position=group.position,
        rule_text=round_row.rule_text if round_row else group.rule_text,
        rule_id=round_row.rule_id if round_row else group.rule_id,
        rule_revealed=group.rule_revealed,
        seats=tuple(SeatInfo(*seat) for seat in uow.seats.seated(group.id)),
        round_id=round_row.id if round_row else None,
        round_number=round_row.number if round_row else 0,
        state=state,
        events=events,
        # An ended class is frozen like a paused group: no view offers an action any more.
        paused=group.paused or group.class_ended,
        dealer_mode=group.dealer_mode,
        dealing_seat=str(group.dealing_seat_id) if group.dealing_seat_id else None,
        dealer_seat=str(dealer_seat) if dealer_seat else None,
        rule_kind=round_row.rule_kind if round_row else "language",
        dealer_mismatches=mismatches,
        guess_pending_since=guess_time,
        has_journal=round_row is not None and uow.journal.has_any(round_row.id),
        class_ended=group.class_ended,
        reveal_after_guess=group.reveal_after_guess,
        everyone_predicts=group.everyone_predicts,
        predict_seconds=group.predict_seconds,
        predict_left=left,
        mode=round_row.mode if round_row else group.mode,
        awaited_since=awaited_since,
        away_seconds=group.away_seconds,
        next_mode=group.mode,
    )


def _awaits_a_seat(round_row: RoundRow, state: Any) -> bool:
    """Whether the round waits for a seat's call, or for the verdict of a student dealer (the
    app as dealer never keeps a table waiting on a tablet)."""
    awaited = None if state.is_over else find_game(round_row.mode).awaited(state)
    if awaited is None:
        return False
    return awaited.caller is not None or round_row.dealer_seat_id is not None


def journal_record(row: JournalRow) -> JournalRecord:
    """A stored journal entry as the journal view reads it."""
    return JournalRecord(
        seat=str(row.seat_id),
        seq=row.seq,
        text=row.text,
        confidence=row.confidence,
        test_card=Card.parse(row.test_card) if row.test_card else None,
        predicted_accepted=row.predicted_accepted,
        written_at=row.created_at.isoformat(timespec="seconds") + "Z",
    )
