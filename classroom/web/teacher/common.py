"""Small helpers the teacher's views share: who is asking, error messages, where to go back."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar
from urllib.parse import urlsplit

from flask import abort, flash, redirect, url_for
from flask_wtf import FlaskForm
from werkzeug.wrappers import Response

from classroom.core.game import GameError
from classroom.usecases import ClassSnapshot, ServiceError
from classroom.usecases.records import GroupRecord
from classroom.web.auth import current_teacher_id
from classroom.web.broadcast import classroom

T = TypeVar("T")


def me() -> int:
    """The logged-in teacher's id (views are behind `login_required`)."""
    teacher_id = current_teacher_id()
    if teacher_id is None:
        abort(401)
    return teacher_id


def own_class(class_id: int) -> ClassSnapshot:
    """The class if it is the teacher's own, else 404."""
    try:
        return classroom().class_snapshot(me(), class_id)
    except ServiceError:
        abort(404)


def attempt(action: Callable[[], T]) -> T | None:
    """Run a service call; a refusal becomes a message on the next page, never a 500."""
    try:
        return action()
    except (ServiceError, GameError) as error:
        flash(str(error), "error")
        return None


def succeeded(action: Callable[[], object]) -> bool:
    """Like `attempt`, for calls that return nothing: True when it was done."""
    try:
        action()
    except (ServiceError, GameError) as error:
        flash(str(error), "error")
        return False
    return True


def form_problems(form: FlaskForm) -> None:
    """Flash a form's errors (a button form has no place of its own to show them)."""
    for errors in form.errors.values():
        for error in errors:
            flash(str(error), "error")


def safe_next(target: str | None, fallback: str | None = None) -> str:
    """Only paths on this site: never send a teacher to another host."""
    if (
        target
        and target.startswith("/")
        and not target.startswith("//")
        and "\\" not in target
        and not urlsplit(target).netloc
    ):
        return target
    return fallback or url_for("teacher.index")


def back(target: str | None, fallback: str | None = None) -> Response:
    """Redirect to where the form came from."""
    return redirect(safe_next(target, fallback))


def own_group_record(group_id: int) -> GroupRecord:
    """The group's whole record if its class is the teacher's own, else 404."""
    try:
        return classroom().group_record(me(), group_id)
    except ServiceError:
        abort(404)
