"""The projector view of a class: built afresh, or patched one tile at a time, and sent to the
class's projector pages."""

from __future__ import annotations

import threading
from collections.abc import Callable
from contextlib import suppress
from typing import Any

from flask import Flask, current_app
from socketio import PubSubManager

from classroom.projections.games import views_of
from classroom.projections.projector_view import (
    VERDICT_LOOKBACK,
    Verdict,
    projector_view,
    with_group,
    with_presence,
)
from classroom.usecases import GroupSnapshot, ServiceError
from classroom.web import presence
from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.links import join_url
from classroom.web.rooms import PROJECTOR, listening, projector_room

__all__ = ["PRESENCE_REDRAW_S", "ProjectorFeed", "class_view", "group_verdict"]

#: How long tablets' comings and goings are gathered before the projector's dots are redrawn.
PRESENCE_REDRAW_S = 0.25

View = dict[str, Any]
#: A change drawn on the last view sent, given the seat keys online now.
Change = Callable[[View, set[str]], View]


def class_view(class_id: int) -> View:
    """The projector view of a class now."""
    snapshot = use_cases().reading.class_snapshot(None, class_id)
    return projector_view(
        snapshot,
        anonymous=snapshot.projector_anonymous,
        online=_online(),
        join_url=join_url(snapshot.join_code),
        verdicts={group.group_id: group_verdict(group) for group in snapshot.groups},
    )


def group_verdict(group: GroupSnapshot) -> Verdict | None:
    """The latest verdict of the group's round, read from the newest events of its log (only
    those the snapshot's state has seen), in its game's words."""
    state = group.state
    if group.round_id is None or state is None or group.dealing_seat is not None:
        return None
    after = max(0, state.seq - VERDICT_LOOKBACK)
    logged = use_cases().reading.events_after(group.round_id, after)
    events = [event for event in logged if event.seq <= state.seq]
    return views_of(group.mode).latest_verdict(events)


class ProjectorFeed:
    """Sends each class's projector pages their view; keeps the last view sent per class, so
    that a change to one group costs one tile."""

    def __init__(self) -> None:
        # Guards the dictionaries below, for a moment at a time: never while a view is built,
        # so that a tablet connecting to one class never waits for another class's redraw.
        self._lock = threading.Lock()
        self._last_views: dict[int, View] = {}
        self._presence_due: set[int] = set()
        # One per class: its redraws are made, and sent, one after another.
        self._redrawing: dict[int, threading.Lock] = {}

    def push_class(self, class_id: int) -> None:
        """Send the fresh projector view to the class's projector pages, if any is open."""
        if self._still_watched(class_id):
            self._redraw(class_id, None)

    def push_group(self, snapshot: GroupSnapshot) -> None:
        """After one group changed: rebuild only its tile in the last view sent, then send it.

        A play used to rebuild every group of the class; now it costs one tile.
        """
        if self._still_watched(snapshot.class_id):
            verdict = group_verdict(snapshot)
            self._redraw(
                snapshot.class_id,
                lambda last, online: with_group(last, snapshot, online=online, verdict=verdict),
            )

    def presence_changed(self, class_id: int) -> None:
        """A tablet of the class came or went: its seat's dot changes on the projector.

        When a bell rings hundreds of tablets come and go within a second or two, so the dots
        are redrawn once per class every `PRESENCE_REDRAW_S` (from the presence counts at that
        moment), not once per tablet.
        """
        if not self._still_watched(class_id):
            return
        app = current_app._get_current_object()  # type: ignore[attr-defined]
        with self._lock:
            if class_id in self._presence_due:
                return
            self._presence_due.add(class_id)
        socketio.start_background_task(self._redraw_presence, app, class_id)

    def revoke(self, class_id: int) -> None:
        """Tell the pages open with the class's old projector link, and send them nothing more."""
        socketio.emit("revoked", to=projector_room(class_id), namespace=PROJECTOR)
        socketio.close_room(projector_room(class_id), namespace=PROJECTOR)

    def _still_watched(self, class_id: int) -> bool:
        """Whether a projector page of the class listens; if none does, the last view sent is
        forgotten.

        A change made while no page listens is not drawn on that view, so it no longer shows
        the class: the next page to open, or the same page reloaded, is sent the view read
        afresh, and the next change is drawn on that one.
        """
        if _watched(class_id):
            return True
        with self._redraw_lock(class_id), self._lock:
            self._last_views.pop(class_id, None)
        return False

    def _redraw_lock(self, class_id: int) -> threading.Lock:
        with self._lock:
            return self._redrawing.setdefault(class_id, threading.Lock())

    def _redraw(self, class_id: int, change: Change | None) -> None:
        """Send the class view: the last one sent with `change` applied, or (with no change, no
        view sent yet, or behind a message queue, where another process may have changed other
        tiles) the whole view read afresh. Every seat's dot is drawn from the presence of now,
        whatever changed. Updates of the last view are serialized and sent in the order they
        were made."""
        if isinstance(socketio.server.manager, PubSubManager):
            change = None
        with self._redraw_lock(class_id):
            with self._lock:
                last = self._last_views.get(class_id)
            if change is None or last is None:
                view = class_view(class_id)
            else:
                online = _online()
                view = with_presence(change(last, online), online)
            with self._lock:
                self._last_views[class_id] = view
            socketio.emit("class", view, to=projector_room(class_id), namespace=PROJECTOR)

    def _redraw_presence(self, app: Flask, class_id: int) -> None:
        socketio.sleep(app.config.get("PRESENCE_REDRAW_S", PRESENCE_REDRAW_S))
        with app.app_context():
            with self._lock:
                # Cleared before reading presence: a change from now on schedules another redraw.
                self._presence_due.discard(class_id)
            # A class deleted meanwhile has nothing left to draw.
            with suppress(ServiceError):
                self._redraw(class_id, lambda last, _online: last)


def _online() -> set[str]:
    return {str(seat_id) for seat_id in presence.online()}


def _watched(class_id: int) -> bool:
    """Whether a projector page listens; behind a message queue another process may hold it."""
    return listening(PROJECTOR, projector_room(class_id))
