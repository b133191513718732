"""The repositories of teachers, classes, groups and seats, on one unit of work's connection.

Every statement runs on that connection, so a unit of work is one transaction. The
paths every play and every tablet run use the prebuilt statements of `classroom.store.rows`;
set-up and teacher pages, a few times a lesson, build theirs as they go. Rounds and journals
are in `classroom.store.round_logs`.
"""

from __future__ import annotations

import secrets
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, CursorResult, Executable, delete, func, insert, select, update
from sqlalchemy.exc import IntegrityError

from classroom.store import rows
from classroom.store.locking import lock_group, write_error
from classroom.store.models import AppliedAction, ClassPeriod, Group, Seat, Teacher, utcnow
from classroom.usecases.ports import (
    Clash,
    ClassRow,
    GroupRow,
    NewGroup,
    RoundRow,
    SeatRow,
    TeacherRow,
    WriteRace,
)

__all__ = ["ConnectionRepository", "SqlClasses", "SqlGroups", "SqlSeats", "SqlTeachers"]

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
#: A removed seat's nickname key starts with a tab, which no nickname's key holds (a key's
#: spaces are single spaces): the name is free again at the table.
RETIRED_KEY = "\t"
GROUP_COLUMNS = frozenset({"rule_revealed", "paused", "dealer_mode", "dealing_seat_id", "mode"})

_TEACHER = select(
    Teacher.id, Teacher.username, Teacher.password_hash, Teacher.session_version, Teacher.language
)
_CLASS = select(
    ClassPeriod.id,
    ClassPeriod.teacher_id,
    ClassPeriod.name,
    ClassPeriod.join_code,
    ClassPeriod.joining_locked,
    ClassPeriod.wrong_guess_penalty,
    ClassPeriod.stock_out,
    ClassPeriod.projector_anonymous,
    ClassPeriod.created_at,
    ClassPeriod.ended_at,
    ClassPeriod.reveal_after_guess,
    ClassPeriod.language,
    ClassPeriod.everyone_predicts,
    ClassPeriod.predict_seconds,
    ClassPeriod.ne_sudden_death,
    ClassPeriod.ne_first_player,
    ClassPeriod.away_seconds,
    ClassPeriod.practice_of,
    ClassPeriod.practice_token,
    ClassPeriod.practice_robots,
)
_OPEN = ClassPeriod.ended_at.is_(None)
_TEACHERS_OWN = ClassPeriod.practice_of.is_(None)


class ConnectionRepository:
    """A repository working on its unit of work's connection, and so in its transaction."""

    def __init__(self, connection: Connection) -> None:
        self._conn = connection

    def _insert(self, statement: Executable) -> int:
        """Run an insert; returns the new row's id."""
        return _new_id(self._conn.execute(statement))

    def _write(self, statement: Executable, refusal: type[Exception]) -> CursorResult[Any]:
        """Run a write; an integrity error the store knows as `refusal` is raised as that."""
        try:
            return self._conn.execute(statement)
        except IntegrityError as error:
            meaning = write_error(error)
            if isinstance(meaning, refusal):
                raise meaning from error
            raise

    def _update(
        self, entity: type[Any], allowed: frozenset[str], row_id: int, columns: dict[str, Any]
    ) -> None:
        """Set some columns of one row; any column not `allowed` is a programming error."""
        unknown = sorted(set(columns) - allowed)
        if unknown:
            raise ValueError(f"{entity.__tablename__} has no updatable column {unknown}")
        if columns:
            self._conn.execute(update(entity).where(entity.id == row_id).values(columns))


def _new_id(result: CursorResult[Any]) -> int:
    key = result.inserted_primary_key
    if key is None:
        raise RuntimeError("the insert reported no new id")
    return int(key[0])


class SqlTeachers(ConnectionRepository):
    """Teacher accounts."""

    def count(self) -> int:
        """How many teacher accounts exist."""
        return self._conn.execute(select(func.count()).select_from(Teacher)).scalar_one()

    def get(self, teacher_id: int) -> TeacherRow | None:
        """A teacher by id."""
        row = self._conn.execute(_TEACHER.where(Teacher.id == teacher_id)).first()
        return TeacherRow(*row) if row else None

    def by_username(self, username: str) -> TeacherRow | None:
        """A teacher by exact username."""
        row = self._conn.execute(_TEACHER.where(Teacher.username == username)).first()
        return TeacherRow(*row) if row else None

    def add(self, username: str, password_hash: str) -> int:
        """A new account; Clash when the username is taken."""
        statement = insert(Teacher).values(username=username, password_hash=password_hash)
        return _new_id(self._write(statement, Clash))

    def set_password_hash(self, teacher_id: int, password_hash: str) -> None:
        """Replace a teacher's password hash."""
        statement = update(Teacher).where(Teacher.id == teacher_id)
        self._conn.execute(statement.values(password_hash=password_hash))

    def bump_session_version(self, teacher_id: int) -> None:
        """End every session of a teacher made so far."""
        statement = update(Teacher).where(Teacher.id == teacher_id)
        self._conn.execute(statement.values(session_version=Teacher.session_version + 1))

    def set_language(self, teacher_id: int, language: str | None) -> None:
        """The language of a teacher's own pages (None: the browser's)."""
        statement = update(Teacher).where(Teacher.id == teacher_id)
        self._conn.execute(statement.values(language=language))


class SqlClasses(ConnectionRepository):
    """Class periods, created with their groups, deleted with everything in them."""

    def get(self, class_id: int) -> ClassRow | None:
        """A class by id."""
        row = self._conn.execute(_CLASS.where(ClassPeriod.id == class_id)).first()
        return ClassRow(*tuple(row)) if row else None

    def of_teacher(self, teacher_id: int) -> list[ClassRow]:
        """The teacher's classes, newest first."""
        query = _CLASS.where(ClassPeriod.teacher_id == teacher_id, _TEACHERS_OWN)
        query = query.order_by(ClassPeriod.id.desc())
        return [ClassRow(*tuple(row)) for row in self._conn.execute(query)]

    def open_by_join_code(self, join_code: str) -> ClassRow | None:
        """The class not ended yet that has this (normalized) join code."""
        query = _CLASS.where(ClassPeriod.join_code == join_code, _OPEN, _TEACHERS_OWN)
        row = self._conn.execute(query.order_by(ClassPeriod.id.desc()).limit(1)).first()
        return ClassRow(*tuple(row)) if row else None

    def newest_by_join_code(self, join_code: str) -> ClassRow | None:
        """The newest class, ended or not, that has had this join code."""
        query = _CLASS.where(ClassPeriod.join_code == join_code, _TEACHERS_OWN)
        row = self._conn.execute(query.order_by(ClassPeriod.id.desc()).limit(1)).first()
        return ClassRow(*tuple(row)) if row else None

    def join_code_in_use(self, join_code: str) -> bool:
        """Whether a class not ended yet has this join code (ended classes free theirs)."""
        query = select(ClassPeriod.id).where(ClassPeriod.join_code == join_code, _OPEN).limit(1)
        return self._conn.execute(query).first() is not None

    def by_projector_hash(self, token_hash: str) -> int | None:
        """The class whose projector link has this token hash."""
        query = select(ClassPeriod.id).where(ClassPeriod.projector_token_hash == token_hash)
        return self._conn.execute(query.limit(1)).scalar()

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
        """A new class with its groups at positions 0, 1, ...; returns the class id. With
        `practice_of`: a practice table of that class, which nobody joins by code."""
        statement = insert(ClassPeriod).values(
            practice_of=practice_of,
            joining_locked=practice_of is not None,
            teacher_id=teacher_id,
            name=name,
            join_code=join_code,
            wrong_guess_penalty=wrong_guess_penalty,
            stock_out=stock_out,
            reveal_after_guess=reveal_after_guess,
            language=language,
            everyone_predicts=everyone_predicts,
            predict_seconds=predict_seconds,
            ne_sudden_death=ne_sudden_death,
            ne_first_player=ne_first_player,
            away_seconds=away_seconds,
        )
        class_id = self._insert(statement)
        if groups:
            self._conn.execute(
                insert(Group), [_group_values(class_id, n, g) for n, g in enumerate(groups)]
            )
        return class_id

    def update(self, class_id: int, **columns: Any) -> None:
        """Set some of joining_locked, ended_at, projector_token_hash, projector_anonymous,
        language, everyone_predicts, predict_seconds."""
        self._update(ClassPeriod, CLASS_COLUMNS, class_id, columns)

    def created_before(self, moment: datetime) -> list[int]:
        """The ids of the teachers' classes created before `moment` (the ones a purge
        deletes; practice tables have their own, shorter, time)."""
        query = select(ClassPeriod.id).where(ClassPeriod.created_at < moment, _TEACHERS_OWN)
        return list(self._conn.execute(query.order_by(ClassPeriod.id)).scalars())

    def practice_before(self, moment: datetime) -> list[int]:
        """The ids of the practice tables created before `moment`."""
        query = select(ClassPeriod.id).where(
            ClassPeriod.created_at < moment, ClassPeriod.practice_of.is_not(None)
        )
        return list(self._conn.execute(query.order_by(ClassPeriod.id)).scalars())

    def by_practice_token(self, token: str) -> ClassRow | None:
        """The teacher's class whose practice link has this token."""
        query = _CLASS.where(ClassPeriod.practice_token == token, _TEACHERS_OWN).limit(1)
        row = self._conn.execute(query).first()
        return ClassRow(*tuple(row)) if row else None

    def practice_count(self, class_id: int) -> int:
        """How many practice tables the class's practice links have made, still kept."""
        query = select(func.count()).where(ClassPeriod.practice_of == class_id)
        return int(self._conn.execute(query).scalar() or 0)

    def delete(self, class_ids: Sequence[int]) -> None:
        """Delete classes and their practice tables; the database's cascades take their
        groups, seats, rounds, logs."""
        if class_ids:
            doomed = ClassPeriod.id.in_(class_ids) | ClassPeriod.practice_of.in_(class_ids)
            self._conn.execute(delete(ClassPeriod).where(doomed))


def _group_values(class_id: int, position: int, group: NewGroup) -> dict[str, Any]:
    return {
        "class_id": class_id,
        "position": position,
        "name": group.name,
        "rule_text": group.rule_text,
        "rule_id": group.rule_id,
        "dealer_mode": group.dealer_mode,
        "mode": group.mode,
    }


class SqlGroups(ConnectionRepository):
    """Groups (tables) of a class."""

    def lock(self, group_id: int) -> None:
        """Hold the group's write lock until the unit of work ends (see `locking`)."""
        lock_group(self._conn, group_id)

    def get(self, group_id: int) -> GroupRow | None:
        """A group with what the views need of its class."""
        return rows.group_row(self._conn, group_id)

    def with_latest_round(self, group_id: int) -> tuple[GroupRow, RoundRow | None] | None:
        """A group and its newest round (None before the first), in one query."""
        return rows.group_and_round(self._conn, group_id)

    def of_class(self, class_id: int) -> list[GroupRow]:
        """The groups of a class in their order on the page."""
        return rows.group_rows_of_class(self._conn, class_id)

    def positions(self, group_ids: Sequence[int]) -> dict[int, tuple[int, int]]:
        """Each group's newest round number and seq, for the groups that have played."""
        return rows.round_positions(self._conn, group_ids)

    def predicting(self, group_ids: Sequence[int]) -> list[int]:
        """Those of the groups whose class has everyone predict."""
        return rows.predicting_group_ids(self._conn, group_ids)

    def ids_of_classes(self, class_ids: Sequence[int]) -> dict[int, list[int]]:
        """The group ids of each class, in their order on the page."""
        return rows.class_group_ids(self._conn, class_ids)

    def update(self, group_id: int, **columns: Any) -> None:
        """Set some of rule_revealed, paused, dealer_mode, dealing_seat_id, mode."""
        self._update(Group, GROUP_COLUMNS, group_id, columns)


class SqlSeats(ConnectionRepository):
    """Seats of groups and the action ids each has had applied."""

    def get(self, seat_id: int) -> SeatRow | None:
        """A seat with its group's class."""
        return rows.seat_row(self._conn, seat_id)

    def by_token_hash(self, token_hash: str) -> SeatRow | None:
        """The seat holding a token."""
        return rows.seat_by_token_hash(self._conn, token_hash)

    def names(self, group_id: int) -> list[tuple[int, str]]:
        """(seat id, nickname) of a group's seats, in joining order."""
        return rows.seat_names(self._conn, group_id)

    def keys(self, group_id: int) -> list[tuple[int, str]]:
        """(seat id, case-folded nickname) of a group's seats, in joining order."""
        query = select(Seat.id, Seat.nickname_key).where(
            Seat.group_id == group_id, Seat.removed_at.is_(None)
        )
        return [(seat_id, key) for seat_id, key in self._conn.execute(query.order_by(Seat.id))]

    def record_names(self, group_id: int) -> list[tuple[int, str]]:
        """(seat id, nickname) of every seat the group has had, removed ones included, in
        joining order: the names of the record."""
        query = select(Seat.id, Seat.nickname).where(Seat.group_id == group_id)
        return [(seat_id, name) for seat_id, name in self._conn.execute(query.order_by(Seat.id))]

    def add(
        self,
        group_id: int,
        nickname: str,
        nickname_key: str,
        token_hash: str,
        *,
        robot: str | None = None,
    ) -> int:
        """A new seat (a robot's when `robot` names its kind); Clash when the nickname key is
        taken at the table."""
        statement = insert(Seat).values(
            group_id=group_id,
            nickname=nickname,
            nickname_key=nickname_key,
            token_hash=token_hash,
            robot=robot,
        )
        return _new_id(self._write(statement, Clash))

    def seated(self, group_id: int) -> list[tuple[int, str, str | None]]:
        """(seat id, nickname, robot kind or None) of a group's seats, in joining order."""
        return rows.seated(self._conn, group_id)

    def robots(self, group_id: int) -> list[tuple[int, str]]:
        """(seat id, kind) of the group's robot seats, in joining order."""
        query = select(Seat.id, Seat.robot).where(
            Seat.group_id == group_id, Seat.removed_at.is_(None), Seat.robot.is_not(None)
        )
        found = self._conn.execute(query.order_by(Seat.id))
        return [(seat_id, kind) for seat_id, kind in found if kind is not None]

    def robot_groups(self) -> list[int]:
        """The groups of open classes with a robot seated."""
        query = (
            select(Seat.group_id)
            .join(Group, Seat.group_id == Group.id)
            .join(ClassPeriod, Group.class_id == ClassPeriod.id)
            .where(
                Seat.robot.is_not(None), Seat.removed_at.is_(None), ClassPeriod.ended_at.is_(None)
            )
            .distinct()
        )
        return sorted(group_id for (group_id,) in self._conn.execute(query))

    def rename(self, seat_id: int, nickname: str, nickname_key: str) -> None:
        """Another nickname; Clash when the nickname key is taken at the table."""
        statement = update(Seat).where(Seat.id == seat_id)
        self._write(statement.values(nickname=nickname, nickname_key=nickname_key), Clash)

    def delete(self, seat_id: int) -> None:
        """Remove a seat; its journal entries and applied actions go with it."""
        self._conn.execute(delete(Seat).where(Seat.id == seat_id))

    def retire(self, seat_id: int) -> None:
        """Remove a seat from its group, keeping its nickname and journal for the record: it
        gets a token nobody holds and a nickname key no nickname has (the name is free again
        at the table); its applied action ids go."""
        self._conn.execute(delete(AppliedAction).where(AppliedAction.seat_id == seat_id))
        retired = update(Seat).where(Seat.id == seat_id, Seat.removed_at.is_(None))
        self._conn.execute(
            retired.values(
                removed_at=utcnow(),
                token_hash=secrets.token_hex(32),
                nickname_key=f"{RETIRED_KEY}{seat_id}",
            )
        )

    def seated_and_applied(
        self, seat_id: int, group_id: int, action_id: str
    ) -> tuple[bool, int | None]:
        """Whether the seat sits in the group, and the seq its action id reached (None: new)."""
        return rows.seat_action(self._conn, seat_id, group_id, action_id)

    def remember_action(self, seat_id: int, action_id: str, seq: int) -> None:
        """Record an action id as applied; WriteRace if it already was (or the seat is gone)."""
        try:
            rows.insert_applied_action(self._conn, seat_id, action_id, seq)
        except IntegrityError as error:
            # A duplicate key, or a seat removed meanwhile: a second run sees which.
            raise WriteRace(str(error.orig)) from error
