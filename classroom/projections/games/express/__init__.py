"""Eleusis Express as its tables are seen: tablets, teacher's pages, projector, and the round's
record for the debrief, the exports and the report."""

from __future__ import annotations

from classroom.core.games.express.game import EXPRESS
from classroom.projections.games.express import exports, projector, views
from classroom.projections.games.shape import TableViews

__all__ = ["EXPRESS_VIEWS"]

EXPRESS_VIEWS = TableViews(
    name=EXPRESS.name,
    public_event=views.public_event,
    student_view=views.student_view,
    student_views=views.student_views,
    teacher_view=views.teacher_view,
    projector_status=projector.projector_status,
    tile=projector.tile,
    seat_marks=projector.seat_marks,
    latest_verdict=projector.latest_verdict,
    moments=exports.moments,
    event_rows=exports.event_rows,
    round_extras=exports.round_extras,
)
