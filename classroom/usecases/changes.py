"""What the use cases hand back to be announced: a player's move in (`Move`, the core's), a
group's change out."""

from __future__ import annotations

from dataclasses import dataclass

from classroom.core.eventlog import LoggedEvent
from classroom.core.games.shape import Move
from classroom.projections.snapshots import GroupSnapshot

__all__ = ["Change", "Move"]


@dataclass(frozen=True, slots=True)
class Change:
    """What one use case did to a group: the new events (empty for a repeated action)."""

    group_id: int
    class_id: int
    events: tuple[LoggedEvent, ...]
    duplicate: bool = False
    #: For a repeated action: the seq its first application reached (0 when not recorded).
    applied_seq: int = 0
    #: The group as the change left it, read in the change's own transaction (when the use
    #: case had it at hand), so announcing the change needs no second read.
    snapshot: GroupSnapshot | None = None
    #: A prediction that came too late: the window had closed, and this change is its verdict.
    late: bool = False

    @property
    def seq(self) -> int | None:
        """The seq the action reached: its newest event, or for a repeat its first time's."""
        if self.events:
            return self.events[-1].seq
        return self.applied_seq or None
