"""The round a student's move or a teacher's command applies to."""

from __future__ import annotations

from classroom.core.text import _
from classroom.usecases.changes import Change
from classroom.usecases.errors import Conflict, NotFound
from classroom.usecases.ports import GroupRow, RoundRow, UnitOfWork
from classroom.usecases.seats import SeatRef

__all__ = ["running_round", "student_round"]


def student_round(
    uow: UnitOfWork, seat: SeatRef, action_id: str
) -> Change | tuple[GroupRow, RoundRow]:
    """The group and round a student's move applies to; for a move already applied (a tablet
    sends again what it got no answer to), the change that says so. Raise when the seat is
    gone, the round is not running, or the game is paused."""
    seated, earlier = uow.seats.seated_and_applied(seat.seat_id, seat.group_id, action_id)
    if not seated:
        raise NotFound(_("This tablet has no seat. Please join again."))
    if earlier is not None:
        return Change(seat.group_id, seat.class_id, (), duplicate=True, applied_seq=earlier)
    group, round_row = running_round(uow, seat.group_id)
    if group.paused:
        raise Conflict(_("The game is paused. Wait for your teacher."))
    return group, round_row


def running_round(uow: UnitOfWork, group_id: int) -> tuple[GroupRow, RoundRow]:
    """The group and its current round, which must exist and belong to a running class."""
    found = uow.groups.with_latest_round(group_id)
    group, round_row = found if found else (None, None)
    if group is None or round_row is None:
        raise NotFound(_("The round has not started yet."))
    if group.class_ended:
        raise Conflict(_("This class has ended."))
    return group, round_row
