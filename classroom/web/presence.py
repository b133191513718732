"""Which seats have a tablet open: a count of /play connections per seat (a seat may have
several tabs).

One process: the counts live in memory (`Presence`). Several processes behind a Redis queue
(`CLASSROOM_REDIS_URL`): each process still counts its own connections in memory, and mirrors
them to Redis (`SharedPresence`) so that every process sees the seats of all:

- one hash per process, ``classroom:presence:<process id>``, seat id -> connections here;
- a sorted set ``classroom:presence:live`` of process ids scored by their last heartbeat.

A heartbeat thread rewrites the process's hash and refreshes both every `HEARTBEAT` seconds;
the hash expires `TTL` seconds after the last one. `online()` is the union of the hashes of the
processes heard from within `TTL`. So a process killed with its tablets still "online" stops
counting after at most `TTL` seconds, and its tablets, reconnected elsewhere, count there.
Presence lights dots on the projector and the class page, and says since when a seat's tablet
is offline (`offline_since`), so that a call or verdict an absent tablet owes can be settled:
each process remembers when a seat's last tablet here went (a seat not seen since the process
started counts from its start). A Redis error is logged and the local counts used.
"""

from __future__ import annotations

import atexit
import logging
import os
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from flask import current_app

if TYPE_CHECKING:
    from redis import Redis

__all__ = [
    "Presence",
    "SharedPresence",
    "admit",
    "connected",
    "disconnected",
    "offline_since",
    "online",
    "tabs",
]

PREFIX = "classroom:presence:"
LIVE = PREFIX + "live"
HEARTBEAT = 5.0
TTL = 15

log = logging.getLogger(__name__)
_creating = threading.Lock()


class Presence:
    """Thread-safe counts of open connections per seat id."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._counts: Counter[int] = Counter()
        self._started = _utcnow()
        # When each seat's last tablet here went away.
        self._left: dict[int, datetime] = {}

    def connected(self, seat_id: int) -> None:
        """One more connection for the seat."""
        with self._lock:
            self._counts[seat_id] += 1
            self._changed(seat_id, self._counts[seat_id])

    def admit(self, seat_id: int, cap: int) -> bool:
        """One more connection for the seat unless it has `cap` already (on any process).

        >>> presence = Presence()
        >>> [presence.admit(3, 2) for _ in range(3)]
        [True, True, False]
        """
        with self._lock:
            if self._counts[seat_id] + self._elsewhere(seat_id) >= cap:
                return False
            self._counts[seat_id] += 1
            self._changed(seat_id, self._counts[seat_id])
            return True

    def tabs(self, seat_id: int) -> int:
        """How many connections the seat has (on any process)."""
        with self._lock:
            return self._counts[seat_id] + self._elsewhere(seat_id)

    def disconnected(self, seat_id: int) -> None:
        """One connection fewer (never below zero)."""
        with self._lock:
            if self._counts[seat_id] <= 1:
                del self._counts[seat_id]
                self._left[seat_id] = _utcnow()
            else:
                self._counts[seat_id] -= 1
            self._changed(seat_id, self._counts.get(seat_id, 0))

    def left_at(self, seat_id: int) -> datetime:
        """When the seat's last tablet here went away (or when counting began, for a seat
        not seen since)."""
        with self._lock:
            return self._left.get(seat_id, self._started)

    def offline_since(self) -> Callable[[int], datetime | None]:
        """Since when each seat's tablet is offline, as of now (None: online).

        >>> presence = Presence()
        >>> presence.connected(3); presence.connected(4); presence.disconnected(4)
        >>> since = presence.offline_since()
        >>> since(3) is None, since(4) is not None, since(5) == presence.left_at(5)
        (True, True, True)
        """
        now_online = self.online()
        return lambda seat_id: None if seat_id in now_online else self.left_at(seat_id)

    def local(self) -> set[int]:
        """The seat ids with a connection to this process."""
        with self._lock:
            return set(self._counts)

    def online(self) -> set[int]:
        """The seat ids with at least one connection.

        >>> presence = Presence()
        >>> presence.connected(3); presence.connected(3); presence.disconnected(3)
        >>> presence.online()
        {3}
        """
        return self.local()

    def _changed(self, seat_id: int, count: int) -> None:
        """Called under the lock after a seat's count changed (a hook for `SharedPresence`)."""

    def _elsewhere(self, seat_id: int) -> int:
        """The seat's connections to other server processes (none when there is one)."""
        return 0


class SharedPresence(Presence):
    """`Presence` mirrored to Redis, so that `online()` covers every server process."""

    def __init__(self, client: Redis, process_id: str | None = None) -> None:
        super().__init__()
        self.client = client
        self.process_id = process_id or f"{os.getpid()}-{uuid.uuid4().hex[:8]}"
        self.key = PREFIX + self.process_id
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._beat, name="presence-heartbeat", daemon=True)
        self._thread.start()
        atexit.register(self.close)

    def _changed(self, seat_id: int, count: int) -> None:
        pipe = self.client.pipeline(transaction=True)
        if count:
            pipe.hset(self.key, str(seat_id), count)
        else:
            pipe.hdel(self.key, str(seat_id))
        self._refresh(pipe)
        self._run(pipe)

    def _refresh(self, pipe: Any) -> None:
        pipe.expire(self.key, TTL)
        pipe.zadd(LIVE, {self.process_id: time.time()})
        pipe.zremrangebyscore(LIVE, "-inf", time.time() - TTL)

    def heartbeat(self) -> None:
        """Rewrite this process's hash (it heals a restarted Redis) and say it is alive."""
        with self._lock:
            counts = {str(seat): count for seat, count in self._counts.items()}
            pipe = self.client.pipeline(transaction=True)
            pipe.delete(self.key)
            if counts:
                pipe.hset(self.key, mapping=counts)  # type: ignore[arg-type]
            self._refresh(pipe)
            self._run(pipe)

    def _elsewhere(self, seat_id: int) -> int:
        try:
            processes: list[Any] = self.client.zrangebyscore(LIVE, time.time() - TTL, "+inf")
            pipe = self.client.pipeline(transaction=False)
            for process in processes:
                if _text(process) != self.process_id:
                    pipe.hget(PREFIX + _text(process), str(seat_id))
            return sum(int(count) for count in pipe.execute() if count)
        except Exception as error:  # redis.RedisError, without importing redis at load
            log.warning("presence: Redis unavailable (%s); counting this process only", error)
            return 0

    def online(self) -> set[int]:
        """The seat ids with a connection to any live process."""
        try:
            processes: list[Any] = self.client.zrangebyscore(LIVE, time.time() - TTL, "+inf")
            pipe = self.client.pipeline(transaction=False)
            for process in processes:
                pipe.hkeys(PREFIX + _text(process))
            seats = {int(seat) for keys in pipe.execute() for seat in keys}
        except Exception as error:  # redis.RedisError, without importing redis at load
            log.warning("presence: Redis unavailable (%s); showing this process only", error)
            return self.local()
        return seats | self.local()

    def close(self) -> None:
        """Stop the heartbeat and forget this process's connections (a clean shutdown)."""
        if self._stop.is_set():
            return
        self._stop.set()
        atexit.unregister(self.close)
        try:
            pipe = self.client.pipeline(transaction=True)
            pipe.delete(self.key)
            pipe.zrem(LIVE, self.process_id)
            pipe.execute()
        except Exception as error:
            log.warning("presence: could not clean up in Redis (%s)", error)

    def _beat(self) -> None:
        while not self._stop.wait(HEARTBEAT):
            self.heartbeat()

    def _run(self, pipe: Any) -> None:
        try:
            pipe.execute()
        except Exception as error:
            log.warning("presence: Redis unavailable (%s)", error)


def _utcnow() -> datetime:
    """Moments as the store keeps them: UTC, without a time zone."""
    return datetime.now(UTC).replace(tzinfo=None)


def _text(value: bytes | str) -> str:
    return value.decode() if isinstance(value, bytes) else value


def _new_presence() -> Presence:
    url = current_app.config.get("REDIS_URL") or os.environ.get("CLASSROOM_REDIS_URL")
    if not url:
        return Presence()
    from redis import Redis

    return SharedPresence(Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2))


def _presence() -> Presence:
    # Per app rather than per module: apps in one process (tests) must not share seat ids.
    presence: Presence | None = current_app.extensions.get("presence")
    if presence is None:
        with _creating:  # one heartbeat thread per app, however many tablets connect at once
            presence = current_app.extensions.get("presence")
            if presence is None:
                presence = current_app.extensions["presence"] = _new_presence()
    return presence


def connected(seat_id: int) -> None:
    """A tablet of this seat connected."""
    _presence().connected(seat_id)


def admit(seat_id: int) -> bool:
    """A tablet of this seat connected, unless the seat has as many open as it may have."""
    return _presence().admit(seat_id, int(current_app.config["MAX_TABS_PER_SEAT"]))


def tabs(seat_id: int) -> int:
    """How many tablets (tabs) of this seat are connected, to any server process."""
    return _presence().tabs(seat_id)


def disconnected(seat_id: int) -> None:
    """A tablet of this seat went away."""
    _presence().disconnected(seat_id)


def online() -> set[int]:
    """The seat ids with a tablet connected to any server process."""
    return _presence().online()


def offline_since() -> Callable[[int], datetime | None]:
    """Since when each seat's tablet is offline, as of now (None: online)."""
    return _presence().offline_since()


def announce(class_id: int) -> None:
    """A tablet of the class came or went: its dot changes on the projector and on the
    teacher's class page."""
    current_app.extensions["notifier"].presence_changed(class_id)
