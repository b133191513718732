"""A database server restarting under a class: a dropped connection costs one retry inside the
use case; an action the database still cannot take is answered "try again" (nothing applied)
and applied once when the tablet sends it again; a tablet connecting meanwhile is told to try
again, not refused for good. The faults are real: the connection under a statement is closed,
and the driver fails as it does when its server goes."""

from __future__ import annotations

import pytest
from socketio.packet import CONNECT_ERROR, Packet
from sqlalchemy import Engine

from classroom.web import socketio
from tests.dropping import dropping
from tests.realtime.conftest import Lesson, Tablet

LOG_WRITE = "INSERT INTO round_events"


def _engine(lesson: Lesson) -> Engine:
    engine: Engine = lesson.service.context.uow.sessions.kw["bind"]  # type: ignore[attr-defined]
    return engine


def _seated(lesson: Lesson) -> tuple[Tablet, list[Tablet]]:
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    turn = tablets[0].last_state()["turn"]
    player = next(t for t in tablets if t.last_state()["me"] == turn)
    return player, [t for t in tablets if t is not player]


def test_a_play_whose_connection_drops_once_is_applied_once(lesson: Lesson) -> None:
    player, others = _seated(lesson)
    before = player.last_state()["seq"]
    card = player.last_state()["hand"][0]
    with dropping(_engine(lesson), 1, LOG_WRITE) as dropped:
        answer = player.act({"type": "play", "card": card, "action_id": "dropped-once"})
    assert dropped == [1]
    assert answer["ok"] and not answer["duplicate"], answer
    assert answer["seq"] == before + 2  # the play and its verdict, written once
    table = others[0].last_state()
    assert table["seq"] == answer["seq"]
    assert (table["mainline"] + [c for side in table["sidelines"] for c in side]).count(card) == 1


def test_a_play_the_database_cannot_take_is_tried_again_and_applied_once(
    lesson: Lesson,
) -> None:
    player, others = _seated(lesson)
    before = player.last_state()["seq"]
    play = {"type": "play", "card": player.last_state()["hand"][0], "action_id": "restart"}
    with dropping(_engine(lesson), 2, LOG_WRITE) as dropped:
        answer = player.act(play)
    assert dropped == [2]
    assert answer == {"ok": False, "retry": True, "error": answer["error"]}
    assert "busy" in answer["error"]
    assert others[0].last_state()["seq"] == before  # nothing was applied
    again = player.act(play)  # as the tablet does after a moment: same action, same id
    assert again["ok"] and not again["duplicate"] and again["seq"] == before + 2
    assert player.act(play)["duplicate"]


def test_a_tablet_connecting_while_the_database_restarts_gets_in_on_its_next_try(
    lesson: Lesson, monkeypatch: pytest.MonkeyPatch
) -> None:
    player, _others = _seated(lesson)
    player.socket.disconnect(namespace="/play")
    tablet = socketio.test_client(lesson.app, namespace="/play", auth={"token": "none yet"})
    sent: list[Packet] = []
    send = socketio.server._send_packet
    monkeypatch.setattr(
        socketio.server, "_send_packet", lambda sid, pkt: (sent.append(pkt), send(sid, pkt))
    )
    with dropping(_engine(lesson), 1):
        tablet.connect(namespace="/play", auth={"token": player.token})
    assert not tablet.is_connected("/play")
    # The tablet's page waits a moment and connects again for a refusal of this reason.
    errors = [pkt.data for pkt in sent if pkt.packet_type == CONNECT_ERROR]
    assert errors == [
        {"message": "The server is busy for a moment. Trying again...", "data": {"reason": "busy"}}
    ]
    monkeypatch.undo()
    back = socketio.test_client(
        lesson.app, namespace="/play", auth={"token": player.token}, flask_test_client=player.http
    )
    assert back.is_connected("/play")
    assert any(message["name"] == "state" for message in back.get_received("/play"))
