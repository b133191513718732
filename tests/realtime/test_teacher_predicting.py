"""The teacher's page hears each change of a group with its prediction figures: the payload
that makes the class page fetch the group's panel again carries the last ten plays' shares."""

from __future__ import annotations

from flask_socketio import SocketIOTestClient

from classroom.web import socketio
from tests.predicting import play_with_predictions
from tests.realtime.conftest import Lesson


def watching(lesson: Lesson) -> SocketIOTestClient:
    http = lesson.app.test_client()
    login = http.post(
        "/teacher/login", data={"username": "frizzle", "password": "magic-school-bus"}
    )
    assert login.status_code == 302
    sock = socketio.test_client(lesson.app, namespace="/teach", flask_test_client=http)
    assert sock.emit("watch", {"class_id": lesson.class_id}, namespace="/teach", callback=True)[
        "ok"
    ]
    return sock


def test_a_play_tells_the_teacher_the_tables_prediction_figures(lesson: Lesson) -> None:
    tablets = {name: lesson.join(name) for name in ("Ana", "Ben", "Chen")}
    lesson.start(0)
    group_id = lesson.group_ids[0]
    play_with_predictions(lesson.service, group_id, 8)
    teacher = watching(lesson)
    teacher.get_received("/teach")
    snapshot = lesson.service.reading.group_snapshot(group_id)
    assert snapshot.state is not None and snapshot.state.turn is not None
    player = tablets[snapshot.nickname(snapshot.state.turn)]
    card = str(snapshot.state.hand(snapshot.state.turn)[0])
    assert player.act({"type": "play", "card": card, "action_id": "live-1"})["ok"]
    views = [m["args"][0] for m in teacher.get_received("/teach") if m["name"] == "group"]
    assert views, "the teacher heard nothing of the play"
    figures = views[-1]["predicting"]
    assert figures["window"] == 10 and figures["plays"] == 8  # the new play: nobody predicted
    assert figures["group"]["predicted"] == 16  # two forecasts on each of the eight plays
    assert sorted(figures["seats"]) == sorted(snapshot.state.seats)
    assert sum(seat["predicted"] for seat in figures["seats"].values()) == 16
