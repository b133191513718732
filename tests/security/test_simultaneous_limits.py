"""Limits hold when requests arrive at the same moment, in one process and across two.

A limit checked before a request and counted after its answer let 40 simultaneous seat claims
from one address all take seats; each limit is now checked and counted in one step.
"""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TypeVar

import pytest
import requests
from flask import Flask

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, UseCases
from tests.scaleout.conftest import TEACHER, Cluster, redis_server, running_cluster
from tests.security.conftest import EASY_RULE
from tests.web.conftest import Browser

__all__ = ["redis_server"]  # the fixture, for the two-process tests

T = TypeVar("T")
CSRF = re.compile(r'name="csrf_token" type="hidden" value="([^"]+)"')


def at_once(count: int, request: Callable[[int], T]) -> list[T]:
    """`request(n)` for n in range(count), each in its own thread, released together."""
    start = threading.Barrier(count)
    answers: list[T | None] = [None] * count

    def send(n: int) -> None:
        start.wait()
        answers[n] = request(n)

    threads = [threading.Thread(target=send, args=(n,)) for n in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return [answer for answer in answers if answer is not None]


def open_class(service: UseCases, teacher: int) -> tuple[int, str, list[int]]:
    setups = [GroupSetup(name, EASY_RULE) for name in ("A", "B", "C", "D")]
    class_id = service.classes.create_class(teacher, "9A", setups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    return class_id, snapshot.join_code, [group.group_id for group in snapshot.groups]


def seats_in(service: UseCases, teacher: int, class_id: int) -> int:
    snapshot = service.reading.class_snapshot(teacher, class_id)
    return sum(len(group.seats) for group in snapshot.groups)


# In one process: threads sharing one browser's cookie.


def copies_of(app: Flask, browser: Browser, count: int) -> list[Browser]:
    """`count` browsers holding `browser`'s session cookie and CSRF token (one tablet's tabs)."""
    cookie = browser.client.get_cookie("session")
    assert cookie is not None and browser.token is not None
    copies = []
    for _ in range(count):
        copy = Browser(app, address=browser.address)
        copy.client.set_cookie("session", cookie.value)
        copy.token = browser.token
        copies.append(copy)
    return copies


def test_forty_simultaneous_claims_from_one_browser_take_three_seats(
    app: Flask, service: UseCases, teacher: int
) -> None:
    class_id, code, groups = open_class(service, teacher)
    tablet = Browser(app, address="192.0.2.50")
    assert tablet.get(f"/join?code={code}").status_code == 200
    tabs = copies_of(app, tablet, 40)
    statuses = at_once(
        40,
        lambda n: (
            tabs[n]
            .post("/join/seat", {"code": code, "group": groups[n % 4], "nickname": f"Bot {n}"})
            .status_code
        ),
    )
    assert statuses.count(302) == 3 and statuses.count(429) == 37
    assert seats_in(service, teacher, class_id) == 3


def test_a_class_of_thirty_joining_at_the_same_moment_all_get_seats(
    app: Flask, service: UseCases, teacher: int
) -> None:
    class_id, code, groups = open_class(service, teacher)
    tablets = [Browser(app, address="192.0.2.51") for _ in range(30)]
    for tablet in tablets:
        assert tablet.get(f"/join?code={code}").status_code == 200
    statuses = at_once(
        30,
        lambda n: (
            tablets[n]
            .post("/join/seat", {"code": code, "group": groups[n % 4], "nickname": f"Pupil {n}"})
            .status_code
        ),
    )
    assert statuses == [302] * 30
    assert seats_in(service, teacher, class_id) == 30


def test_forty_simultaneous_wrong_codes_from_one_browser_are_ten_lookups(app: Flask) -> None:
    guesser = Browser(app, address="192.0.2.52")
    guesser.get("/join")
    tabs = copies_of(app, guesser, 40)
    statuses = at_once(40, lambda n: tabs[n].get(f"/join?code=QQ{n:04d}").status_code)
    assert statuses.count(404) == 10 and statuses.count(429) == 30


def test_twenty_simultaneous_wrong_passwords_are_five_checks(app: Flask) -> None:
    guesser = Browser(app, address="192.0.2.53")
    guesser.get("/teacher/login")
    tabs = copies_of(app, guesser, 20)
    form = {"username": "frizzle", "password": "not it"}
    statuses = at_once(20, lambda n: tabs[n].post("/teacher/login", form).status_code)
    assert statuses.count(401) == 5 and statuses.count(429) == 15


# Across two server processes sharing one Redis.


@pytest.fixture(scope="module")
def two_servers(redis_server, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    folder: Path = tmp_path_factory.mktemp("limits")
    with running_cluster(f"sqlite:///{folder / 'classroom.db'}", redis_server.url, folder) as both:
        yield both


def one_browser_on_two_servers(cluster: Cluster, count: int, url: str) -> list[requests.Session]:
    """`count` sessions holding one browser's cookie, half of them talking to each server."""
    first = requests.Session()
    page = first.get(cluster.a.url + url, timeout=30)
    assert page.status_code in (200, 404)
    sessions = []
    for _ in range(count):
        session = requests.Session()
        session.cookies.update(first.cookies)
        session.headers["X-Test-Token"] = CSRF.search(page.text).group(1)  # type: ignore[union-attr]
        sessions.append(session)
    return sessions


def test_simultaneous_claims_on_two_servers_share_one_browsers_limit(two_servers) -> None:
    cluster = two_servers
    teacher = cluster.teacher_id()
    class_id, code, groups = open_class(cluster.service, teacher)
    tabs = one_browser_on_two_servers(cluster, 40, f"/join?code={code}")

    def claim(n: int) -> int:
        server = cluster.a if n % 2 else cluster.b
        form = {
            "csrf_token": tabs[n].headers["X-Test-Token"],
            "code": code,
            "group": groups[n % 4],
            "nickname": f"Bot {n}",
        }
        answer = tabs[n].post(f"{server.url}/join/seat", data=form, allow_redirects=False)
        return answer.status_code

    statuses = at_once(40, claim)
    assert statuses.count(302) == 3 and statuses.count(429) == 37
    assert seats_in(cluster.service, teacher, class_id) == 3


def test_simultaneous_wrong_passwords_on_two_servers_are_five_checks(two_servers) -> None:
    cluster = two_servers
    tabs = one_browser_on_two_servers(cluster, 20, "/teacher/login")

    def log_in(n: int) -> int:
        server = cluster.a if n % 2 else cluster.b
        form = {
            "csrf_token": tabs[n].headers["X-Test-Token"],
            "username": TEACHER[0],
            "password": "not it",
        }
        return tabs[n].post(f"{server.url}/teacher/login", data=form).status_code

    statuses = at_once(20, log_in)
    assert statuses.count(401) == 5 and statuses.count(429) == 15
