"""Rate limits: failed logins, and the students' join requests.

Failed-login limits per (address, username) and per username.

A whole school often shares one public address, so the address alone is never the key: one
student guessing at one account does not lock every other teacher out.

`LoginLimiter` counts in this process's memory; `RedisLoginLimiter` keeps the same counts in
Redis, so that every server process behind a load balancer refuses the sixth failure alike
(chosen by `login_limiter` when `CLASSROOM_REDIS_URL` is set). They count failures only and a
right password clears them, which a request-rate limiter does not express.

Join requests (seat claims, join codes tried) are limited by Flask-Limiter (`limiter`), whose
counts live in Redis when a Redis URL is set and in memory otherwise (`init_limits`).
"""

from __future__ import annotations

import logging
import os
import secrets
import threading
import time
from collections import defaultdict, deque
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from flask import Flask, request, session
from flask_limiter import Limiter

if TYPE_CHECKING:
    from redis import Redis

__all__ = [
    "LoginLimiter",
    "RedisLoginLimiter",
    "browser_key",
    "init_limits",
    "limiter",
    "login_limiter",
    "network_key",
]

log = logging.getLogger(__name__)

# The per-username key allows this many times more failures, so a spread-out attack is slowed
# too without one classroom's typos locking the account for everybody.
ANYONE_FACTOR = 4
#: How long a request waits for Redis before counting in this process's memory instead.
REDIS_TIMEOUT_S = 2


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
        # "*" is never an address: it stands for every address at once.
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
            return len(pair) >= self.attempts or len(anyone) >= self.attempts * ANYONE_FACTOR

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


class RedisLoginLimiter(LoginLimiter):
    """The same limits, shared by every process through Redis.

    One sorted set per key holds the failures' times (score) under unique members; a check
    first drops the members older than the window, then counts. Each set expires one window
    after its last failure, so nothing is left behind. The clock is the wall clock (processes
    share it; a monotonic clock is per process). While Redis cannot be reached the failures
    are counted in this process's memory (the plain `LoginLimiter`): a guesser is still
    slowed, and a teacher can still log in.
    """

    def __init__(
        self,
        client: Redis,
        attempts: int,
        window: float,
        clock: Callable[[], float] = time.time,
        prefix: str = "classroom:login:",
    ) -> None:
        super().__init__(attempts, window, clock)
        self.client = client
        self.prefix = prefix

    def _redis_keys(self, address: str, username: str) -> list[str]:
        # An address never holds "|", so "address|name" cannot be mistaken for another pair.
        return [f"{self.prefix}{where}|{name}" for where, name in self._keys(address, username)]

    def blocked(self, address: str, username: str) -> bool:
        """True while this address (or everybody) failed too often, on any process."""
        now = self.clock()
        pipe = self.client.pipeline(transaction=True)
        for key in self._redis_keys(address, username):
            pipe.zremrangebyscore(key, "-inf", now - self.window)
            pipe.zcard(key)
        try:
            results: list[Any] = pipe.execute()
        except Exception as error:  # redis.RedisError, without importing redis at load
            log.warning("login limits: Redis unavailable (%s); counting in this process", error)
            return super().blocked(address, username)
        pair, anyone = int(results[1]), int(results[3])
        shared = pair >= self.attempts or anyone >= self.attempts * ANYONE_FACTOR
        return shared or super().blocked(address, username)

    def failed(self, address: str, username: str) -> None:
        """Record one failed attempt, seen at once by every process."""
        now = self.clock()
        member = f"{now:.6f}:{secrets.token_hex(4)}"
        pipe = self.client.pipeline(transaction=True)
        for key in self._redis_keys(address, username):
            pipe.zadd(key, {member: now})
            pipe.expire(key, max(1, int(self.window) + 1))
        try:
            pipe.execute()
        except Exception as error:
            log.warning("login limits: Redis unavailable (%s); counting in this process", error)
            super().failed(address, username)

    def succeeded(self, address: str, username: str) -> None:
        """A right password clears this address's failures for the username."""
        super().succeeded(address, username)
        try:
            self.client.delete(self._redis_keys(address, username)[0])
        except Exception as error:
            log.warning("login limits: Redis unavailable (%s)", error)


def login_limiter(config: Mapping[str, Any]) -> LoginLimiter:
    """The limiter for an app's settings: shared through Redis when a Redis URL is set
    (`REDIS_URL` in the settings, else `CLASSROOM_REDIS_URL`), in memory otherwise."""
    attempts, window = config["LOGIN_ATTEMPTS"], config["LOGIN_WINDOW_SECONDS"]
    url = config.get("REDIS_URL") or os.environ.get("CLASSROOM_REDIS_URL")
    if not url:
        return LoginLimiter(attempts, window)
    from redis import Redis

    client = Redis.from_url(url, socket_timeout=2, socket_connect_timeout=2)
    return RedisLoginLimiter(client, attempts, window)


def network_key() -> str:
    """The address a request came from (the forwarded one behind a trusted proxy)."""
    return request.remote_addr or "?"


def browser_key() -> str:
    """One browser at one address: a random id kept in its session cookie.

    A client that drops its cookies gets a new id each time; the address's own limit still
    holds it.
    """
    browser = session.get("browser")
    if not isinstance(browser, str):
        browser = session["browser"] = secrets.token_hex(8)
    return f"{network_key()}|{browser}"


#: Limits of the students' join requests; each view names its own (see student/routes.py).
limiter = Limiter(key_func=network_key)


def init_limits(app: Flask) -> None:
    """Bind the request limiter to the app: Redis when a Redis URL is set, memory otherwise."""
    url = app.config.get("REDIS_URL") or os.environ.get("CLASSROOM_REDIS_URL")
    if url and url.startswith("unix://"):
        url = "redis+" + url  # the same socket, in the limits library's words
    # Set on every app (not left to defaults): the one limiter object serves each app in turn.
    app.config["RATELIMIT_STORAGE_URI"] = url or "memory://"
    app.config.setdefault("RATELIMIT_ENABLED", True)
    app.config.setdefault("RATELIMIT_HEADERS_ENABLED", False)
    # A sliding window: a burst split across a fixed window's edge would pass twice the limit.
    app.config["RATELIMIT_STRATEGY"] = "moving-window"
    # While Redis is down (restarting, say) each process counts in its own memory and checks
    # Redis again now and then: the limits still hold per process, and a student joining
    # meets no server error.
    app.config["RATELIMIT_IN_MEMORY_FALLBACK_ENABLED"] = True
    app.config["RATELIMIT_SWALLOW_ERRORS"] = True
    app.config["RATELIMIT_STORAGE_OPTIONS"] = {
        "socket_timeout": REDIS_TIMEOUT_S,
        "socket_connect_timeout": REDIS_TIMEOUT_S,
    }
    limiter.init_app(app)
