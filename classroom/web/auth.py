"""Teacher sessions: who is logged in, and the guard for teacher-only views."""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any, TypeVar

from flask import redirect, request, session, url_for

F = TypeVar("F", bound=Callable[..., Any])


def current_teacher_id() -> int | None:
    """The logged-in teacher's id, or None."""
    value = session.get("teacher_id")
    return value if isinstance(value, int) else None


def login_required(view: F) -> F:
    """Send visitors who are not logged in to the login page."""

    @functools.wraps(view)
    def guarded(*args: Any, **kwargs: Any) -> Any:
        if current_teacher_id() is None:
            return redirect(url_for("teacher.login", next=request.path))
        return view(*args, **kwargs)

    return guarded  # type: ignore[return-value]
