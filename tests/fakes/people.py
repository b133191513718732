"""Fake repositories of teachers, classes, groups and seats (ports.Teachers, Classes, Groups,
Seats), reading and writing a unit of work's staged tables."""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from classroom.usecases.ports import (
    ClassRow,
    GroupRow,
    NewGroup,
    RoundRow,
    SeatRow,
    TeacherRow,
)
from tests.fakes.records import ClassRecord, GroupRecord, SeatRecord
from tests.fakes.tables import CLASS_COLUMNS, GROUP_COLUMNS, Transaction

__all__ = ["FakeClasses", "FakeGroups", "FakeSeats", "FakeTeachers"]


class FakeTeachers:
    """Teacher accounts."""

    def __init__(self, tx: Transaction) -> None:
        self._tx = tx

    def count(self) -> int:
        """How many accounts exist."""
        return len(self._tx.tables.teachers)

    def get(self, teacher_id: int) -> TeacherRow | None:
        """One account, or None."""
        return self._tx.tables.teachers.get(teacher_id)

    def by_username(self, username: str) -> TeacherRow | None:
        """The account with exactly this username, or None."""
        found = (t for t in self._tx.tables.teachers.values() if t.username == username)
        return next(found, None)

    def add(self, username: str, password_hash: str) -> int:
        """A new account; Clash if the username is taken."""
        teacher = TeacherRow(self._tx.new_id("teachers"), username, password_hash)
        self._tx.write(lambda tables: tables.insert_teacher(teacher))
        return teacher.id

    def set_password_hash(self, teacher_id: int, password_hash: str) -> None:
        """Replace an account's password hash."""
        self._tx.write(lambda tables: tables.update_teacher(teacher_id, password_hash))

    def bump_session_version(self, teacher_id: int) -> None:
        """End every session of a teacher made so far."""
        self._tx.write(lambda tables: tables.bump_teacher_session(teacher_id))

    def set_language(self, teacher_id: int, language: str | None) -> None:
        """The language of a teacher's own pages (None: the browser's)."""
        self._tx.write(lambda tables: tables.set_teacher_language(teacher_id, language))


class FakeClasses:
    """Class periods."""

    def __init__(self, tx: Transaction) -> None:
        self._tx = tx

    def get(self, class_id: int) -> ClassRow | None:
        """One class, or None."""
        period = self._tx.tables.classes.get(class_id)
        return period.row() if period else None

    def of_teacher(self, teacher_id: int) -> list[ClassRow]:
        """A teacher's classes, newest first."""
        periods = [
            c
            for c in self._tx.tables.classes.values()
            if c.teacher_id == teacher_id and c.practice_of is None
        ]
        return [c.row() for c in sorted(periods, key=lambda c: c.id, reverse=True)]

    def open_by_join_code(self, join_code: str) -> ClassRow | None:
        """The newest class not ended with this join code, or None."""
        found = (c for c in reversed(self._open()) if c.join_code == join_code)
        period = next(found, None)
        return period.row() if period else None

    def newest_by_join_code(self, join_code: str) -> ClassRow | None:
        """The newest class, ended or not, with this join code, or None."""
        periods = sorted(self._teachers_own(), key=lambda c: c.id)
        period = next((c for c in reversed(periods) if c.join_code == join_code), None)
        return period.row() if period else None

    def join_code_in_use(self, join_code: str) -> bool:
        """Whether a class not ended has this join code."""
        return any(c.join_code == join_code for c in self._open())

    def by_projector_hash(self, token_hash: str) -> int | None:
        """The id of the class whose projector secret hashes to this, or None."""
        periods = self._tx.tables.classes.values()
        return next((c.id for c in periods if c.projector_token_hash == token_hash), None)

    def add(
        self,
        *,
        teacher_id: int,
        name: str,
        join_code: str,
        wrong_guess_penalty: bool,
        stock_out: str,
        groups: Sequence[NewGroup],
        reveal_after_guess: bool = True,
        language: str = "en",
        everyone_predicts: bool = False,
        predict_seconds: int = 5,
        ne_sudden_death: str = "abbott",
        ne_first_player: str = "count",
        away_seconds: int = 20,
        practice_of: int | None = None,
    ) -> int:
        """A new class with its groups at positions 0, 1, ...; returns the class id (with
        `practice_of`, a practice table nobody joins by code)."""
        period = ClassRecord(
            id=self._tx.new_id("classes"),
            teacher_id=teacher_id,
            name=name,
            join_code=join_code,
            joining_locked=practice_of is not None,
            wrong_guess_penalty=wrong_guess_penalty,
            stock_out=stock_out,
            projector_anonymous=False,
            created_at=self._tx.now(),
            ended_at=None,
            reveal_after_guess=reveal_after_guess,
            language=language,
            everyone_predicts=everyone_predicts,
            predict_seconds=predict_seconds,
            ne_sudden_death=ne_sudden_death,
            ne_first_player=ne_first_player,
            away_seconds=away_seconds,
            practice_of=practice_of,
        )
        members = [
            GroupRecord(
                id=self._tx.new_id("groups"),
                class_id=period.id,
                position=position,
                name=group.name,
                rule_text=group.rule_text,
                rule_id=group.rule_id,
                dealer_mode=group.dealer_mode,
                mode=group.mode,
            )
            for position, group in enumerate(groups)
        ]
        self._tx.write(lambda tables: tables.insert_class(period, members))
        return period.id

    def update(self, class_id: int, **columns: Any) -> None:
        """New values for joining_locked, ended_at, projector_token_hash, projector_anonymous,
        language."""
        _check_columns(columns, CLASS_COLUMNS)
        self._tx.write(lambda tables: tables.update_class(class_id, columns))

    def created_before(self, moment: datetime) -> list[int]:
        """The ids of teachers' classes created before `moment`."""
        return sorted(c.id for c in self._teachers_own() if c.created_at < moment)

    def practice_before(self, moment: datetime) -> list[int]:
        """The ids of practice tables created before `moment`."""
        periods = self._tx.tables.classes.values()
        return sorted(c.id for c in periods if c.practice_of is not None and c.created_at < moment)

    def by_practice_token(self, token: str) -> ClassRow | None:
        """The teacher's class whose practice link has this token, or None."""
        found = (c for c in self._teachers_own() if c.practice_token == token)
        period = next(found, None)
        return period.row() if period else None

    def practice_count(self, class_id: int) -> int:
        """How many practice tables the class has."""
        return sum(1 for c in self._tx.tables.classes.values() if c.practice_of == class_id)

    def delete(self, class_ids: Sequence[int]) -> None:
        """Delete classes with everything in them, their practice tables too."""
        periods = self._tx.tables.classes.values()
        doomed = frozenset(class_ids) | {c.id for c in periods if c.practice_of in class_ids}
        self._tx.write(lambda tables: tables.delete_classes(doomed))

    def _open(self) -> list[ClassRecord]:
        return sorted((c for c in self._teachers_own() if c.ended_at is None), key=lambda c: c.id)

    def _teachers_own(self) -> list[ClassRecord]:
        return [c for c in self._tx.tables.classes.values() if c.practice_of is None]


class FakeGroups:
    """Groups of classes."""

    def __init__(self, tx: Transaction) -> None:
        self._tx = tx

    def lock(self, group_id: int) -> None:
        """Read afresh, as after the real lock: the fake needs no lock itself (it lives in one
        process, its commits are serialized, and a lost race still fails the commit)."""
        self._tx.refresh()

    def get(self, group_id: int) -> GroupRow | None:
        """One group with its class's columns, or None."""
        return self._tx.tables.group_row(group_id)

    def with_latest_round(self, group_id: int) -> tuple[GroupRow, RoundRow | None] | None:
        """A group and its newest round (None before the first); None if no group."""
        group = self._tx.tables.group_row(group_id)
        if group is None:
            return None
        rounds = [r for r in self._tx.tables.rounds.values() if r.group_id == group_id]
        return group, max(rounds, key=lambda r: r.number, default=None)

    def positions(self, group_ids: Sequence[int]) -> dict[int, tuple[int, int]]:
        """Each group's newest round number and the seq of its newest event."""
        tables = self._tx.tables
        found = {}
        for group_id in group_ids:
            rounds = [r for r in tables.rounds.values() if r.group_id == group_id]
            if rounds:
                newest = max(rounds, key=lambda r: r.number)
                log = tables.events.get(newest.id, ())
                found[group_id] = (newest.number, max((e.seq for e in log), default=0))
        return found

    def predicting(self, group_ids: Sequence[int]) -> list[int]:
        """Those of the groups whose class has everyone predict."""
        tables = self._tx.tables
        return sorted(
            g
            for g in group_ids
            if g in tables.groups and tables.classes[tables.groups[g].class_id].everyone_predicts
        )

    def ids_of_classes(self, class_ids: Sequence[int]) -> dict[int, list[int]]:
        """The group ids of each class, by position."""
        groups = sorted(self._tx.tables.groups.values(), key=lambda g: g.position)
        return {c: [g.id for g in groups if g.class_id == c] for c in class_ids}

    def of_class(self, class_id: int) -> list[GroupRow]:
        """A class's groups by position."""
        tables = self._tx.tables
        members = sorted(
            (g for g in tables.groups.values() if g.class_id == class_id),
            key=lambda g: g.position,
        )
        return [g.row(tables.classes[class_id]) for g in members]

    def update(self, group_id: int, **columns: Any) -> None:
        """New values for rule_revealed, paused, dealer_mode, dealing_seat_id."""
        _check_columns(columns, GROUP_COLUMNS)
        self._tx.write(lambda tables: tables.update_group(group_id, columns))


class FakeSeats:
    """Seats of groups and their applied action ids."""

    def __init__(self, tx: Transaction) -> None:
        self._tx = tx

    def get(self, seat_id: int) -> SeatRow | None:
        """One seat with its group's class, or None."""
        return self._tx.tables.seat_row(seat_id)

    def by_token_hash(self, token_hash: str) -> SeatRow | None:
        """The seat holding this token hash, or None."""
        seats = self._tx.tables.seats.values()
        seat_id = next((s.id for s in seats if s.token_hash == token_hash and not s.removed), None)
        return self._tx.tables.seat_row(seat_id) if seat_id is not None else None

    def names(self, group_id: int) -> list[tuple[int, str]]:
        """(seat id, nickname) of a group's seats, in joining order."""
        return [(s.id, s.nickname) for s in self._of_group(group_id)]

    def keys(self, group_id: int) -> list[tuple[int, str]]:
        """(seat id, nickname key) of a group's seats, in joining order."""
        return [(s.id, s.nickname_key) for s in self._of_group(group_id)]

    def add(
        self,
        group_id: int,
        nickname: str,
        nickname_key: str,
        token_hash: str,
        *,
        robot: str | None = None,
    ) -> int:
        """A new seat (a robot's when `robot` names its kind); Clash if the group has the
        nickname key already."""
        seat = SeatRecord(
            self._tx.new_id("seats"), group_id, nickname, nickname_key, token_hash, robot=robot
        )
        self._tx.write(lambda tables: tables.insert_seat(seat))
        return seat.id

    def seated(self, group_id: int) -> list[tuple[int, str, str | None]]:
        """(seat id, nickname, robot kind or None) of a group's seats, in joining order."""
        return [(s.id, s.nickname, s.robot) for s in self._of_group(group_id)]

    def robots(self, group_id: int) -> list[tuple[int, str]]:
        """(seat id, kind) of the group's robot seats, in joining order."""
        return [(s.id, s.robot) for s in self._of_group(group_id) if s.robot is not None]

    def robot_groups(self) -> list[int]:
        """The groups of open classes with a robot seated."""
        tables = self._tx.tables
        found = {
            s.group_id
            for s in tables.seats.values()
            if s.robot is not None
            and not s.removed
            and tables.classes[tables.groups[s.group_id].class_id].ended_at is None
        }
        return sorted(found)

    def rename(self, seat_id: int, nickname: str, nickname_key: str) -> None:
        """Another nickname; Clash if the group has the key already."""
        self._tx.write(lambda tables: tables.rename_seat(seat_id, nickname, nickname_key))

    def delete(self, seat_id: int) -> None:
        """Remove a seat with its journal entries and applied action ids."""
        self._tx.write(lambda tables: tables.delete_seats({seat_id}))

    def retire(self, seat_id: int) -> None:
        """Remove a seat but keep its nickname and journal for the record."""
        token_hash = secrets.token_hex(32)
        self._tx.write(lambda tables: tables.retire_seat(seat_id, token_hash))

    def record_names(self, group_id: int) -> list[tuple[int, str]]:
        """(seat id, nickname) of every seat the group has had, removed ones included."""
        seats = self._tx.tables.seats.values()
        return sorted((s.id, s.nickname) for s in seats if s.group_id == group_id)

    def seated_and_applied(
        self, seat_id: int, group_id: int, action_id: str
    ) -> tuple[bool, int | None]:
        """Whether the seat sits in the group, and the seq its action id reached (None: new)."""
        seat = self._tx.tables.seats.get(seat_id)
        if seat is None or seat.removed or seat.group_id != group_id:
            return False, None
        return True, self._tx.tables.applied.get((seat_id, action_id))

    def remember_action(self, seat_id: int, action_id: str, seq: int) -> None:
        """Record an action id as applied; WriteRace if it was already."""
        self._tx.write(lambda tables: tables.insert_applied(seat_id, action_id, seq))

    def _of_group(self, group_id: int) -> list[SeatRecord]:
        seats = self._tx.tables.seats.values()
        seated = (s for s in seats if s.group_id == group_id and not s.removed)
        return sorted(seated, key=lambda s: s.id)


def _check_columns(columns: dict[str, Any], allowed: frozenset[str]) -> None:
    unknown = sorted(set(columns) - allowed)
    if unknown:
        raise ValueError(f"Cannot update {', '.join(unknown)}; only {', '.join(sorted(allowed))}.")
