"""How long a table waits on an absent tablet before its call or verdict may be settled: a
class option, 20 seconds unless the teacher chooses (0 to 120), on the new-class form and on
the class page; a value out of range is refused in the page's language and changes nothing."""

from __future__ import annotations

import re
from collections.abc import Callable

from classroom.usecases import UseCases
from tests.web.conftest import Browser, class_form, flashes, text


def _field(page: str) -> str:
    found = re.search(r"<input[^>]*name=\"away_seconds\"[^>]*>", page)
    assert found is not None, "no away time on the page"
    return found.group(0)


def test_the_new_class_form_offers_twenty_seconds_and_saves_the_choice(
    client: Browser, teacher: int, service: UseCases
) -> None:
    assert 'value="20"' in _field(text(client.get("/teacher/classes/new?groups=1")))
    data = class_form("8P", ["alternate-colors"], away_seconds="45")
    assert client.post("/teacher/classes/new", data).status_code == 302
    (period,) = service.classes.classes_of(teacher)
    assert period.away_seconds == 45


def test_a_blank_away_time_is_the_default(client: Browser, teacher: int, service: UseCases) -> None:
    client.get("/teacher/classes/new?groups=1")
    data = class_form("8P", ["alternate-colors"], away_seconds="")
    assert client.post("/teacher/classes/new", data).status_code == 302
    (period,) = service.classes.classes_of(teacher)
    assert period.away_seconds == 20


def test_an_away_time_out_of_range_is_refused_in_the_pages_language(
    client: Browser, teacher: int, service: UseCases
) -> None:
    client.get("/teacher/classes/new?groups=1&lang=ru")
    data = class_form("8P", ["alternate-colors"], away_seconds="500")
    response = client.post("/teacher/classes/new", data, headers={"Accept-Language": "ru"})
    assert response.status_code == 400
    assert "от 0 до 120 секунд" in text(response)
    assert service.classes.classes_of(teacher) == []


def test_the_class_page_changes_it_and_refuses_nonsense(
    client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    class_id = new_class()
    page = f"/teacher/classes/{class_id}"
    assert 'value="20"' in _field(text(client.get(page)))
    assert client.post(f"{page}/away", {"away_seconds": "8", "next": page}).status_code == 302
    assert "The time to wait for an absent tablet is changed." in flashes(client, page)
    assert service.reading.class_snapshot(teacher, class_id).away_seconds == 8
    client.post(f"{page}/away", {"away_seconds": "-3", "next": page})
    assert "0 to 120 seconds" in flashes(client, page)
    assert service.reading.class_snapshot(teacher, class_id).away_seconds == 8
    assert 'value="8"' in _field(text(client.get(page)))
