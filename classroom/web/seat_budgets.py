"""Budgets of a seat's costly actions: so many checks, journal entries, guesses, resyncs,
forecasts in a window, however many tabs or reconnections the seat uses.

A budget belongs to the seat, not to a connection: a tablet that reconnects, or opens three
tabs, spends from the same one. Each spend is checked and counted in one step, so requests
sent at the same moment cannot all pass. With a Redis URL (`CLASSROOM_REDIS_URL`, as for
presence and the join limits) every server process spends from the same budget, kept in a
sorted set per seat and action and spent by a Lua script (atomic in Redis); while Redis cannot
be reached, each process counts in its own memory, so the budgets still hold per process.

The sizes are far above what a child does by hand: only a script, or a broken page, meets them.
"""

from __future__ import annotations

import hashlib
import logging
import os
import secrets
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from flask import current_app
from flask_babel import gettext as _

from classroom.usecases import Invalid

if TYPE_CHECKING:
    from redis import Redis

__all__ = ["DEFAULT_BUDGETS", "MemoryBudgets", "RedisBudgets", "spend"]

#: Per seat, shared by its tabs: action -> (times, in so many seconds).
DEFAULT_BUDGETS: dict[str, tuple[int, float]] = {
    # Every tap of a choice in the builder asks for a check: a child taps far more slowly.
    "check": (30, 10.0),
    # Journal entries (typed or built): the journal itself wants a few seconds between two.
    "journal": (20, 60.0),
    # Guesses of the rule, typed or built.
    "guess": (10, 60.0),
    # A tablet asks again after a missed change or a reconnection, a few times a minute at most.
    "resync": (60, 60.0),
    # Forecasts (and skipped ones) on the waiting card: one per play.
    "predict": (30, 60.0),
    # The words of a guess for the dealer to judge: one per guess.
    "words": (60, 60.0),
}

PREFIX = "classroom:budget:"
#: Seats remembered in memory before the empty ones are swept out.
SWEEP_AT = 10_000

log = logging.getLogger(__name__)
_creating = threading.Lock()

# One step in Redis: drop the spends older than the window, refuse when the budget is spent,
# else count this one (a unique member at time `now`) and keep the set one window longer.
_SPEND = """
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', tonumber(ARGV[1]) - tonumber(ARGV[2]))
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[3]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[1], ARGV[4])
redis.call('PEXPIRE', KEYS[1], math.ceil(tonumber(ARGV[2]) * 1000))
return 1
"""


class MemoryBudgets:
    """Seat budgets counted in this process (a sliding window per seat and action).

    >>> budgets = MemoryBudgets({"check": (2, 10.0)}, clock=lambda: 0.0)
    >>> [budgets.spend("check", 7) for _ in range(3)], budgets.spend("check", 8)
    ([True, True, False], True)
    """

    def __init__(
        self,
        budgets: Mapping[str, tuple[int, float]],
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.budgets = dict(budgets)
        self.clock = clock
        self._lock = threading.Lock()
        self._spent: dict[tuple[str, int], deque[float]] = defaultdict(deque)

    def spend(self, action: str, seat_id: int) -> bool:
        """Count one `action` of the seat if its budget allows it; False (nothing counted)
        when the budget is spent."""
        times, window = self.budgets[action]
        now = self.clock()
        with self._lock:
            if len(self._spent) >= SWEEP_AT:
                self._sweep(now)
            spent = self._spent[(action, seat_id)]
            while spent and spent[0] <= now - window:
                spent.popleft()
            if len(spent) >= times:
                return False
            spent.append(now)
            return True

    def _sweep(self, now: float) -> None:
        """Forget the seats whose spends have all left their window (under the lock)."""
        for (action, seat_id), spent in list(self._spent.items()):
            if not spent or spent[-1] <= now - self.budgets[action][1]:
                del self._spent[(action, seat_id)]


class RedisBudgets(MemoryBudgets):
    """The same budgets, shared by every server process through Redis (wall-clock times:
    processes share that clock, not a monotonic one)."""

    def __init__(
        self,
        client: Redis,
        budgets: Mapping[str, tuple[int, float]],
        clock: Callable[[], float] = time.time,
        store: str = "",
    ) -> None:
        super().__init__(budgets, clock)
        self.client = client
        # Seat ids are per database: servers of two databases sharing a Redis keep apart.
        self.prefix = f"{PREFIX}{hashlib.sha256(store.encode()).hexdigest()[:12]}:"
        self._script = client.register_script(_SPEND)

    def spend(self, action: str, seat_id: int) -> bool:
        times, window = self.budgets[action]
        now = self.clock()
        member = f"{now:.6f}:{secrets.token_hex(4)}"
        try:
            allowed = self._script(
                keys=[f"{self.prefix}{action}:{seat_id}"], args=[now, window, times, member]
            )
        except Exception as error:  # redis.RedisError, without importing redis at load
            log.warning("seat budgets: Redis unavailable (%s); counting in this process", error)
            return super().spend(action, seat_id)
        return bool(int(allowed))


def _new_budgets() -> MemoryBudgets:
    budgets = {**DEFAULT_BUDGETS, **current_app.config.get("SEAT_BUDGETS", {})}
    url = current_app.config.get("REDIS_URL") or os.environ.get("CLASSROOM_REDIS_URL")
    if not url:
        return MemoryBudgets(budgets)
    from redis import Redis

    client = Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
    return RedisBudgets(client, budgets, store=str(current_app.config["DATABASE_URL"]))


def _budgets() -> MemoryBudgets:
    # Per app, like presence: apps in one process (tests) must not share seat ids.
    budgets: MemoryBudgets | None = current_app.extensions.get("seat_budgets")
    if budgets is None:
        with _creating:
            budgets = current_app.extensions.get("seat_budgets")
            if budgets is None:
                budgets = current_app.extensions["seat_budgets"] = _new_budgets()
    return budgets


def spend(action: str, seat_id: int) -> None:
    """Count one costly `action` of the seat; Invalid, with nothing done, once its budget
    for the moment is spent."""
    if not _budgets().spend(action, seat_id):
        raise Invalid(_("Slow down a little: wait a few seconds, then try again."))
