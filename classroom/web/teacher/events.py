"""The /teach namespace: live updates for the teacher's pages (actions go through forms)."""

from __future__ import annotations

from typing import Any

from flask_socketio import join_room

from classroom.projections.group_views import teacher_group_view
from classroom.usecases import ServiceError
from classroom.web.auth import current_teacher_id
from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.rooms import TEACH


@socketio.on("connect", namespace=TEACH)
def on_connect(auth: Any = None) -> None:
    """Only a logged-in teacher may listen."""
    if current_teacher_id() is None:
        raise ConnectionRefusedError("log in first")


@socketio.on("watch", namespace=TEACH)
def on_watch(payload: Any = None) -> dict[str, Any]:
    """Follow one of your classes: its groups arrive now and after every change."""
    class_id = payload.get("class_id") if isinstance(payload, dict) else None
    teacher_id = current_teacher_id()
    if not isinstance(class_id, int) or teacher_id is None:
        return {"ok": False, "error": "bad request"}
    try:
        snapshot = use_cases().reading.class_snapshot(teacher_id, class_id)
    except ServiceError as error:
        return {"ok": False, "error": str(error)}
    join_room(f"teachers:{class_id}")
    return {"ok": True, "groups": [teacher_group_view(g) for g in snapshot.groups]}
