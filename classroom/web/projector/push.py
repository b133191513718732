"""Building the projector view of a class and sending it to the projector room."""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from flask import Flask, current_app, has_request_context
from socketio import PubSubManager

from classroom.projections.projector_view import projector_view, with_group, with_presence
from classroom.usecases import GroupSnapshot, ServiceError
from classroom.web import presence
from classroom.web.broadcast import classroom, listening
from classroom.web.extensions import socketio

__all__ = [
    "PROJECTOR",
    "anonymous",
    "class_view",
    "presence_changed",
    "push_group",
    "push_projector",
    "room",
]

PROJECTOR = "/projector"
#: How long tablets' comings and goings are gathered before the projector's dots are redrawn.
PRESENCE_REDRAW_S = 0.25


def room(class_id: int) -> str:
    """The room of a class's projector pages."""
    return f"projector:{class_id}"


def anonymous(class_id: int) -> bool:
    """Whether the class's projector shows "Player 1, 2..." instead of nicknames."""
    return classroom().class_snapshot(None, class_id).projector_anonymous


def class_view(class_id: int) -> dict[str, Any]:
    """The projector view of a class now."""
    snapshot = classroom().class_snapshot(None, class_id)
    return projector_view(
        snapshot,
        anonymous=snapshot.projector_anonymous,
        online=_online(),
        join_url=_join_url(snapshot.join_code),
    )


def push_projector(class_id: int) -> None:
    """Send the fresh projector view to the class's projector pages, if any is open."""
    if _watched(class_id):
        _redraw(class_id, None)


def push_group(snapshot: GroupSnapshot) -> None:
    """After one group changed: rebuild only its tile in the last view sent, then send it.

    A play used to rebuild every group of the class; now it costs one tile.
    """
    if _watched(snapshot.class_id):
        _redraw(snapshot.class_id, lambda last: with_group(last, snapshot, online=_online()))


def _redraw(class_id: int, change: Callable[[dict[str, Any]], dict[str, Any]] | None) -> None:
    """Send the class view: the last one sent with `change` applied, or (with no change, no
    view sent yet, or behind a message queue, where another process may have changed other
    tiles) the whole view read afresh. Updates of the last view are serialized and sent in the
    order they were made."""
    if isinstance(socketio.server.manager, PubSubManager):
        change = None
    with _views_lock():
        last = _last_views().get(class_id)
        view = class_view(class_id) if change is None or last is None else change(last)
        _last_views()[class_id] = view
        socketio.emit("class", view, to=room(class_id), namespace=PROJECTOR)


def presence_changed(class_id: int) -> None:
    """A tablet of the class came or went: its seat's dot changes on the projector.

    When a bell rings hundreds of tablets come and go within a second or two, so the dots are
    redrawn once per class every `PRESENCE_REDRAW_S` (from the presence counts at that moment),
    not once per tablet.
    """
    if not _watched(class_id):
        return
    app = current_app._get_current_object()  # type: ignore[attr-defined]
    due: set[int] = app.extensions.setdefault("projector_presence_due", set())
    with _views_lock():
        if class_id in due:
            return
        due.add(class_id)
    socketio.start_background_task(_redraw_presence, app, class_id)


def _redraw_presence(app: Flask, class_id: int) -> None:
    socketio.sleep(app.config.get("PRESENCE_REDRAW_S", PRESENCE_REDRAW_S))
    with app.app_context():
        due: set[int] = app.extensions["projector_presence_due"]
        with _views_lock():
            # Cleared before reading presence: a change from now on schedules another redraw.
            due.discard(class_id)
        # A class deleted meanwhile has nothing left to draw.
        with suppress(ServiceError):
            _redraw(class_id, lambda last: with_presence(last, _online()))


def _online() -> set[str]:
    return {str(seat_id) for seat_id in presence.online()}


def _views_lock() -> threading.Lock:
    """Guards the last views (and the redraws due) of this app."""
    lock: threading.Lock = current_app.extensions.setdefault(
        "projector_views_lock", threading.Lock()
    )
    return lock


def _last_views() -> dict[int, dict[str, Any]]:
    """The last view sent per class, kept per app (tests run several apps in one process)."""
    views: dict[int, dict[str, Any]] = current_app.extensions.setdefault("projector_views", {})
    return views


def _watched(class_id: int) -> bool:
    """Whether a projector page listens; behind a message queue another process may hold it."""
    return listening(PROJECTOR, room(class_id))


def _join_url(code: str) -> str:
    """The students' address; outside a request (a push from a script) it may lack the host."""
    from classroom.web.teacher.display import join_url

    if has_request_context():
        return join_url(code)
    path = current_app.url_map.bind("localhost").build("student.join", {"code": code})
    return (current_app.config.get("PUBLIC_URL") or "").rstrip("/") + path
