"""New Eleusis's paper from the printables page: the rules in brief and the score sheet download
as PDFs in the reader's language, the page links them beside the offline kit, and bad input is
a 400 saying why."""

from __future__ import annotations

from typing import Any

import pytest
from werkzeug.test import TestResponse

from tests.unit.test_printables_languages import squeezed, translated
from tests.unit.test_printables_support import reader, text_of
from tests.web.conftest import Browser

PRINT = "/teacher/print"
#: Each document, its pages with default options, and its title as the English source says it.
DOCUMENTS = {
    "ne-rules": (2, "How to play New Eleusis"),
    # Six people's boxes, labelled at the reading size, take two landscape pages.
    "ne-score-sheet": (2, "New Eleusis · Score sheet"),
}


def download(browser: Browser, url: str, **options: Any) -> TestResponse:
    """A PDF fetched by the logged-in browser (its page reader would try to read the bytes as
    text)."""
    return browser.client.get(url, **options)


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_both_documents_download_inline_on_either_paper(client, teacher, name):
    pages, title = DOCUMENTS[name]
    response = download(client, f"{PRINT}/{name}.pdf")
    assert response.status_code == 200 and response.mimetype == "application/pdf"
    assert response.headers["Content-Disposition"].startswith("inline")
    assert f"{name}.pdf" in response.headers["Content-Disposition"]
    assert len(reader(response.data).pages) == pages
    assert title in text_of(response.data)
    letter = reader(download(client, f"{PRINT}/{name}.pdf?paper=letter").data).pages[0]
    assert {round(letter.mediabox.width), round(letter.mediabox.height)} == {612, 792}


@pytest.mark.parametrize("name", sorted(DOCUMENTS))
def test_both_documents_speak_the_browsers_language(client, teacher, name):
    title = DOCUMENTS[name][1]
    response = download(client, f"{PRINT}/{name}.pdf", headers={"Accept-Language": "ja"})
    text = squeezed(text_of(response.data))
    assert squeezed(translated("ja", title)) in text and squeezed(title) not in text


def test_the_score_sheet_prints_the_names_and_rounds_asked_for(client, teacher):
    names = "Ola\nKuba, Zosia、Jaś\nMarta"
    response = download(client, f"{PRINT}/ne-score-sheet.pdf", query_string={"names": names})
    text = text_of(response.data)
    assert all(name in text for name in ("Ola", "Kuba", "Zosia", "Jaś", "Marta"))
    nine = download(client, f"{PRINT}/ne-score-sheet.pdf?players=9&rounds=2")
    assert len(reader(nine.data).pages) == 3
    assert "Page 3 of 3: seats 7 to 9" in text_of(nine.data)


@pytest.mark.parametrize(
    ("query", "message"),
    [
        ("players=4", "5 to 9 people"),
        ("names=Ola,Kuba", "2 names given"),
        ("rounds=x", "rounds must be a whole number"),
        ("paper=a3", "Unknown paper size"),
    ],
)
def test_bad_parameters_are_a_400_saying_why(client, teacher, query, message):
    response = download(client, f"{PRINT}/ne-score-sheet.pdf?{query}")
    assert response.status_code == 400
    assert message in response.get_data(as_text=True)


def test_both_need_a_teacher_login(app):
    anonymous = Browser(app)
    for name in DOCUMENTS:
        response = anonymous.get(f"{PRINT}/{name}.pdf")
        assert response.status_code == 302 and "/teacher/login" in response.location


def test_the_printables_page_links_both_beside_the_offline_kit(client, teacher):
    html = client.get(f"{PRINT}/?lang=ru").get_data(as_text=True)
    kit = html.index(f'href="{PRINT}/guess-slips.pdf"')
    for name in DOCUMENTS:
        assert html.index(f'href="{PRINT}/{name}.pdf"') > kit
        assert f'href="{PRINT}/{name}.pdf?paper=letter"' in html
    assert f'action="{PRINT}/ne-score-sheet.pdf"' in html
    assert translated("ru", "New Eleusis: score sheet") in html
    assert translated("ru", "New Eleusis, the advanced mode") in html
