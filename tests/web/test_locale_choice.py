"""Which language a page speaks: the reader's switch, then the page's language, then the browser."""

from __future__ import annotations

import re

from flask import Flask

from classroom.web.i18n import LANGUAGE_NAMES


def html_lang(body: str) -> str:
    found = re.search(r'<html lang="([^"]+)"', body)
    assert found, "every page says its language"
    return found.group(1)


def test_the_browsers_language_is_spoken_without_a_choice(app: Flask) -> None:
    page = app.test_client().get("/join", headers={"Accept-Language": "pl-PL,pl;q=0.9,en;q=0.5"})
    body = page.get_data(as_text=True)
    assert html_lang(body) == "pl"
    assert "Dołącz" in body or "dołącz" in body


def test_an_unknown_browser_language_falls_back_to_english(app: Flask) -> None:
    page = app.test_client().get("/join", headers={"Accept-Language": "de-DE"})
    assert html_lang(page.get_data(as_text=True)) == "en"


def test_the_switch_wins_and_is_remembered(app: Flask) -> None:
    browser = app.test_client()
    first = browser.get("/join?lang=ja", headers={"Accept-Language": "ru"})
    assert html_lang(first.get_data(as_text=True)) == "ja"
    assert "lang=ja" in first.headers["Set-Cookie"]
    later = browser.get("/teacher/login", headers={"Accept-Language": "ru"})
    assert html_lang(later.get_data(as_text=True)) == "ja"


def test_a_made_up_language_changes_nothing(app: Flask) -> None:
    page = app.test_client().get("/join?lang=xx", headers={"Accept-Language": "ru"})
    assert html_lang(page.get_data(as_text=True)) == "ru"
    assert "Set-Cookie" not in page.headers or "lang=xx" not in page.headers["Set-Cookie"]


def test_every_page_offers_the_four_languages_by_their_own_names(app: Flask) -> None:
    for url in ("/join", "/teacher/login"):
        body = app.test_client().get(url).get_data(as_text=True)
        switch = re.search(r'<nav class="languages".*?</nav>', body, re.S)
        assert switch, url
        for code, name in LANGUAGE_NAMES.items():
            assert f'lang="{code}"' in switch.group(0) and name in switch.group(0)


def test_the_switch_keeps_the_pages_other_arguments(app: Flask) -> None:
    body = app.test_client().get("/join?code=ABCDEF").get_data(as_text=True)
    assert "/join?code=ABCDEF&amp;lang=pl" in body
