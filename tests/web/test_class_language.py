"""A class's language is what its tablets, projector, debrief and printouts speak, whatever the
browser prefers; the teacher's own pages speak the teacher's language; a reader's own switch
wins over both."""

from __future__ import annotations

import re
from typing import Any

import pytest
from flask import Flask

import classroom.web.printing as printing
from classroom.usecases import UseCases
from classroom.web.extensions import socketio
from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_support import reader
from tests.web.conftest import Browser, class_form, flashes, text

ENGLISH = {"Accept-Language": "en-GB,en;q=0.9"}


def html_lang(body: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', body)
    assert found, "every page says its language"
    return found.group(1)


def make_class(client: Browser, language: str, name: str = "4a") -> int:
    """A class made through the form in `language`; its id."""
    client.get("/teacher/classes/new?groups=1")
    form = class_form(name, ["alternate-colors"], language=language)
    response = client.post("/teacher/classes/new", form)
    assert response.status_code == 302, text(response)
    return int(response.location.rsplit("/", 1)[1])


def seated_tablet(app: Flask, service: UseCases, teacher: int, class_id: int) -> Browser:
    """A tablet (its own browser, asking for English) seated in the class's first group."""
    snapshot = service.reading.class_snapshot(teacher, class_id)
    tablet = Browser(app, address="10.0.0.51")
    code, group_id = snapshot.join_code, snapshot.groups[0].group_id
    tablet.get(f"/join?code={code}", headers=ENGLISH)
    seat = {"code": code, "group": str(group_id), "nickname": "Łucja"}
    assert tablet.post("/join/seat", seat).status_code == 302
    return tablet


def test_a_polish_class_speaks_polish_on_tablet_projector_and_debrief(
    app: Flask, client: Browser, service: UseCases, teacher: int
) -> None:
    class_id = make_class(client, "pl")
    tablet = seated_tablet(app, service, teacher, class_id)
    assert html_lang(text(tablet.get("/play", headers=ENGLISH))) == "pl"
    link = service.classes.projector_link_token(teacher, class_id)
    projector = app.test_client().get(f"/projector/{link}", headers=ENGLISH)
    assert html_lang(text(projector)) == "pl"
    group_id = service.reading.class_snapshot(teacher, class_id).groups[0].group_id
    debrief = client.get(f"/teacher/groups/{group_id}/debrief", headers=ENGLISH)
    assert html_lang(text(debrief)) == "pl"


def test_the_join_page_of_a_class_speaks_its_language(
    app: Flask, client: Browser, service: UseCases, teacher: int
) -> None:
    code = service.reading.class_snapshot(teacher, make_class(client, "ru")).join_code
    page = app.test_client().get(f"/join?code={code}", headers=ENGLISH)
    assert html_lang(text(page)) == "ru"
    assert html_lang(text(app.test_client().get("/join", headers=ENGLISH))) == "en"


def test_the_teacher_reads_their_own_pages_in_their_language(
    client: Browser, service: UseCases, teacher: int
) -> None:
    class_id = make_class(client, "pl")
    service.preferences.set_teacher_language(teacher, "ja")
    page = text(client.get(f"/teacher/classes/{class_id}", headers=ENGLISH))
    assert html_lang(page) == "ja"
    # The class page names the class's own language in its control.
    assert re.search(r'<option selected value="pl">Polski</option>', page)


def test_a_students_own_switch_wins_over_the_class_language(
    app: Flask, client: Browser, service: UseCases, teacher: int
) -> None:
    tablet = seated_tablet(app, service, teacher, make_class(client, "pl"))
    assert html_lang(text(tablet.get("/play?lang=ru", headers=ENGLISH))) == "ru"
    assert html_lang(text(tablet.get("/play", headers=ENGLISH))) == "ru"


def test_a_new_class_offers_the_teachers_language_first(
    client: Browser, service: UseCases, teacher: int
) -> None:
    browsers_pick = text(client.get("/teacher/classes/new", headers={"Accept-Language": "ru"}))
    assert '<option selected value="ru">' in browsers_pick
    service.preferences.set_teacher_language(teacher, "pl")
    own_pick = text(client.get("/teacher/classes/new", headers={"Accept-Language": "ru"}))
    assert '<option selected value="pl">' in own_pick


def test_a_class_in_an_unknown_language_is_refused_with_a_reason(
    client: Browser, service: UseCases, teacher: int
) -> None:
    client.get("/teacher/classes/new?groups=1")
    response = client.post(
        "/teacher/classes/new", class_form("4a", ["alternate-colors"], language="de")
    )
    assert response.status_code == 400
    assert "The language must be one of en, ja, pl, ru, not de." in text(response)
    assert service.classes.classes_of(teacher) == []


def test_the_teacher_changes_the_class_language(
    client: Browser, service: UseCases, teacher: int
) -> None:
    class_id = make_class(client, "pl")
    page = f"/teacher/classes/{class_id}"
    client.get(page)
    response = client.post(f"{page}/language", {"language": "ru", "next": page})
    assert response.status_code == 302
    assert service.preferences.class_language(class_id) == "ru"
    refused = client.post(f"{page}/language", {"language": "xx", "next": page})
    assert "not xx" in flashes(client, refused.location)
    assert service.preferences.class_language(class_id) == "ru"


def test_another_teacher_cannot_change_the_class_language(
    app: Flask, client: Browser, service: UseCases, teacher: int
) -> None:
    class_id = make_class(client, "pl")
    service.teachers.create_teacher("other", "correct horse battery")
    other = Browser(app, address="10.0.0.9")
    other.log_in("other", "correct horse battery")
    other.get("/teacher/")
    other.post(f"/teacher/classes/{class_id}/language", {"language": "ru"})
    assert service.preferences.class_language(class_id) == "pl"


def test_the_teacher_chooses_a_language_for_their_account(
    client: Browser, service: UseCases, teacher: int
) -> None:
    page = text(client.get("/teacher/?lang=pl", headers=ENGLISH))
    assert 'name="account_language"' in page and html_lang(page) == "pl"
    response = client.post("/teacher/language", {"account_language": "ja", "next": "/teacher/"})
    assert response.status_code == 302 and response.location == "/teacher/"
    # The earlier switch gives way to the account's language.
    assert "lang=;" in response.headers["Set-Cookie"]
    assert service.preferences.teacher_language(teacher) == "ja"
    client.client.delete_cookie("lang")
    assert html_lang(text(client.get("/teacher/", headers=ENGLISH))) == "ja"
    client.post("/teacher/language", {"account_language": "", "next": "/teacher/"})
    assert service.preferences.teacher_language(teacher) is None


def test_an_unknown_account_language_is_refused_and_changes_nothing(
    client: Browser, service: UseCases, teacher: int
) -> None:
    service.preferences.set_teacher_language(teacher, "ru")
    client.get("/teacher/")
    response = client.post("/teacher/language", {"account_language": "xx", "next": "/teacher/"})
    # The refusal is said in the teacher's language, naming the value refused.
    message = flashes(client, response.location)
    assert "а не xx" in message and "not xx" not in message
    assert service.preferences.teacher_language(teacher) == "ru"


def test_the_account_language_form_needs_the_csrf_token(
    client: Browser, service: UseCases, teacher: int
) -> None:
    client.post("/teacher/language", {"account_language": "ja"}, csrf=False)
    assert service.preferences.teacher_language(teacher) is None


def test_a_class_pack_prints_in_the_class_language(
    client: Browser, teacher: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    class_id = make_class(client, "pl")
    asked: list[str] = []
    real = printing.class_pack_pdf

    def spy(*args: Any, **kwargs: Any) -> Any:
        asked.append(kwargs["language"])
        return real(*args, **kwargs)

    monkeypatch.setattr(printing, "class_pack_pdf", spy)
    url = f"/teacher/print/classes/{class_id}/pack.pdf?lang=ja"
    response = client.client.get(url, headers=ENGLISH)
    assert response.status_code == 200 and asked == ["pl"]


def test_an_unknown_seat_falls_back_to_the_browser(app: Flask) -> None:
    tablet = app.test_client()
    with tablet.session_transaction() as session:
        session["play_token"] = "no such token"
    page = tablet.get("/play", headers={"Accept-Language": "ja"})
    assert html_lang(text(page)) == "ja"


def test_the_tablets_socket_answers_in_the_class_language(
    app: Flask, client: Browser, service: UseCases, teacher: int
) -> None:
    tablet = seated_tablet(app, service, teacher, make_class(client, "pl"))
    with tablet.client.session_transaction() as session:
        token = session["play_token"]
    sock = socketio.test_client(
        app,
        namespace="/play",
        auth={"token": token},
        flask_test_client=tablet.client,
        headers=ENGLISH,
    )
    assert sock.is_connected("/play")
    answer = sock.emit("act", "not an action", namespace="/play", callback=True)
    assert answer["ok"] is False
    assert answer["error"] == "Nie udało się zrozumieć wiadomości z twojego tabletu."
    sock.disconnect(namespace="/play")


def test_the_class_pack_reads_in_the_class_language_not_the_browsers(
    client: Browser, teacher: int
) -> None:
    class_id = make_class(client, "ja")
    url = f"/teacher/print/classes/{class_id}/pack.pdf"
    response = client.client.get(url, headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    assert response.status_code == 200
    first_page = squeezed(reader(response.data).pages[0].extract_text())
    assert squeezed(translated("ja", "Class code")) in first_page
    assert squeezed(translated("ru", "Class code")) not in first_page


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "This class has ended."), ("ru", "Этот урок закончен."),
     ("pl", "Ta lekcja się zakończyła.")],
)  # fmt: skip
def test_the_code_of_an_ended_class_says_that_the_class_has_ended_in_its_language(
    app: Flask, client: Browser, service: UseCases, teacher: int, language: str, said: str
) -> None:
    class_id = make_class(client, language)
    code = service.reading.class_snapshot(teacher, class_id).join_code
    service.classes.end_class(teacher, class_id)
    page = app.test_client().get(f"/join?code={code}", headers=ENGLISH)
    assert page.status_code == 404
    assert html_lang(text(page)) == language
    assert said in text(page)
    assert "No open class" not in text(page)
