"""Eleusis Express as its tables are seen: tablets, teacher's pages, projector."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from classroom.core.eventlog import LoggedEvent
from classroom.core.games.express.game import EXPRESS
from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.projections.games.express import exports, projector, views
from classroom.projections.snapshots import GroupSnapshot

__all__ = ["EXPRESS_VIEWS", "ExpressViews"]

View = dict[str, Any]
Row = tuple[int, str, list[str]]
Moment = tuple[LoggedEvent, int | None, str | None]


class ExpressViews:
    """The views of an Express table (see `classroom.projections.games.TableViews`)."""

    name = EXPRESS.name

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

    story_template: str | None = None

    def story(self, record: RoundRecord) -> Any:
        return None

    def moments(self, events: Sequence[LoggedEvent]) -> list[Moment]:
        return [(event, None, None) for event in events]

    def event_rows(self, round_: RoundRecord, group: GroupRecord) -> list[Row]:
        return exports.event_rows(round_, group)

    def round_extras(self, round_: RoundRecord, group: GroupRecord) -> View:
        return {}


EXPRESS_VIEWS = ExpressViews()
