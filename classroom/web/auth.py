"""Teacher sessions: who is logged in, and the guard for teacher-only views.

A session names the teacher, the account's session version when it was made, when it was made
and when it was last used. It is over (and the visitor a stranger again) when the account's
version moved on (a logout or a new password), when it was idle longer than
`TEACHER_IDLE_SECONDS`, or older than `TEACHER_SESSION_SECONDS`, whatever the cookie says.
"""

from __future__ import annotations

import functools
import time
from collections.abc import Callable
from typing import Any, TypeVar

from flask import abort, current_app, g, redirect, request, session, url_for

from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.rooms import TEACH

__all__ = [
    "current_teacher_id",
    "end_session",
    "login_required",
    "me",
    "start_session",
    "teacher_room",
]

F = TypeVar("F", bound=Callable[..., Any])

# A session's use is written back at most this often, so that not every page sets a cookie.
_TOUCH_EVERY = 60


def start_session(teacher_id: int) -> None:
    """Log a teacher in: a fresh session carrying the account's session version."""
    now = int(time.time())
    session.clear()
    g.pop("teacher_id", None)
    session["teacher_id"] = teacher_id
    session["teacher_version"] = use_cases().teachers.session_version(teacher_id)
    session["teacher_since"] = now
    session["teacher_seen"] = now
    session.permanent = True


def end_session() -> None:
    """Log out: this session and every other one of the same teacher are over."""
    teacher_id = current_teacher_id()
    if teacher_id is not None:
        use_cases().teachers.end_sessions(teacher_id)
        _hang_up(teacher_id)
    session.clear()
    g.pop("teacher_id", None)


def teacher_room(teacher_id: int) -> str:
    """The room of every open teacher page of one account (on /teach)."""
    return f"teacher:{teacher_id}"


def _hang_up(teacher_id: int) -> None:
    """Disconnect the live pages of a teacher whose sessions ended (on this server process;
    pages on another one are refused when they next connect or watch)."""
    manager = socketio.server.manager
    for sid, _eio_sid in list(manager.get_participants(TEACH, teacher_room(teacher_id))):
        socketio.server.disconnect(sid, namespace=TEACH)


def current_teacher_id() -> int | None:
    """The logged-in teacher's id, or None (also when the session has ended)."""
    if "teacher_id" not in g:
        g.teacher_id = _checked_teacher_id()
    teacher_id: int | None = g.teacher_id
    return teacher_id


def _checked_teacher_id() -> int | None:
    teacher_id = session.get("teacher_id")
    if not isinstance(teacher_id, int) or not _live(teacher_id):
        return None
    now = int(time.time())
    if now - int(session["teacher_seen"]) >= _TOUCH_EVERY:
        session["teacher_seen"] = now
    return teacher_id


def _live(teacher_id: int) -> bool:
    """Whether this session is still within its time limits and the account's version."""
    since, seen = session.get("teacher_since"), session.get("teacher_seen")
    if not isinstance(since, int) or not isinstance(seen, int):
        return False
    now, config = time.time(), current_app.config
    if now - since > config["TEACHER_SESSION_SECONDS"]:
        return False
    if now - seen > config["TEACHER_IDLE_SECONDS"]:
        return False
    version = use_cases().teachers.session_version(teacher_id)
    return version is not None and session.get("teacher_version") == version


def me() -> int:
    """The logged-in teacher's id (views are behind `login_required`)."""
    teacher_id = current_teacher_id()
    if teacher_id is None:
        abort(401)
    return teacher_id


def login_required(view: F) -> F:
    """Send visitors who are not logged in to the login page."""

    @functools.wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if current_teacher_id() is None:
            return redirect(url_for("teacher.login", next=request.path))
        return view(*args, **kwargs)

    return guarded  # type: ignore[return-value]
