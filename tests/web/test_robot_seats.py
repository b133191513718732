"""The class page seats robot players: each kind explained, named in the class's language
with a robot mark and the word "program", always shown as present, removed like any seat,
and refused with a message for a kind that does not exist."""

from __future__ import annotations

from collections.abc import Callable

from classroom.usecases import UseCases
from tests.web.conftest import Browser, flashes, text


def _robot_form(group_id: int, kind: str, here: str) -> tuple[str, dict[str, str]]:
    return f"/teacher/groups/{group_id}/robots", {"kind": kind, "next": here}


def test_the_panel_offers_each_robot_with_a_line_that_explains_it(
    client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    class_id = new_class()
    page = text(client.get(f"/teacher/classes/{class_id}"))
    assert "Add a robot player" in page
    for label in ("Ideal scientist", "Confirmer", "Random player"):
        assert label in page
    assert "plays only cards it expects to be accepted" in page


def test_a_robot_joins_named_as_a_program_and_leaves_like_any_seat(
    client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    class_id = new_class()
    here = f"/teacher/classes/{class_id}"
    group_id = service.reading.class_snapshot(teacher, class_id).groups[0].group_id
    client.post(*_robot_form(group_id, "ideal", here))
    client.post(*_robot_form(group_id, "ideal", here))
    seats = service.reading.group_snapshot(group_id).seats
    assert [s.nickname for s in seats] == [
        "Ideal scientist (program)",
        "Ideal scientist 2 (program)",
    ]
    page = text(client.get(here))
    assert page.count("Ideal scientist (program)") >= 1
    assert "tablet offline" not in page  # a program is never away
    client.post(f"/teacher/seats/{seats[0].id}/remove", {"next": here})
    assert [s.id for s in service.reading.group_snapshot(group_id).seats] == [seats[1].id]


def test_a_robot_in_a_japanese_class_is_named_in_japanese(
    client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    class_id = new_class()
    service.classes.set_class_language(teacher, class_id, "ja")
    group_id = service.reading.class_snapshot(teacher, class_id).groups[0].group_id
    client.post(*_robot_form(group_id, "confirmer", f"/teacher/classes/{class_id}"))
    seats = service.reading.group_snapshot(group_id).seats
    assert [s.nickname for s in seats] == ["確かめ屋（プログラム）"]


def test_a_robot_of_an_unknown_kind_is_refused_with_a_message(
    client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    class_id = new_class()
    here = f"/teacher/classes/{class_id}"
    group_id = service.reading.class_snapshot(teacher, class_id).groups[0].group_id
    client.post(*_robot_form(group_id, "oracle", here))
    assert "Choose a kind of robot player." in flashes(client, here)
    assert service.reading.group_snapshot(group_id).seats == ()
