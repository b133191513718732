"""What each game's tables look like to each audience: the projections' side of the registry of
games (`classroom.core.games.registry`).

Every game registers one `TableViews` under its game's name. The generic views (`group_views`,
`projector_view`) ask the group's game for the parts only it knows: the seats' and the
teacher's views, a tile on the projector, its latest verdict; they never compare a mode with a
game's name. A new game registers its views next to its `Game` (`register_views`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from classroom.core.eventlog import LoggedEvent
from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.projections.snapshots import GroupSnapshot

__all__ = ["TABLE_VIEWS", "Moment", "Row", "TableViews", "register_views", "views_of"]

View = dict[str, Any]
#: One event's line in the events CSV: seq, kind, and nickname, card, verdict, text.
Row = tuple[int, str, list[str]]
#: One event in a timeline: the event, the cards on the table once it happened, and the
#: outcome it had (a prophet's call confirmed or overthrown), where the game counts them.
Moment = tuple[LoggedEvent, int | None, str | None]


class TableViews(Protocol):
    """A game's views of its tables."""

    #: The name of the game these views draw (its `Game.name`).
    name: str

    def public_event(self, event: LoggedEvent) -> View | None:
        """The event as everybody at the table may see it, when that is less than the whole
        event (None: not one of this game's hidden events)."""
        ...

    def student_view(self, snapshot: GroupSnapshot, seat_key: str) -> View:
        """One seat's view of the group (any seat key: a seat the round has not seen yet sees
        the table without a hand)."""
        ...

    def student_views(self, snapshot: GroupSnapshot) -> dict[str, View]:
        """Every seat's view of the group, by seat key."""
        ...

    def teacher_view(self, snapshot: GroupSnapshot) -> View:
        """The group as the teacher's pages show it: the secret rule included."""
        ...

    def projector_status(self, group: GroupSnapshot) -> str:
        """The tile's status word."""
        ...

    def tile(self, state: Any, verdict: View | None) -> View:
        """The round part of the group's projector tile: no hand, ever."""
        ...

    def seat_marks(self, state: Any, seat_key: str) -> View:
        """What the projector adds to a seat (the prophet's crown, ...)."""
        ...

    def latest_verdict(self, events: Sequence[LoggedEvent]) -> View | None:
        """The newest verdict among a round's newest events, as the room may see it."""
        ...

    # --- after the round: the record read back ------------------------------------------
    #: The template the debrief includes for the round's own story (None: the debrief's
    #: hypotheses, checks and learning curve, for a game whose plays are single cards).
    story_template: str | None

    def story(self, record: RoundRecord) -> Any:
        """What `story_template` shows of the round (None while there is nothing to tell)."""
        ...

    def moments(self, events: Sequence[LoggedEvent]) -> list[Moment]:
        """Every event of the round for its timeline, with what the game adds to each."""
        ...

    def event_rows(self, round_: RoundRecord, group: GroupRecord) -> list[Row]:
        """Seq, kind and the nickname, card, verdict and text of each event (the CSV)."""
        ...

    def round_extras(self, round_: RoundRecord, group: GroupRecord) -> View:
        """What the JSON export adds to the fields every round has."""
        ...


TABLE_VIEWS: dict[str, TableViews] = {}


def register_views(views: TableViews) -> None:
    """Offer `views` for the tables of the game of the same name."""
    TABLE_VIEWS[views.name] = views


def views_of(mode: str) -> TableViews:
    """The views of the game a table plays."""
    return TABLE_VIEWS[mode]


def _register_built_in() -> None:
    from classroom.projections.games.express import EXPRESS_VIEWS
    from classroom.projections.games.new_eleusis import NEW_ELEUSIS_VIEWS

    register_views(EXPRESS_VIEWS)
    register_views(NEW_ELEUSIS_VIEWS)


_register_built_in()
