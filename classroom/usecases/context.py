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
from typing import ParamSpec, TypeVar

from classroom.core.games import express as game
from classroom.core.games import new_eleusis
from classroom.core.games.express import Event, RoundState
from classroom.core.layout import Layout
from classroom.usecases.ports import RoundRow, UnitOfWork, WriteRace

__all__ = ["EXPRESS", "NEW_ELEUSIS", "Context", "GroupLocks", "RoundStates", "retry_once", "utcnow"]

#: The two games a group can play, as the store names them.
EXPRESS = "express"
NEW_ELEUSIS = "new_eleusis"

P = ParamSpec("P")
R = TypeVar("R")


def utcnow() -> datetime:
    """Moments are stored in UTC, without a time zone."""
    return datetime.now(UTC).replace(tzinfo=None)


class RoundStates:
    """The state of each round, cached and caught up from the log before every use, so a
    restarted server (or another process) continues exactly where the log is."""

    def __init__(self) -> None:
        self._states: dict[int, RoundState] = {}
        self._ne_states: dict[int, new_eleusis.RoundState] = {}

    def of(self, uow: UnitOfWork, round_id: int) -> RoundState:
        """The round's state now: the cached one with any events appended since."""
        cached = self._states.get(round_id)
        events = uow.rounds.events(round_id, cached.seq if cached else 0)
        state = game.replay(events) if cached is None else fold(cached, events)
        self._states[round_id] = state
        return state

    def append(
        self,
        uow: UnitOfWork,
        round_id: int,
        events: Sequence[Event],
        before: RoundState | None = None,
    ) -> RoundState:
        """Append events to the round's log; returns the state they lead to.

        The cache takes the new state only once the log is committed: a rolled-back
        transaction leaves nothing behind.
        """
        uow.rounds.append(round_id, events)
        self._states.pop(round_id, None)
        after = game.replay(events) if before is None else fold(before, events)
        uow.after_commit(lambda: self._states.__setitem__(round_id, after))
        return after

    def ne_of(self, uow: UnitOfWork, round_id: int) -> new_eleusis.RoundState:
        """A New Eleusis round's state now, like `of`."""
        cached = self._ne_states.get(round_id)
        events = uow.rounds.ne_events(round_id, cached.seq if cached else 0)
        if cached is None:
            state = new_eleusis.replay(events)
        else:
            state = functools.reduce(new_eleusis.apply, events, cached)
        self._ne_states[round_id] = state
        return state

    def ne_append(
        self,
        uow: UnitOfWork,
        round_id: int,
        events: Sequence[new_eleusis.Event],
        before: new_eleusis.RoundState | None = None,
    ) -> new_eleusis.RoundState:
        """Append a New Eleusis round's events to its log, like `append`."""
        uow.rounds.append(round_id, events)
        self._ne_states.pop(round_id, None)
        if before is None:
            after = new_eleusis.replay(events)
        else:
            after = functools.reduce(new_eleusis.apply, events, before)
        uow.after_commit(lambda: self._ne_states.__setitem__(round_id, after))
        return after

    def either(self, uow: UnitOfWork, round_row: RoundRow) -> RoundState | new_eleusis.RoundState:
        """The round's state in the terms of its own game."""
        if round_row.mode == NEW_ELEUSIS:
            return self.ne_of(uow, round_row.id)
        return self.of(uow, round_row.id)

    def is_over(self, uow: UnitOfWork, round_row: RoundRow) -> bool:
        """Whether a round of either game has ended."""
        return self.either(uow, round_row).is_over

    def seq(self, uow: UnitOfWork, round_row: RoundRow) -> int:
        """The seq of a round's newest event, whichever its game."""
        return self.either(uow, round_row).seq

    def layout(self, uow: UnitOfWork, round_row: RoundRow) -> Layout:
        """The cards on a round's table, whichever its game."""
        return self.either(uow, round_row).layout

    def forget(self) -> None:
        """Drop every cached state (tests use it to prove the log alone is enough)."""
        self._states.clear()
        self._ne_states.clear()


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


@dataclass(frozen=True)
class Context:
    """The parts every use case is built with."""

    uow: Callable[[], UnitOfWork]
    rng: random.Random
    states: RoundStates = field(default_factory=RoundStates)
    locks: GroupLocks = field(default_factory=GroupLocks)


def fold(state: RoundState, events: Sequence[Event]) -> RoundState:
    """The state after `events`."""
    for event in events:
        state = game.apply(state, event)
    return state


def retry_once(use_case: Callable[P, R]) -> Callable[P, R]:
    """Run `use_case` a second time if its commit lost a race on the round log's keys."""

    @functools.wraps(use_case)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return use_case(*args, **kwargs)
        except WriteRace:
            return use_case(*args, **kwargs)

    return run
