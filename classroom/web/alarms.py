"""Alarms as Socket.IO background tasks: the use cases' `Alarms` port (prediction windows ring
one when the class's window ends). One `BackgroundAlarms` per app, made by `create_app`.

Each alarm sleeps on an event of the server's own kind (a thread's or a greenlet's), so it can
be rung early: a window everyone answered holds no task, nor a test's teardown, for its whole
length. A ring runs in the app's context; one that fails is logged, never lost silently (the
next action on the group closes an overdue window anyway).
"""

from __future__ import annotations

import logging
import threading
from collections.abc import Callable
from typing import Any

from flask import Flask

from classroom.web.extensions import socketio

__all__ = ["BackgroundAlarms"]

log = logging.getLogger(__name__)

Key = tuple[int, int]


class BackgroundAlarms:
    """Alarms that ring a callback after some seconds, each in its own background task."""

    def __init__(self, app: Flask) -> None:
        self._app = app
        self._guard = threading.Lock()
        self._asleep: dict[Key, Any] = {}
        self._running = 0

    def set(self, key: Key, seconds: float, ring: Callable[[], None]) -> None:
        """Ring `ring` in `seconds` (or when rung early)."""
        alarm = socketio.server.eio.create_event()
        with self._guard:
            self._asleep[key] = alarm
            self._running += 1
        socketio.start_background_task(self._sleep, key, alarm, seconds, ring)

    def ring_early(self, key: Key) -> None:
        """Wake the alarm now: it rings at once."""
        with self._guard:
            alarm = self._asleep.pop(key, None)
        if alarm is not None:
            alarm.set()

    def asleep(self) -> list[Key]:
        """The alarms still asleep."""
        with self._guard:
            return list(self._asleep)

    def running(self) -> int:
        """How many alarms' tasks have not finished (tests wait for none before the next app)."""
        with self._guard:
            return self._running

    def _sleep(self, key: Key, alarm: Any, seconds: float, ring: Callable[[], None]) -> None:
        try:
            alarm.wait(seconds)
            with self._app.app_context():
                ring()
        except Exception:  # an alarm must not die silently
            log.exception("the alarm %s failed", key)
        finally:
            with self._guard:
                if self._asleep.get(key) is alarm:
                    del self._asleep[key]
                self._running -= 1
