"""Engine.IO's pings, sent by one shared thread instead of a new thread per ping."""

from __future__ import annotations

import threading
import time

import engineio
from engineio import packet
from engineio.socket import Socket

from classroom.web import pinger

INTERVAL = 0.05


def _server() -> tuple[engineio.Server, pinger.SharedPinger]:
    server = engineio.Server(async_mode="threading", ping_interval=INTERVAL)
    shared = pinger.install(server)
    assert shared is not None
    return server, shared


def _sent(connection: Socket) -> list[int]:
    kinds = []
    while not connection.queue.empty():
        kinds.append(connection.queue.get_nowait().packet_type)
    return kinds


def _wait_for(condition, seconds: float = 2.0) -> None:
    """Poll until `condition()` holds: the pings land on Engine.IO's own queues, which signal
    nothing a test could wait on, so a short poll is the way to see them arrive."""
    deadline = time.monotonic() + seconds
    while not condition():
        assert time.monotonic() < deadline, "timed out"
        time.sleep(INTERVAL / 5)


def test_every_connection_is_pinged_one_interval_after_its_pong_without_a_thread_each() -> None:
    server, shared = _server()
    connections = [Socket(server, f"sid-{n}") for n in range(50)]
    for connection in connections:
        connection.schedule_ping()  # what Engine.IO does after the handshake and every pong
    threads_while_waiting = threading.active_count()
    started = time.monotonic()
    _wait_for(lambda: all(not c.queue.empty() for c in connections))
    assert time.monotonic() - started >= INTERVAL * 0.9
    assert all(_sent(c) == [packet.PING] for c in connections)
    assert all(c.last_ping is not None for c in connections)  # the pong is now awaited
    # 50 pings waited in one shared thread, not in 50 of their own.
    assert threads_while_waiting < 50
    assert shared.pending() == 0


def test_a_connection_closed_before_its_ping_is_due_is_not_pinged() -> None:
    server, _shared = _server()
    gone, alive = Socket(server, "gone"), Socket(server, "alive")
    gone.schedule_ping()
    alive.schedule_ping()
    gone.closed = True
    _wait_for(lambda: not alive.queue.empty())
    assert _sent(alive) == [packet.PING]
    assert _sent(gone) == []


def test_other_background_tasks_still_get_their_own_thread() -> None:
    server, _shared = _server()
    ran = threading.Event()
    task = server.start_background_task(ran.set)
    task.join(1)
    assert ran.is_set()


def test_other_async_modes_keep_engineios_own_ping_tasks() -> None:
    server = engineio.Server(async_mode="threading")
    server.async_mode = "gevent"  # as a server under gevent says of itself
    own = server.start_background_task
    assert pinger.install(server) is None
    assert server.start_background_task == own
