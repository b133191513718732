"""Beacons: every screen learns, every few seconds, where its group's log stands, so a screen
that missed a change knows it is behind and asks for what it missed.

A change is announced once, right after its commit. If that announce was lost (the message
queue was down, a database connection dropped while the views were built, the process that
committed it died), nothing else would ever tell the tablets: each would wait for a play that
already happened. So one background task per server process, every `BEACON_S`, reads in one
query the newest (round, seq) of every group that has a tablet connected to this process, and
sends each group's tablets that position. A tablet behind it resyncs (`resync`, as after a
reconnection). The teachers' class pages and the projector pages of the classes open here hear
every group's position of their class, and redraw what is behind. Beacons go to this process's
own pages only, past the message queue: each process speaks for the pages it holds, and keeps
speaking while the queue is down.
"""

from __future__ import annotations

import logging
import re
from typing import Any

from flask import Flask

from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.periodic import PeriodicTask
from classroom.web.presence import offline_since
from classroom.web.rooms import PLAY, PROJECTOR, TEACH

__all__ = ["BEACON_S", "Beacons", "local_classes", "local_groups"]

log = logging.getLogger(__name__)

#: How often the tablets hear where their group stands (seconds).
BEACON_S = 2.0
#: After this many beacons in a row with no tablet connected here, the task ends (the next
#: tablet to connect starts it again).
IDLE_BEATS = 15

_GROUP_ROOM = re.compile(r"group:(\d+)$")
_TEACHERS_ROOM = re.compile(r"teachers:(\d+)$")
_PROJECTOR_ROOM = re.compile(r"projector:(\d+)$")


def _ids_in_rooms(namespace: str, pattern: re.Pattern[str]) -> list[int]:
    """The ids named by the rooms of `namespace` that someone connected here is in."""
    rooms = socketio.server.manager.rooms.get(namespace, {})
    found = []
    for room, members in list(rooms.items()):
        matched = pattern.match(room) if isinstance(room, str) else None
        if matched and members:
            found.append(int(matched.group(1)))
    return found


def local_groups() -> list[int]:
    """The groups with a tablet connected to this process."""
    return _ids_in_rooms(PLAY, _GROUP_ROOM)


def local_classes() -> tuple[list[int], list[int]]:
    """The classes with a teacher's page, and those with a projector page, open here."""
    return _ids_in_rooms(TEACH, _TEACHERS_ROOM), _ids_in_rooms(PROJECTOR, _PROJECTOR_ROOM)


class Beacons(PeriodicTask):
    """The background task that sends the beacons of one server process."""

    failure = "no beacon this time"

    def __init__(self, app: Flask, every: float = BEACON_S) -> None:
        super().__init__(app, every=every, idle_rounds=IDLE_BEATS)
        # Where each local group stood at the last beacon: a group still there is swept.
        self._last: dict[int, tuple[int, int]] = {}

    def work(self) -> int:
        return self.send_now()

    def may_end(self) -> bool:
        """Only once no tablet, teacher's page or projector is connected here any more."""
        return not (local_groups() or any(local_classes()))

    def send_now(self) -> int:
        """Send every local page where its groups stand; how many rooms heard."""
        groups = local_groups()
        teachers, projectors = local_classes()
        if groups:
            with self._app.app_context():
                positions = use_cases().reading.positions(groups)
                # A prediction window whose alarm was lost closes now (its verdict is
                # announced as any change). Only a group whose log has not moved since the
                # last beacon can be waiting on one, so only those are looked at.
                still = [g for g in groups if g in positions and self._last.get(g) == positions[g]]
                use_cases().predictions.close_all_overdue(still)
                # A prophet's or a student dealer's tablet gone too long: the app goes on
                # without it, so a table never waits for a tablet that is gone.
                use_cases().settling.settle_overdue(still, offline_since())
            self._last = dict(positions)
            for group_id, (round_number, seq) in positions.items():
                beacon: dict[str, Any] = {"round": round_number, "seq": seq}
                self._emit(beacon, f"group:{group_id}", PLAY)
        if teachers or projectors:
            with self._app.app_context():
                classes = use_cases().reading.class_positions(sorted({*teachers, *projectors}))
            for class_id in teachers:
                self._emit(_class_beacon(classes[class_id]), f"teachers:{class_id}", TEACH)
            for class_id in projectors:
                self._emit(_class_beacon(classes[class_id]), f"projector:{class_id}", PROJECTOR)
        return len(groups) + len(teachers) + len(projectors)

    @staticmethod
    def _emit(beacon: dict[str, Any], room: str, namespace: str) -> None:
        socketio.emit("beacon", beacon, to=room, namespace=namespace, ignore_queue=True)


def _class_beacon(groups: dict[int, tuple[int, int]]) -> dict[str, Any]:
    """Where each group of a class stands, as `{"groups": {id: [round, seq]}}`."""
    return {"groups": {str(group_id): list(at) for group_id, at in groups.items()}}
