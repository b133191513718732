"""One client cannot take every seat, guess join codes at speed, or open a seat on many sockets;
the seats it took are the teacher's to see and remove."""

from __future__ import annotations

import pytest
from flask import Flask
from socketio.packet import CONNECT_ERROR, Packet

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, UseCases
from classroom.web import presence, socketio
from tests.realtime.conftest import Lesson
from tests.security.conftest import EASY_RULE
from tests.web.conftest import Browser

TOO_MANY = "Too many tries from this tablet or network. Wait a minute."


@pytest.fixture
def big_class(service: UseCases, teacher: int) -> tuple[int, str, list[int]]:
    """A class of four groups (32 seats): its id, join code and group ids."""
    setups = [GroupSetup(name, EASY_RULE) for name in ("A", "B", "C", "D")]
    class_id = service.classes.create_class(teacher, "8C", setups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    return class_id, snapshot.join_code, [group.group_id for group in snapshot.groups]


def claim(browser: Browser, code: str, group_id: int, nickname: str) -> int:
    """Take a seat through the real forms; the answer's status."""
    browser.get(f"/join?code={code}")
    form = {"code": code, "group": group_id, "nickname": nickname}
    response = browser.post("/join/seat", form)
    if response.status_code == 429:
        assert TOO_MANY in response.get_data(as_text=True)
    return response.status_code


def seats_taken(service: UseCases, teacher: int, class_id: int) -> int:
    snapshot = service.reading.class_snapshot(teacher, class_id)
    return sum(len(group.seats) for group in snapshot.groups)


def test_one_browser_takes_three_seats_a_minute_at_most(
    app: Flask, service: UseCases, teacher: int, big_class
) -> None:
    class_id, code, groups = big_class
    squatter = Browser(app, address="192.0.2.10")
    statuses = [claim(squatter, code, groups[n % 4], f"Bot {n}") for n in range(6)]
    assert statuses == [302, 302, 302, 429, 429, 429]
    assert seats_taken(service, teacher, class_id) == 3


def test_one_address_cannot_fill_a_class_even_with_fresh_browsers(
    app: Flask, service: UseCases, teacher: int, big_class
) -> None:
    class_id, code, groups = big_class
    statuses = [
        claim(Browser(app, address="192.0.2.20"), code, groups[n % 4], f"Bot {n}")
        for n in range(32)
    ]
    assert statuses.count(302) == 20 and statuses[20:] == [429] * 12
    assert seats_taken(service, teacher, class_id) == 20
    # Another tablet, on another address, is not held back by the squatter.
    assert claim(Browser(app, address="192.0.2.21"), code, groups[3], "Maya") == 302


def test_guessing_join_codes_is_stopped_after_twenty_wrong_ones(app: Flask, big_class) -> None:
    _class_id, code, _groups = big_class
    guesser = Browser(app, address="192.0.2.30")
    wrong = [guesser.get(f"/join?code=ZZ{n:04d}").status_code for n in range(20)]
    assert wrong == [404] * 20
    blocked = guesser.get(f"/join?code={code}")  # even the right code, for a while
    assert blocked.status_code == 429 and TOO_MANY in blocked.get_data(as_text=True)
    assert Browser(app, address="192.0.2.31").get(f"/join?code={code}").status_code == 200


def test_right_codes_are_not_counted_as_guesses(app: Flask, big_class) -> None:
    _class_id, code, _groups = big_class
    classroom_network = Browser(app, address="192.0.2.40")
    assert {classroom_network.get(f"/join?code={code}").status_code for _ in range(40)} == {200}


def test_a_seat_opens_on_three_sockets_and_refuses_a_fourth(lesson: Lesson) -> None:
    ana = lesson.join("Ana")
    extra = [
        socketio.test_client(lesson.app, namespace="/play", auth={"token": ana.token})
        for _ in range(3)
    ]
    assert [sock.is_connected("/play") for sock in extra] == [True, True, False]
    with lesson.app.app_context():
        assert presence.tabs(seat_of(lesson, "Ana")) == 3
    extra[0].disconnect(namespace="/play")
    again = socketio.test_client(lesson.app, namespace="/play", auth={"token": ana.token})
    assert again.is_connected("/play")  # a closed tab frees its place


def seat_of(lesson: Lesson, nickname: str) -> int:
    """The seat id of a nickname in the lesson's first group."""
    snapshot = lesson.service.reading.group_snapshot(lesson.group_ids[0])
    return next(seat.id for seat in snapshot.seats if seat.nickname == nickname)


def test_the_fourth_socket_hears_why_it_was_refused(
    lesson: Lesson, monkeypatch: pytest.MonkeyPatch
) -> None:
    ana = lesson.join("Ana")
    for _ in range(2):
        socketio.test_client(lesson.app, namespace="/play", auth={"token": ana.token})
    refused = socketio.test_client(lesson.app, namespace="/play", auth={"token": ana.token})
    assert not refused.is_connected("/play")
    sent: list[Packet] = []
    send = socketio.server._send_packet
    monkeypatch.setattr(
        socketio.server, "_send_packet", lambda sid, pkt: (sent.append(pkt), send(sid, pkt))
    )
    refused.connect(namespace="/play", auth={"token": ana.token})  # the tablet tries again
    assert [(pkt.packet_type, pkt.data) for pkt in sent] == [
        (
            CONNECT_ERROR,
            {
                "message": "This seat is already open on too many tablets. Close the other tabs.",
                "data": {"reason": "too_many_tabs"},
            },
        )
    ]
