"""The Redis-backed login limiter and presence against a real redis-server, in this process."""

from __future__ import annotations

import uuid

from redis import Redis as RedisClient

from classroom.web import presence
from classroom.web.ratelimit import LoginLimiter, RedisLoginLimiter, login_limiter
from tests.scaleout.services import Redis


class Clock:
    """A settable wall clock."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def test_limiter_is_shared_and_slides(redis_server: Redis) -> None:
    clock, prefix = Clock(), f"test:{uuid.uuid4().hex}:"
    one, other = (
        RedisLoginLimiter(RedisClient.from_url(redis_server.url), 3, 60, clock, prefix)
        for _ in range(2)
    )
    for _ in range(3):
        assert not one.blocked("10.0.0.1", "Frizzle")
        one.failed("10.0.0.1", "Frizzle")
    assert other.blocked("10.0.0.1", " frizzle ")  # the same key, seen by another process
    assert not other.blocked("10.0.0.2", "frizzle")  # another address is not blocked
    clock.now += 61
    assert not other.blocked("10.0.0.1", "frizzle")  # the window slid past the failures


def test_limiter_per_username_and_success(redis_server: Redis) -> None:
    clock, prefix = Clock(), f"test:{uuid.uuid4().hex}:"
    limiter = RedisLoginLimiter(RedisClient.from_url(redis_server.url), 2, 60, clock, prefix)
    for n in range(8):  # 2 x 4 failures from eight addresses: the username itself is blocked
        limiter.failed(f"10.0.0.{n}", "frizzle")
    assert limiter.blocked("10.0.0.99", "frizzle")
    limiter.failed("10.1.0.1", "ms-f")
    limiter.failed("10.1.0.1", "ms-f")
    assert limiter.blocked("10.1.0.1", "ms-f")
    limiter.succeeded("10.1.0.1", "ms-f")
    assert not limiter.blocked("10.1.0.1", "ms-f")


def test_limiter_choice(redis_server: Redis, monkeypatch) -> None:
    monkeypatch.delenv("CLASSROOM_REDIS_URL", raising=False)
    config = {"LOGIN_ATTEMPTS": 5, "LOGIN_WINDOW_SECONDS": 300}
    assert type(login_limiter(config)) is LoginLimiter
    assert isinstance(login_limiter({**config, "REDIS_URL": redis_server.url}), RedisLoginLimiter)


def test_presence_is_the_union_of_live_processes(redis_server: Redis) -> None:
    client = RedisClient.from_url(redis_server.url)
    a = presence.SharedPresence(client, f"test-a-{uuid.uuid4().hex}")
    b = presence.SharedPresence(client, f"test-b-{uuid.uuid4().hex}")
    try:
        a.connected(101)
        a.connected(101)
        b.connected(202)
        assert {101, 202} <= b.online()
        a.disconnected(101)
        assert 101 in b.online()  # one tab of the seat is still open on A
        a.disconnected(101)
        assert 101 not in b.online()
        b.heartbeat()
        assert 202 in a.online()
    finally:
        a.close()
        b.close()
    later = presence.SharedPresence(client)
    try:
        assert not {101, 202} & later.online()  # a clean shutdown leaves nothing behind
    finally:
        later.close()


def test_presence_of_a_dead_process_expires(redis_server: Redis) -> None:
    client = RedisClient.from_url(redis_server.url)
    dead = f"test-dead-{uuid.uuid4().hex}"
    client.hset(presence.PREFIX + dead, "303", 1)
    client.zadd(presence.LIVE, {dead: 0})  # last heard from long ago
    watcher = presence.SharedPresence(client)
    try:
        assert 303 not in watcher.online()
    finally:
        watcher.close()
