"""The robots' hands: one background task per server process plays the robot seats' moves at
a human pace.

Every `ROBOT_SWEEP_SECONDS` it reads where each table with a robot stands (one query for the
tables, one for their positions). A table that has stood still for a pause drawn between
`ROBOT_PAUSE_SECONDS` (1.5 to 4 s by default: the time a child takes to choose) gets one
`RobotPlayers.step`, which gives the robot's move through the tablets' own use cases, so it is
logged and announced as any move. Every process sweeps every table: a move is applied only at
the seq it was chosen for, under its own action id, so two processes never apply it twice.
"""

from __future__ import annotations

import logging
import random
import threading
import time
from typing import Any

from flask import Flask

from classroom.web.context import use_cases
from classroom.web.extensions import socketio

__all__ = ["RobotDriver"]

log = logging.getLogger(__name__)

#: A table whose robots had nothing to do is asked again after this long, even if its log
#: has not moved (a teacher may have resumed a paused game).
RECHECK_S = 5.0
#: After this many sweeps in a row with no table of robots, the task ends (the next page to
#: connect starts it again).
IDLE_SWEEPS = 120


class RobotDriver:
    """The background task that makes the robot moves of one server process."""

    def __init__(
        self, app: Flask, *, every: float, pause: tuple[float, float], rng: random.Random
    ) -> None:
        self._app = app
        self._every = every
        self._pause = pause
        self._rng = rng
        self._started = False
        self._guard = threading.Lock()
        # Per table: the (round, seq) it stood at when last seen, and when its robots move.
        self._due: dict[int, tuple[tuple[int, int], float]] = {}
        self._stop: Any = None

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

    def sweep(self) -> int:
        """Make the robot moves that are due now; how many tables have robots."""
        with self._app.app_context():
            robots = use_cases().robots
            groups = robots.groups()
            positions = use_cases().reading.positions(groups) if groups else {}
            now = time.monotonic()
            for group_id, at in positions.items():
                seen = self._due.get(group_id)
                if seen is None or seen[0] != at:
                    seen = (at, now + self._rng.uniform(*self._pause))
                    self._due[group_id] = seen
                if now < seen[1]:
                    continue
                if robots.step(group_id) is None:
                    self._due[group_id] = (at, now + RECHECK_S)
            for group_id in set(self._due) - set(positions):
                del self._due[group_id]
        return len(groups)

    def _run(self) -> None:
        idle = 0
        while not self._stop.wait(self._every):
            try:
                idle = 0 if self.sweep() else idle + 1
            except Exception:  # the database restarting: the next sweep tries again
                log.warning("no robot moves this time", exc_info=True)
            if idle >= IDLE_SWEEPS:
                with self._guard:
                    self._started = False
                return
        with self._guard:
            self._started = False
