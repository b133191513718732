"""Fixtures of the attacks: the web tests' browsers and the Socket.IO tests' lesson."""

from __future__ import annotations

import pytest
from flask import Flask
from flask.testing import FlaskClient

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, UseCases
from tests.realtime import conftest as realtime
from tests.web import conftest as web

# The fixtures of both kinds of tests: attacks come through pages and through sockets.
app, client, service, teacher = web.app, web.client, web.service, web.teacher
app_settings = web.app_settings
quick_password_hashes = web.quick_password_hashes
database, lesson = realtime.database, realtime.lesson

EASY_RULE = "card.color != prev.color"


@pytest.fixture
def class_id(service: UseCases, teacher: int) -> int:
    """A class of two groups of the logged-in teacher."""
    setups = [GroupSetup("Otters", EASY_RULE), GroupSetup("Falcons", EASY_RULE)]
    return service.classes.create_class(teacher, "7B Science", setups, Options())


def copy_of_cookie(app: Flask, client: FlaskClient) -> FlaskClient:
    """Another browser holding a copy of `client`'s session cookie, as a thief would."""
    cookie = client.get_cookie("session")
    assert cookie is not None
    thief = app.test_client()
    thief.set_cookie("session", cookie.value)
    return thief
