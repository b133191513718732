"""Events a client names `connect` or `disconnect` are not the transport's: they free no tab of
a seat, open none, and a flood of them (or of refused connections) leaves a short log."""

from __future__ import annotations

import logging
import sys
import threading
from collections.abc import Iterator

import pytest
import socketio

from classroom.cli.serve import SchoolServer, make_school_server
from classroom.web import presence
from classroom.web import socketio as socketio_server
from classroom.web.log_limits import LINES_PER_WINDOW, LineLimit
from tests.realtime.conftest import Lesson

WAIT_S = 10


@pytest.fixture
def live(lesson: Lesson) -> Iterator[str]:
    """The real server `classroom serve` runs, on a free port: its base URL."""
    server: SchoolServer = make_school_server("127.0.0.1", 0, lesson.app)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    host, port = server.server_address[:2]
    yield f"http://{host}:{port}"
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)


def seat_token(lesson: Lesson, nickname: str) -> str:
    """Take a seat in the lesson's first group through the real join form."""
    http = lesson.app.test_client()
    form = {"code": lesson.code, "group": lesson.group_ids[0], "nickname": nickname}
    assert http.post("/join/seat", data=form).status_code == 302
    with http.session_transaction() as session:
        return str(session["play_token"])


def open_tab(url: str, token: str) -> socketio.Client | None:
    """A tablet's socket on /play, or None when the server refused it."""
    client = socketio.Client(reconnection=False)
    try:
        client.connect(
            url,
            namespaces=["/play"],
            auth={"token": token},
            transports=["websocket"],
            wait_timeout=WAIT_S,
        )
    except socketio.exceptions.ConnectionError:
        client.disconnect()
        return None
    return client


def settled(client: socketio.Client, timeout: float = WAIT_S) -> None:
    """Wait until the server handled what the client sent before (a connection's messages
    are handled in order, so the answer to a resync comes after them)."""
    answer = client.call("resync", {"round": 0, "last_seq": 0}, namespace="/play", timeout=timeout)
    assert answer == {"ok": True}


def tabs_of(lesson: Lesson, token: str) -> int:
    seat = lesson.service.seats.seat_by_token(token)
    with lesson.app.app_context():
        return presence.tabs(seat.seat_id)


def close_all(clients: list[socketio.Client | None]) -> None:
    """Disconnect every client at once (each waits a while for its transport to close)."""
    closing = [
        threading.Thread(target=client.disconnect) for client in clients if client is not None
    ]
    for thread in closing:
        thread.start()
    for thread in closing:
        thread.join(timeout=WAIT_S)


def test_a_forged_disconnect_frees_no_tab(lesson: Lesson, live: str) -> None:
    token = seat_token(lesson, "Ana")
    first = open_tab(live, token)
    assert first is not None
    opened: list[socketio.Client | None] = [first]
    try:
        for _ in range(5):
            first.emit("disconnect", "client namespace disconnect", namespace="/play")
            first.emit("disconnect", namespace="/play")
        settled(first)
        opened += [open_tab(live, token) for _ in range(3)]
        assert [tab is not None for tab in opened] == [True, True, True, False]
        assert tabs_of(lesson, token) == 3
    finally:
        close_all(opened)


def test_a_forged_connect_opens_no_tab(lesson: Lesson, live: str) -> None:
    token = seat_token(lesson, "Ana")
    first = open_tab(live, token)
    assert first is not None
    try:
        for _ in range(5):
            first.emit("connect", ({}, {"token": token}), namespace="/play")
            first.emit("connect", {"token": token}, namespace="/play")
        settled(first)
        assert tabs_of(lesson, token) == 1
        assert first.connected
    finally:
        first.disconnect()


def warnings_during(caplog: pytest.LogCaptureFixture) -> str:
    """All the server wrote at WARNING and above (what `classroom serve` prints), tracebacks
    included."""
    return caplog.text


def test_a_flood_of_forged_connects_leaves_a_short_log(
    lesson: Lesson, live: str, caplog: pytest.LogCaptureFixture
) -> None:
    token = seat_token(lesson, "Ana")
    client = open_tab(live, token)
    assert client is not None
    try:
        with caplog.at_level(logging.WARNING):
            for n in range(2000):
                payload = {"token": "nonsense"} if n % 2 else ({}, {"token": token})
                client.emit("connect", payload, namespace="/play")
            settled(client, timeout=300)  # the flood is handled first, however slowly
            log = warnings_during(caplog)
    finally:
        client.disconnect()
    assert "Traceback" not in log
    assert len(log) < 4000, log[:2000]


def test_refused_connections_are_logged_in_a_line_each_and_not_without_end(
    lesson: Lesson, caplog: pytest.LogCaptureFixture
) -> None:
    token = seat_token(lesson, "Ana")

    def connects(auth: dict[str, str]) -> bool:
        tab = socketio_server.test_client(lesson.app, namespace="/play", auth=auth)
        return bool(tab.is_connected("/play"))

    with caplog.at_level(logging.WARNING):
        refused = [connects({"token": "not a seat token"}) for _ in range(30)]
        tabs = [connects({"token": token}) for _ in range(20)]  # 17 over the cap
        log = warnings_during(caplog)
    assert not any(refused) and tabs.count(True) == 3
    assert "Traceback" not in log
    refusals = [line for line in log.splitlines() if "refused" in line]
    assert any("seat_gone" in line for line in refusals)
    assert any("too_many_tabs" in line for line in refusals)
    assert len(refusals) <= 2 * LINES_PER_WINDOW, "\n".join(refusals)
    assert "more like it" in log


def test_the_log_keeps_a_few_lines_of_a_kind_a_minute_then_tells_how_many_it_held_back() -> None:
    now = [0.0]
    limit = LineLimit(per_window=3, window=60, clock=lambda: now[0])

    def line(address: str) -> logging.LogRecord:
        return logging.LogRecord("x", logging.WARNING, "", 0, "refused (from %s)", (address,), None)

    kept = [record for n in range(1000) if limit.filter(record := line(f"10.0.0.{n % 250}"))]
    assert [record.getMessage() for record in kept] == [
        "refused (from 10.0.0.0)",
        "refused (from 10.0.0.1)",
        "refused (from 10.0.0.2) [more like it in the next 60 s are only counted]",
    ]
    now[0] = 61.0
    record = line("10.0.0.9")
    assert limit.filter(record)
    assert record.getMessage() == "refused (from 10.0.0.9) [and 997 more like it not logged]"


def test_a_refusal_raised_in_a_handler_is_logged_without_its_traceback() -> None:
    try:
        raise socketio.exceptions.ConnectionRefusedError("This tablet has no seat.")
    except socketio.exceptions.ConnectionRefusedError:
        record = logging.LogRecord(
            "engineio.server", logging.ERROR, "", 0, "message handler error", (), sys.exc_info()
        )
    assert LineLimit().filter(record)
    assert record.exc_info is None
    assert record.getMessage() == "message handler error [refused: This tablet has no seat.]"
    assert "Traceback" not in logging.Formatter().format(record)
