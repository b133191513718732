"""Messages that a new connection must receive after Socket.IO has accepted it.

A connect handler runs before the server sends the namespace's CONNECT packet, so anything it
emits reaches the client first, and socket.io-client holds such messages back until the
CONNECT arrives. The tablet's catch-up (what it missed, its view, its journal) is therefore
prepared by the connect handler and handed to `send_once_connected`, and sent the moment the
server marks the connection as connected, which it does right after queueing the CONNECT.
"""

from __future__ import annotations

import threading
from typing import Any

import socketio

__all__ = ["forget", "install", "send_once_connected"]

Message = tuple[str, Any]

_lock = threading.Lock()
_due: dict[tuple[str, str], list[Message]] = {}


def install(server: socketio.Server) -> None:
    """Make `server` send the messages due to a connection once the connection is accepted."""
    manager = server.manager
    accept = manager.connect

    def connect(sid: str, namespace: str) -> Any:
        accepted = accept(sid, namespace)
        with _lock:
            messages = _due.pop((sid, namespace), ())
        for event, data in messages:
            # Straight to this process's client: it is connected here, whatever the queue.
            server.emit(event, data, to=sid, namespace=namespace, ignore_queue=True)
        return accepted

    manager.connect = connect


def send_once_connected(sid: str, namespace: str, messages: list[Message]) -> None:
    """Send `messages`, in order, to the connection `sid` as soon as it is accepted."""
    with _lock:
        _due[(sid, namespace)] = messages


def forget(sid: str, namespace: str) -> None:
    """Drop what was due to a connection that was refused or closed first."""
    with _lock:
        _due.pop((sid, namespace), None)
