"""The fake store's tables, with the real schema's unique keys and cascading deletes.

Every write goes through a method here, so the same checks run when a unit of work stages a
write and again when its commit replays the write on the data other units of work committed
meanwhile. Rows are frozen, so copying a table is copying its dict.
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from dataclasses import dataclass, field, fields, replace
from datetime import datetime
from typing import Any, Protocol, TypeVar

from classroom.usecases.ports import (
    Clash,
    GroupRow,
    RoundRow,
    SeatRow,
    TeacherRow,
    WriteRace,
)
from tests.fakes.records import (
    ClassRecord,
    GroupRecord,
    JournalRecord,
    LoggedEvent,
    SeatRecord,
    VerdictRecord,
)

__all__ = ["CLASS_COLUMNS", "GROUP_COLUMNS", "SchemaViolation", "Tables", "Transaction", "Write"]

#: The columns `classes.update` and `groups.update` may change, as in the real store.
CLASS_COLUMNS = frozenset(
    {
        "joining_locked",
        "ended_at",
        "projector_token_hash",
        "projector_anonymous",
        "language",
        "everyone_predicts",
        "predict_seconds",
        "ne_sudden_death",
        "ne_first_player",
        "away_seconds",
        "practice_token",
        "practice_robots",
    }
)
GROUP_COLUMNS = frozenset({"rule_revealed", "paused", "dealer_mode", "dealing_seat_id", "mode"})
K = TypeVar("K")
V = TypeVar("V")


class SchemaViolation(Exception):
    """A write the schema refuses for a reason the ports do not name (a missing parent row,
    a token hash or round number taken); the real store raises SQLAlchemy's IntegrityError."""


@dataclass
class Tables:
    """Every table of the store, keyed by id (events: by round, applied actions: by seat and
    action id)."""

    teachers: dict[int, TeacherRow] = field(default_factory=dict)
    classes: dict[int, ClassRecord] = field(default_factory=dict)
    groups: dict[int, GroupRecord] = field(default_factory=dict)
    seats: dict[int, SeatRecord] = field(default_factory=dict)
    rounds: dict[int, RoundRow] = field(default_factory=dict)
    events: dict[int, tuple[LoggedEvent, ...]] = field(default_factory=dict)
    applied: dict[tuple[int, str], int] = field(default_factory=dict)
    journal: dict[int, JournalRecord] = field(default_factory=dict)
    verdicts: dict[int, VerdictRecord] = field(default_factory=dict)

    def copy(self) -> Tables:
        """Tables that can be written without touching these."""
        return Tables(**{f.name: dict(getattr(self, f.name)) for f in fields(self)})

    # --- derived rows ----------------------------------------------------------------------
    def group_row(self, group_id: int) -> GroupRow | None:
        """A group with its class's columns, or None."""
        group = self.groups.get(group_id)
        return group.row(self.classes[group.class_id]) if group else None

    def seat_row(self, seat_id: int) -> SeatRow | None:
        """A seat with its group's class, or None."""
        seat = self.seats.get(seat_id)
        if seat is None or seat.removed:
            return None
        return seat.row(self.classes[self.groups[seat.group_id].class_id])

    # --- inserts: the unique keys and foreign keys of the schema -----------------------------
    def insert_teacher(self, teacher: TeacherRow) -> None:
        """A new teacher; usernames are unique."""
        if any(t.username == teacher.username for t in self.teachers.values()):
            raise Clash(f"The username {teacher.username!r} is taken.")
        self.teachers[teacher.id] = teacher

    def insert_class(self, period: ClassRecord, groups: Collection[GroupRecord]) -> None:
        """A new class with its groups."""
        _require(self.teachers, period.teacher_id, "teacher")
        self.classes[period.id] = period
        self.groups.update((group.id, group) for group in groups)

    def insert_seat(self, seat: SeatRecord) -> None:
        """A new seat; (group, nickname key) and token hashes are unique."""
        _require(self.groups, seat.group_id, "group")
        self._check_nickname(seat)
        if any(s.token_hash == seat.token_hash for s in self.seats.values()):
            raise SchemaViolation("That seat token hash is taken.")
        self.seats[seat.id] = seat

    def rename_seat(self, seat_id: int, nickname: str, nickname_key: str) -> None:
        """A seat's new nickname, under the same unique key."""
        seat = self.seats.get(seat_id)
        if seat is not None:
            renamed = replace(seat, nickname=nickname, nickname_key=nickname_key)
            self._check_nickname(renamed)
            self.seats[seat_id] = renamed

    def retire_seat(self, seat_id: int, token_hash: str) -> None:
        """A seat removed but kept for the record: another token, a key no nickname has, no
        applied action ids."""
        seat = self.seats.get(seat_id)
        if seat is not None and not seat.removed:
            key = f"\t{seat_id}"
            retired = replace(seat, nickname_key=key, token_hash=token_hash, removed=True)
            self.seats[seat_id] = retired
            _drop(self.applied, lambda applied, _: applied[0] == seat_id)

    def insert_round(self, new_round: RoundRow) -> None:
        """A new round; (group, number) is unique (writers of a group hold its lock, so a
        second round of one number is a mistake, not a race)."""
        _require(self.groups, new_round.group_id, "group")
        for other in self.rounds.values():
            if (other.group_id, other.number) == (new_round.group_id, new_round.number):
                raise SchemaViolation(f"Round {new_round.number} of the group already exists.")
        self.rounds[new_round.id] = new_round

    def insert_events(self, round_id: int, logged: tuple[LoggedEvent, ...]) -> None:
        """Events appended to a round's log; (round, seq) is unique. A seq taken, or the round
        deleted meanwhile, is a lost race: running the use case again shows which."""
        if round_id not in self.rounds:
            raise WriteRace(f"Round {round_id} is gone.")
        log = self.events.get(round_id, ())
        taken = {entry.seq for entry in log}
        for entry in logged:
            if entry.seq in taken:
                raise WriteRace(f"Event {entry.seq} of round {round_id} is already written.")
            taken.add(entry.seq)
        self.events[round_id] = log + logged

    def insert_applied(self, seat_id: int, action_id: str, seq: int) -> None:
        """An action id applied; (seat, action id) is unique. A duplicate, or the seat
        removed meanwhile, is a lost race."""
        if seat_id not in self.seats:
            raise WriteRace(f"Seat {seat_id} is gone.")
        if (seat_id, action_id) in self.applied:
            raise WriteRace(f"Action {action_id!r} of seat {seat_id} is already applied.")
        self.applied[seat_id, action_id] = seq

    def insert_journal(self, entry: JournalRecord) -> None:
        """A journal entry of a seat in a round."""
        _require(self.rounds, entry.round_id, "round")
        _require(self.seats, entry.row.seat_id, "seat")
        self.journal[entry.id] = entry

    def insert_verdict(self, verdict: VerdictRecord) -> None:
        """A contested dealer verdict."""
        _require(self.rounds, verdict.round_id, "round")
        self.verdicts[verdict.id] = verdict

    # --- updates of rows that may be gone: like an UPDATE matching no row, they do nothing ---
    def update_teacher(self, teacher_id: int, password_hash: str) -> None:
        """A teacher's new password hash."""
        if teacher_id in self.teachers:
            self.teachers[teacher_id] = replace(
                self.teachers[teacher_id], password_hash=password_hash
            )

    def bump_teacher_session(self, teacher_id: int) -> None:
        """A teacher's sessions made so far are over."""
        if teacher_id in self.teachers:
            teacher = self.teachers[teacher_id]
            self.teachers[teacher_id] = replace(
                teacher, session_version=teacher.session_version + 1
            )

    def set_teacher_language(self, teacher_id: int, language: str | None) -> None:
        """The language of a teacher's own pages."""
        if teacher_id in self.teachers:
            self.teachers[teacher_id] = replace(self.teachers[teacher_id], language=language)

    def update_class(self, class_id: int, columns: dict[str, Any]) -> None:
        """New values for some of a class's columns."""
        if class_id in self.classes:
            self.classes[class_id] = replace(self.classes[class_id], **columns)

    def update_group(self, group_id: int, columns: dict[str, Any]) -> None:
        """New values for some of a group's columns."""
        if group_id in self.groups:
            self.groups[group_id] = replace(self.groups[group_id], **columns)

    # --- deletes, cascading as the schema's foreign keys do ----------------------------------
    def delete_classes(self, class_ids: Collection[int]) -> None:
        """Classes with their groups and everything in them."""
        self.delete_groups([g.id for g in self.groups.values() if g.class_id in class_ids])
        _drop(self.classes, lambda class_id, _: class_id in class_ids)

    def delete_groups(self, group_ids: Collection[int]) -> None:
        """Groups with their seats and rounds."""
        self.delete_seats([s.id for s in self.seats.values() if s.group_id in group_ids])
        self.delete_rounds([r.id for r in self.rounds.values() if r.group_id in group_ids])
        _drop(self.groups, lambda group_id, _: group_id in group_ids)

    def delete_seats(self, seat_ids: Collection[int]) -> None:
        """Seats with their journal entries and applied action ids."""
        _drop(self.journal, lambda _, entry: entry.row.seat_id in seat_ids)
        _drop(self.applied, lambda key, _: key[0] in seat_ids)
        _drop(self.seats, lambda seat_id, _: seat_id in seat_ids)

    def delete_rounds(self, round_ids: Collection[int]) -> None:
        """Rounds with their logs, journal entries and contested verdicts."""
        _drop(self.events, lambda round_id, _: round_id in round_ids)
        _drop(self.journal, lambda _, entry: entry.round_id in round_ids)
        _drop(self.verdicts, lambda _, verdict: verdict.round_id in round_ids)
        _drop(self.rounds, lambda round_id, _: round_id in round_ids)

    def _check_nickname(self, seat: SeatRecord) -> None:
        for other in self.seats.values():
            same_key = (other.group_id, other.nickname_key) == (seat.group_id, seat.nickname_key)
            if same_key and other.id != seat.id:
                raise Clash(f"Someone in group {seat.group_id} is already {seat.nickname!r}.")


#: One staged write: run on the unit of work's tables, then again on the store's at commit.
Write = Callable[[Tables], None]


class Transaction(Protocol):
    """What the fake repositories need of their unit of work."""

    @property
    def tables(self) -> Tables:
        """The tables as this transaction sees them (its own writes included)."""
        ...

    def write(self, change: Write) -> None:
        """Apply a write now and keep it for the commit."""
        ...

    def new_id(self, table: str) -> int:
        """The next id of a table (ids are never handed out twice, as with a sequence)."""
        ...

    def refresh(self) -> None:
        """Read what other transactions committed meanwhile (after a lock, as the real store)."""
        ...

    def now(self) -> datetime:
        """The store's clock, naive UTC as the real store keeps it."""
        ...


def _require(table: dict[int, Any], key: int, what: str) -> None:
    if key not in table:
        raise SchemaViolation(f"There is no {what} {key} (a foreign key of the schema).")


def _drop(table: dict[K, V], doomed: Callable[[K, V], bool]) -> None:
    for key in [key for key, value in table.items() if doomed(key, value)]:
        del table[key]
