"""A New Eleusis table read in Japanese, Polish and Russian: the tablet's own words (the turn,
sudden death, No card fits, the order of a string) come from the catalogs, none in English."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from babel.support import Translations
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import SCREENSHOTS, Server
from tests.e2e.ne_tables import NeTable, open_table
from tests.e2e.tablets import LANDSCAPE, PORTRAIT

TRANSLATIONS = Path(__file__).resolve().parents[2] / "classroom" / "translations"
LANGUAGES = {"Aiko": "ja", "Bartek": "pl", "Dasha": "ru", "Ed": "en"}


@cache
def catalog(language: str) -> dict[str, str]:
    if language == "en":
        return {}
    with (TRANSLATIONS / language / "LC_MESSAGES" / "messages.po").open("rb") as source:
        return {m.id: m.string for m in read_po(source) if isinstance(m.id, str) and m.id}


def said(language: str, text: str, **params: str) -> str:
    """The text as the page shows it in `language`, placeholders filled."""
    words = catalog(language).get(text) or text
    for name, value in params.items():
        words = words.replace(f"{{{name}}}", value)
    return words


def said_with(language: str, singular: str, plural: str, n: int) -> str:
    """A text with a number as the page shows it in `language`: the plural form for `n`."""
    words = Translations.load(TRANSLATIONS, [language]).ngettext(singular, plural, n)
    return words.replace("{n}", str(n))


@pytest.fixture(scope="module")
def table(server: Server, browser: Browser) -> Iterator[NeTable]:
    sizes = {name: PORTRAIT if n % 2 else LANDSCAPE for n, name in enumerate(LANGUAGES)}
    opened = open_table(server, browser, "8C Languages", sizes, languages=LANGUAGES)
    yield opened
    opened.close()


def test_every_tablet_speaks_its_language_at_a_new_eleusis_table(table: NeTable) -> None:
    turn = table.tablet_of(table.view()["turn"])
    for tablet in table.tablets:
        language, page = LANGUAGES[tablet.nickname], tablet.page
        expect(page.locator("html")).to_have_attribute("lang", language)
        sudden = said(language, "Sudden death in {n} cards.", n="30")
        expect(page.locator("#ne-sudden")).to_have_text(sudden)
        expect(page.locator("#no-play-button")).to_have_text(said(language, "No card fits"))
        expect(page.locator("#ne-clear")).to_have_text(said(language, "Clear"))
        if tablet is turn:
            help_text = (
                "Tap 1 to 4 cards in the order you want to play them, then Play. "
                "Or tap No card fits."
            )
            # What a wrong string costs follows: 2 penalty cards per card, in the plural form
            # the language gives 2 ("2 karty karne", "2 штрафные карты").
            cost = said_with(
                language,
                "A wrong string costs {n} penalty card for each of its cards.",
                "A wrong string costs {n} penalty cards for each of its cards.",
                2,
            )
            help_said = said(language, help_text)
            # Japanese leaves no space after its full stop.
            gap = "" if help_said.endswith("。") else " "
            expect(page.locator("#status-line")).to_have_text(f"{help_said}{gap}{cost}")
            # Two different cards: with two decks a hand may hold a card twice.
            for card in list(dict.fromkeys(tablet.hand()))[:2]:
                page.locator(f'#hand button[data-card="{card}"]').first.tap()
            expect(page.locator("#play-button")).to_have_text(
                said(language, "Play {n} cards", n="2")
            )
        else:
            expect(page.locator("#status-line")).to_have_text(
                said(language, "It is {name}'s turn.", name=turn.nickname)
            )
        page.screenshot(path=str(SCREENSHOTS / f"ne-tablet-{language}.png"), full_page=False)
        assert tablet.errors == [], tablet.errors
    for tablet in table.tablets:
        language = LANGUAGES[tablet.nickname]
        if language != "en":
            assert said(language, "No card fits") != "No card fits"
