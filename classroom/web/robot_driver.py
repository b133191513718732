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
import time

from flask import Flask

from classroom.web.context import use_cases
from classroom.web.periodic import PeriodicTask

__all__ = ["RobotDriver"]

log = logging.getLogger(__name__)

#: A table whose robots had nothing to do is asked again after this long, even if its log
#: has not moved (a teacher may have resumed a paused game).
RECHECK_S = 5.0
#: After this many sweeps in a row with no table of robots, the task ends (the next page to
#: connect starts it again).
IDLE_SWEEPS = 120


class RobotDriver(PeriodicTask):
    """The background task that makes the robot moves of one server process."""

    failure = "no robot moves this time"

    def __init__(
        self, app: Flask, *, every: float, pause: tuple[float, float], rng: random.Random
    ) -> None:
        super().__init__(app, every=every, idle_rounds=IDLE_SWEEPS)
        self._pause = pause
        self._rng = rng
        # Per table: the (round, seq) it stood at when last seen, and when its robots move.
        self._due: dict[int, tuple[tuple[int, int], float]] = {}

    def work(self) -> int:
        return self.sweep()

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
