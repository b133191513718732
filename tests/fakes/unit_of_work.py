"""An in-memory store and its unit of work, for use-case tests without a database.

A unit of work reads a snapshot of the store taken when its `with` block begins (and again
when it locks a group, as the real store reads afresh after its lock), plus its own writes.
Each write is checked at once against that view (so a taken nickname raises Clash where the
use case writes it) and kept; `commit` replays the writes, under the store's lock, on whatever
other units of work committed meanwhile, so the same unique keys can refuse them there (a
second writer of the same event seq gets WriteRace from its commit, as with the real
database). Leaving the block without commit drops them.

A refused write (Clash, WriteRace, SchemaViolation) spoils the transaction, as it does on
PostgreSQL: anything but leaving the block then raises RuntimeError, so a use case that would
carry on after one fails here too, not only in production.
"""

from __future__ import annotations

import itertools
import threading
from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, datetime
from types import TracebackType
from typing import Self

from classroom.usecases.ports import (
    Clash,
    Classes,
    Groups,
    Journal,
    Rounds,
    Seats,
    Teachers,
    WriteRace,
)
from tests.fakes.people import FakeClasses, FakeGroups, FakeSeats, FakeTeachers
from tests.fakes.rounds import FakeJournal, FakeRounds
from tests.fakes.tables import SchemaViolation, Tables, Write

__all__ = ["FakeStore", "FakeUnitOfWork", "utc_now"]

REFUSALS = (Clash, WriteRace, SchemaViolation)


def utc_now() -> datetime:
    """Naive UTC, as the real store keeps its timestamps."""
    return datetime.now(UTC).replace(tzinfo=None)


class FakeStore:
    """The committed data, shared by every unit of work made over it."""

    def __init__(self, *, clock: Callable[[], datetime] = utc_now) -> None:
        self.clock = clock
        #: How many commits succeeded (a read-only use case should add none).
        self.commits = 0
        self._tables = Tables()
        self._lock = threading.Lock()
        self._ids: dict[str, Iterator[int]] = {}

    def snapshot(self) -> Tables:
        """A private copy of the committed tables."""
        with self._lock:
            return self._tables.copy()

    def new_id(self, table: str) -> int:
        """The next id of a table; an id is never handed out twice, even if rolled back."""
        with self._lock:
            return next(self._ids.setdefault(table, itertools.count(1)))

    def apply(self, writes: Sequence[Write]) -> None:
        """Replay writes on the committed tables: all of them, or (on an error) none."""
        with self._lock:
            tables = self._tables.copy()
            _replay(writes, tables)
            self._tables = tables
            self.commits += 1


class FakeUnitOfWork:
    """One transaction over the fake store; satisfies ports.UnitOfWork."""

    def __init__(self, store: FakeStore) -> None:
        self.store = store
        self._staged: Tables | None = None
        self._refused: Exception | None = None
        self._writes: list[Write] = []
        self._callbacks: list[Callable[[], None]] = []
        self.teachers: Teachers = FakeTeachers(self)
        self.classes: Classes = FakeClasses(self)
        self.groups: Groups = FakeGroups(self)
        self.seats: Seats = FakeSeats(self)
        self.rounds: Rounds = FakeRounds(self)
        self.journal: Journal = FakeJournal(self)

    def __enter__(self) -> Self:
        if self._staged is not None:
            raise RuntimeError("This unit of work is already in a with block.")
        self._begin()
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self._staged, self._refused = None, None
        self._writes, self._callbacks = [], []

    def commit(self) -> None:
        """Make the writes visible to every later unit of work, then run the callbacks."""
        self._open()
        self._refusable(lambda: self.store.apply(self._writes))
        callbacks = self._callbacks
        self._begin()
        for callback in callbacks:
            callback()

    def after_commit(self, callback: Callable[[], None]) -> None:
        """Run `callback` once the next commit has succeeded (never if there is none)."""
        self._open()
        self._callbacks.append(callback)

    # --- what the fake repositories use (tests.fakes.tables.Transaction) --------------------
    @property
    def tables(self) -> Tables:
        """The committed tables as of the block's start (or the last lock), with this
        transaction's writes."""
        return self._open()

    def write(self, change: Write) -> None:
        """Apply a write to the staged tables now, and keep it for the commit."""
        tables = self.tables
        self._refusable(lambda: change(tables))
        self._writes.append(change)

    def new_id(self, table: str) -> int:
        """The next id of a table."""
        return self.store.new_id(table)

    def refresh(self) -> None:
        """See what others committed since the block began, this transaction's writes on top."""
        self._open()
        tables = self.store.snapshot()
        self._refusable(lambda: _replay(self._writes, tables))
        self._staged = tables

    def now(self) -> datetime:
        """The store's clock."""
        return self.store.clock()

    def _open(self) -> Tables:
        if self._staged is None:
            raise RuntimeError("Use a unit of work inside its with block.")
        if self._refused is not None:
            raise RuntimeError(f"This transaction ended with {self._refused!r}; leave the block.")
        return self._staged

    def _refusable(self, attempt: Callable[[], None]) -> None:
        try:
            attempt()
        except REFUSALS as refusal:
            self._refused = refusal
            raise

    def _begin(self) -> None:
        self._staged = self.store.snapshot()
        self._writes, self._callbacks = [], []


def _replay(writes: Sequence[Write], tables: Tables) -> None:
    for write in writes:
        write(tables)
