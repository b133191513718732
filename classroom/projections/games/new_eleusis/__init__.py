"""New Eleusis as its tables are seen: tablets, teacher's pages, projector, and the round's
record for the debrief, the exports and the report."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from classroom.core.eventlog import LoggedEvent
from classroom.core.games.new_eleusis.game import NEW_ELEUSIS
from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.projections.games.new_eleusis import exports, projector, record, views
from classroom.projections.snapshots import GroupSnapshot

__all__ = ["NEW_ELEUSIS_VIEWS", "NewEleusisViews"]

View = dict[str, Any]
Row = tuple[int, str, list[str]]
Moment = tuple[LoggedEvent, int | None, str | None]


class NewEleusisViews:
    """The views of a New Eleusis table (see `classroom.projections.games.TableViews`)."""

    name = NEW_ELEUSIS.name

    def public_event(self, event: LoggedEvent) -> View | None:
        return views.public_event(event)

    def student_view(self, snapshot: GroupSnapshot, seat_key: str) -> View:
        return views.student_view(snapshot, seat_key)

    def student_views(self, snapshot: GroupSnapshot) -> dict[str, View]:
        return views.student_views(snapshot)

    def teacher_view(self, snapshot: GroupSnapshot) -> View:
        return views.teacher_view(snapshot)

    def projector_status(self, group: GroupSnapshot) -> str:
        return projector.projector_status(group)

    def tile(self, state: Any, verdict: View | None) -> View:
        return projector.tile(state, verdict)

    def seat_marks(self, state: Any, seat_key: str) -> View:
        return projector.seat_marks(state, seat_key)

    def latest_verdict(self, events: Sequence[LoggedEvent]) -> View | None:
        return projector.latest_verdict(events)

    story_template: str | None = "teacher/new_eleusis/debrief.html"

    def story(self, record_: RoundRecord) -> Any:
        return record.ne_debrief(record_)

    def moments(self, events: Sequence[LoggedEvent]) -> list[Moment]:
        return [
            (moment.event, moment.cards_played, moment.outcome)
            for moment in record.ne_moments(events)
        ]

    def event_rows(self, round_: RoundRecord, group: GroupRecord) -> list[Row]:
        return exports.ne_event_rows(round_, group)

    def round_extras(self, round_: RoundRecord, group: GroupRecord) -> View:
        return exports.ne_round_extras(round_, group)


NEW_ELEUSIS_VIEWS = NewEleusisViews()
