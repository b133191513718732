"""Fixtures for the web tests: an app on a temporary database, browsers that carry the CSRF
token like a real page does, a logged-in teacher, classes made and joined through the forms."""

from __future__ import annotations

import functools
import re
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from jinja2 import BytecodeCache
from jinja2.bccache import Bucket
from werkzeug.security import generate_password_hash
from werkzeug.test import TestResponse

from classroom.core.cards import Card
from classroom.core.rules import compile_rule
from classroom.usecases import JournalNote, Move, SeatRef, UseCases
from classroom.web import create_app
from tests.live_class import LiveClass, build_class
from tests.live_class import play_a_round as play_a_round_of
from tests.web.printing_support import logged_in, printing_app

CSRF_FIELD = re.compile(r'name="csrf_token"[^>]*value="([^"]+)"')
PASSWORD = "correct horse battery"


class Browser:
    """A test client that keeps the CSRF token of the last page and sends it with forms."""

    def __init__(self, app: Flask, address: str = "127.0.0.1") -> None:
        self.client = app.test_client()
        self.address = address
        self.token: str | None = None

    def get(self, url: str, **kwargs: Any) -> TestResponse:
        """GET a page and remember its CSRF token."""
        response = self.client.get(url, environ_base={"REMOTE_ADDR": self.address}, **kwargs)
        found = CSRF_FIELD.search(response.get_data(as_text=True))
        if found:
            self.token = found.group(1)
        return response

    def post(self, url: str, data: dict[str, Any] | None = None, **kwargs: Any) -> TestResponse:
        """POST a form with the page's CSRF token (`csrf=False` leaves it out)."""
        form = dict(data or {})
        if kwargs.pop("csrf", True):
            form.setdefault("csrf_token", self.csrf())
        return self.client.post(
            url, data=form, environ_base={"REMOTE_ADDR": self.address}, **kwargs
        )

    def post_json(self, url: str, payload: Any, *, csrf: bool = True) -> TestResponse:
        """POST JSON the way the page's scripts do: the CSRF token in the X-CSRFToken header."""
        headers = {"X-CSRFToken": self.csrf()} if csrf else {}
        return self.client.post(
            url, json=payload, headers=headers, environ_base={"REMOTE_ADDR": self.address}
        )

    def csrf(self) -> str:
        """A CSRF token of this browser's session (from the join page if none was seen yet)."""
        if self.token is None:
            self.get("/join")
        assert self.token is not None
        return self.token

    def log_in(self, username: str, password: str) -> TestResponse:
        """Log in through the real form."""
        self.get("/teacher/login")
        response = self.post("/teacher/login", {"username": username, "password": password})
        self.token = None  # a login starts a new session, with a new token
        return response


@pytest.fixture(autouse=True)
def quick_password_hashes(monkeypatch: pytest.MonkeyPatch) -> None:
    """Cheap hashes keep the suite fast; checking still goes through werkzeug."""
    quick = functools.partial(generate_password_hash, method="pbkdf2:sha256:1000")
    monkeypatch.setattr("classroom.usecases.teachers.generate_password_hash", quick)


class SharedBytecode(BytecodeCache):
    """Compiled templates shared by every test's app: each app would compile them again."""

    def __init__(self) -> None:
        self.compiled: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.compiled:
            bucket.bytecode_from_string(self.compiled[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.compiled[bucket.key] = bucket.bytecode_to_string()


TEMPLATES = SharedBytecode()


@pytest.fixture
def app_settings() -> dict[str, Any]:
    """Settings a test module adds to the app's (none here; a module may override this)."""
    return {}


@pytest.fixture
def app(database_url: str, app_settings: dict[str, Any]) -> Flask:
    """The app on a fresh database (see tests/conftest.py), CSRF on, shuffles seeded."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test secret",
            "DATABASE_URL": database_url,
            "SHUFFLE_SEED": 1,
            "PUBLIC_URL": "",
            "BEACON_SECONDS": 0,  # as in tests/realtime: a test sends the beacons it reads
            "ROBOT_SWEEP_SECONDS": 0,
            **app_settings,
        }
    )
    app.jinja_env.bytecode_cache = TEMPLATES
    return app


@pytest.fixture
def service(app: Flask) -> UseCases:
    """The app's service facade."""
    classroom: UseCases = app.extensions["use_cases"]
    return classroom


@pytest.fixture
def client(app: Flask) -> Browser:
    """The teacher's browser."""
    return Browser(app)


@pytest.fixture
def teacher(service: UseCases, client: Browser) -> int:
    """A teacher account, logged in on `client`; its id."""
    teacher_id = service.teachers.create_teacher("rivera", PASSWORD)
    response = client.log_in("rivera", PASSWORD)
    assert response.status_code == 302
    return teacher_id


def class_form(name: str, rules: list[str], **options: Any) -> dict[str, Any]:
    """The class form's fields: a rule is a library id, or rule-language text with a space."""
    data: dict[str, Any] = {"name": name, "stock_out": "add_deck", **options}
    for n, rule in enumerate(rules):
        data[f"groups-{n}-name"] = f"Table {n + 1}"
        if " " in rule:
            data[f"groups-{n}-source"] = "custom"
            data[f"groups-{n}-custom_rule"] = rule
        else:
            data[f"groups-{n}-source"] = "library"
            data[f"groups-{n}-library_rule"] = rule
    return data


@pytest.fixture
def new_class(client: Browser, teacher: int) -> Callable[..., int]:
    """Make a class through the form; returns its id."""

    def make(groups: int = 1, rule: str = "alternate-colors", name: str = "7B") -> int:
        client.get(f"/teacher/classes/new?groups={groups}")
        response = client.post("/teacher/classes/new", class_form(name, [rule] * groups))
        assert response.status_code == 302, response.get_data(as_text=True)
        return int(response.location.rsplit("/", 1)[1])

    return make


@pytest.fixture
def join(app: Flask, service: UseCases) -> Callable[..., SeatRef]:
    """Seat a student through the real join form (their own browser); returns the seat."""

    def take_seat(code: str, group_id: int, nickname: str) -> SeatRef:
        tablet = Browser(app, address="10.0.0.50")
        tablet.get(f"/join?code={code}")
        response = tablet.post(
            "/join/seat", {"code": code, "group": str(group_id), "nickname": nickname}
        )
        assert response.status_code == 302, response.get_data(as_text=True)
        with tablet.client.session_transaction() as session:
            return service.seats.seat_by_token(session["play_token"])

    return take_seat


def text(response: TestResponse) -> str:
    """The page's HTML."""
    return response.get_data(as_text=True)


def flashes(browser: Browser, url: str) -> str:
    """The page a redirect leads to, as text (its flashed messages included)."""
    return text(browser.get(url))


@dataclass
class Lesson:
    """A class with one group of three students (accented and Japanese nicknames)."""

    class_id: int
    group_id: int
    join_code: str
    seats: list[SeatRef]

    @property
    def page(self) -> str:
        return f"/teacher/classes/{self.class_id}"

    def seat(self, key: str | None) -> SeatRef:
        """The seat with this engine id."""
        return next(seat for seat in self.seats if seat.key == key)


NICKNAMES = ("Zoë", "さくら", "Ana")


@pytest.fixture
def lesson(
    teacher: int,
    service: UseCases,
    new_class: Callable[..., int],
    join: Callable[..., SeatRef],
) -> Lesson:
    """One group of three, seated, no round yet."""
    snapshot = service.reading.class_snapshot(teacher, new_class())
    group_id = snapshot.groups[0].group_id
    seats = [join(snapshot.join_code, group_id, name) for name in NICKNAMES]
    return Lesson(snapshot.class_id, group_id, snapshot.join_code, seats)


def right_card(service: UseCases, group_id: int, seat: SeatRef) -> Card:
    """A card of the seat's hand that the group's secret rule accepts now."""
    group = service.reading.group_snapshot(group_id)
    assert group.state is not None
    rule = compile_rule(group.rule_text)
    hand = group.state.hand(seat.key)
    return next(c for c in hand if rule.allows(group.state.layout.mainline, c))


def play_a_round(service: UseCases, teacher_id: int, lesson: Lesson) -> None:
    """Round 1 of the alternate-colours rule, with journals and guesses:

    1. the first player writes a plain-words hypothesis testing a card they predict will be
       rejected (a falsification test), plays it (accepted), and guesses wrong;
    2. the next player writes the rule in the rule language (equivalent), tests a card they
       predict will be accepted, plays it, and guesses right in plain words.
    """
    service.rounds.start_round(teacher_id, lesson.group_id)
    for n, (text, predicted, words, right) in enumerate(
        [
            ("reds come after blacks", False, "card.suit == prev.suit", False),
            ("prev.color != card.color", True, "colours alternate", True),
        ]
    ):
        state = service.reading.group_snapshot(lesson.group_id).state
        assert state is not None
        player = lesson.seat(state.turn)
        card = right_card(service, lesson.group_id, player)
        service.journal.write_journal(player, JournalNote(text, 5 + n, card, predicted))
        service.rounds.act(player, Move("play", f"play-{n}", cards=(card,)))
        service.rounds.act(player, Move("guess", f"guess-{n}", text=words))
        service.rounds.judge_guess(teacher_id, lesson.group_id, right)


# The printing blueprint. One app and one class per test module: the printing tests only read
# them, and a fresh browser per test keeps a language chosen in one test out of the next.
# A test that changes the class, or adds a teacher the others could meet, takes the own_*
# fixtures instead: its own app, class and browser.


@pytest.fixture(scope="module")
def print_app(tmp_path_factory: pytest.TempPathFactory) -> Flask:
    """The app on a database of this module, with the printing blueprint registered."""
    return printing_app(tmp_path_factory.mktemp("printing"))


@pytest.fixture(scope="module")
def print_service(print_app: Flask) -> UseCases:
    service: UseCases = print_app.extensions["use_cases"]
    return service


@pytest.fixture(scope="module")
def print_class(print_service: UseCases) -> LiveClass:
    """A class of two groups, the first with a finished round."""
    live = build_class(print_service)
    play_a_round_of(live, live.group_ids[0])
    return live


@pytest.fixture
def print_client(print_app: Flask, print_class: LiveClass) -> FlaskClient:
    """The class's teacher's browser, new for each test."""
    return logged_in(print_app, print_class.teacher_id)


@pytest.fixture
def own_app(tmp_path: Path) -> Flask:
    """The app on a database of this test alone."""
    return printing_app(tmp_path)


@pytest.fixture
def own_service(own_app: Flask) -> UseCases:
    service: UseCases = own_app.extensions["use_cases"]
    return service


@pytest.fixture
def own_class(own_service: UseCases) -> LiveClass:
    """The class of `print_class`, on this test's database: the test may change it."""
    live = build_class(own_service)
    play_a_round_of(live, live.group_ids[0])
    return live


@pytest.fixture
def own_client(own_app: Flask, own_class: LiveClass) -> FlaskClient:
    """The teacher's browser for `own_class`."""
    return logged_in(own_app, own_class.teacher_id)
