"""A removed student hears nothing more of the group, on any tab still open; squatters' seats
are listed for the teacher, who removes them."""

from __future__ import annotations

from flask import Flask
from flask.testing import FlaskClient

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, UseCases
from classroom.web import socketio
from tests.realtime.conftest import Lesson, Tablet
from tests.security.conftest import EASY_RULE
from tests.security.test_flooding import claim, seats_taken
from tests.web.conftest import Browser


def teacher_browser(lesson: Lesson) -> FlaskClient:
    """The lesson's teacher, logged in through the form."""
    http = lesson.app.test_client()
    answer = http.post(
        "/teacher/login", data={"username": "frizzle", "password": "magic-school-bus"}
    )
    assert answer.status_code == 302
    return http


def seat_id(lesson: Lesson, nickname: str) -> int:
    snapshot = lesson.service.reading.group_snapshot(lesson.group_ids[0])
    return next(seat.id for seat in snapshot.seats if seat.nickname == nickname)


def play_any_card(tablet: Tablet) -> None:
    state = tablet.last_state()
    answer = tablet.act({"type": "play", "card": state["hand"][0], "action_id": "p1"})
    assert answer["ok"], answer


def test_a_removed_seats_open_sockets_receive_no_more_group_events(lesson: Lesson) -> None:
    ana, ben, chen, dan = (lesson.join(name) for name in ("Ana", "Ben", "Chen", "Dan"))
    second_tab = socketio.test_client(
        lesson.app, namespace="/play", auth={"token": dan.token}, flask_test_client=dan.http
    )
    lesson.start(0)
    for tablet in (ana, ben, chen, dan):
        tablet.received()
    second_tab.get_received("/play")
    teacher = teacher_browser(lesson)
    removed = teacher.post(f"/teacher/seats/{seat_id(lesson, 'Dan')}/remove")
    assert removed.status_code == 302
    assert not dan.socket.is_connected("/play") and not second_tab.is_connected("/play")
    # A closed test socket keeps what it heard in its queue: the last word was the removal.
    for tab in (dan.socket, second_tab):
        assert [message["name"] for message in tab.queue] == ["seat_removed"]
        tab.queue.clear()
    turn = ana.last_state()["turn"]
    player = next(t for t in (ana, ben, chen) if str(seat_id(lesson, t.nickname)) == turn)
    play_any_card(player)
    assert ana.received("events") or ana.received("state")  # the group goes on...
    assert dan.socket.queue == [] and second_tab.queue == []  # ...without Dan


def test_a_removed_seats_token_opens_no_new_socket(lesson: Lesson) -> None:
    dan = lesson.join("Dan")
    teacher_browser(lesson).post(f"/teacher/seats/{seat_id(lesson, 'Dan')}/remove")
    again = socketio.test_client(lesson.app, namespace="/play", auth={"token": dan.token})
    assert not again.is_connected("/play")


def test_the_teacher_sees_a_squatters_seats_and_removes_them(
    app: Flask, service: UseCases, teacher: int, client: Browser
) -> None:
    setups = [GroupSetup("Otters", EASY_RULE)]
    class_id = service.classes.create_class(teacher, "7B", setups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    squatter = Browser(app, address="192.0.2.50")
    for n in range(3):
        assert claim(squatter, snapshot.join_code, group_id, f"Bot {n}") == 302
    page = client.get(f"/teacher/classes/{class_id}").get_data(as_text=True)
    assert all(f"Bot {n}" in page for n in range(3))
    seats = service.reading.class_snapshot(teacher, class_id).groups[0].seats
    for seat in seats:
        assert client.post(f"/teacher/seats/{seat.id}/remove").status_code == 302
    assert seats_taken(service, teacher, class_id) == 0
