"""After every change: each seat gets its own projection, the group the public events,
the teacher's pages the teacher view. Rooms: seat:<id>, group:<id>, teachers:<class id>."""

from __future__ import annotations

from flask import current_app
from socketio import PubSubManager

from classroom.projections.group_views import public_event, student_views, teacher_group_view
from classroom.projections.journal_view import journal_view
from classroom.usecases import Change, Classroom, GroupSnapshot
from classroom.web.extensions import socketio

PLAY = "/play"
TEACH = "/teach"


def classroom() -> Classroom:
    """The service facade of the running app."""
    service: Classroom = current_app.extensions["classroom"]
    return service


def listening(namespace: str, room: str) -> bool:
    """Whether any page listens in `room`; behind a message queue another process may hold it.
    (A view nobody receives is not worth building.)"""
    manager = socketio.server.manager
    if isinstance(manager, PubSubManager):
        return True
    return any(True for _ in manager.get_participants(namespace, room))


def announce(change: Change) -> None:
    """Push a change to every tablet of the group and to the teacher's pages."""
    if change.duplicate:
        return
    announce_group(
        change.group_id,
        events=[public_event(e) for e in change.events],
        snapshot=change.snapshot,
    )


def announce_group(
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
    from classroom.web.projector.push import push_group

    if events:
        socketio.emit("events", events, to=f"group:{group_id}", namespace=PLAY)
    if snapshot is None:
        snapshot = classroom().group_snapshot(group_id)
    push_group(snapshot)
    # Let the socket writer threads send the play now: without this they wait for the GIL
    # while the per-seat views are built (measured: tablets' p50 1 ms lower with it).
    socketio.sleep(0)
    for seat_key, view in student_views(snapshot).items():
        if listening(PLAY, f"seat:{seat_key}"):
            socketio.emit("state", view, to=f"seat:{seat_key}", namespace=PLAY)
    teachers = f"teachers:{snapshot.class_id}"
    if listening(TEACH, teachers):
        socketio.emit("group", teacher_group_view(snapshot), to=teachers, namespace=TEACH)
    if events and snapshot.has_journal:
        _send_journals(snapshot)


def announce_class(class_id: int) -> None:
    """After a change to the class itself (joining locked, class ended): every group, and the
    whole projector view."""
    from classroom.web.projector.push import push_projector

    for group in classroom().class_snapshot(None, class_id).groups:
        announce_group(group.group_id)
    push_projector(class_id)


def send_journal(snapshot: GroupSnapshot, seat_id: int) -> None:
    """Send one seat its journal, checked against the table as it is now."""
    if snapshot.round_id is None:
        return
    records = classroom().journal(snapshot.round_id, seat_id)
    events = classroom().events_after(snapshot.round_id, 0) if records else ()
    layout = snapshot.state.layout if snapshot.state else None
    view = journal_view(records, events, layout)
    socketio.emit("journal", view, to=f"seat:{seat_id}", namespace=PLAY)


def _send_journals(snapshot: GroupSnapshot) -> None:
    """After a play, the outcomes of predictions change: refresh every journal that has any."""
    assert snapshot.round_id is not None
    records = classroom().journal(snapshot.round_id)
    if not records:
        return
    events = classroom().events_after(snapshot.round_id, 0)
    layout = snapshot.state.layout if snapshot.state else None
    for seat in {record.seat for record in records}:
        mine = [record for record in records if record.seat == seat]
        socketio.emit(
            "journal", journal_view(mine, events, layout), to=f"seat:{seat}", namespace=PLAY
        )
