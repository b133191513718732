"""Building the projector view of a class and sending it to the projector room."""

from __future__ import annotations

from typing import Any

from flask import current_app, has_request_context
from socketio import PubSubManager

from classroom.projector import projector_view, with_group
from classroom.services import GroupSnapshot
from classroom.web import presence
from classroom.web.broadcast import classroom
from classroom.web.extensions import socketio

__all__ = [
    "PROJECTOR",
    "anonymous",
    "class_view",
    "push_group",
    "push_group_of",
    "push_projector",
    "room",
]

PROJECTOR = "/projector"


def room(class_id: int) -> str:
    """The room of a class's projector pages."""
    return f"projector:{class_id}"


def anonymous(class_id: int) -> bool:
    """Whether the class's projector shows "Player 1, 2..." instead of nicknames."""
    return classroom().class_snapshot(None, class_id).projector_anonymous


def class_view(class_id: int) -> dict[str, Any]:
    """The projector view of a class now."""
    snapshot = classroom().class_snapshot(None, class_id)
    online = {str(seat_id) for seat_id in presence.online()}
    return projector_view(
        snapshot,
        anonymous=snapshot.projector_anonymous,
        online=online,
        join_url=_join_url(snapshot.join_code),
    )


def push_projector(class_id: int) -> None:
    """Send the fresh projector view to the class's projector pages, if any is open."""
    if not _watched(class_id):
        return
    view = class_view(class_id)
    _last_views()[class_id] = view
    socketio.emit("class", view, to=room(class_id), namespace=PROJECTOR)


def push_group(snapshot: GroupSnapshot) -> None:
    """After one group changed: rebuild only its tile in the last view sent, then send it.

    A play used to rebuild every group of the class; now it costs one tile. Behind a message
    queue another process may have changed other tiles, so there the whole view is rebuilt.
    """
    class_id = snapshot.class_id
    if not _watched(class_id):
        return
    last = _last_views().get(class_id)
    if last is None or isinstance(socketio.server.manager, PubSubManager):
        push_projector(class_id)
        return
    online = {str(seat_id) for seat_id in presence.online()}
    view = with_group(last, snapshot, online=online)
    _last_views()[class_id] = view
    socketio.emit("class", view, to=room(class_id), namespace=PROJECTOR)


def push_group_of(group_id: int) -> None:
    """`push_group` for a group known only by id (a tablet went away)."""
    class_id = classroom().class_of_group(group_id)
    if class_id is not None and _watched(class_id):
        push_group(classroom().group_snapshot(group_id))


def _last_views() -> dict[int, dict[str, Any]]:
    """The last view sent per class, kept per app (tests run several apps in one process)."""
    views: dict[int, dict[str, Any]] = current_app.extensions.setdefault("projector_views", {})
    return views


def _watched(class_id: int) -> bool:
    """Whether a projector page listens; behind a message queue another process may hold it."""
    manager = socketio.server.manager
    if isinstance(manager, PubSubManager):
        return True
    return any(True for _ in manager.get_participants(PROJECTOR, room(class_id)))


def _join_url(code: str) -> str:
    """The students' address; outside a request (a push from a script) it may lack the host."""
    from classroom.web.teacher.display import join_url

    if has_request_context():
        return join_url(code)
    path = current_app.url_map.bind("localhost").build("student.join", {"code": code})
    return (current_app.config.get("PUBLIC_URL") or "").rstrip("/") + path
