"""Pages while the database server restarts: never a server error, a page in the reader's
language that says so and reloads itself; a teacher's change that met one dropped connection
is made once, by the use case's one retry."""

from __future__ import annotations

from flask import Flask
from sqlalchemy import Engine

from classroom.usecases import UseCases
from tests.dropping import dropping
from tests.web.conftest import Browser, Lesson, text

DOWN = 1000  # more statements than any page runs: the database stays away for the request


def _engine(service: UseCases) -> Engine:
    engine: Engine = service.context.uow.sessions.kw["bind"]  # type: ignore[attr-defined]
    return engine


def test_the_join_page_says_so_in_the_readers_language(
    app: Flask, service: UseCases, lesson: Lesson
) -> None:
    browser = app.test_client()
    polish = {"Accept-Language": "pl-PL,pl;q=0.9"}
    with dropping(_engine(service), DOWN):
        answer = browser.get(f"/join?code={lesson.join_code}", headers=polish)
    assert answer.status_code == 503
    assert answer.headers["Retry-After"] == "5"
    page = text(answer)
    assert "Serwer jest przez chwilę zajęty" in page, page
    assert '<meta http-equiv="refresh" content="5">' in page
    after = browser.get(f"/join?code={lesson.join_code}", headers=polish)
    assert after.status_code == 200  # and the page comes back by itself once it is up


def test_the_class_page_says_so_and_comes_back(
    client: Browser, service: UseCases, lesson: Lesson
) -> None:
    with dropping(_engine(service), DOWN):
        answer = client.get(lesson.page)
    assert answer.status_code == 503
    assert "The server is busy for a moment" in text(answer)
    assert client.get(lesson.page).status_code == 200


def test_a_rename_that_met_a_dropped_connection_is_made_once(
    service: UseCases, teacher: int, lesson: Lesson
) -> None:
    seat = lesson.seats[2]
    with dropping(_engine(service), 1, "UPDATE seats") as dropped:
        service.seats.rename_seat(teacher, seat.seat_id, "Anna")
    assert dropped == [1]
    names = [s.nickname for s in service.reading.group_snapshot(lesson.group_id).seats]
    assert names.count("Anna") == 1 and "Ana" not in names
