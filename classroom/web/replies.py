"""Answers to the connection whose message is being handled, sent straight to it.

A connection is held by this process, so its answer never needs the message queue: sent
through Redis it would be lost while Redis is down (and the screen asking to catch up would
stay behind), and it would cost a round trip through Redis when Redis is up.
"""

from __future__ import annotations

from typing import Any

from flask import request
from flask_socketio import emit

__all__ = ["reply"]


def reply(event: str, data: Any) -> None:
    """Send `event` to the connection being handled, past the message queue."""
    emit(event, data, to=request.sid, ignore_queue=True)  # type: ignore[attr-defined]
