"""Fixtures for Socket.IO tests: a real app on a temporary database, real join forms."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from flask_socketio import SocketIOTestClient

from classroom.core.games.express import Options
from classroom.projections.view_changes import updated_view
from classroom.usecases import GroupSetup, UseCases
from classroom.web import create_app, socketio

EASY_RULE = "card.color != prev.color"
OTHER_RULE = "card.odd != prev.odd"


def make_app(database: str) -> Flask:
    """A real app on `database`, CSRF off (forms are tested elsewhere), seeded shuffles."""
    return create_app(
        {
            "DATABASE_URL": database,
            "TESTING": True,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "SHUFFLE_SEED": 7,
            # Beacons are sent by the tests that look at them (`send_now`), not every 2 s
            # into every other test's sockets; the browser tests run with them on.
            "BEACON_SECONDS": 0,
            # Robot moves are made by the tests that want them (`RobotPlayers.step`).
            "ROBOT_SWEEP_SECONDS": 0,
        }
    )


@dataclass
class Tablet:
    """One student's browser: its HTTP client, seat token and socket."""

    nickname: str
    group_id: int
    http: FlaskClient
    token: str
    socket: SocketIOTestClient
    latest: dict[str, Any] | None = None

    def received(self, name: str | None = None) -> list[Any]:
        """Payloads received since the last call (of one event name, or all as (name, args))."""
        messages = self.socket.get_received("/play")
        for message in messages:
            if message["name"] == "state":
                self.latest = message["args"][0]
            elif message["name"] == "update":
                updated = updated_view(self.latest, message["args"][0])
                assert updated is not None, f"{self.nickname}: an update not drawn on its view"
                self.latest = updated
        if name is None:
            return [(m["name"], m["args"][0] if m["args"] else None) for m in messages]
        return [m["args"][0] for m in messages if m["name"] == name]

    def last_state(self) -> dict[str, Any]:
        """The newest `state` payload."""
        self.received()
        assert self.latest is not None, f"{self.nickname} received no state"
        return self.latest

    def act(self, payload: Any) -> Any:
        """Send an action and return the server's answer."""
        return self.socket.emit("act", payload, namespace="/play", callback=True)


@dataclass
class Lesson:
    """A class with groups, a teacher id, and helpers to seat tablets."""

    app: Flask
    service: UseCases
    teacher_id: int
    class_id: int
    code: str
    group_ids: list[int]

    def join(self, nickname: str, group_index: int = 0) -> Tablet:
        """Join through the real form and connect a socket with the seat token."""
        http = self.app.test_client()
        group_id = self.group_ids[group_index]
        answer = http.post(
            "/join/seat", data={"code": self.code, "group": group_id, "nickname": nickname}
        )
        assert answer.status_code == 302, answer.get_data(as_text=True)
        with http.session_transaction() as session:
            token = session["play_token"]
        sock = socketio.test_client(
            self.app, namespace="/play", auth={"token": token}, flask_test_client=http
        )
        assert sock.is_connected("/play")
        return Tablet(nickname, group_id, http, token, sock)

    def start(self, group_index: int = 0) -> None:
        """The teacher starts a group's round (everybody is told: the use case's effect)."""
        self.service.rounds.start_round(self.teacher_id, self.group_ids[group_index])


@pytest.fixture
def database(database_url: str) -> str:
    """The test's database URL (SQLite, or PostgreSQL under CLASSROOM_TEST_DATABASE)."""
    return database_url


@pytest.fixture
def lesson(database) -> Lesson:
    app = make_app(database)
    service: UseCases = app.extensions["use_cases"]
    teacher_id = service.teachers.create_teacher("frizzle", "magic-school-bus")
    class_id = service.classes.create_class(
        teacher_id,
        "7B Science",
        [GroupSetup("Otters", EASY_RULE), GroupSetup("Falcons", OTHER_RULE)],
        Options(),
    )
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    return Lesson(
        app,
        service,
        teacher_id,
        class_id,
        snapshot.join_code,
        [g.group_id for g in snapshot.groups],
    )
