"""The practice link: handed out on the class page with its QR code and robots, opened by a
student with no account (a table of their own, dealt at once, off the class page), withdrawn,
and limited per browser with a message in the student's language."""

from __future__ import annotations

import re
from collections.abc import Callable

from flask import Flask

from classroom.usecases import UseCases
from tests.web.conftest import Browser, flashes, text

LINK = re.compile(r'id="practice-url">[^<]*/practice/([A-Za-z0-9_-]+)<')


def _hand_out(
    client: Browser, class_id: int, first: str = "ideal", second: str = "confirmer"
) -> str:
    here = f"/teacher/classes/{class_id}"
    client.post(f"{here}/practice", {"first": first, "second": second, "next": here})
    page = text(client.get(here))
    found = LINK.search(page)
    assert found, "the class page shows the practice link"
    return found.group(1)


def test_the_class_page_hands_out_a_practice_link_with_its_qr_code_and_robots(
    client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    class_id = new_class()
    here = f"/teacher/classes/{class_id}"
    page = text(client.get(here))
    assert "Practice alone" in page and "No practice link is handed out." in page
    token = _hand_out(client, class_id, "random", "ideal")
    page = text(client.get(here))
    assert token != service.reading.class_snapshot(teacher, class_id).join_code
    assert 'class="qr practice-qr"><svg' in page
    assert "Robots at the table: Random player and Ideal scientist." in page
    assert "Practice: 0 tables open." in page


def test_a_student_opens_the_link_and_plays_at_a_table_of_their_own(
    app: Flask, client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    class_id = new_class()
    token = _hand_out(client, class_id)
    student = Browser(app, "10.0.0.9")
    page = text(student.get(f"/practice/{token}"))
    assert "Ideal scientist (program)" in page and "Confirmer (program)" in page
    response = student.post(f"/practice/{token}", {"nickname": ""})
    assert response.status_code == 302 and response.location.endswith("/play")
    play = text(student.get("/play"))
    assert 'id="next-practice-round"' in play
    seat = service.seats.seat_by_token(re.search(r'data-token="([^"]+)"', play).group(1))  # type: ignore[union-attr]
    snapshot = service.reading.group_snapshot(seat.group_id)
    assert snapshot.seats[0].nickname == "Scientist"
    assert snapshot.state is not None and not snapshot.state.is_over
    page = text(client.get(f"/teacher/classes/{class_id}"))
    assert "Practice: 1 table open." in page
    assert "Confirmer (program)" not in page  # no panel for a practice table
    assert [g.group_id for g in service.reading.class_snapshot(teacher, class_id).groups] != [
        seat.group_id
    ]


def test_a_withdrawn_link_opens_no_table_and_says_so(
    app: Flask, client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    class_id = new_class()
    token = _hand_out(client, class_id)
    here = f"/teacher/classes/{class_id}"
    client.post(f"{here}/practice/withdraw", {"next": here})
    assert "No practice link is handed out." in flashes(client, here)
    student = Browser(app, "10.0.0.9")
    response = student.get(f"/practice/{token}")
    assert response.status_code == 404
    assert "This practice link does not work any more." in text(response)
    student.get("/join")
    response = student.post(f"/practice/{token}", {"nickname": "Mio"})
    assert response.status_code == 404
    assert service.practice.link_of(teacher, class_id).tables == 0


def test_a_new_link_replaces_the_one_before(
    app: Flask, client: Browser, teacher: int, new_class: Callable[..., int]
) -> None:
    class_id = new_class()
    first = _hand_out(client, class_id)
    second = _hand_out(client, class_id)
    student = Browser(app, "10.0.0.9")
    assert student.get(f"/practice/{first}").status_code == 404
    assert student.get(f"/practice/{second}").status_code == 200


def test_a_browser_opens_five_practice_tables_an_hour_then_is_told_in_its_language(
    app: Flask, client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    class_id = new_class()
    token = _hand_out(client, class_id)
    student = Browser(app, "10.0.0.9")
    student.get(f"/practice/{token}?lang=pl")
    for _n in range(5):
        assert student.post(f"/practice/{token}", {"nickname": "Ola"}).status_code == 302
    refused = student.post(f"/practice/{token}", {"nickname": "Ola"})
    assert refused.status_code == 429 and refused.headers["Retry-After"] == "3600"
    assert "w ciągu ostatniej godziny wiele stołów do ćwiczeń" in text(refused)
    assert service.practice.link_of(teacher, class_id).tables == 5


def test_an_address_opens_sixty_practice_tables_an_hour(
    app: Flask, client: Browser, teacher: int, new_class: Callable[..., int]
) -> None:
    app.config["PRACTICE_TABLE_LIMIT"] = "3 per hour"
    class_id = new_class()
    token = _hand_out(client, class_id)
    for n in range(4):
        student = Browser(app, "10.0.0.7")  # a new browser each time, one school's address
        student.get(f"/practice/{token}")
        response = student.post(f"/practice/{token}", {"nickname": f"S{n}"})
        assert response.status_code == (302 if n < 3 else 429)
    assert "from this network" in text(response)
