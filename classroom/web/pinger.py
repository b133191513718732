"""One thread sends every connection's Engine.IO ping, instead of a new thread per ping.

Tablets notice a dead link within seconds only if the server pings them every 2 s (see
`create_app`). In threading mode Engine.IO starts a new thread for every ping it schedules:
after each pong, a thread that sleeps for the ping interval, sends one ping and ends. With
1,000 tablets that is 500 threads started and ended every second, which cost the server more
CPU than the lesson itself (`docs/performance.md`). Here the pings are queued instead, and one
thread sends each when it is due. The pings, their timing and what a missed pong does are
Engine.IO's own: only the thread that waits is shared.

Under gevent a waiting greenlet costs next to nothing, so `install` leaves that mode alone.
"""

from __future__ import annotations

import collections
import logging
import threading
import time
from collections.abc import Callable
from typing import Any

import engineio
from engineio import packet
from engineio.socket import Socket

__all__ = ["SharedPinger", "install"]

log = logging.getLogger(__name__)


class SharedPinger:
    """The pings due on an Engine.IO server's connections, sent by one thread.

    Every ping is due one ping interval after it was scheduled, and the interval is the same
    for every connection, so the queue is in order of due time: a deque, not a heap.
    """

    def __init__(self, interval: float) -> None:
        self.interval = interval
        self._due: collections.deque[tuple[float, Socket]] = collections.deque()
        self._changed = threading.Condition()
        self._thread: threading.Thread | None = None

    def schedule(self, connection: Socket) -> None:
        """Send `connection` a ping one interval from now (unless it has closed by then)."""
        with self._changed:
            self._due.append((time.monotonic() + self.interval, connection))
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._run, name="engineio-pinger", daemon=True
                )
                self._thread.start()
            elif len(self._due) == 1:
                self._changed.notify()

    def pending(self) -> int:
        """How many pings are waiting to be sent."""
        with self._changed:
            return len(self._due)

    def _run(self) -> None:
        while True:
            with self._changed:
                while not self._due or self._due[0][0] > time.monotonic():
                    wait = self._due[0][0] - time.monotonic() if self._due else None
                    self._changed.wait(wait)
                _, connection = self._due.popleft()
            _ping(connection)


def _ping(connection: Socket) -> None:
    """What Engine.IO's own ping task does once its wait is over."""
    if connection.closing or connection.closed:
        return
    connection.last_ping = time.time()
    try:
        connection.send(packet.Packet(packet.PING))
    except Exception:  # a connection closing meanwhile: its reader ends it anyway
        log.debug("no ping for %s: it is closing", connection.sid, exc_info=True)


def install(server: engineio.Server) -> SharedPinger | None:
    """Route `server`'s ping tasks to a shared pinger (threading mode only); the pinger."""
    if server.async_mode != "threading":
        return None
    pinger = SharedPinger(server.ping_interval)
    start: Callable[..., Any] = server.start_background_task

    def start_background_task(target: Callable[..., Any], *args: Any, **kwargs: Any) -> Any:
        owner = getattr(target, "__self__", None)
        if isinstance(owner, Socket) and getattr(target, "__func__", None) is Socket._send_ping:
            pinger.schedule(owner)
            return None  # Engine.IO does not keep its ping tasks
        return start(target, *args, **kwargs)

    server.start_background_task = start_background_task
    return pinger
