"""After every change: each seat gets its own projection, the group the public events,
the teacher's pages the teacher view. Rooms: seat:<id>, group:<id>, teachers:<class id>."""

from __future__ import annotations

from flask import current_app

from classroom.services import Change, Classroom
from classroom.views import public_event, student_view, teacher_group_view
from classroom.web.extensions import socketio

PLAY = "/play"
TEACH = "/teach"


def classroom() -> Classroom:
    """The service facade of the running app."""
    service: Classroom = current_app.extensions["classroom"]
    return service


def announce(change: Change) -> None:
    """Push a change to every tablet of the group and to the teacher's pages."""
    if change.duplicate:
        return
    announce_group(change.group_id, events=[public_event(e) for e in change.events])


def announce_group(group_id: int, *, events: list[dict[str, object]] | None = None) -> None:
    """Send fresh projections of one group to everyone allowed to see it."""
    snapshot = classroom().group_snapshot(group_id)
    for seat in snapshot.seats:
        socketio.emit(
            "state", student_view(snapshot, seat.key), to=f"seat:{seat.id}", namespace=PLAY
        )
    if events:
        socketio.emit("events", events, to=f"group:{group_id}", namespace=PLAY)
    socketio.emit(
        "group", teacher_group_view(snapshot), to=f"teachers:{snapshot.class_id}", namespace=TEACH
    )
