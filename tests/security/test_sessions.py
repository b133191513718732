"""A teacher's session ends at logout, at a password change, and after too long: a copy of the
cookie made before then opens nothing, on a page or on a socket."""

from __future__ import annotations

import time

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.cli.main import main as classroom
from classroom.web import socketio
from tests.security.conftest import copy_of_cookie
from tests.web.conftest import Browser

PAGES = ("/teacher/", "/teacher/classes/{class_id}", "/teacher/classes/{class_id}/events.csv")


def opens_everything(thief: FlaskClient, class_id: int) -> bool:
    """Whether every teacher page opens for this browser."""
    return all(thief.get(page.format(class_id=class_id)).status_code == 200 for page in PAGES)


def opens_nothing(thief: FlaskClient, class_id: int) -> bool:
    """Whether every teacher page sends this browser to the login page."""
    for page in PAGES:
        response = thief.get(page.format(class_id=class_id))
        if response.status_code != 302 or not response.location.startswith("/teacher/login"):
            return False
    return True


def socket_opens(app: Flask, thief: FlaskClient) -> bool:
    """Whether the teacher's live socket accepts this browser."""
    sock = socketio.test_client(app, namespace="/teach", flask_test_client=thief)
    connected = sock.is_connected("/teach")
    if connected:
        sock.disconnect(namespace="/teach")
    return connected


def test_a_cookie_copied_before_logout_opens_nothing_after(
    app: Flask, client: Browser, class_id: int
) -> None:
    thief = copy_of_cookie(app, client.client)
    assert opens_everything(thief, class_id) and socket_opens(app, thief)
    assert client.post("/teacher/logout").status_code == 302
    assert opens_nothing(thief, class_id)
    assert not socket_opens(app, thief)


def test_logout_hangs_up_the_open_live_pages(app: Flask, client: Browser, class_id: int) -> None:
    live = socketio.test_client(app, namespace="/teach", flask_test_client=client.client)
    answer = live.emit("watch", {"class_id": class_id}, namespace="/teach", callback=True)
    assert answer["ok"] and live.is_connected("/teach")
    client.post("/teacher/logout")
    assert not live.is_connected("/teach")


def test_a_cookie_copied_before_a_password_change_opens_nothing_after(
    app: Flask,
    client: Browser,
    class_id: int,
    database_url: str,
    tmp_path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    thief = copy_of_cookie(app, client.client)
    assert opens_everything(thief, class_id)
    monkeypatch.setenv("CLASSROOM_DATABASE_URL", database_url)
    monkeypatch.setenv("CLASSROOM_INSTANCE", str(tmp_path))
    assert classroom(["teacher", "password", "rivera", "--password", "a brand new one"]) == 0
    assert opens_nothing(thief, class_id)
    assert not socket_opens(app, thief)
    assert client.log_in("rivera", "a brand new one").status_code == 302  # the new one works


def test_the_teachers_other_sessions_end_with_a_logout(
    app: Flask, client: Browser, class_id: int
) -> None:
    other_laptop = Browser(app)
    assert other_laptop.log_in("rivera", "correct horse battery").status_code == 302
    client.post("/teacher/logout")
    assert opens_nothing(other_laptop.client, class_id)


@pytest.mark.parametrize(
    ("key", "age"),
    [("teacher_seen", 2 * 60 * 60 + 5), ("teacher_since", 8 * 60 * 60 + 5)],
    ids=["idle for two hours", "eight hours old"],
)
def test_an_old_or_idle_session_has_ended(
    client: Browser, class_id: int, key: str, age: int
) -> None:
    assert opens_everything(client.client, class_id)
    with client.client.session_transaction() as session:
        session[key] = int(time.time()) - age
    assert opens_nothing(client.client, class_id)


def test_a_session_in_use_lasts_a_whole_lesson(client: Browser, class_id: int) -> None:
    with client.client.session_transaction() as session:
        session["teacher_since"] = int(time.time()) - 7 * 60 * 60  # logged in this morning
        session["teacher_seen"] = int(time.time()) - 90 * 60  # a long test, quiet
    assert opens_everything(client.client, class_id)


def test_a_session_made_before_versions_existed_opens_nothing(
    app: Flask, teacher: int, class_id: int
) -> None:
    older = app.test_client()
    with older.session_transaction() as session:
        now = int(time.time())
        session.update(teacher_id=teacher, teacher_since=now, teacher_seen=now)
    assert opens_nothing(older, class_id)
