"""One client cannot take every seat, guess join codes at speed, or open a seat on many sockets;
the seats it took are the teacher's to see and remove."""

from __future__ import annotations

import html

import pytest
from flask import Flask
from socketio.packet import CONNECT_ERROR, Packet
from werkzeug.test import TestResponse

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, UseCases
from classroom.web import presence, socketio
from tests.realtime.conftest import Lesson
from tests.security.conftest import EASY_RULE
from tests.web.conftest import Browser

#: What the join page says when a limit is reached, by whom it holds back.
WAIT = {
    "browser": "Too many tries from this tablet. Wait a minute, then try again.",
    "class": "Many students are joining this class right now. Try again in a few seconds.",
    "net": "Too many tries from this school's network. Wait a minute, then try again.",
}


@pytest.fixture
def big_class(service: UseCases, teacher: int) -> tuple[int, str, list[int]]:
    """A class of four groups (32 seats): its id, join code and group ids."""
    return a_class(service, teacher, "8C")


def a_class(service: UseCases, teacher: int, name: str) -> tuple[int, str, list[int]]:
    setups = [GroupSetup(group, EASY_RULE) for group in ("A", "B", "C", "D")]
    class_id = service.classes.create_class(teacher, name, setups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    return class_id, snapshot.join_code, [group.group_id for group in snapshot.groups]


def claim(browser: Browser, code: str, group_id: int, nickname: str, who: str = "") -> int:
    """Take a seat through the real forms; the answer's status (a refusal says who waits)."""
    browser.get(f"/join?code={code}")
    form = {"code": code, "group": group_id, "nickname": nickname}
    response = browser.post("/join/seat", form)
    if response.status_code == 429:
        assert WAIT[who] in page_text(response)
        assert response.headers["Retry-After"] == "60"
    return response.status_code


def page_text(response: TestResponse) -> str:
    """The page as a reader sees its text (entities such as &#39; undone)."""
    return html.unescape(response.get_data(as_text=True))


def seats_taken(service: UseCases, teacher: int, class_id: int) -> int:
    snapshot = service.reading.class_snapshot(teacher, class_id)
    return sum(len(group.seats) for group in snapshot.groups)


def test_one_browser_takes_three_seats_a_minute_at_most(
    app: Flask, service: UseCases, teacher: int, big_class
) -> None:
    class_id, code, groups = big_class
    squatter = Browser(app, address="192.0.2.10")
    statuses = [claim(squatter, code, groups[n % 4], f"Bot {n}", "browser") for n in range(6)]
    assert statuses == [302, 302, 302, 429, 429, 429]
    assert seats_taken(service, teacher, class_id) == 3


def test_a_class_of_thirty_behind_one_school_address_joins_at_once(
    app: Flask, service: UseCases, teacher: int, big_class
) -> None:
    class_id, code, groups = big_class
    statuses = [
        claim(Browser(app, address="192.0.2.20"), code, groups[n % 4], f"Pupil {n}")
        for n in range(30)
    ]
    assert statuses == [302] * 30
    assert seats_taken(service, teacher, class_id) == 30


def test_a_flood_of_fresh_browsers_fills_one_class_no_faster_than_its_limit(
    app: Flask, service: UseCases, teacher: int, big_class
) -> None:
    app.config["SEAT_CLAIMS_PER_CLASS"] = "10 per minute"
    class_id, code, groups = big_class
    statuses = [
        claim(Browser(app, address="192.0.2.22"), code, groups[n % 4], f"Bot {n}", "class")
        for n in range(14)
    ]
    assert statuses == [302] * 10 + [429] * 4
    assert seats_taken(service, teacher, class_id) == 10
    # Another class, joining from the same address at the same time, is not held back.
    _other_id, other_code, other_groups = a_class(service, teacher, "8D")
    assert claim(Browser(app, address="192.0.2.22"), other_code, other_groups[0], "Maya") == 302


def test_one_address_has_a_ceiling_a_script_with_fresh_browsers_meets(
    app: Flask, service: UseCases, teacher: int, big_class
) -> None:
    app.config["SEAT_CLAIM_LIMIT"] = "12 per minute"
    _class_id, code, groups = big_class
    _other_id, other_code, other_groups = a_class(service, teacher, "8D")
    statuses = [
        claim(Browser(app, address="192.0.2.24"), code_, groups_[n % 4], f"Bot {n}", "net")
        for n, (code_, groups_) in enumerate([(code, groups), (other_code, other_groups)] * 8)
    ]
    assert statuses == [302] * 12 + [429] * 4
    # Another address is not held back.
    assert claim(Browser(app, address="192.0.2.25"), code, groups[3], "Maya") == 302


def test_a_refused_nickname_does_not_use_up_the_browsers_seats(
    app: Flask, service: UseCases, teacher: int, big_class
) -> None:
    class_id, code, groups = big_class
    assert claim(Browser(app, address="192.0.2.26"), code, groups[0], "Ana") == 302
    tablet = Browser(app, address="192.0.2.26")
    assert [claim(tablet, code, groups[0], "Ana") for _ in range(5)] == [400] * 5  # name taken
    statuses = [claim(tablet, code, groups[n], f"Ana {n}", "browser") for n in range(4)]
    assert statuses == [302, 302, 302, 429]
    assert seats_taken(service, teacher, class_id) == 4


def test_a_student_who_mistypes_the_code_slows_down_only_their_own_tablet(
    app: Flask, big_class
) -> None:
    _class_id, code, _groups = big_class
    mistyper = Browser(app, address="192.0.2.30")
    wrong = [mistyper.get(f"/join?code=ZZ{n:04d}").status_code for n in range(10)]
    assert wrong == [404] * 10
    blocked = mistyper.get(f"/join?code={code}")  # even the right code, for a while
    assert blocked.status_code == 429 and WAIT["browser"] in page_text(blocked)
    # The classmate beside them, on the same school network, joins at once.
    assert Browser(app, address="192.0.2.30").get(f"/join?code={code}").status_code == 200


def test_a_script_guessing_codes_with_fresh_browsers_meets_the_address_ceiling(
    app: Flask, big_class
) -> None:
    app.config["JOIN_CODE_LIMIT"] = "15 per minute"
    _class_id, code, _groups = big_class
    answers = [Browser(app, address="192.0.2.32").get(f"/join?code=ZZ{n:04d}") for n in range(18)]
    assert [answer.status_code for answer in answers] == [404] * 15 + [429] * 3
    assert WAIT["net"] in page_text(answers[-1])
    assert Browser(app, address="192.0.2.33").get(f"/join?code={code}").status_code == 200


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
