"""Projections: what each viewer may see of a group, as JSON-ready dicts. Pure functions.

A student sees what a player at that table sees: their own hand, the layout, hand counts, the
guesses; never another hand, the stock's order, or the secret rule before it is revealed. What
that is at a table is the table's game's to say (`classroom.projections.games`); here are the
views every game's tables have, and what they share.
"""

from __future__ import annotations

from typing import Any

from classroom.core.eventlog import LoggedEvent
from classroom.projections.games import TABLE_VIEWS, views_of
from classroom.projections.snapshots import GroupSnapshot
from classroom.projections.table_parts import penalties_view, status

__all__ = [
    "penalties_view",
    "public_event",
    "status",
    "student_view",
    "student_views",
    "teacher_group_view",
]


def public_event(event: LoggedEvent) -> dict[str, Any]:
    """An event of any game as everybody at the table may see it: each game hides what its
    own events hold that the table may not see (a deal's cards, a forecast's answer)."""
    for views in TABLE_VIEWS.values():
        shown = views.public_event(event)
        if shown is not None:
            return shown
    return event.to_dict()


def student_view(snapshot: GroupSnapshot, seat_key: str) -> dict[str, Any]:
    """The group as one student's tablet shows it."""
    view = views_of(snapshot.mode).student_view(snapshot, seat_key)
    view |= {"mode": snapshot.mode, "penalties": penalties_view(snapshot.mode)}
    return view


def student_views(snapshot: GroupSnapshot) -> dict[str, dict[str, Any]]:
    """`student_view` for every seat of the group, sharing the table's part (built once)."""
    views = views_of(snapshot.mode).student_views(snapshot)
    shared = {"mode": snapshot.mode, "penalties": penalties_view(snapshot.mode)}
    for view in views.values():
        view |= shared
    return views


def teacher_group_view(snapshot: GroupSnapshot) -> dict[str, Any]:
    """The group as the teacher's pages show it: the secret rule included."""
    view = views_of(snapshot.mode).teacher_view(snapshot)
    view["mode"] = snapshot.mode
    view["next_mode"] = snapshot.next_mode
    return view
