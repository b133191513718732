"""Which seats have a tablet open: a count of /play connections per seat (a seat may have
several tabs). Kept in memory, per app and per process: with several server processes behind a
Redis queue each would see only its own tablets (sharing the counts would need Redis; not done).
"""

from __future__ import annotations

import threading
from collections import Counter

from flask import current_app

__all__ = ["Presence", "connected", "disconnected", "online"]


class Presence:
    """Thread-safe counts of open connections per seat id."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counter[int] = Counter()

    def connected(self, seat_id: int) -> None:
        """One more connection for the seat."""
        with self._lock:
            self._counts[seat_id] += 1

    def disconnected(self, seat_id: int) -> None:
        """One connection fewer (never below zero)."""
        with self._lock:
            if self._counts[seat_id] <= 1:
                del self._counts[seat_id]
            else:
                self._counts[seat_id] -= 1

    def online(self) -> set[int]:
        """The seat ids with at least one connection.

        >>> presence = Presence()
        >>> presence.connected(3); presence.connected(3); presence.disconnected(3)
        >>> presence.online()
        {3}
        """
        with self._lock:
            return set(self._counts)


def _presence() -> Presence:
    # Per app rather than per module: apps in one process (tests) must not share seat ids.
    presence: Presence = current_app.extensions.setdefault("presence", Presence())
    return presence


def connected(seat_id: int) -> None:
    """A tablet of this seat connected."""
    _presence().connected(seat_id)


def disconnected(seat_id: int) -> None:
    """A tablet of this seat went away."""
    _presence().disconnected(seat_id)


def online() -> set[int]:
    """The seat ids with a tablet connected to this process."""
    return _presence().online()
