"""Numbers no row can have, and frames no payload can be: a clear 404 or error event, never a
server error, and the server keeps serving."""

from __future__ import annotations

import logging
import re

import pytest
from flask import Flask

from classroom.web import socketio
from classroom.web.config import MAX_ROW_ID
from tests.realtime.conftest import Lesson
from tests.web.conftest import Browser

HUGE = 10**30
INT_PART = re.compile(r"<int:\w+>")


def teacher_urls(app: Flask) -> list[tuple[str, str]]:
    """Every URL of the app that takes an id in its path, as (method, URL template)."""
    found = []
    for rule in app.url_map.iter_rules():
        if INT_PART.search(rule.rule):
            method = "GET" if "GET" in (rule.methods or ()) else "POST"
            found.append((method, INT_PART.sub("{id}", rule.rule)))
    return sorted(found)


def answers(client: Browser, app: Flask, number: int) -> dict[str, int]:
    """The status of every page with an id in its path, asked for `number`."""
    urls = teacher_urls(app)
    assert len(urls) >= 30  # classes, groups, seats, projector and printing pages
    found = {}
    for method, url in urls:
        address = url.format(id=number)
        response = client.get(address) if method == "GET" else client.post(address)
        found[f"{method} {address}"] = response.status_code
    return found


@pytest.mark.parametrize("number", [HUGE, 2**63, 10**400])
def test_an_id_beyond_any_row_is_a_404_on_every_page(
    app: Flask, client: Browser, teacher: int, number: int
) -> None:
    assert set(answers(client, app, number).values()) == {404}


@pytest.mark.parametrize("number", [MAX_ROW_ID, 0])
def test_the_largest_and_smallest_ids_are_no_server_error(
    app: Flask, client: Browser, teacher: int, number: int
) -> None:
    statuses = answers(client, app, number)
    assert all(status < 500 for status in statuses.values()), statuses


def test_watching_a_class_no_row_can_be_is_an_error_event(
    app: Flask, client: Browser, teacher: int
) -> None:
    live = socketio.test_client(app, namespace="/teach", flask_test_client=client.client)
    for class_id in (HUGE, 2**63, -1, True, "1", None):
        answer = live.emit("watch", {"class_id": class_id}, namespace="/teach", callback=True)
        assert answer == {"ok": False, "error": "There is no such class."}
        problems = [m for m in live.get_received("/teach") if m["name"] == "problem"]
        assert problems[-1]["args"][0]["message"] == answer["error"]
    assert live.is_connected("/teach")


def deep_frame(event: str, depth: int) -> str:
    """A raw Socket.IO event frame on /play whose payload nests `depth` lists."""
    return f'2/play,["{event}",' + "[" * depth + "]" * depth + "]"


def test_a_frame_nested_8000_deep_is_dropped_with_an_error_event(
    lesson: Lesson, caplog: pytest.LogCaptureFixture
) -> None:
    ana, _ben, _chen = (lesson.join(name) for name in ("Ana", "Ben", "Chen"))
    lesson.start(0)
    before = lesson.service.reading.group_snapshot(lesson.group_ids[0]).state
    ana.received()
    with caplog.at_level(logging.DEBUG):
        socketio.server._handle_eio_message(ana.socket.eio_sid, deep_frame("act", 8000))
    assert "RecursionError" not in caplog.text and "Traceback" not in caplog.text
    assert "nested deeper" in caplog.text
    assert [p["message"] for p in ana.received("problem")] == [
        "That message was malformed and has been ignored."
    ]
    assert lesson.service.reading.group_snapshot(lesson.group_ids[0]).state == before
    assert ana.socket.is_connected("/play")
    assert "ok" in ana.act({"type": "pass", "action_id": "after"})  # the tablet is answered


def test_an_ordinary_frame_is_decoded_as_before(lesson: Lesson) -> None:
    ana = lesson.join("Ana")
    ana.received()
    socketio.server._handle_eio_message(ana.socket.eio_sid, '2/play,["resync",{"round":0}]')
    assert ana.received("state") and not ana.received("problem")


@pytest.mark.parametrize(
    "frame",
    ['2/play,["act",{', '2/play,["act",' + "9" * 5000 + "]", '2/play,["act",{"a":NaN]'],
    ids=["cut short", "a 5000-digit number", "not JSON"],
)
def test_a_frame_that_is_not_json_is_dropped_with_an_error_event(
    lesson: Lesson, frame: str, caplog: pytest.LogCaptureFixture
) -> None:
    ana = lesson.join("Ana")
    ana.received()
    with caplog.at_level(logging.DEBUG):
        socketio.server._handle_eio_message(ana.socket.eio_sid, frame)
    assert "Traceback" not in caplog.text and "dropped a Socket.IO frame" in caplog.text
    assert [p["message"] for p in ana.received("problem")] == [
        "That message was malformed and has been ignored."
    ]


@pytest.mark.parametrize(
    ("event", "payload"),
    [
        ("resync", {"round": HUGE, "last_seq": HUGE}),
        ("resync", {"round": -HUGE, "last_seq": 2**63}),
        ("act", {"type": "play", "card": "7H", "action_id": "x", "seq": HUGE}),
        ("verdict", {"kind": "play", "right": True, "action_id": "x", "card": HUGE}),
        ("choose_rule", {"kind": "language", "text": f"card.rank > {HUGE}", "action_id": "x"}),
    ],
)
def test_huge_numbers_from_a_tablet_get_an_answer(lesson: Lesson, event: str, payload) -> None:
    ana = lesson.join("Ana")
    answer = ana.socket.emit(event, payload, namespace="/play", callback=True)
    assert isinstance(answer, dict) and "ok" in answer
    assert ana.socket.is_connected("/play")
