"""What a wrong no-play costs, as the tablet says it before and after, in Chromium: 5 penalty
cards at a New Eleusis table, 1 at an Eleusis Express table, in each tablet's language with the
plural form that language gives the number; a wrong no-play then costs just that."""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from babel.support import NullTranslations, Translations
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.ne_tables import RULE, NeTable, open_table, right_after
from tests.e2e.tablets import SeatBot, Tablet, Teacher, hang_up

TRANSLATIONS = Path(__file__).resolve().parents[2] / "classroom" / "translations"
TALL = {"width": 800, "height": 1280}
WIDE = {"width": 1280, "height": 800}
NO_PLAY = (
    "Are you sure no card in your hand fits? If one does, it is played for you and you draw"
    " {n} penalty card.",
    "Are you sure no card in your hand fits? If one does, it is played for you and you draw"
    " {n} penalty cards.",
)
STRING_COST = (
    "A wrong string costs {n} penalty card for each of its cards.",
    "A wrong string costs {n} penalty cards for each of its cards.",
)
WRONG_NO_PLAY = (
    "No play was wrong: {card} was played for you, you drew {n} penalty card.",
    "No play was wrong: {card} was played for you, you drew {n} penalty cards.",
)
MAX_TURNS = 12


@cache
def translations(language: str) -> NullTranslations:
    return Translations.load(TRANSLATIONS, [language])


def said(language: str, text: tuple[str, str], n: int) -> str:
    """A text with a number as a page in `language` says it: the plural form for `n`."""
    return translations(language).ngettext(*text, n).replace("{n}", str(n))


def language_of(tablet: Tablet) -> str:
    return tablet.page.locator("html").get_attribute("lang") or "en"


def check_dialog(tablet: Tablet, cost: int, shot: str) -> None:
    """Open the no-play dialog on the tablet on turn: it warns of `cost` cards in the tablet's
    language and fits the screen; then back to the hand."""
    page = tablet.page
    page.locator("#no-play-button").tap()
    dialog = page.locator("#no-play-dialog")
    expect(dialog).to_be_visible()
    expect(page.locator("#no-play-text")).to_have_text(said(language_of(tablet), NO_PLAY, cost))
    box, size = dialog.bounding_box(), page.viewport_size
    assert box is not None and size is not None
    assert box["x"] >= 0 and box["x"] + box["width"] <= size["width"], box
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"], box
    page.screenshot(path=str(SCREENSHOTS / f"{shot}.png"))
    page.locator("#no-play-cancel").tap()
    expect(dialog).to_be_hidden()


def confirm_no_play(tablet: Tablet) -> None:
    tablet.page.locator("#no-play-button").tap()
    expect(tablet.page.locator("#no-play-dialog")).to_be_visible()
    tablet.page.locator("#no-play-yes").tap()
    expect(tablet.page.locator("#no-play-dialog")).to_be_hidden()


def fits(hand: list[str], last: str) -> bool:
    """Whether a card of the hand may follow `last` (a no-play would be wrong)."""
    return any(right_after(card, last) for card in hand)


# --- New Eleusis -------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def ne_table(server: Server, browser: Browser) -> Iterator[NeTable]:
    sizes = {"Ana": TALL, "Ben": WIDE, "Kasia": TALL, "Yuki": WIDE}
    languages = {"Kasia": "pl", "Yuki": "ja"}
    opened = open_table(server, browser, "8C No play", sizes, languages=languages)
    yield opened
    opened.close()


def test_the_new_eleusis_no_play_dialog_warns_of_5_cards_in_each_language(
    ne_table: NeTable,
) -> None:
    checked: set[str] = set()
    for _turn in range(MAX_TURNS):
        view = ne_table.view()
        tablet = ne_table.tablet_of(view["turn"])
        if tablet.nickname not in checked:
            language, size = language_of(tablet), tablet.page.viewport_size
            assert size is not None
            # Before a string is chosen, the status line says what a wrong one costs.
            expect(tablet.page.locator("#status-line")).to_contain_text(
                said(language, STRING_COST, 2)
            )
            shot = f"ne-no-play-dialog-{language}-{size['width']}x{size['height']}"
            check_dialog(tablet, 5, shot)
            checked.add(tablet.nickname)
        if len(checked) == len(ne_table.tablets):
            break
        bot = ne_table.bots[view["turn"]]
        bot.ne_act("play", cards=[bot.refresh()["hand"][0]])
    assert checked == {tablet.nickname for tablet in ne_table.tablets}
    # Polish says 5 with its "many" form, unlike 2 to 4.
    assert said("pl", NO_PLAY, 5).endswith("5 kart karnych.")
    assert said("pl", STRING_COST, 2).startswith("Zły ciąg kosztuje 2 karty karne")


def test_a_wrong_new_eleusis_no_play_costs_5_cards(ne_table: NeTable) -> None:
    for _turn in range(MAX_TURNS):
        view = ne_table.view()
        bot = ne_table.bots[view["turn"]]
        hand = bot.refresh()["hand"]
        if fits(hand, view["mainline"][-1]):
            break
        bot.ne_act("play", cards=[hand[0]])
    else:
        pytest.fail("nobody held a card that fits")
    tablet = ne_table.tablet_of(view["turn"])
    held = len(hand)
    confirm_no_play(tablet)
    # What follows the card played for them: "..., you drew 5 penalty cards." in their language.
    drew = said(language_of(tablet), WRONG_NO_PLAY, 5).split("{card}")[-1].strip()
    expect(tablet.page.locator("#outcome")).to_contain_text(drew)
    # One card of the hand was played for the player, then 5 penalty cards drawn.
    expect(tablet.page.locator("#hand button[data-card]")).to_have_count(held - 1 + 5)
    assert tablet.errors == [], tablet.errors


# --- Eleusis Express ---------------------------------------------------------------------------


@pytest.fixture(scope="module")
def express(server: Server, browser: Browser) -> Iterator[dict[str, Any]]:
    """An Express group of three tablets (English, Polish, Japanese), dealt, with a bot per
    seat to pass the turn on quickly."""
    teacher = Teacher(browser, server.url, TEACHER)
    code, [group_id] = teacher.create_class("7A No play", [("Otters", RULE)])
    languages = {"Ana": "en", "Kasia": "pl", "Yuki": "ja"}
    tablets = [Tablet.open(browser, name, WIDE) for name in languages]
    for tablet in tablets:
        tablet.join_by_link(server.url, code, "Otters")
        if languages[tablet.nickname] != "en":
            page = tablet.page
            page.locator(f'nav.languages a[hreflang="{languages[tablet.nickname]}"]').click()
            expect(page.locator("html")).to_have_attribute("lang", languages[tablet.nickname])
            expect(page.locator("#game")).to_be_visible()
    bots = {}
    for tablet in tablets:
        bot = SeatBot(server.url, tablet.seat_token())
        bots[bot.refresh()["me"]] = bot
    teacher.start_round(group_id)
    for tablet in tablets:
        expect(tablet.page.locator("#hand button[data-card]")).to_have_count(12)
    yield {"tablets": tablets, "bots": bots}
    hang_up(bots.values())
    for tablet in tablets:
        tablet.context.close()
    teacher.context.close()


def express_turn(express: dict[str, Any]) -> tuple[Tablet, SeatBot, dict[str, Any]]:
    """The tablet on turn, its bot and the seat's view."""
    bots: dict[str, SeatBot] = express["bots"]
    view = next(iter(bots.values())).refresh()
    nickname = next(s["nickname"] for s in view["seats"] if s["seat"] == view["turn"])
    tablet = next(t for t in express["tablets"] if t.nickname == nickname)
    bot = bots[view["turn"]]
    return tablet, bot, bot.refresh()


def pass_the_turn(bot: SeatBot, hand: list[str]) -> None:
    """Play the first card; after a right one, pass the chance to guess."""
    bot.act("play", card=hand[0])
    if bot.refresh()["can"]["pass"]:
        bot.act("pass")


def test_the_express_no_play_dialog_warns_of_1_card_in_each_language(
    express: dict[str, Any],
) -> None:
    checked: set[str] = set()
    for _turn in range(MAX_TURNS):
        tablet, bot, view = express_turn(express)
        if tablet.nickname not in checked:
            expect(tablet.page.locator("#turn-banner")).to_be_visible()
            check_dialog(tablet, 1, f"express-no-play-dialog-{language_of(tablet)}")
            checked.add(tablet.nickname)
        if len(checked) == len(express["tablets"]):
            break
        pass_the_turn(bot, view["hand"])
    assert checked == {"Ana", "Kasia", "Yuki"}
    assert said("pl", NO_PLAY, 1).endswith("1 kartę karną.")


def test_a_wrong_express_no_play_costs_1_card(express: dict[str, Any]) -> None:
    for _turn in range(MAX_TURNS):
        tablet, bot, view = express_turn(express)
        if tablet.nickname == "Ana" and fits(view["hand"], view["mainline"][-1]):
            break
        pass_the_turn(bot, view["hand"])
    else:
        pytest.fail("Ana never held a card that fits on her turn")
    held = len(view["hand"])
    confirm_no_play(tablet)
    expect(tablet.page.locator("#outcome")).to_contain_text(
        said("en", WRONG_NO_PLAY, 1).split("{card}")[-1].strip()
    )
    expect(tablet.page.locator("#outcome")).to_contain_text("you drew 1 penalty card.")
    expect(tablet.page.locator("#recent li").first).to_contain_text("You said no play: wrong")
    expect(tablet.page.locator("#recent li").first).to_contain_text("you drew 1 card.")
    # One card played for her, one drawn.
    expect(tablet.page.locator("#hand button[data-card]")).to_have_count(held)
    assert tablet.errors == [], tablet.errors
