"""Failed-login limits per (address, username) and per username.

A whole school often shares one public address, so the address alone is never the key: one
student guessing at one account does not lock every other teacher out.
"""

from __future__ import annotations

import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable

__all__ = ["LoginLimiter"]


class LoginLimiter:
    """Counts failures in a sliding window; `blocked` says when to refuse without checking."""

    def __init__(
        self, attempts: int, window: float, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.attempts = attempts
        self.window = window
        self.clock = clock
        self._failures: dict[tuple[str, str], deque[float]] = defaultdict(deque)
        self._lock = threading.Lock()

    def _keys(self, address: str, username: str) -> list[tuple[str, str]]:
        name = username.strip().casefold()
        # The per-username key allows more, so a spread-out attack is slowed too.
        return [(address, name), ("*", name)]

    def _recent(self, key: tuple[str, str], now: float) -> deque[float]:
        times = self._failures[key]
        while times and times[0] <= now - self.window:
            times.popleft()
        return times

    def blocked(self, address: str, username: str) -> bool:
        """True while this address (or everybody) failed too often for this username."""
        now = self.clock()
        with self._lock:
            pair, anyone = (self._recent(k, now) for k in self._keys(address, username))
            return len(pair) >= self.attempts or len(anyone) >= self.attempts * 4

    def failed(self, address: str, username: str) -> None:
        """Record one failed attempt."""
        now = self.clock()
        with self._lock:
            for key in self._keys(address, username):
                self._recent(key, now).append(now)

    def succeeded(self, address: str, username: str) -> None:
        """A right password clears this address's failures for the username."""
        with self._lock:
            self._failures.pop(self._keys(address, username)[0], None)
