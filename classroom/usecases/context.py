"""What every use case shares: the unit-of-work factory, the shuffles, the round-state cache
and the per-group locks of this process.

Writes to one group are serialized by a lock per group inside the process, by the store's own
lock on the group across processes (`uow.groups.lock`, taken before anything is read), and
guarded by the store's unique (round, seq) key, a violation of which (`WriteRace`) runs the use
case again, once: the retry reads the log afresh, so it either applies the action on top of the
other writer's events or finds the action already applied.
"""

from __future__ import annotations

import functools
import random
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any, Concatenate, ParamSpec, Protocol, TypeVar

from classroom.core.eventlog import LoggedEvent
from classroom.core.games.registry import find_game
from classroom.core.games.shape import Game
from classroom.core.layout import Layout
from classroom.usecases.computing import Computations
from classroom.usecases.effects import Effects
from classroom.usecases.ports import RoundRow, StoreUnavailable, UnitOfWork, WriteRace

__all__ = ["Context", "GroupLocks", "RoundStates", "retry_once", "use_case", "utcnow"]

P = ParamSpec("P")
R = TypeVar("R")


def utcnow() -> datetime:
    """Moments are stored in UTC, without a time zone."""
    return datetime.now(UTC).replace(tzinfo=None)


#: Rounds whose events are kept in memory for tablets catching up (the oldest read first goes).
KEPT_LOGS = 2048


class RoundStates:
    """The state of each round, cached and caught up from the log before every use, so a
    restarted server (or another process) continues exactly where the log is. Each round is
    folded by its own game.

    The events that reading use cases read are kept too (`log`): the log only grows, so what
    was read once is read again by no one. When a bell rings, each of a group's tablets used
    to read and parse its round's whole log again."""

    def __init__(self) -> None:
        self._states: dict[int, Any] = {}
        self._logs: dict[int, tuple[LoggedEvent, ...]] = {}
        self._logs_lock = threading.Lock()

    def of(self, uow: UnitOfWork, round_row: RoundRow) -> Any:
        """The round's state now, in its game's terms: the cached one with any events appended
        since."""
        game = find_game(round_row.mode)
        cached = self._states.get(round_row.id)
        events = uow.rounds.events(round_row.id, cached.seq if cached else 0)
        state = game.replay(events) if cached is None else fold(game, cached, events)
        self._states[round_row.id] = state
        return state

    def append(
        self,
        uow: UnitOfWork,
        round_row: RoundRow,
        events: Sequence[LoggedEvent],
        before: Any = None,
    ) -> Any:
        """Append events to the round's log; returns the state they lead to.

        The cache takes the new state only once the log is committed: a rolled-back
        transaction leaves nothing behind.
        """
        game = find_game(round_row.mode)
        uow.rounds.append(round_row.id, events)
        self._states.pop(round_row.id, None)
        after = game.replay(events) if before is None else fold(game, before, events)
        uow.after_commit(lambda: self._states.__setitem__(round_row.id, after))
        return after

    def is_over(self, uow: UnitOfWork, round_row: RoundRow) -> bool:
        """Whether the round has ended."""
        over: bool = self.of(uow, round_row).is_over
        return over

    def seq(self, uow: UnitOfWork, round_row: RoundRow) -> int:
        """The seq of the round's newest event."""
        seq: int = self.of(uow, round_row).seq
        return seq

    def layout(self, uow: UnitOfWork, round_row: RoundRow) -> Layout:
        """The cards on the round's table."""
        layout: Layout = self.of(uow, round_row).layout
        return layout

    def log(
        self, uow: UnitOfWork, round_row: RoundRow, up_to: int, after: int
    ) -> tuple[LoggedEvent, ...]:
        """The round's events after seq `after`, up to at least seq `up_to` (the state's, read
        in the same transaction). Only for a unit of work that has written nothing to the
        round: what it reads is kept for everyone."""
        with self._logs_lock:
            kept = self._logs.get(round_row.id, ())
        newest = kept[-1].seq if kept else 0
        if newest < up_to:
            # The log only grows: what is new is what comes after the newest event kept.
            kept = kept + uow.rounds.events(round_row.id, newest)
            with self._logs_lock:
                if len(self._logs.get(round_row.id, ())) < len(kept):
                    self._logs.pop(round_row.id, None)  # the newest read goes last
                    self._logs[round_row.id] = kept
                while len(self._logs) > KEPT_LOGS:
                    del self._logs[next(iter(self._logs))]
        if after <= 0:
            return kept
        return tuple(event for event in kept if event.seq > after)

    def forget(self) -> None:
        """Drop every cached state and log (tests use it to prove the log alone is enough)."""
        self._states.clear()
        with self._logs_lock:
            self._logs.clear()


class GroupLocks:
    """One lock per group: writes to a group wait for each other inside this process."""

    def __init__(self) -> None:
        self._locks: dict[int, threading.Lock] = {}
        self._guard = threading.Lock()

    @contextmanager
    def hold(self, group_id: int) -> Iterator[None]:
        """Hold the group's lock for the block."""
        with self._guard:
            lock = self._locks.setdefault(group_id, threading.Lock())
        with lock:
            yield

    def held(self, group_id: int) -> bool:
        """Whether some writer holds the group's lock now."""
        with self._guard:
            lock = self._locks.get(group_id)
        return lock is not None and lock.locked()


@dataclass(frozen=True)
class Context:
    """The parts every use case is built with."""

    uow: Callable[[], UnitOfWork]
    rng: random.Random
    states: RoundStates = field(default_factory=RoundStates)
    locks: GroupLocks = field(default_factory=GroupLocks)
    effects: Effects = field(default_factory=Effects)
    #: Where long pure computations run (in the caller's thread unless the app gives a pool).
    computing: Computations = field(default_factory=Computations)

    @contextmanager
    def writing(self, group_id: int) -> Iterator[UnitOfWork]:
        """A unit of work that writes to one group: the group's lock in this process, then the
        store's lock on the group across processes, taken before anything is read."""
        with self.locks.hold(group_id), self.uow() as uow:
            uow.groups.lock(group_id)
            yield uow

    def changed(self, uow: UnitOfWork, message: object) -> None:
        """Say what the use case changed: its effects run once `uow` commits (never if it rolls
        back) and the outermost use case has returned."""
        uow.after_commit(lambda: self.effects.committed(message))


def fold(game: Game, state: Any, events: Sequence[LoggedEvent]) -> Any:
    """The state after `events`, folded by `game`."""
    for event in events:
        state = game.apply(state, event)
    return state


class UsesContext(Protocol):
    context: Context


S = TypeVar("S", bound=UsesContext)


def use_case(method: Callable[Concatenate[S, P], R]) -> Callable[Concatenate[S, P], R]:
    """A use case that changes something: run again, once, if its commit lost a race on the
    round log's keys; the effects of what it committed run when it returns, outside every
    lock."""
    method = retry_once(method)

    @functools.wraps(method)
    def run(self: S, *args: P.args, **kwargs: P.kwargs) -> R:
        with self.context.effects.deferred():
            return method(self, *args, **kwargs)

    return run


def retry_once(use_case: Callable[P, R]) -> Callable[P, R]:
    """Run `use_case` a second time if its commit lost a race on the round log's keys, or if
    the database connection dropped (the pool opens a fresh one: a restarted database server
    costs one retry). A second drop is left to the caller: the tablet sends its action again."""

    @functools.wraps(use_case)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return use_case(*args, **kwargs)
        except (WriteRace, StoreUnavailable):
            return use_case(*args, **kwargs)

    return run
