"""The Redis-backed quotas (login and join limits) and presence against a real redis-server,
in this process."""

from __future__ import annotations

import uuid

from redis import Redis as RedisClient

from classroom.web import presence
from classroom.web.quotas import Limit, Quotas, RedisQuotas, Refusal, Ticket
from classroom.web.ratelimit import LoginLimiter, quotas_for
from tests.scaleout.services import Redis


class Clock:
    """A settable wall clock."""

    def __init__(self) -> None:
        self.now = 1_000_000.0

    def __call__(self) -> float:
        return self.now


def shared_quotas(redis_server: Redis, clock: Clock | None = None) -> RedisQuotas:
    """Quotas on their own Redis connection (as another process would have), in a fresh space."""
    client = RedisClient.from_url(redis_server.url)
    return RedisQuotas(client, prefix=f"test:{uuid.uuid4().hex}:", clock=clock)


def test_quotas_are_shared_and_slide(redis_server: Redis) -> None:
    clock = Clock()
    one = shared_quotas(redis_server, clock)
    other = RedisQuotas(RedisClient.from_url(redis_server.url), prefix=one.prefix, clock=clock)
    limit = Limit("seat:browser:x", 3, 60)
    assert all(isinstance(one.take([limit]), Ticket) for _ in range(3))
    refused = other.take([limit])  # the same key, seen by another process
    assert isinstance(refused, Refusal) and refused.limit == limit
    assert isinstance(other.take([Limit("seat:browser:y", 3, 60)]), Ticket)
    clock.now += 61
    assert isinstance(other.take([limit]), Ticket)  # the window slid past the uses


def test_a_quota_counts_in_every_limit_or_in_none(redis_server: Redis) -> None:
    quotas = shared_quotas(redis_server, Clock())
    browser, school = Limit("browser", 2, 60), Limit("school", 3, 60)
    assert isinstance(quotas.take([browser, school]), Ticket)
    assert isinstance(quotas.take([browser, school]), Ticket)
    refused = quotas.take([browser, school])
    assert isinstance(refused, Refusal) and refused.limit == browser
    # The refused use was not counted against the school: one more from elsewhere fits.
    assert isinstance(quotas.take([Limit("another", 2, 60), school]), Ticket)
    assert quotas.used("school", 60) == 3


def test_a_ticket_given_back_frees_its_place_in_every_process(redis_server: Redis) -> None:
    clock = Clock()
    one = shared_quotas(redis_server, clock)
    other = RedisQuotas(RedisClient.from_url(redis_server.url), prefix=one.prefix, clock=clock)
    limit = Limit("code:net:10.0.0.1", 1, 60)
    ticket = one.take([limit])
    assert isinstance(ticket, Ticket) and isinstance(other.take([limit]), Refusal)
    ticket.give_back()
    assert isinstance(other.take([limit]), Ticket)


def test_quotas_count_in_memory_while_redis_cannot_be_reached() -> None:
    gone = RedisClient.from_url("redis://127.0.0.1:9", socket_connect_timeout=0.2)
    quotas = RedisQuotas(gone)
    limit = Limit("seat:class:1", 2, 60)
    assert [type(quotas.take([limit])) for _ in range(3)] == [Ticket, Ticket, Refusal]


def test_login_limits_are_shared_per_address_and_per_username(redis_server: Redis) -> None:
    clock = Clock()
    quotas = shared_quotas(redis_server, clock)
    one = LoginLimiter(quotas, 2, 60)
    other = LoginLimiter(RedisQuotas(quotas.client, prefix=quotas.prefix, clock=clock), 2, 60)
    for n in range(8):  # 2 x 4 failures from eight addresses: the username itself is blocked
        assert one.attempt(f"10.0.0.{n}", "frizzle") is not None
    assert other.attempt("10.0.0.99", " Frizzle ") is None
    assert one.attempt("10.1.0.1", "ms-f") is not None
    last = other.attempt("10.1.0.1", "ms-f")
    assert last is not None and one.attempt("10.1.0.1", "ms-f") is None
    other.succeeded(last, "10.1.0.1", "ms-f")  # a right password clears the address's failures
    assert one.attempt("10.1.0.1", "ms-f") is not None


def test_quotas_choice(redis_server: Redis, monkeypatch) -> None:
    monkeypatch.delenv("CLASSROOM_REDIS_URL", raising=False)
    assert type(quotas_for({})) is Quotas
    assert isinstance(quotas_for({"REDIS_URL": redis_server.url}), RedisQuotas)


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
