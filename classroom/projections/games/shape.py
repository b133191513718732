"""The shape of a game's views (`TableViews`): the functions that draw its tables for each
audience, and read its rounds back once they are over. Pure."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from classroom.core.eventlog import LoggedEvent
from classroom.projections.class_record import GroupRecord, RoundRecord
from classroom.projections.snapshots import GroupSnapshot

__all__ = ["Moment", "Row", "TableViews", "View"]

View = dict[str, Any]
#: One event's line in the events CSV: seq, kind, and nickname, card, verdict, text.
Row = tuple[int, str, list[str]]
#: One event in a timeline: the event, the cards on the table once it happened, and the
#: outcome it had (a prophet's call confirmed or overthrown), where the game counts them.
Moment = tuple[LoggedEvent, int | None, str | None]


@dataclass(frozen=True, slots=True)
class TableViews:
    """A game's views of its tables: the functions that draw them, each named for what it
    draws. A game whose tables look like another's registers that game's views under its own
    name (`dataclasses.replace(views, name=...)`)."""

    #: The name of the game these views draw (its `Game.name`).
    name: str
    #: The event as everybody at the table may see it, when that is less than the whole event
    #: (None: not one of this game's hidden events).
    public_event: Callable[[LoggedEvent], View | None]
    #: One seat's view of the group (any seat key: a seat the round has not seen yet sees the
    #: table without a hand).
    student_view: Callable[[GroupSnapshot, str], View]
    #: Every seat's view of the group, by seat key (the table's part built once).
    student_views: Callable[[GroupSnapshot], dict[str, View]]
    #: The group as the teacher's pages show it: the secret rule included.
    teacher_view: Callable[[GroupSnapshot], View]
    #: The projector tile's status word.
    projector_status: Callable[[GroupSnapshot], str]
    #: The round part of the group's projector tile, from its state and latest verdict: no
    #: hand, ever.
    tile: Callable[[Any, View | None], View]
    #: What the projector adds to a seat (the prophet's crown, ...).
    seat_marks: Callable[[Any, str], View]
    #: The newest verdict among a round's newest events, as the room may see it.
    latest_verdict: Callable[[Sequence[LoggedEvent]], View | None]
    # --- after the round: the record read back ------------------------------------------
    #: Every event of the round for its timeline, with what the game adds to each.
    moments: Callable[[Sequence[LoggedEvent]], list[Moment]]
    #: Seq, kind and the nickname, card, verdict and text of each event (the events CSV).
    event_rows: Callable[[RoundRecord, GroupRecord], list[Row]]
    #: What the JSON export adds to the fields every round has.
    round_extras: Callable[[RoundRecord, GroupRecord], View]
    #: The template the debrief includes for the round's own story, and what it shows (None:
    #: the debrief's hypotheses, checks and learning curve, for a game of single-card plays).
    story_template: str | None = None
    story: Callable[[RoundRecord], Any] = lambda _record: None
