"""After every change, who is told what, and in which order: the tablets of the group, the
teacher's pages and the projector. One `Notifier` per app, made by `create_app` and wired as the
use cases' `Announcer`: the use cases' effects call it once a change is committed, so no page
handler announces anything itself."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from flask import Flask, current_app, has_app_context

from classroom.projections.group_views import public_event
from classroom.usecases import Change, GroupSnapshot
from classroom.web.broadcast import (
    send_class_ended,
    send_events,
    send_journal,
    send_journals,
    send_presence,
    send_seat_removed,
    send_teacher_view,
)
from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.projector_feed import ProjectorFeed
from classroom.web.seat_feed import SeatFeed

__all__ = ["Notifier", "notifier"]


class Notifier:
    """Pushes fresh projections to every page allowed to see them."""

    def __init__(self, app: Flask) -> None:
        self._app = app
        self._projector = ProjectorFeed()
        self._seats = SeatFeed()

    @contextmanager
    def _in_app(self) -> Iterator[None]:
        """The app's context: a change committed by a background task (a prediction window's
        alarm) is announced outside any request."""
        if has_app_context():
            yield
        else:
            with self._app.app_context():
                yield

    def announce(self, change: Change) -> None:
        """Push a change to every tablet of the group, the teacher's pages and the projector."""
        if change.duplicate:
            return
        with self._in_app():
            self.announce_group(
                change.group_id,
                events=[public_event(e) for e in change.events],
                snapshot=change.snapshot,
            )

    def announce_group(
        self,
        group_id: int,
        *,
        events: list[dict[str, object]] | None = None,
        snapshot: GroupSnapshot | None = None,
    ) -> None:
        """Send fresh projections of one group to everyone allowed to see it.

        `snapshot` is the group as the change left it, when the use case read it in its own
        transaction; otherwise it is read now. The order is the order people look: the play on
        the other tablets, then the projector, then each tablet's own state, then the teacher.
        """
        with self._in_app():
            if events:
                send_events(group_id, events)
            if snapshot is None:
                snapshot = use_cases().reading.group_snapshot(group_id)
            self._projector.push_group(snapshot)
            # Let the socket writer threads send the play now: without this they wait for the
            # GIL while the per-seat views are built (measured: tablets' p50 1 ms lower).
            socketio.sleep(0)
            self._seats.push(snapshot, events or ())
            send_teacher_view(snapshot)
            if events and snapshot.has_journal:
                send_journals(snapshot, events)

    def announce_class(self, class_id: int) -> None:
        """After a change to the class itself (joining locked, class ended): every group, and
        the whole projector view."""
        with self._in_app():
            for group in use_cases().reading.class_snapshot(None, class_id).groups:
                self.announce_group(group.group_id)
            self._projector.push_class(class_id)

    def seat_removed(self, seat_id: int, group_id: int) -> None:
        """A student was removed: their tablets hear `seat_removed` and are disconnected (the
        group's change is announced next)."""
        send_seat_removed(seat_id, group_id)

    def class_ended(self, class_id: int) -> None:
        """The class has ended: every tablet and teacher's page hears `class_ended` at once,
        then every group's views (no action possible any more) and the projector follow."""
        with self._in_app():
            groups = use_cases().reading.class_snapshot(None, class_id).groups
            send_class_ended(class_id, [group.group_id for group in groups])
            for group in groups:
                self.announce_group(group.group_id, snapshot=group)
            self._projector.push_class(class_id)

    def send_journal(self, snapshot: GroupSnapshot, seat_id: int) -> None:
        """Send one seat its journal, checked against the table as it is now."""
        send_journal(snapshot, seat_id)

    def projector_changed(self, class_id: int) -> None:
        """The class's projector settings changed: its projector pages get the whole view."""
        with self._in_app():
            self._projector.push_class(class_id)

    def projector_revoked(self, class_id: int) -> None:
        """The class has a new projector link: pages open with the old one hear nothing more."""
        self._projector.revoke(class_id)

    def presence_changed(self, class_id: int) -> None:
        """A tablet of the class came or went: its dot changes on the projector and on the
        teacher's class page."""
        self._projector.presence_changed(class_id)
        send_presence(class_id)


def notifier() -> Notifier:
    """The notifier of the running app."""
    found: Notifier = current_app.extensions["notifier"]
    return found
