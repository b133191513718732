"""The class page: join code, URL and QR, joining locked, privacy between teachers, end, delete."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from flask import Flask

from classroom.usecases import SeatRef, UseCases
from tests.web.conftest import PASSWORD, Browser, text


def test_class_page_shows_the_code_the_join_url_and_a_qr_code(
    client: Browser,
    teacher: int,
    service: UseCases,
    new_class: Callable[..., int],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The page is opened on this machine (http://localhost): tablets get its LAN address.
    monkeypatch.setattr("classroom.web.links.lan_address", lambda: "192.168.1.20")
    class_id = new_class(groups=2)
    code = service.reading.class_snapshot(teacher, class_id).join_code
    page = text(client.get(f"/teacher/classes/{class_id}"))
    assert f'<p class="join-code code">{code}</p>' in page
    assert f"http://192.168.1.20/join?code={code}" in page
    assert '<svg role="img" aria-label="QR code of http://192.168.1.20/join?code=' in page
    assert "join-warning" not in page
    assert "<path d=" in page
    assert page.count('class="panel ') == 2


def test_join_url_uses_the_public_url_when_set(
    app: Flask, client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    app.config["PUBLIC_URL"] = "https://eleusis.school.example/"
    class_id = new_class()
    code = service.reading.class_snapshot(teacher, class_id).join_code
    page = text(client.get(f"/teacher/classes/{class_id}"))
    assert f"https://eleusis.school.example/join?code={code}" in page


def test_qr_code_alone_is_an_svg_file(
    client: Browser, teacher: int, new_class: Callable[..., int]
) -> None:
    response = client.get(f"/teacher/classes/{new_class()}/qr.svg")
    assert response.mimetype == "image/svg+xml"
    assert text(response).startswith("<svg")


def test_teacher_cannot_see_or_change_another_teachers_class(
    app: Flask, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    class_id = new_class()
    group_id = service.reading.class_snapshot(teacher, class_id).groups[0].group_id
    service.teachers.create_teacher("okafor", PASSWORD)
    other = Browser(app)
    other.log_in("okafor", PASSWORD)
    for url in (
        f"/teacher/classes/{class_id}",
        f"/teacher/classes/{class_id}/qr.svg",
        f"/teacher/classes/{class_id}/guesses",
        f"/teacher/classes/{class_id}/delete",
        f"/teacher/groups/{group_id}/panel",
    ):
        assert other.get(url).status_code == 404, url
    other.post(f"/teacher/classes/{class_id}/delete")
    other.post(f"/teacher/groups/{group_id}/start")
    assert service.classes.classes_of(teacher)[0].id == class_id
    assert service.reading.group_snapshot(group_id).state is None


def test_closing_joining_refuses_new_students_and_reopening_lets_them_in(
    app: Flask,
    client: Browser,
    teacher: int,
    service: UseCases,
    new_class: Callable[..., int],
    join: Callable[..., SeatRef],
) -> None:
    class_id = new_class()
    snapshot = service.reading.class_snapshot(teacher, class_id)
    here = f"/teacher/classes/{class_id}"
    response = client.post(f"{here}/lock", {"on": "1", "next": here})
    assert response.location == here
    assert "Joining is closed." in text(client.get(here))
    tablet = Browser(app)
    tablet.get(f"/join?code={snapshot.join_code}")
    refused = tablet.post(
        "/join/seat",
        {"code": snapshot.join_code, "group": str(snapshot.groups[0].group_id), "nickname": "Ana"},
    )
    assert refused.status_code == 400
    assert "Joining is closed for this class." in text(refused)
    client.post(f"{here}/lock", {"on": "0", "next": here})
    assert join(snapshot.join_code, snapshot.groups[0].group_id, "Ana").nickname == "Ana"


def test_nicknames_are_shown_as_text_never_as_markup(
    client: Browser,
    teacher: int,
    service: UseCases,
    new_class: Callable[..., int],
    join: Callable[..., SeatRef],
) -> None:
    class_id = new_class()
    snapshot = service.reading.class_snapshot(teacher, class_id)
    join(snapshot.join_code, snapshot.groups[0].group_id, "<script>x</script>")
    page = text(client.get(f"/teacher/classes/{class_id}"))
    assert "<script>x</script>" not in page
    assert "&lt;script&gt;x&lt;/script&gt;" in page


def test_ending_the_class_stops_joining_and_hides_the_buttons(
    client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    class_id = new_class()
    here = f"/teacher/classes/{class_id}"
    client.post(f"{here}/end")
    page = text(client.get(here))
    assert "This class has ended." in page
    assert "Start round" not in page
    assert service.reading.class_snapshot(teacher, class_id).ended is True


def test_deleting_a_class_asks_first_then_deletes_it(
    client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int]
) -> None:
    class_id = new_class(name="Period 4")
    confirm = client.get(f"/teacher/classes/{class_id}/delete")
    assert "Delete Period 4?" in text(confirm)
    assert service.classes.classes_of(teacher) != []
    response = client.post(f"/teacher/classes/{class_id}/delete")
    assert response.location == "/teacher/"
    assert "Period 4 and all its data are deleted." in text(client.get("/teacher/"))
    assert service.classes.classes_of(teacher) == []


@pytest.mark.parametrize("url", ["/lock", "/start-all", "/end", "/delete"])
def test_class_actions_without_the_csrf_token_are_refused(
    client: Browser, teacher: int, service: UseCases, new_class: Callable[..., int], url: str
) -> None:
    class_id = new_class()
    response = client.post(f"/teacher/classes/{class_id}{url}", {"on": "1"}, csrf=False)
    assert response.status_code == 400
    snapshot = service.reading.class_snapshot(teacher, class_id)
    assert not snapshot.joining_locked and not snapshot.ended
