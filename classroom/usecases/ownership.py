"""A teacher reaches only their own classes, groups and seats; anything else is not found."""

from __future__ import annotations

from classroom.core.text import _
from classroom.usecases.errors import NotFound
from classroom.usecases.ports import ClassRow, GroupRow, SeatRow, UnitOfWork

__all__ = ["own_class", "own_group", "own_seat"]


def own_class(uow: UnitOfWork, teacher_id: int, class_id: int) -> ClassRow:
    """The class if it belongs to this teacher; NotFound otherwise."""
    period = uow.classes.get(class_id)
    if period is None or period.teacher_id != teacher_id:
        raise NotFound(_("There is no such class."))
    return period


def own_group(uow: UnitOfWork, teacher_id: int, group_id: int) -> GroupRow:
    """The group if its class belongs to this teacher; NotFound otherwise."""
    group = uow.groups.get(group_id)
    if group is None or group.teacher_id != teacher_id:
        raise NotFound(_("There is no such group."))
    return group


def own_seat(uow: UnitOfWork, teacher_id: int, seat_id: int) -> SeatRow:
    """The seat if its class belongs to this teacher; NotFound otherwise."""
    seat = uow.seats.get(seat_id)
    if seat is None or seat.teacher_id != teacher_id:
        raise NotFound(_("There is no such student."))
    return seat
