"""New Eleusis as its tables are seen: tablets, teacher's pages, projector, and the round's
record for the debrief, the exports and the report."""

from __future__ import annotations

from classroom.core.games.new_eleusis.game import NEW_ELEUSIS
from classroom.projections.games.new_eleusis import exports, projector, record, views
from classroom.projections.games.shape import TableViews

__all__ = ["NEW_ELEUSIS_VIEWS"]

NEW_ELEUSIS_VIEWS = TableViews(
    name=NEW_ELEUSIS.name,
    public_event=views.public_event,
    student_view=views.student_view,
    student_views=views.student_views,
    teacher_view=views.teacher_view,
    projector_status=projector.projector_status,
    tile=projector.tile,
    seat_marks=projector.seat_marks,
    latest_verdict=projector.latest_verdict,
    moments=record.timeline_moments,
    event_rows=exports.ne_event_rows,
    round_extras=exports.ne_round_extras,
    story_template="teacher/new_eleusis/debrief.html",
    story=record.ne_debrief,
)
