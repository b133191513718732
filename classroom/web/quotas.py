"""Quotas: how many times something may happen in a sliding window, checked and counted in
one step.

A limit that is checked before a request and counted after its answer lets simultaneous
requests all pass (each saw the count before any other was added). Here `take` checks every
limit it is given and, only when all have room, counts one use against each, atomically: under
a lock in this process's memory (`Quotas`), or in one Lua script in Redis (`RedisQuotas`),
which every server process shares. A use that turns out not to count (a right join code, a
seat the use case refused) is given back with `Ticket.give_back`.

While Redis cannot be reached, `RedisQuotas` counts in this process's memory: the limits still
hold per process, and nobody meets a server error because a counter is away.
"""

from __future__ import annotations

import logging
import re
import secrets
import threading
import time
from collections import deque
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from redis import Redis

__all__ = ["Limit", "Quotas", "RedisQuotas", "Refusal", "Ticket", "parse_rate"]

log = logging.getLogger(__name__)

_UNITS = {"second": 1, "minute": 60, "hour": 3600, "day": 86400}
_RATE = re.compile(r"^\s*(\d+)\s*(?:per|/)\s*(\d+\s+)?(second|minute|hour|day)s?\s*$", re.I)


def parse_rate(text: str) -> tuple[int, float]:
    """'20 per minute' (or '20/minute', '3 per 10 seconds'): the count and the window in seconds.

    >>> parse_rate("20 per minute"), parse_rate("3 per 10 seconds"), parse_rate("5/hour")
    ((20, 60.0), (3, 10.0), (5, 3600.0))
    """
    match = _RATE.match(text)
    if match is None:
        raise ValueError(f"not a rate such as '20 per minute': {text!r}")
    count, multiple, unit = match.groups()
    return int(count), float(int(multiple or 1) * _UNITS[unit.lower()])


@dataclass(frozen=True)
class Limit:
    """At most `count` uses of `key` in any `window` seconds."""

    key: str
    count: int
    window: float

    @classmethod
    def rate(cls, key: str, text: str) -> Limit:
        """A limit written as in the settings: `Limit.rate("seat:1.2.3.4", "20 per minute")`."""
        count, window = parse_rate(text)
        return cls(key, count, window)


@dataclass
class Ticket:
    """One use counted against some limits; give it back when it turns out not to count."""

    quotas: Quotas
    keys: tuple[str, ...]
    member: str
    given_back: bool = field(default=False)

    def give_back(self) -> None:
        if not self.given_back:
            self.given_back = True
            self.quotas.give_back(self)


@dataclass(frozen=True)
class Refusal:
    """The limit that had no room left (the first one, in the order they were given)."""

    limit: Limit


class Quotas:
    """Sliding-window quotas in this process's memory, safe across threads."""

    #: How often (in `take` calls) keys with nothing left in their window are forgotten, so a
    #: client inventing a new key on each request cannot grow the table for ever.
    SWEEP_EVERY = 1000

    def __init__(self, clock: Callable[[], float] = time.time) -> None:
        self.clock = clock
        self._uses: dict[str, deque[tuple[float, str]]] = {}
        self._windows: dict[str, float] = {}
        self._lock = threading.Lock()
        self._takes = 0

    def take(self, limits: Sequence[Limit]) -> Ticket | Refusal:
        """Count one use against every limit if all have room; otherwise the first full one."""
        member = secrets.token_hex(8)
        with self._lock:
            return self._take_locked(limits, member)

    def _take_locked(self, limits: Sequence[Limit], member: str) -> Ticket | Refusal:
        now = self.clock()
        self._takes += 1
        if self._takes % self.SWEEP_EVERY == 0:
            self._sweep(now)
        for limit in limits:
            if len(self._recent(limit.key, limit.window, now)) >= limit.count:
                return Refusal(limit)
        for limit in limits:
            self._uses.setdefault(limit.key, deque()).append((now, member))
            self._windows[limit.key] = limit.window
        return Ticket(self, tuple(limit.key for limit in limits), member)

    def _recent(self, key: str, window: float, now: float) -> deque[tuple[float, str]]:
        uses = self._uses.get(key, deque())
        while uses and uses[0][0] <= now - window:
            uses.popleft()
        return uses

    def _sweep(self, now: float) -> None:
        for key in list(self._uses):
            if not self._recent(key, self._windows.get(key, 0.0), now):
                del self._uses[key]
                self._windows.pop(key, None)

    def give_back(self, ticket: Ticket) -> None:
        """Forget the ticket's use (the request it stood for did not count)."""
        with self._lock:
            for key in ticket.keys:
                uses = self._uses.get(key)
                if uses is not None:
                    kept = [use for use in uses if use[1] != ticket.member]
                    self._uses[key] = deque(kept)

    def clear(self, key: str) -> None:
        """Forget every use of `key` (a right password clears the failures before it)."""
        with self._lock:
            self._uses.pop(key, None)

    def used(self, key: str, window: float) -> int:
        """How many uses of `key` lie in the last `window` seconds."""
        with self._lock:
            return len(self._recent(key, window, self.clock()))


#: Checks every limit, then counts in all of them, in one step; answers 0 when counted, or
#: the (1-based) position of the first limit with no room. The time is Redis's own (so server
#: processes whose clocks differ still share one window) unless the caller gives one (tests).
_TAKE = """
local now = tonumber(ARGV[#ARGV])
if now == nil then
  now = redis.call('TIME')
  now = tonumber(now[1]) + tonumber(now[2]) / 1000000
end
for i = 1, #KEYS do
  local window = tonumber(ARGV[2 * i + 1])
  redis.call('ZREMRANGEBYSCORE', KEYS[i], '-inf', now - window)
  if redis.call('ZCARD', KEYS[i]) >= tonumber(ARGV[2 * i]) then return i end
end
for i = 1, #KEYS do
  redis.call('ZADD', KEYS[i], now, ARGV[1])
  redis.call('PEXPIRE', KEYS[i], math.ceil(tonumber(ARGV[2 * i + 1]) * 1000))
end
return 0
"""


class RedisQuotas(Quotas):
    """The same quotas shared by every server process through Redis.

    Each key is a sorted set of uses (member: a random id; score: Redis's time), expiring one
    window after its last use. While Redis cannot be reached, uses are counted in this
    process's memory instead.
    """

    def __init__(
        self,
        client: Redis,
        prefix: str = "classroom:quota:",
        clock: Callable[[], float] | None = None,
    ) -> None:
        super().__init__(clock or time.time)
        self.client = client
        self.shared_clock = clock
        self.prefix = prefix
        self._script: Any = client.register_script(_TAKE)

    def take(self, limits: Sequence[Limit]) -> Ticket | Refusal:
        member = secrets.token_hex(8)
        keys = [self.prefix + limit.key for limit in limits]
        args: list[Any] = [member]
        for limit in limits:
            args += [limit.count, limit.window]
        args.append(self.shared_clock() if self.shared_clock else "")
        try:
            full = int(self._script(keys=keys, args=args))
        except Exception as error:  # redis.RedisError, without importing redis at load
            log.warning("quotas: Redis unavailable (%s); counting in this process", error)
            return super().take(limits)
        if full:
            return Refusal(limits[full - 1])
        return Ticket(self, tuple(limit.key for limit in limits), member)

    def give_back(self, ticket: Ticket) -> None:
        super().give_back(ticket)  # in case it was counted here while Redis was away
        try:
            pipe = self.client.pipeline(transaction=True)
            for key in ticket.keys:
                pipe.zrem(self.prefix + key, ticket.member)
            pipe.execute()
        except Exception as error:
            log.warning("quotas: Redis unavailable (%s)", error)

    def clear(self, key: str) -> None:
        super().clear(key)
        try:
            self.client.delete(self.prefix + key)
        except Exception as error:
            log.warning("quotas: Redis unavailable (%s)", error)

    def used(self, key: str, window: float) -> int:
        try:
            seconds, micros = self.client.time()
            now = self.shared_clock() if self.shared_clock else seconds + micros / 1e6
            shared = int(self.client.zcount(self.prefix + key, f"({now - window}", "+inf"))
        except Exception:
            shared = 0
        return shared + super().used(key, window)
