"""Small helpers the teacher's views share: who is asking, their classes and groups, and
service calls whose refusal becomes a message."""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from flask import abort, flash

from classroom.core.games.errors import GameError
from classroom.projections.class_record import GroupRecord
from classroom.usecases import ClassSnapshot, ServiceError
from classroom.web.auth import me
from classroom.web.context import use_cases
from classroom.web.messages import say

T = TypeVar("T")


def own_class(class_id: int) -> ClassSnapshot:
    """The class if it is the teacher's own, else 404."""
    try:
        return use_cases().reading.class_snapshot(me(), class_id)
    except ServiceError:
        abort(404)


def attempt(action: Callable[[], T]) -> T | None:
    """Run a service call; a refusal becomes a message on the next page, never a 500."""
    try:
        return action()
    except (ServiceError, GameError) as error:
        flash(say(error), "error")
        return None


def succeeded(action: Callable[[], object]) -> bool:
    """Like `attempt`, for calls that return nothing: True when it was done."""
    try:
        action()
    except (ServiceError, GameError) as error:
        flash(say(error), "error")
        return False
    return True


def own_group_record(group_id: int) -> GroupRecord:
    """The group's whole record if its class is the teacher's own, else 404."""
    try:
        return use_cases().records.group_record(me(), group_id)
    except ServiceError:
        abort(404)
