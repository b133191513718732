"""The /projector namespace: a projector page connects with its link's token and only listens."""

from __future__ import annotations

from typing import Any

from flask import current_app, request, session
from flask_socketio import join_room

from classroom.usecases import ServiceError
from classroom.web import after_connect
from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.messages import say
from classroom.web.projector_feed import class_view
from classroom.web.replies import reply
from classroom.web.rooms import PROJECTOR, projector_room


def _class_id() -> int:
    """The class of this connection, checked again each time (a new link ends the old one)."""
    return use_cases().classes.class_for_projector(session.get("projector_token", ""))


@socketio.on("connect", namespace=PROJECTOR)
def on_connect(auth: Any = None) -> None:
    """Accept a page only with a valid projector token; it gets the class view at once."""
    token = auth.get("token") if isinstance(auth, dict) else None
    try:
        class_id = use_cases().classes.class_for_projector(token if isinstance(token, str) else "")
    except ServiceError as error:
        raise ConnectionRefusedError(say(error)) from error
    session["projector_token"] = token
    join_room(projector_room(class_id))
    current_app.extensions["beacons"].start()
    current_app.extensions["robot_driver"].start()
    # Sent once the connection is accepted, straight from this process (see after_connect).
    sid = request.sid  # type: ignore[attr-defined]
    after_connect.send_once_connected(sid, PROJECTOR, [("class", class_view(class_id))])


@socketio.on("resync", namespace=PROJECTOR)
def on_resync(payload: Any = None) -> dict[str, Any]:
    """A page that woke up asks for the class as it is now."""
    try:
        class_id = _class_id()
    except ServiceError as error:
        return {"ok": False, "error": say(error)}
    reply("class", class_view(class_id))
    return {"ok": True}
