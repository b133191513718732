"""The server's sockets as a tablet meets them: no Nagle delay, and the catch-up after the
namespace's CONNECT packet (socket.io-client holds back whatever comes before it)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator

import pytest
import socketio

from classroom.cli.serve import SchoolServer, make_school_server
from tests.realtime.conftest import Lesson


@pytest.fixture
def live(lesson: Lesson) -> Iterator[SchoolServer]:
    """The real server `classroom serve` runs, on a free port, serving the lesson's app."""
    server = make_school_server("127.0.0.1", 0, lesson.app)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join(timeout=5)


def test_accepted_connections_send_small_messages_at_once() -> None:
    server = make_school_server("127.0.0.1", 0, lambda environ, start: [])
    try:
        with socket.create_connection(server.server_address[:2], timeout=5):
            connection, _address = server.get_request()
            with connection:
                assert connection.getsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY)
    finally:
        server.server_close()


def seat_token(lesson: Lesson, nickname: str) -> str:
    """Join the lesson's first group through the real form; the seat token it gives."""
    http = lesson.app.test_client()
    answer = http.post(
        "/join/seat", data={"code": lesson.code, "group": lesson.group_ids[0], "nickname": nickname}
    )
    assert answer.status_code == 302
    with http.session_transaction() as session:
        return str(session["play_token"])


def test_a_tablet_hears_connect_before_its_catch_up(lesson: Lesson, live: SchoolServer) -> None:
    # Seats taken by the join form alone: Flask-SocketIO's test client would swallow what the
    # real server sends (it replaces the server's packet sender).
    token, *_others = (seat_token(lesson, name) for name in ("Ana", "Ben", "Chen"))
    lesson.start(0)
    host, port = live.server_address[:2]
    client = socketio.Client(reconnection=False)
    arrived: list[str] = []
    receive = client._handle_eio_message  # every Socket.IO packet, in the order it came

    def record(data: str) -> None:
        arrived.append(data)
        receive(data)

    client.eio.on("message", record)
    try:
        client.connect(
            f"http://{host}:{port}",
            namespaces=["/play"],
            auth={"token": token},
            transports=["websocket"],
            wait_timeout=5,
        )
        deadline = time.monotonic() + 5
        while len(arrived) < 3 and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(0.2)  # anything sent after the catch-up (an empty journal) arrives by now
        connected, first, second, *rest = arrived
        assert connected.startswith('0/play,{"sid"')
        assert first.startswith('2/play,["events"')
        assert second.startswith('2/play,["state"')
        assert rest == []  # no journal was written: no empty journal follows
    finally:
        client.disconnect()
