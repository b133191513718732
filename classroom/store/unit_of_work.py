"""The unit of work on SQLAlchemy: one connection, one transaction, every repository on it.

The repositories run Core statements only, so the unit of work holds a `Connection`, not an ORM
`Session`: a Session, made for every unit of work, cost more to build and tear down than the
statements of a play (about a third of a play's transaction, measured in `docs/performance.md`).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import TracebackType
from typing import Self

from sqlalchemy import Connection, Engine
from sqlalchemy.exc import DBAPIError, IntegrityError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from classroom.store.locking import write_error
from classroom.store.repositories import SqlClasses, SqlGroups, SqlSeats, SqlTeachers
from classroom.store.round_logs import SqlJournal, SqlRounds
from classroom.usecases.ports import (
    Classes,
    Groups,
    Journal,
    Rounds,
    Seats,
    StoreUnavailable,
    Teachers,
)

__all__ = ["SqlUnitOfWork", "SqlUnitsOfWork", "sql_unit_of_work_factory"]


class SqlUnitOfWork:
    """One transaction over every repository; a connection taken from the pool on enter and
    given back on exit.

    Nothing is kept unless `commit` is called: leaving the block (normally or by an error)
    rolls back whatever came after the last commit, and forgets the callbacks given to
    `after_commit` since then.
    """

    teachers: Teachers
    classes: Classes
    groups: Groups
    seats: Seats
    rounds: Rounds
    journal: Journal

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self._engine: Engine = sessions.kw["bind"]
        self._connection: Connection | None = None
        self._callbacks: list[Callable[[], None]] = []

    def __enter__(self) -> Self:
        if self._connection is not None:
            raise RuntimeError("this unit of work is open already")
        try:
            connection = self._connection = self._engine.connect()
        except OperationalError as error:  # no connection could be made at all
            raise StoreUnavailable(str(error.orig)) from error
        self.teachers = SqlTeachers(connection)
        self.classes = SqlClasses(connection)
        self.groups = SqlGroups(connection)
        self.seats = SqlSeats(connection)
        self.rounds = SqlRounds(connection)
        self.journal = SqlJournal(connection)
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        connection, self._connection = self._connection, None
        self._callbacks.clear()
        if connection is None:
            return
        try:
            connection.rollback()
        except DBAPIError as failed:
            # A connection the server dropped (restarting) keeps nothing: nothing to undo, and
            # what the block read before the drop stands. Any other failure is a bug.
            if error is None and not failed.connection_invalidated:
                raise
        finally:
            connection.close()
        if isinstance(error, DBAPIError) and error.connection_invalidated:
            # The driver says the connection is gone (SQLAlchemy has dropped it from the pool):
            # the database server restarted, nothing of this transaction was kept.
            raise StoreUnavailable(str(error.orig)) from error

    def commit(self) -> None:
        """Commit the transaction, then run the callbacks given since the last commit.

        A commit refused by the round log's keys raises WriteRace, by a taken name Clash.
        """
        try:
            self._open().commit()
        except IntegrityError as error:
            meaning = write_error(error)
            if meaning is None:
                raise
            raise meaning from error
        callbacks, self._callbacks = self._callbacks, []
        for callback in callbacks:
            callback()

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Run `callback` once the transaction has committed (never if it rolls back)."""
        self._open()
        self._callbacks.append(callback)

    def _open(self) -> Connection:
        if self._connection is None:
            raise RuntimeError("use the unit of work in a `with` block")
        return self._connection


@dataclass(frozen=True)
class SqlUnitsOfWork:
    """What the use cases are given: each call makes a fresh unit of work on `sessions`."""

    sessions: sessionmaker[Session]

    def __call__(self) -> SqlUnitOfWork:
        return SqlUnitOfWork(self.sessions)


def sql_unit_of_work_factory(sessions: sessionmaker[Session]) -> SqlUnitsOfWork:
    """A unit-of-work factory on `sessions` (the engine stays reachable as `.sessions`)."""
    return SqlUnitsOfWork(sessions)
