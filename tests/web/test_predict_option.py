"""Everyone predicts as the teacher sets it: on the new-class form (on by default) and on the
class page, with its window of 3 to 15 seconds."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest

from classroom.usecases import UseCases
from tests.web.conftest import Browser, class_form, flashes, text


def test_the_new_class_form_offers_everyone_predicts_checked_with_5_seconds(
    client: Browser, teacher: int
) -> None:
    page = text(client.get("/teacher/classes/new?groups=1"))
    checkbox = re.search(r"<input[^>]*name=\"everyone_predicts\"[^>]*>", page)
    assert checkbox is not None and "checked" in checkbox.group(0)
    seconds = re.search(r"<input[^>]*name=\"predict_seconds\"[^>]*>", page)
    assert seconds is not None and 'value="5"' in seconds.group(0)


def test_the_option_and_its_window_are_saved(
    client: Browser, teacher: int, service: UseCases
) -> None:
    client.get("/teacher/classes/new?groups=1")
    data = class_form("8P", ["alternate-colors"], everyone_predicts="y", predict_seconds="7")
    assert client.post("/teacher/classes/new", data).status_code == 302
    (period,) = service.classes.classes_of(teacher)
    assert (period.everyone_predicts, period.predict_seconds) == (True, 7)


def test_a_window_out_of_range_is_refused_in_the_pages_language(
    client: Browser, teacher: int, service: UseCases
) -> None:
    client.get("/teacher/classes/new?groups=1&lang=pl")
    data = class_form("8P", ["alternate-colors"], everyone_predicts="y", predict_seconds="40")
    response = client.post("/teacher/classes/new", data, headers={"Accept-Language": "pl"})
    assert response.status_code == 400
    assert "sekund" in text(response)
    assert service.classes.classes_of(teacher) == []


@pytest.mark.parametrize(("sent", "on"), [({"everyone_predicts": "y"}, True), ({}, False)])
def test_the_class_page_turns_it_on_or_off(
    client: Browser,
    teacher: int,
    service: UseCases,
    new_class: Callable[..., int],
    sent: dict[str, str],
    on: bool,
) -> None:
    class_id = new_class()
    page = f"/teacher/classes/{class_id}"
    assert "predict_seconds" in text(client.get(page))
    response = client.post(f"{page}/predictions", {"predict_seconds": "12", "next": page, **sent})
    assert response.status_code == 302
    snapshot = service.reading.class_snapshot(teacher, class_id)
    assert (snapshot.everyone_predicts, snapshot.predict_seconds) == (on, 12)
    assert ("Everyone predicts is on." if on else "Everyone predicts is off.") in flashes(
        client, page
    )
