"""Each tablet's view after a change: whole, or only the fields that changed.

After a play every seat of the group used to be sent its whole view (2-3 kB, most of it the
table it already had). Now the server remembers the view it last sent each seat, and when a
change follows straight on from it (the change's first event comes right after the remembered
`seq`) each seat gets an `update`: the fields that changed, with the `seq` they apply to
(`base`) and the new one. A tablet that holds another `seq` (it missed a message) asks for the
whole view again. Whatever cannot be drawn on the last view sent is sent whole (`state`): a
change without events (a pause, a reveal), the first change after the server started, and every
change behind a message queue, where another process may have sent views this one never saw.
"""

from __future__ import annotations

import threading
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from socketio import PubSubManager

from classroom.projections.group_views import student_views
from classroom.projections.view_changes import changes
from classroom.usecases import GroupSnapshot
from classroom.web.extensions import socketio
from classroom.web.rooms import PLAY, listening

__all__ = ["SeatFeed"]

View = dict[str, Any]


@dataclass(frozen=True, slots=True)
class _Sent:
    """The views last sent to a group's seats, and the (round, seq) they show."""

    round: int
    seq: int
    views: Mapping[str, View]


class SeatFeed:
    """Sends the seats of a group their views; remembers the last views sent per group."""

    def __init__(self) -> None:
        # Guards `_sent`, and keeps the messages of one group in the order they were made.
        self._lock = threading.Lock()
        self._sent: dict[int, _Sent] = {}

    def push(self, snapshot: GroupSnapshot, events: Sequence[Mapping[str, Any]] = ()) -> None:
        """Send every seat of the group its view as `snapshot` shows it, after `events` (the
        public events of the change, oldest first; none for a change outside the round log)."""
        views = student_views(snapshot)
        seq = snapshot.seq
        with self._lock:
            last = self._sent.get(snapshot.group_id)
            if last is not None and (last.round, last.seq) > (snapshot.round_number, seq):
                # A change announced late (two plays at once): its views are older than those
                # sent; tablets drop them, and the next change is drawn on the newer ones.
                last, follows = None, False
            else:
                follows = last is not None and _follows(last, snapshot.round_number, events)
                self._sent[snapshot.group_id] = _Sent(snapshot.round_number, seq, views)
            if isinstance(socketio.server.manager, PubSubManager):
                follows = False
            for seat_key, view in views.items():
                room = f"seat:{seat_key}"
                if not listening(PLAY, room):
                    continue
                before = last.views.get(seat_key) if follows and last else None
                if before is None:
                    socketio.emit("state", view, to=room, namespace=PLAY)
                    continue
                update = {
                    "round": snapshot.round_number,
                    "base": before["seq"],
                    "seq": seq,
                    **changes({**before, "seq": seq}, view),
                }
                socketio.emit("update", update, to=room, namespace=PLAY)

    def forget(self, group_id: int) -> None:
        """Forget a group's last views (its next change is sent whole)."""
        with self._lock:
            self._sent.pop(group_id, None)


def _follows(last: _Sent, round_number: int, events: Sequence[Mapping[str, Any]]) -> bool:
    """Whether the change made of `events` comes straight after the views last sent."""
    if not events or last.round != round_number:
        return False
    first = events[0].get("seq")
    return isinstance(first, int) and first == last.seq + 1
