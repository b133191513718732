"""A round played in Japanese and one in Polish: the teacher's page and the tablets speak the
class's language, its nicknames show as typed, and rank letters are those of the country's decks."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import pytest
from babel.messages.pofile import read_po
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import PORTRAIT, Tablet, is_red
from tests.e2e.test_tablets import on_turn

TRANSLATIONS = Path(__file__).resolve().parents[2] / "classroom" / "translations"
RULE = "card.color != prev.color"
HAND = 12
NICKNAMES = {"ja": ("さくら", "ゆうき", "はると"), "pl": ("Łucja", "Źdźisław", "Gośka")}
CLASS_NAMES = {"ja": ("3年2組", "ほし"), "pl": ("Klasa 4b", "Żubry")}
#: Rank letters as printed on that country's decks (a Polish queen is a "dama", its jack a "walet").
RANK_LETTERS = {
    "ja": {"A": "A", "J": "J", "Q": "Q", "K": "K"},
    "pl": {"A": "A", "J": "W", "Q": "D", "K": "K"},
}
#: Texts every tablet shows during a round, and where (the verdict notice only on the guesser's).
TABLET_TEXTS = {
    "Play": "#play-button",
    "Hints": "#hints-title",
    "Your hand": "#hand-title",
    "Players": "#players-title",
    "The layout": "#layout-title",
}
VERDICT_NOTICE = "Your guess is right!"
#: Texts of the teacher's class page with a guess waiting, and where.
TEACHER_TEXTS = {
    "Guesses to judge": "#pending h2",
    "Right": "#pending .verdict",
    "Wrong": "#pending .verdict",
    "Give hint": "section.panel .hint-form",
}


@cache
def catalog(language: str) -> dict[str, str]:
    """English text to its translation, for the entries translated and not fuzzy."""
    path = TRANSLATIONS / language / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as source:
        messages = read_po(source, locale=language)
    return {
        str(message.id): str(message.string)
        for message in messages
        if message.id and isinstance(message.id, str) and message.string and not message.fuzzy
    }


def assert_speaks(page: Page, language: str, texts: dict[str, str]) -> None:
    """The page is in `language`: its known texts show translated where they belong, and none
    of them shows in English anywhere on the page."""
    expect(page.locator("html")).to_have_attribute("lang", language)
    found = {text: catalog(language)[text] for text in texts if text in catalog(language)}
    assert len(found) >= 3, f"{language}: too few of {list(texts)} are translated: {found}"
    for english, translation in found.items():
        expect(page.locator(texts[english]).first).to_contain_text(translation)
    shown = page.locator("body").inner_text()
    # A game term the country's players say in English (Polish „no play”) may stay as it is.
    english_left = [
        text
        for text, translation in found.items()
        if text.lower() not in translation.lower() and re.search(rf"\b{re.escape(text)}\b", shown)
    ]
    assert english_left == [], f"{language}: shown in English: {english_left}"


@dataclass
class Room:
    """A teacher's class page and three tablets of its only group, a round dealt."""

    language: str
    teacher: Page
    group_id: int
    tablets: list[Tablet]


def teacher_page(browser: Browser, url: str, language: str) -> Page:
    """The teacher logs in on a page asked once in `language` (the cookie keeps it)."""
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{url}/teacher/login?lang={language}")
    page.locator("input[name=username]").fill(TEACHER[0])
    page.locator("input[name=password]").fill(TEACHER[1])
    page.locator("form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/teacher/$"))
    return page


def create_class(page: Page, url: str, language: str) -> tuple[str, int]:
    """A class of one group with a written rule; its join code and group id."""
    class_name, group_name = CLASS_NAMES[language]
    page.goto(f"{url}/teacher/classes/new?groups=1")
    # A new class speaks the language its teacher reads the page in.
    expect(page.locator("select[name=language]")).to_have_value(language)
    page.locator("#class-form input[name=name]").fill(class_name)
    page.locator("#class-form input[name=everyone_predicts]").uncheck()
    row = page.locator("fieldset.group-row")
    row.locator("input[name$='-name']").fill(group_name)
    row.locator("input[type=radio][value=custom]").check()
    row.locator("textarea[name$='-custom_rule']").fill(RULE)
    page.locator("#class-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/teacher/classes/\d+"))
    code = page.locator(".join-code").inner_text().strip()
    group_id = int(page.locator("section.panel[data-group-id]").get_attribute("data-group-id") or 0)
    return code, group_id


def join(tablet: Tablet, url: str, code: str, language: str) -> None:
    """The QR code's link, asked once in `language`; the only group; the nickname typed."""
    tablet.page.goto(f"{url}/join?code={code}&lang={language}")
    tablet.page.locator("input[type=radio][name=group]").first.check()
    tablet.page.locator("input[name=nickname]").fill(tablet.nickname)
    tablet.page.locator("form button[type=submit]").tap()
    expect(tablet.page).to_have_url(re.compile(r"/play$"))
    expect(tablet.page.locator("#game")).to_be_visible()


@pytest.fixture(scope="module", params=["ja", "pl"])
def room(request: pytest.FixtureRequest, server: Server, browser: Browser) -> Iterator[Room]:
    language: str = request.param
    teacher = teacher_page(browser, server.url, language)
    code, group_id = create_class(teacher, server.url, language)
    tablets = [Tablet.open(browser, name, PORTRAIT) for name in NICKNAMES[language]]
    for tablet in tablets:
        join(tablet, server.url, code, language)
    teacher.locator(f'form[action$="/groups/{group_id}/start"] button').click()
    expect(teacher.locator(f"#group-{group_id} .mainline").first).to_be_visible()
    for tablet in tablets:
        expect(tablet.page.locator("#hand button[data-card]")).to_have_count(HAND)
    yield Room(language, teacher, group_id, tablets)
    for tablet in tablets:
        tablet.context.close()
    teacher.context.close()


def assert_rank_letters(room: Room) -> None:
    """Every lettered card in the hands shows its country's letter; a queen or a jack is dealt."""
    letters = RANK_LETTERS[room.language]
    seen = set()
    for tablet in room.tablets:
        for button in tablet.page.locator("#hand button[data-card]").all():
            rank = (button.get_attribute("data-card") or "")[:-1]
            if rank in letters:
                seen.add(rank)
                expect(button.locator(".rank")).to_have_text(letters[rank])
    assert seen & {"J", "Q"}, "no jack nor queen was dealt"


def play_until_a_guess(room: Room) -> Tablet:
    """A wrong play if a card of the same colour is at hand, then right plays (or no plays)
    until one is accepted: that player may guess."""
    player = on_turn(room.tablets, room.tablets[0])
    same_colour = [c for c in player.hand() if is_red(c) == player.last_mainline_is_red()]
    if same_colour:
        player.play(same_colour[0])
        for tablet in room.tablets:
            sideline = tablet.page.locator("#layout .column").first.locator(".sideline > *")
            expect(sideline).to_have_count(1)
    for _attempt in range(len(room.tablets) * 2):
        player = on_turn(room.tablets, player)
        fitting = [c for c in player.hand() if is_red(c) != player.last_mainline_is_red()]
        if fitting:
            player.play(fitting[0])
            expect(player.page.locator("#guess-form")).to_be_visible()
            return player
        player.page.locator("#no-play-button").tap()
        player.page.locator("#no-play-yes").tap()
        expect(player.page.locator("#turn-banner")).to_be_hidden()
    raise AssertionError("nobody held a card of the other colour")


def test_a_round_is_played_in_the_class_language(room: Room) -> None:
    language, first = room.language, room.tablets[0]
    assert_rank_letters(room)
    assert_speaks(first.page, language, TABLET_TEXTS)
    names = first.page.locator("#players tr[data-nickname]")
    assert {row.get_attribute("data-nickname") for row in names.all()} == set(NICKNAMES[language])

    guesser = play_until_a_guess(room)
    guesser.page.locator("#guess-text").fill("czerwona, czarna" if language == "pl" else "赤と黒")
    guesser.page.locator("#guess-button").tap()
    expect(room.teacher.locator(f"#guess-{room.group_id}")).to_be_visible()
    assert_speaks(room.teacher, language, TEACHER_TEXTS)
    room.teacher.screenshot(
        path=str(SCREENSHOTS / f"languages-{language}-teacher.png"), full_page=True
    )

    right = catalog(language).get("Right", "Right")
    room.teacher.locator(f"#guess-{room.group_id}").get_by_role(
        "button", name=right, exact=True
    ).click()
    expect(room.teacher.locator(f"#guess-{room.group_id}")).to_have_count(0)
    notice = catalog(language).get(VERDICT_NOTICE)
    assert notice, f"{language}: “{VERDICT_NOTICE}” is not translated"
    expect(guesser.page.locator("#notice")).to_have_text(notice)
    expect(guesser.page.locator("#round-over")).to_be_visible()
    expect(guesser.page.locator("html")).to_have_attribute("lang", language)
    guesser.screenshot(f"languages-{language}-tablet", SCREENSHOTS)
    first.screenshot(f"languages-{language}-tablet-other", SCREENSHOTS)
    for tablet in room.tablets:
        assert tablet.errors == [], tablet.nickname
        assert tablet.dialogs == [], tablet.nickname


GLYPHS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def play_a_jack_or_queen(room: Room) -> str:
    """Turns in the next round until a player holds a jack or a queen and plays it (right or
    wrong, it lies on the table); the card played."""
    room.teacher.locator(f'form[action$="/groups/{room.group_id}/start"] button').click()
    for tablet in room.tablets:
        expect(tablet.page.locator("#hand button[data-card]")).to_have_count(HAND)
    player = room.tablets[0]
    for _attempt in range(len(room.tablets) * 3):
        player = on_turn(room.tablets, player)
        faces = [card for card in player.hand() if card[:-1] in ("J", "Q")]
        if faces:
            on_table = player.page.locator("#layout .playing-card")
            before = on_table.count()
            player.play(faces[0])
            expect(on_table).to_have_count(before + 1)
            return faces[0]
        player.page.locator("#no-play-button").tap()
        player.page.locator("#no-play-yes").tap()
        expect(player.page.locator("#turn-banner")).to_be_hidden()
        if player.page.locator("#guess-form").is_visible():
            player.page.locator("#pass-button").tap()
    raise AssertionError("nobody held a jack or a queen")


def test_the_teacher_page_prints_the_rank_letters_of_the_country(room: Room) -> None:
    card = play_a_jack_or_queen(room)
    letters = RANK_LETTERS[room.language]
    faces = room.teacher.locator(f"#group-{room.group_id} .pcard > [aria-hidden=true]")
    shown = re.compile(rf"^{re.escape(letters[card[:-1]] + GLYPHS[card[-1]])}\ufe0e?$")
    # The class page follows the table: as many cards as the tablets show.
    on_table = room.tablets[0].page.locator("#layout .playing-card").count()
    expect(faces).to_have_count(on_table)
    room.teacher.screenshot(
        path=str(SCREENSHOTS / f"languages-{room.language}-teacher-letters.png"), full_page=True
    )
    printed = {text.strip().rstrip("\ufe0e")[:-1] for text in faces.all_inner_texts()}
    assert printed <= {*letters.values(), *map(str, range(2, 11))}, printed
    expect(faces.filter(has_text=shown).first).to_be_visible()
