"""Logging in and out, the failure limit, and pages that need a teacher."""

from __future__ import annotations

import pytest
from flask import Flask

from classroom.usecases import UseCases
from tests.web.conftest import PASSWORD, Browser, text


@pytest.fixture
def account(service: UseCases) -> int:
    return service.teachers.create_teacher("rivera", PASSWORD)


def test_right_password_logs_in_and_shows_the_classes(client: Browser, account: int) -> None:
    response = client.log_in("rivera", PASSWORD)
    assert response.status_code == 302
    assert response.location == "/teacher/"
    assert "Your classes" in text(client.get("/teacher/"))


def test_login_returns_to_the_page_asked_for_but_never_to_another_host(
    client: Browser, account: int
) -> None:
    client.get("/teacher/login?next=/teacher/classes/new")
    response = client.post(
        "/teacher/login?next=/teacher/classes/new", {"username": "rivera", "password": PASSWORD}
    )
    assert response.location == "/teacher/classes/new"
    client.post("/teacher/logout")
    client.token = None
    response = client.post(
        "/teacher/login?next=//evil.example/", {"username": "rivera", "password": PASSWORD}
    )
    assert response.location == "/teacher/"


def test_wrong_password_is_refused_with_a_message(client: Browser, account: int) -> None:
    response = client.log_in("rivera", "not the password")
    assert response.status_code == 401
    assert "Wrong username or password." in text(response)
    assert client.get("/teacher/").status_code == 302


def test_sixth_failure_from_one_address_is_blocked_but_not_another_address(
    app: Flask, client: Browser, account: int
) -> None:
    for _ in range(5):
        assert client.log_in("rivera", "guess").status_code == 401
    blocked = client.log_in("rivera", PASSWORD)
    assert blocked.status_code == 429
    assert "Too many failed attempts" in text(blocked)
    elsewhere = Browser(app, address="192.0.2.77")
    assert elsewhere.log_in("rivera", PASSWORD).status_code == 302


def test_logout_ends_the_session(client: Browser, teacher: int) -> None:
    response = client.post("/teacher/logout")
    assert response.location == "/teacher/login"
    assert client.get("/teacher/").status_code == 302


@pytest.mark.parametrize(
    "url",
    [
        "/teacher/",
        "/teacher/classes/new",
        "/teacher/classes/1",
        "/teacher/classes/1/qr.svg",
        "/teacher/classes/1/guesses",
        "/teacher/classes/1/delete",
        "/teacher/groups/1/panel",
        "/teacher/rules/library.json",
    ],
)
def test_pages_send_visitors_to_the_login(client: Browser, url: str) -> None:
    response = client.get(url)
    assert response.status_code == 302
    assert response.location.startswith("/teacher/login?next=")


@pytest.mark.parametrize(
    "url",
    [
        "/teacher/classes/new",
        "/teacher/rules/check",
        "/teacher/classes/1/start-all",
        "/teacher/groups/1/start",
        "/teacher/groups/1/judge",
        "/teacher/seats/1/remove",
    ],
)
def test_actions_send_visitors_to_the_login(client: Browser, url: str) -> None:
    response = client.post(url)
    assert response.status_code == 302
    assert response.location.startswith("/teacher/login")


def test_behind_a_trusted_proxy_the_limit_counts_the_forwarded_address(tmp_path) -> None:
    from classroom.web import create_app

    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{tmp_path / 'proxy.db'}",
            "SECRET_KEY": "x",
            "TESTING": True,
            "WTF_CSRF_ENABLED": False,
            "TRUSTED_PROXIES": 1,
        }
    )
    client = app.test_client()
    for _ in range(5):
        client.post(
            "/teacher/login",
            data={"username": "ana", "password": "wrong-one"},
            headers={"X-Forwarded-For": "203.0.113.7"},
        )
    blocked = client.post(
        "/teacher/login",
        data={"username": "ana", "password": "wrong-one"},
        headers={"X-Forwarded-For": "203.0.113.7"},
    )
    other = client.post(
        "/teacher/login",
        data={"username": "ana", "password": "wrong-one"},
        headers={"X-Forwarded-For": "203.0.113.8"},
    )
    assert blocked.status_code == 429
    assert other.status_code == 401
