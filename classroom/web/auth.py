"""Teacher sessions: who is logged in, and the guard for teacher-only views."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from flask import abort, redirect, request, session, url_for

F = TypeVar("F", bound=Callable[..., Any])


def current_teacher_id() -> int | None:
    """The logged-in teacher's id, or None."""
    value = session.get("teacher_id")
    return value if isinstance(value, int) else None


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
