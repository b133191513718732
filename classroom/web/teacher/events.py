"""The /teach namespace: live updates for the teacher's pages (actions go through forms)."""

from __future__ import annotations

from typing import Any, TypeGuard

from flask import current_app
from flask_babel import gettext as _
from flask_socketio import join_room

from classroom.projections.group_views import teacher_group_view
from classroom.usecases import ServiceError
from classroom.web.auth import current_teacher_id, teacher_room
from classroom.web.config import MAX_ROW_ID
from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.messages import say
from classroom.web.replies import reply
from classroom.web.rooms import TEACH


@socketio.on("connect", namespace=TEACH)
def on_connect(auth: Any = None) -> None:
    """Only a logged-in teacher may listen (a session ended by logout or time may not)."""
    teacher_id = current_teacher_id()
    if teacher_id is None:
        raise ConnectionRefusedError("log in first")
    join_room(teacher_room(teacher_id))


@socketio.on("watch", namespace=TEACH)
def on_watch(payload: Any = None) -> dict[str, Any]:
    """Follow one of your classes: its groups arrive now and after every change."""
    class_id = payload.get("class_id") if isinstance(payload, dict) else None
    teacher_id = current_teacher_id()
    if teacher_id is None:
        return _problem(_("Your session has ended. Log in again."))
    if not _is_row_id(class_id):
        return _problem(_("There is no such class."))
    try:
        snapshot = use_cases().reading.class_snapshot(teacher_id, class_id)
    except ServiceError as error:
        return _problem(say(error))
    join_room(f"teachers:{class_id}")
    current_app.extensions["beacons"].start()
    current_app.extensions["robot_driver"].start()
    return {"ok": True, "groups": [teacher_group_view(g) for g in snapshot.groups]}


def _is_row_id(value: object) -> TypeGuard[int]:
    """Whether `value` can name a row (a bool is not a number here; a huge one names nothing)."""
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value <= MAX_ROW_ID


def _problem(message: str) -> dict[str, Any]:
    """Say what went wrong as an event and in the answer."""
    reply("problem", {"message": message})
    return {"ok": False, "error": message}
