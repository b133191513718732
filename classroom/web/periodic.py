"""A background task of one server process that does a round of work every few seconds, and
ends after a run of idle rounds (the next page to connect starts it again).

The beacons and the robots' moves are such tasks: each is started by the first page to
connect, sleeps on Socket.IO's own kind of event (a thread's or a greenlet's, whatever server
runs it), and survives a failing round (the database restarting: the next round tries again).
"""

from __future__ import annotations

import logging
import threading
from typing import Any

from flask import Flask

from classroom.usecases import StoreUnavailable
from classroom.web.extensions import socketio

__all__ = ["PeriodicTask"]

log = logging.getLogger(__name__)


class PeriodicTask:
    """Calls `work` every `every` seconds (never when `every` is 0); `work` answers how much
    it found to do, and after `idle_rounds` rounds in a row with nothing the task asks
    `may_end` (under the guard, so a page connecting meanwhile either finds the task still
    running or starts a new one)."""

    #: Said in the log when a round fails.
    failure = "a background round failed"

    def __init__(self, app: Flask, *, every: float, idle_rounds: int) -> None:
        self._app = app
        self._every = every
        self._idle_rounds = idle_rounds
        self._started = False
        self._guard = threading.Lock()
        # Made with the first start: Socket.IO's server (and its kind of event) comes later.
        self._stop: Any = None

    def work(self) -> int:
        """One round of the task's work; how much there was to do (0: nothing)."""
        raise NotImplementedError

    def may_end(self) -> bool:
        """Whether the task may end after its idle rounds (called under the guard)."""
        return True

    def start(self) -> None:
        """Start the task once (any page connecting starts it); never when `every` is 0."""
        if self._every <= 0:
            return
        with self._guard:
            if self._started:
                return
            self._started = True
            if self._stop is None:
                self._stop = socketio.server.eio.create_event()
        socketio.start_background_task(self._run)

    def stop(self) -> None:
        """End the task (tests end an app's before the next)."""
        if self._stop is not None:
            self._stop.set()

    def _run(self) -> None:
        idle = 0
        while not self._stop.wait(self._every):
            try:
                idle = 0 if self.work() else idle + 1
            except StoreUnavailable as error:  # the database restarting: one line, no trace
                log.warning("%s: the database is unavailable (%s)", self.failure, error)
            except Exception:  # anything else is a bug: its traceback, and the next round
                log.warning(self.failure, exc_info=True)
            if idle >= self._idle_rounds:
                with self._guard:
                    if self.may_end():
                        self._started = False
                        return
                idle = 0
        with self._guard:
            self._started = False
