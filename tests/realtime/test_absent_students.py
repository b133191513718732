"""An absent or removed student, and the end of the class, over real sockets: the teacher's
buttons reach every tablet and the teacher's page at once."""

from __future__ import annotations

from typing import Any

from flask.testing import FlaskClient
from flask_socketio import SocketIOTestClient

from classroom.web import socketio
from tests.realtime.conftest import Lesson, Tablet


def _teacher(lesson: Lesson) -> tuple[FlaskClient, SocketIOTestClient]:
    """The teacher's browser, logged in, and its socket watching the class."""
    http = lesson.app.test_client()
    login = http.post(
        "/teacher/login", data={"username": "frizzle", "password": "magic-school-bus"}
    )
    assert login.status_code == 302
    sock = socketio.test_client(lesson.app, namespace="/teach", flask_test_client=http)
    answer = sock.emit("watch", {"class_id": lesson.class_id}, namespace="/teach", callback=True)
    assert answer["ok"]
    return http, sock


def _names(sock: SocketIOTestClient) -> list[str]:
    return [message["name"] for message in sock.get_received("/teach")]


def _whose_turn(tablets: list[Tablet]) -> Tablet:
    turn = tablets[0].last_state()["turn"]
    return next(t for t in tablets if t.last_state()["me"] == turn)


def test_the_teacher_skips_an_absent_students_turn_and_the_next_one_plays(lesson: Lesson) -> None:
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen", "Dia")]
    lesson.start(0)
    absent = _whose_turn(tablets)
    seat = absent.last_state()["me"]
    absent.socket.disconnect(namespace="/play")
    http, _sock = _teacher(lesson)
    response = http.post(f"/teacher/groups/{lesson.group_ids[0]}/skip", data={"seat": seat})
    assert response.status_code == 302
    others = [t for t in tablets if t is not absent]
    nxt = _whose_turn(others)
    assert nxt is not absent and nxt.last_state()["can"]["play"]
    card = nxt.last_state()["hand"][0]
    assert nxt.act({"type": "play", "card": card, "action_id": "after-skip"})["ok"]


def test_a_removed_tablet_hears_seat_removed_and_is_disconnected(lesson: Lesson) -> None:
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen", "Dia")]
    lesson.start(0)
    leaving = tablets[1]
    seat = leaving.last_state()["me"]
    http, teacher = _teacher(lesson)
    response = http.post(f"/teacher/seats/{seat}/remove")
    assert response.status_code == 302
    assert not leaving.socket.is_connected("/play")
    # The test client keeps what arrived before the server hung up.
    heard = [m for m in leaving.socket.queue if m["namespace"] == "/play"]
    assert heard[-1]["name"] == "seat_removed"
    assert heard[-1]["args"] == [{"seat": seat, "group": lesson.group_ids[0]}]
    staying = tablets[0].last_state()
    assert seat not in [s["seat"] for s in staying["seats"]]
    assert staying["status"] in ("playing", "guess_window")
    assert "group" in _names(teacher)


def test_a_removed_tablet_cannot_come_back_with_its_old_token(lesson: Lesson) -> None:
    leaving = lesson.join("Ana")
    http, _teacher_sock = _teacher(lesson)
    http.post(f"/teacher/seats/{leaving.last_state()['me']}/remove")
    again = socketio.test_client(
        lesson.app, namespace="/play", auth={"token": leaving.token}, flask_test_client=leaving.http
    )
    assert not again.is_connected("/play")


def test_ending_the_class_mid_round_reaches_every_tablet_and_the_teacher(lesson: Lesson) -> None:
    otters = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    falcons = [lesson.join(name, 1) for name in ("Dia", "Eli", "Fay")]
    lesson.start(0)
    lesson.start(1)
    http, teacher = _teacher(lesson)
    teacher.get_received("/teach")
    for tablet in otters + falcons:
        tablet.received()
    assert _whose_turn(otters).last_state()["can"]["play"]
    assert _whose_turn(falcons).last_state()["can"]["play"]
    response = http.post(f"/teacher/classes/{lesson.class_id}/end")
    assert response.status_code == 302
    for tablet in otters + falcons:
        messages: list[tuple[str, Any]] = tablet.received()
        names = [name for name, _payload in messages]
        # The running round ends first (scored, as End round does), then the class.
        ended = [event for name, batch in messages if name == "events" for event in batch]
        assert [event["kind"] for event in ended] == ["round_ended"], (tablet.nickname, names)
        assert names.index("class_ended") > names.index("events"), (tablet.nickname, names)
        assert messages[names.index("class_ended")][1] == {"class_id": lesson.class_id}
        state = tablet.latest
        assert state is not None and not any(state["can"].values())
    assert "class_ended" in _names(teacher)
    ana = otters[0]
    answer = ana.act({"type": "play", "card": ana.last_state()["hand"][0], "action_id": "late"})
    assert answer["ok"] is False
