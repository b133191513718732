"""The printing blueprint: downloads for the teacher's own classes, library documents, lessons.

Self-contained: its own app, service and clients (named print_*), whatever conftest.py holds.
"""

from __future__ import annotations

import re
import time
from typing import Any

import pytest
from flask import Flask
from flask.testing import FlaskClient
from werkzeug.http import parse_options_header

from classroom.core.rules.library import find_rule
from classroom.usecases import UseCases
from classroom.web import create_app
from classroom.web.printing import printing
from printables.lesson_html import lesson_html
from printables.lessons import load_lessons
from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_live_support import (
    RIGHT_GUESS,
    LiveClass,
    build_class,
    play_a_round,
)
from tests.unit.test_printables_support import reader, text_of

PDF = "application/pdf"


@pytest.fixture
def print_app(tmp_path: Any) -> Flask:
    """The app on a fresh database, with the printing blueprint registered."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test secret",
            "DATABASE_URL": f"sqlite:///{tmp_path / 'classroom.db'}",
            "SHUFFLE_SEED": 1,
            "PUBLIC_URL": "",
        }
    )
    if "printing" not in app.blueprints:
        app.register_blueprint(printing)
    return app


@pytest.fixture
def print_service(print_app: Flask) -> UseCases:
    service: UseCases = print_app.extensions["use_cases"]
    return service


@pytest.fixture
def print_class(print_service: UseCases) -> LiveClass:
    """A class of two groups, the first with a finished round."""
    live = build_class(print_service)
    play_a_round(live, live.group_ids[0])
    return live


def logged_in(app: Flask, teacher_id: int) -> FlaskClient:
    """A browser whose session belongs to this teacher."""
    client = app.test_client()
    version = app.extensions["use_cases"].teachers.session_version(teacher_id)
    now = int(time.time())
    with client.session_transaction() as session:
        session.update(
            teacher_id=teacher_id, teacher_version=version, teacher_since=now, teacher_seen=now
        )
    return client


@pytest.fixture
def print_client(print_app: Flask, print_class: LiveClass) -> FlaskClient:
    """The class's teacher's browser."""
    return logged_in(print_app, print_class.teacher_id)


def disposition(response: Any) -> tuple[str, str]:
    """How the PDF is sent ('inline' or 'attachment') and its file name."""
    kind, _semicolon, rest = response.headers["Content-Disposition"].partition(";")
    found = re.search(r'filename="?([^";]+)"?', rest)
    assert found, response.headers["Content-Disposition"]
    return kind, found.group(1)


def urls(live: LiveClass) -> list[str]:
    return [
        f"/teacher/print/classes/{live.class_id}/pack.pdf",
        f"/teacher/print/groups/{live.group_ids[0]}/report.pdf",
        "/teacher/print/rule-cards.pdf",
        "/teacher/print/worksheet.pdf",
        "/teacher/print/score-sheet.pdf",
        "/teacher/print/lessons/first-lesson.pdf",
        "/teacher/print/lessons/first-lesson",
        "/teacher/print/",
    ]


def test_every_printing_page_needs_a_teacher_login(print_app, print_class):
    client = print_app.test_client()
    for url in urls(print_class):
        response = client.get(url)
        assert response.status_code == 302, url
        assert "/teacher/login" in response.location


def test_class_pack_is_a_pdf_with_each_groups_join_code_and_url(
    print_client, print_class, monkeypatch
):
    monkeypatch.setattr("classroom.web.links.lan_address", lambda: "192.168.1.20")
    response = print_client.get(f"/teacher/print/classes/{print_class.class_id}/pack.pdf")
    assert response.status_code == 200 and response.mimetype == PDF
    assert disposition(response) == ("inline", "class-pack-7b-science.pdf")
    assert "no-store" in response.headers["Cache-Control"]
    pdf = response.data
    # The teacher's overview and its blank back come first, then the first join card.
    first = reader(pdf).pages[2].extract_text()
    assert f"http://192.168.1.20/join?code={print_class.code}" in first
    assert " ".join(print_class.code) in first and "Otters" in first


def test_class_pack_takes_variant_paper_and_worksheets(print_client, print_class):
    url = f"/teacher/print/classes/{print_class.class_id}/pack.pdf"
    response = print_client.get(f"{url}?variant=young&paper=letter&worksheets=1")
    assert response.status_code == 200
    pages = reader(response.data).pages
    assert round(pages[0].mediabox.width) == 612
    # The overview and each join card fill a sheet, front and (blank) back; worksheets follow.
    assert "Card detective sheet" in pages[6].extract_text()
    assert "KEEP SECRET" not in text_of(response.data)


def test_report_is_a_pdf_of_the_groups_round(print_client, print_class):
    url = f"/teacher/print/groups/{print_class.group_ids[0]}/report.pdf"
    response = print_client.get(f"{url}?round=1")
    assert response.status_code == 200 and response.mimetype == PDF
    assert disposition(response) == ("inline", "report-otters-round-1.pdf")
    text = text_of(response.data)
    assert RIGHT_GUESS in text and "Alternate colors" in text
    assert print_client.get(f"{url}?round=2").status_code == 404


def test_a_class_named_in_japanese_and_polish_keeps_its_name_in_the_download(
    print_app, print_service
):
    students = (("さくら", "Łucja", "Вася"),)
    live = build_class(print_service, name="七年二組 Łódź", students=students, teacher="tanaka")
    response = logged_in(print_app, live.teacher_id).get(
        f"/teacher/print/classes/{live.class_id}/pack.pdf"
    )
    assert response.status_code == 200
    header = response.headers["Content-Disposition"]
    encoded = "%E4%B8%83%E5%B9%B4%E4%BA%8C%E7%B5%84-%C5%82%C3%B3d%C5%BA"
    assert header == (
        f"inline; filename=\"class-pack-lodz.pdf\"; filename*=UTF-8''class-pack-{encoded}.pdf"
    )
    assert parse_options_header(header)[1]["filename"] == "class-pack-七年二組-łódź.pdf"
    assert "さくら,Łucja,Вася" in "".join(text_of(response.data).split())


def test_a_group_that_never_played_has_no_report(print_client, print_class):
    response = print_client.get(f"/teacher/print/groups/{print_class.group_ids[1]}/report.pdf")
    assert response.status_code == 404


def test_another_teachers_class_and_group_are_not_found(print_app, print_service, print_class):
    other = logged_in(
        print_app, print_service.teachers.create_teacher("other", "correct horse battery")
    )
    assert other.get(f"/teacher/print/classes/{print_class.class_id}/pack.pdf").status_code == 404
    url = f"/teacher/print/groups/{print_class.group_ids[0]}/report.pdf"
    assert other.get(url).status_code == 404
    index = other.get("/teacher/print/").get_data(as_text=True)
    assert f"/classes/{print_class.class_id}/pack.pdf" not in index


@pytest.mark.parametrize(
    ("url", "message"),
    [
        ("/classes/{class_id}/pack.pdf?variant=middle", "young or older"),
        ("/classes/{class_id}/pack.pdf?paper=a3", "Unknown paper size"),
        ("/classes/{class_id}/pack.pdf?worksheets=99", "0 to 8"),
        ("/classes/{class_id}/pack.pdf?worksheets=two", "worksheets must be a whole number"),
        ("/groups/{group_id}/report.pdf?round=0", "numbered from 1"),
        ("/groups/{group_id}/report.pdf?round=last", "round must be a whole number"),
        ("/rule-cards.pdf?ids=no-such-rule", "no-such-rule"),
        ("/rule-cards.pdf?difficulty=5&age_band=5-7", "No rule"),
        ("/worksheet.pdf?variant=middle", "young or older"),
        ("/score-sheet.pdf?players=20", "3 to 9"),
        ("/score-sheet.pdf?rounds=-1", "rounds must be a whole number"),
        ("/lessons/first-lesson.pdf?paper=tabloid", "Unknown paper size"),
    ],
)
def test_bad_parameters_are_a_400_saying_why(print_client, print_class, url, message):
    ids = {"class_id": print_class.class_id, "group_id": print_class.group_ids[0]}
    response = print_client.get("/teacher/print" + url.format(**ids))
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


@pytest.mark.parametrize(
    ("url", "filename", "expected"),
    [
        ("/rule-cards.pdf?ids=alternate-colors", "rule-cards.pdf", "Alternate colors"),
        ("/worksheet.pdf?variant=young", "worksheet-young.pdf", "Card detective sheet"),
        ("/score-sheet.pdf?players=4&rounds=2", "score-sheet.pdf", "Seat 4"),
        ("/lessons/first-lesson.pdf", "lesson-first-lesson.pdf", "First lesson"),
    ],
)
def test_library_documents_download_as_pdfs(print_client, url, filename, expected):
    response = print_client.get("/teacher/print" + url)
    assert response.status_code == 200 and response.mimetype == PDF
    assert disposition(response) == ("inline", filename)
    assert expected in text_of(response.data)


def test_lesson_page_renders_the_markdown_with_a_print_button(print_client):
    response = print_client.get("/teacher/print/lessons/first-lesson")
    assert response.status_code == 200
    html = response.get_data(as_text=True)
    assert "<h1>First lesson" in html
    assert 'href="/teacher/print/lessons/first-lesson.pdf"' in html
    assert "<h2 " in html and "<li>" in html
    assert "/teacher/print/rule-cards.pdf?ids=" in html
    # The CSP forbids inline styles and scripts.
    assert " style=" not in html and not re.search(r"<script(?![^>]*\ssrc=)", html)


def test_unknown_lessons_are_not_found(print_client):
    assert print_client.get("/teacher/print/lessons/no-such-lesson").status_code == 404
    assert print_client.get("/teacher/print/lessons/no-such-lesson.pdf").status_code == 404


def test_index_lists_lessons_documents_and_the_teachers_classes(print_client, print_class):
    html = print_client.get("/teacher/print/").get_data(as_text=True)
    assert 'href="/teacher/print/lessons/first-lesson"' in html
    assert f'href="/teacher/print/classes/{print_class.class_id}/pack.pdf"' in html
    report = f"/teacher/print/groups/{print_class.group_ids[0]}/report.pdf?round=1"
    assert f'href="{report}"' in html
    assert f"/groups/{print_class.group_ids[1]}/report.pdf" not in html
    assert 'action="/teacher/print/score-sheet.pdf"' in html


def test_lesson_html_escapes_every_piece_of_text():
    html = lesson_html('# <script>alert(1)</script>\n\n**<b>bold</b>** and `<i>` and "quotes" & 7♦')
    assert "<script>" not in html and "&lt;script&gt;" in html
    assert "<strong>&lt;b&gt;bold&lt;/b&gt;</strong>" in html
    assert "<code>&lt;i&gt;</code>" in html and "&amp;" in html
    assert '<span class="suit-red">♦</span>' in html


def test_the_lesson_page_speaks_the_language_chosen(print_client):
    html = print_client.get("/teacher/print/lessons/first-lesson?lang=pl").get_data(as_text=True)
    assert "Pytania do omówienia" in html and "Debrief questions" not in html
    assert '<article class="lesson" lang="pl">' in html
    assert find_rule("alternate-colors").title_in("pl") in html
    assert translated("pl", "Score sheet") in html


def test_the_lesson_pdf_follows_the_language_kept_from_the_switch(print_client):
    print_client.get("/teacher/print/lessons/first-lesson?lang=ru")
    text = squeezed(text_of(print_client.get("/teacher/print/lessons/first-lesson.pdf").data))
    assert squeezed(translated("ru", "Duration")) in text and "Duration" not in text


def test_the_class_pack_speaks_the_class_language_whatever_the_browser(
    print_client, print_service, print_class
):
    print_service.classes.set_class_language(print_class.teacher_id, print_class.class_id, "ja")
    url = f"/teacher/print/classes/{print_class.class_id}/pack.pdf"
    response = print_client.get(url, headers={"Accept-Language": "ru,en;q=0.5"})
    assert response.status_code == 200
    pages = [squeezed(page.extract_text()) for page in reader(response.data).pages]
    assert squeezed(translated("ja", "Class code")) in pages[0]
    for heading in ("Secret rule", "Students", "Worksheets"):
        assert squeezed(translated("ja", heading)) in pages[0] and heading not in pages[0]
    assert find_rule("alternate-colors").title_in("ja") in pages[0]


@pytest.mark.parametrize(
    ("url", "heading"),
    [
        ("/rule-cards.pdf?ids=alternate-colors", "In the rule language:"),
        ("/worksheet.pdf?variant=young", "Card detective sheet"),
        ("/score-sheet.pdf?players=4", "Score sheet"),
    ],
)
def test_every_download_speaks_the_browsers_language(print_client, print_class, url, heading):
    path = "/teacher/print" + url.format(group_id=print_class.group_ids[0])
    response = print_client.get(path, headers={"Accept-Language": "ru-RU,ru;q=0.9"})
    assert response.status_code == 200
    text = squeezed(text_of(response.data))
    assert squeezed(translated("ru", heading)) in text and squeezed(heading) not in text


def test_the_index_lists_the_lessons_in_the_language_chosen(print_client):
    html = print_client.get("/teacher/print/?lang=ja").get_data(as_text=True)
    titles = {lesson.name: lesson.title for lesson in load_lessons(language="ja")}
    assert titles["first-lesson"] in html and 'lang="ja"' in html
    assert "First lesson" not in html


def test_score_sheet_form_asks_for_names_and_paper(print_client):
    html = print_client.get("/teacher/print/").get_data(as_text=True)
    assert '<textarea id="names" name="names"' in html
    assert '<option value="letter">' in html and '<option value="a4">' in html


@pytest.mark.parametrize(
    "names", ["Ana\r\nBen\nChen\n\nDia", "Ana, Ben,Chen , Dia", "Ana、Ben，Chen,Dia"]
)
def test_score_sheet_prints_the_names_written_on_the_form(print_client, names):
    response = print_client.get(
        "/teacher/print/score-sheet.pdf",
        query_string={"names": names, "players": "5", "rounds": "4", "paper": "letter"},
    )
    assert response.status_code == 200
    document = reader(response.data)
    assert {(round(p.mediabox.width), round(p.mediabox.height)) for p in document.pages} == {
        (792, 612)
    }
    text = text_of(response.data)
    assert all(name in text for name in ("Ana", "Ben", "Chen", "Dia")) and "Seat 5" not in text


@pytest.mark.parametrize(
    ("query", "language", "message"),
    [
        ({"names": ",".join(f"P{n}" for n in range(11))}, "en", "11 names given"),
        ({"names": "Ana\nBen"}, "en", "2 names given"),
        ({"names": "Ana\nBen\n" + "X" * 30}, "en", "at most 24 characters"),
        ({"players": "4", "paper": "a3"}, "en", "Unknown paper size"),
        ({"names": ",".join(f"P{n}" for n in range(11))}, "pl", "11"),
    ],
)
def test_score_sheet_form_input_is_checked_in_the_readers_language(
    print_client, query, language, message
):
    response = print_client.get(
        "/teacher/print/score-sheet.pdf",
        query_string=query,
        headers={"Accept-Language": language},
    )
    assert response.status_code == 400
    body = response.get_data(as_text=True)
    assert message in body
    if language != "en":
        expected = translated(language, "This document cannot be made: %(error)s")
        assert expected.split("%")[0].strip() in body and "names given" not in body


def test_report_download_carries_the_groups_hypothesis_journal(print_client, print_class):
    from classroom.usecases import JournalNote

    group = print_class.group_ids[0]
    seat = print_class.seats[group][1]
    print_class.service.journal.write_journal(
        seat, JournalNote("Red and black take turns, I think", confidence=7)
    )
    response = print_client.get(f"/teacher/print/groups/{group}/report.pdf?round=1")
    assert response.status_code == 200
    text = text_of(response.data)
    assert "Hypothesis journal" in text and "Red and black take turns, I think" in text


# The class's secret rule cards, apart from the class pack; blank cards; hints in public


def test_class_rule_cards_download_apart_with_every_groups_rule(print_client, print_class):
    url = f"/teacher/print/classes/{print_class.class_id}/rule-cards.pdf"
    response = print_client.get(f"{url}?paper=letter")
    assert response.status_code == 200 and response.mimetype == PDF
    assert disposition(response) == ("inline", "rule-cards-7b-science.pdf")
    assert "no-store" in response.headers["Cache-Control"]
    text = text_of(response.data)
    assert "Otters" in text and "card.color != prev.color" in text
    assert "Falcons" in text and "card.rank > prev.rank" in text
    assert round(reader(response.data).pages[0].mediabox.width) == 612


def test_class_rule_cards_are_only_the_teachers_own(print_app, print_service, print_class):
    other = logged_in(
        print_app, print_service.teachers.create_teacher("other", "correct horse battery")
    )
    url = f"/teacher/print/classes/{print_class.class_id}/rule-cards.pdf"
    assert other.get(url).status_code == 404
    assert print_app.test_client().get(url).status_code == 302


def test_class_pack_of_a_class_with_a_rule_in_plain_words_downloads(print_app, print_service):
    from classroom.core.game import Options
    from classroom.usecases import GroupSetup, RuleChoice

    teacher = print_service.teachers.create_teacher("nowak", "correct horse battery")
    setups = [GroupSetup("Sowy", "card.color != prev.color", dealer_mode="student")]
    class_id = print_service.classes.create_class(teacher, "4A", setups, Options())
    snapshot = print_service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = [
        print_service.seats.join(snapshot.join_code, group_id, name)[0]
        for name in ("Zoja", "Łucja", "Ignacy", "Wit")
    ]
    print_service.rounds.start_round(teacher, group_id)
    dealing = print_service.reading.group_snapshot(group_id).dealing_seat
    dealer = next(seat for seat in seats if seat.key == dealing)
    rule = "czerwona po czarnej, nigdy dwa kiery"
    print_service.dealing.choose_rule(dealer, RuleChoice("free", rule), "rule-1")
    client = logged_in(print_app, teacher)
    pack = client.get(f"/teacher/print/classes/{class_id}/pack.pdf?worksheets=1")
    assert pack.status_code == 200 and rule not in text_of(pack.data)
    cards = client.get(f"/teacher/print/classes/{class_id}/rule-cards.pdf")
    assert cards.status_code == 200 and rule in text_of(cards.data)


def test_a_one_sided_class_pack_has_no_blank_backs(print_client, print_class):
    url = f"/teacher/print/classes/{print_class.class_id}/pack.pdf?worksheets=1"
    both = reader(print_client.get(url).data).pages
    one = reader(print_client.get(f"{url}&one_sided=1").data).pages
    blank = "This page is intentionally left blank."
    assert any(blank in page.extract_text() for page in both)
    assert not any(blank in page.extract_text() for page in one)
    assert len(one) < len(both)


def test_rule_cards_print_the_hint_in_public_only_when_asked(print_client):
    url = "/teacher/print/rule-cards.pdf?ids=alternate-colors"
    assert "Hint you may give:" in text_of(print_client.get(url).data)
    public = text_of(print_client.get(f"{url}&public_hint=1").data)
    assert "Hint:" in public and "Hint you may give:" not in public


def test_blank_rule_cards_download_in_the_readers_language(print_client):
    response = print_client.get(
        "/teacher/print/blank-rule-card.pdf?paper=letter", headers={"Accept-Language": "ru"}
    )
    assert response.status_code == 200
    assert disposition(response) == ("inline", "blank-rule-card.pdf")
    text = squeezed(text_of(response.data))
    assert squeezed(translated("ru", "Tested on 3 sample cards:")) in text


def test_index_offers_the_rule_cards_beside_the_pack_and_the_blank_cards(print_client, print_class):
    html = print_client.get("/teacher/print/").get_data(as_text=True)
    assert f'href="/teacher/print/classes/{print_class.class_id}/rule-cards.pdf"' in html
    assert f"/classes/{print_class.class_id}/pack.pdf?one_sided=1" in html
    assert 'href="/teacher/print/blank-rule-card.pdf"' in html
    assert 'name="public_hint"' in html


#: The offline kit's documents, their pages, and a heading each prints.
OFFLINE_KIT = {
    "rules-sheet": (1, "How to play Eleusis Express"),
    "dealer-aid": (2, "Dealer's aid"),
    "layout-mat": (2, "Layout mat"),
    "guess-slips": (1, "Guess slip"),
}


@pytest.mark.parametrize("name", sorted(OFFLINE_KIT))
def test_the_offline_kit_downloads_on_either_paper(print_client, name):
    pages, heading = OFFLINE_KIT[name]
    response = print_client.get(f"/teacher/print/{name}.pdf")
    assert response.status_code == 200 and response.mimetype == PDF
    assert disposition(response) == ("inline", f"{name}.pdf")
    assert len(reader(response.data).pages) == pages
    assert heading in text_of(response.data)
    letter = reader(print_client.get(f"/teacher/print/{name}.pdf?paper=letter").data).pages[0]
    assert {round(letter.mediabox.width), round(letter.mediabox.height)} == {612, 792}


@pytest.mark.parametrize("name", sorted(OFFLINE_KIT))
def test_the_offline_kit_speaks_the_browsers_language(print_client, name):
    heading = OFFLINE_KIT[name][1]
    response = print_client.get(f"/teacher/print/{name}.pdf", headers={"Accept-Language": "ja"})
    text = squeezed(text_of(response.data))
    assert squeezed(translated("ja", heading)) in text and squeezed(heading) not in text


def test_the_offline_kit_needs_a_login_and_a_paper_it_knows(print_app, print_client):
    anonymous = print_app.test_client().get("/teacher/print/dealer-aid.pdf")
    assert anonymous.status_code == 302 and "/teacher/login" in anonymous.location
    response = print_client.get("/teacher/print/layout-mat.pdf?paper=a3")
    assert response.status_code == 400
    assert "Unknown paper size" in response.get_data(as_text=True)
    assert print_client.get("/teacher/print/poster.pdf").status_code == 404


def test_index_offers_the_offline_kit_on_both_papers(print_client):
    html = print_client.get("/teacher/print/?lang=pl").get_data(as_text=True)
    for name in OFFLINE_KIT:
        assert f'href="/teacher/print/{name}.pdf"' in html
        assert f'href="/teacher/print/{name}.pdf?paper=letter"' in html
    assert translated("pl", "Dealer's aid") in html


def test_index_offers_every_lesson_plan_in_one_book(print_client):
    html = print_client.get("/teacher/print/").get_data(as_text=True)
    assert 'href="/teacher/print/lessons/all.pdf"' in html
