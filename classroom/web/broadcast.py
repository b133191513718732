"""Sending a group's projections to the tablets and the teacher's pages (each seat's own view
is sent by `seat_feed`): the group the public events, the teacher's pages the teacher view,
journals to the seats that keep one; and the two messages that end a tablet's place in a
class: `seat_removed` (to the seat's tablets, which are then disconnected) and `class_ended`
(to every tablet of the class and the teacher's pages)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from classroom.core.eventlog import LoggedEvent
from classroom.core.games.registry import find_game
from classroom.projections.group_views import teacher_group_view
from classroom.projections.journal_view import journal_view
from classroom.usecases import GroupSnapshot
from classroom.web.context import use_cases
from classroom.web.extensions import socketio
from classroom.web.messages import localize
from classroom.web.rooms import PLAY, TEACH, listening

SEAT_REMOVED = "seat_removed"
CLASS_ENDED = "class_ended"
PRESENCE = "presence"


def send_events(group_id: int, events: list[dict[str, object]]) -> None:
    """The group's new public events, to every tablet of the group."""
    socketio.emit("events", events, to=f"group:{group_id}", namespace=PLAY)


def send_teacher_view(snapshot: GroupSnapshot) -> None:
    """The group's teacher view, to the pages of the teachers watching its class."""
    teachers = f"teachers:{snapshot.class_id}"
    if listening(TEACH, teachers):
        socketio.emit("group", teacher_group_view(snapshot), to=teachers, namespace=TEACH)


def send_journal(snapshot: GroupSnapshot, seat_id: int) -> None:
    """Send one seat its journal, checked against the table as it is now."""
    if snapshot.round_id is None:
        return
    records = use_cases().journal.journal(snapshot.round_id, seat_id)
    events = _journal_events(snapshot) if records else ()
    layout = snapshot.layout
    view = localize(journal_view(records, events, layout))
    socketio.emit("journal", view, to=f"seat:{seat_id}", namespace=PLAY)


def send_journals(snapshot: GroupSnapshot, events: Sequence[Mapping[str, Any]]) -> None:
    """After a play: refresh the journals it changed. That is the journal of whoever acted (their
    hypotheses are checked against the table as it is now) and of anyone who predicted the
    verdict on a card just played. Other journals are refreshed when their seat next acts or
    writes, so a play never costs a check of every journal at the table."""
    assert snapshot.round_id is not None
    records = use_cases().journal.journal(snapshot.round_id)
    played = {str(event.get("card")) for event in events if event.get("kind") == "played"}
    acting = {str(event.get("seat")) for event in events if event.get("seat")}
    seats = {
        record.seat
        for record in records
        if record.seat in acting or (record.test_card and str(record.test_card) in played)
    }
    if not seats:
        return
    log = _journal_events(snapshot)
    layout = snapshot.layout
    for seat in seats:
        mine = [record for record in records if record.seat == seat]
        view = localize(journal_view(mine, log, layout))
        socketio.emit("journal", view, to=f"seat:{seat}", namespace=PLAY)


def _journal_events(snapshot: GroupSnapshot) -> tuple[LoggedEvent, ...]:
    """The events a journal's predictions are read from: the round's log, in a game whose
    journals read it (others are checked against the table alone)."""
    if snapshot.round_id is None or not find_game(snapshot.mode).journals_read_log:
        return ()
    return use_cases().reading.events_after(snapshot.round_id, 0)


def send_seat_removed(seat_id: int, group_id: int) -> None:
    """Tell the seat's tablets they have no seat any more, then disconnect them (a tablet that
    reconnects with the old token is refused). Behind a message queue the tablets connected to
    another process hear the event too; that process does not hang up on them, but every
    message they send is refused, their seat being gone."""
    room = f"seat:{seat_id}"
    socketio.emit(SEAT_REMOVED, {"seat": str(seat_id), "group": group_id}, to=room, namespace=PLAY)
    manager = socketio.server.manager
    for sid, _eio_sid in list(manager.get_participants(PLAY, room)):
        socketio.server.disconnect(sid, namespace=PLAY)


def send_class_ended(class_id: int, group_ids: list[int]) -> None:
    """Tell every tablet of the class and the teacher's pages that the class has ended."""
    payload = {"class_id": class_id}
    for group_id in group_ids:
        socketio.emit(CLASS_ENDED, payload, to=f"group:{group_id}", namespace=PLAY)
    socketio.emit(CLASS_ENDED, payload, to=f"teachers:{class_id}", namespace=TEACH)


def send_presence(class_id: int) -> None:
    """Tell the teacher's pages of the class that a tablet came or went (their dots redraw)."""
    teachers = f"teachers:{class_id}"
    if listening(TEACH, teachers):
        socketio.emit(PRESENCE, {"class_id": class_id}, to=teachers, namespace=TEACH)
