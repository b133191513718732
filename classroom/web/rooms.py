"""The Socket.IO namespaces of the kit and the rooms its pushes go to.

Rooms: seat:<id> and group:<id> on /play, teachers:<class id> on /teach, projector:<class id>
on /projector.
"""

from __future__ import annotations

from socketio import PubSubManager

from classroom.web.extensions import socketio

PLAY = "/play"
TEACH = "/teach"
PROJECTOR = "/projector"


def projector_room(class_id: int) -> str:
    """The room of a class's projector pages."""
    return f"projector:{class_id}"


def listening(namespace: str, room: str) -> bool:
    """Whether any page listens in `room`; behind a message queue another process may hold it.
    (A view nobody receives is not worth building.)"""
    manager = socketio.server.manager
    if isinstance(manager, PubSubManager):
        return True
    return any(True for _ in manager.get_participants(namespace, room))
