"""On a student's own turn the hand and the Play button are on the screen, and so is what became
of the play, however many cards the table holds: landscape and portrait tablets and a phone, at
20, 40 and 60 cards on the table, at an Eleusis Express table and a New Eleusis one, in
Chromium. Before each turn the student looks at the top of the page (the table, the news), as
children do while the others play; the page must bring the hand back when the turn comes."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.e2e.conftest import SCREENSHOTS, Server
from tests.e2e.ne_tables import NeBot, NeTable, cards_on_table, open_table, right_after
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Tablet

PHONE = {"width": 390, "height": 844}
SIZES = {"Ana": LANDSCAPE, "Ben": PORTRAIT, "Cy": PHONE}
LABELS = {"Ana": "landscape", "Ben": "portrait", "Cy": "phone"}
TARGETS = (20, 40, 60)
MAX_TURNS = 200
EXPRESS_HAND = 12

# What of the hand area lies outside the screen: every card of the hand, the Play button and
# the outcome line (when it says something), each named with where it is.
OFF_SCREEN = """(ids) => {
  const height = window.innerHeight, width = window.innerWidth;
  const off = [];
  const check = (element, name) => {
    const box = element.getBoundingClientRect();
    if (box.height === 0) return;
    if (box.top < -0.5 || box.bottom > height + 0.5 || box.left < -0.5 || box.right > width + 0.5) {
      off.push(`${name} at ${Math.round(box.top)}..${Math.round(box.bottom)} of ${height}`);
    }
  };
  const cards = document.querySelectorAll("#hand button[data-card]");
  for (const card of cards) check(card, card.dataset.card);
  for (const id of ids) check(document.getElementById(id), id);
  return off;
}"""


def off_screen(page: Page, ids: list[str]) -> list[str]:
    found: list[str] = page.evaluate(OFF_SCREEN, ids)
    return found


def wait_on_screen(page: Page, ids: list[str]) -> list[str]:
    """What is still off the screen once the page has had the time to bring it in (nothing,
    when it does)."""
    try:
        page.wait_for_function(f"(ids) => ({OFF_SCREEN})(ids).length === 0", arg=ids, timeout=4000)
    except PlaywrightTimeout:
        return off_screen(page, ids)  # the report says what stayed off screen
    return []


@pytest.fixture(scope="module")
def express(server: Server, browser: Browser) -> Iterator[NeTable]:
    opened = open_table(
        server, browser, "7B Express turns", SIZES, mode="express", hand=EXPRESS_HAND
    )
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def new_eleusis(server: Server, browser: Browser) -> Iterator[NeTable]:
    # Four players at least; the fourth tablet only plays along.
    sizes = {**SIZES, "Dee": LANDSCAPE}
    opened = open_table(server, browser, "8B Strings in view", sizes, ne_sudden_death="long")
    yield opened
    opened.close()


def string_of(hand: list[str], last: str, *, right: bool, most: int) -> list[str]:
    """Up to `most` cards of the hand that the rule takes one after the other (`right`), or
    that it refuses from the first card on."""
    if not right:
        wrong = [card for card in hand if not right_after(card, last)]
        return wrong[:most]
    string: list[str] = []
    left = list(hand)
    while len(string) < most:
        fitting = [card for card in left if right_after(card, string[-1] if string else last)]
        if not fitting:
            break
        string.append(fitting[0])
        left.remove(fitting[0])
    return string


def bot_turn(table: NeTable, view: dict[str, Any], ne: bool) -> None:
    """The seat on turn (or the guesser) moves through its second connection. Hands stay
    between about 8 and 14 cards; past sudden death only right strings are played."""
    if view["status"] == "guess_window":
        table.bots[view["guesser"]].act("pass")
        return
    bot: NeBot = table.bots[view["turn"]]
    hand, last = bot.refresh()["hand"], view["mainline"][-1]
    if not ne:
        fitting = string_of(hand, last, right=True, most=1)
        wrong = string_of(hand, last, right=False, most=1)
        if fitting and (len(hand) > 9 or not wrong):
            bot.act("play", card=fitting[0])
        elif wrong:
            bot.act("play", card=wrong[0])
        else:
            bot.act("no_play")
        return
    sudden = view["sudden_death"]["on"]
    wrong = string_of(hand, last, right=False, most=2)
    right = string_of(hand, last, right=True, most=3 if len(hand) > 14 else 2)
    if right and (sudden or len(hand) > 12 or not wrong):
        bot.ne_act("play", cards=right[: 1 if sudden and len(hand) < 9 else 3])
    elif wrong and not sudden:
        bot.ne_act("play", cards=wrong)
    else:
        bot.ne_act("no_play")


def grow_to(table: NeTable, target: int, ne: bool) -> None:
    for _turn in range(MAX_TURNS):
        view = table.view()
        if cards_on_table(view) >= target:
            return
        bot_turn(table, view, ne)
    pytest.fail(f"{MAX_TURNS} turns did not put {target} cards on the table")


def turn_comes_to(table: NeTable, tablet: Tablet, ne: bool) -> dict[str, Any]:
    """The others move until it is `tablet`'s turn; meanwhile its student looks at the top of
    the page. The seat's view when the turn has come."""
    seat = table.seat_of(tablet)
    for _turn in range(MAX_TURNS):
        view = table.view()
        if view["status"] == "playing" and view["turn"] == seat:
            return table.bots[seat].refresh()
        assert view["status"] in ("playing", "guess_window"), view["status"]
        tablet.page.evaluate("window.scrollTo(0, 0)")
        bot_turn(table, view, ne)
    pytest.fail(f"the turn never came to {tablet.nickname}")


def my_card(view: dict[str, Any], ne: bool) -> str:
    """A card to tap: a wrong one while it costs no expulsion, else a right one."""
    last = view["mainline"][-1]
    sudden = ne and view["sudden_death"]["on"]
    wrong = string_of(view["hand"], last, right=False, most=1)
    right = string_of(view["hand"], last, right=True, most=1)
    # In sudden death with no right card the wrong one is played (it expels, and says so).
    return (right if (sudden or not wrong) and right else wrong)[0]


def play_my_turns(table: NeTable, target: int, game: str) -> list[str]:
    """At `target` cards, each sized tablet gets the turn, shows its hand and Play, plays a card
    by tapping it, and shows the outcome: what was off screen, per tablet and moment."""
    ne = game == "ne"
    grow_to(table, target, ne)
    problems = []
    for tablet in table.tablets:
        if tablet.nickname not in SIZES:
            continue
        page, label = tablet.page, f"{game}-{target}-{LABELS[tablet.nickname]}"
        view = turn_comes_to(table, tablet, ne)
        expect(page.locator("#turn-banner")).to_be_visible()
        expect(page.locator("#hand button[data-card]")).to_have_count(len(view["hand"]))
        off = wait_on_screen(page, ["play-button"])
        problems += [f"{label} on turn: {where}" for where in off]
        page.screenshot(path=str(SCREENSHOTS / f"turn-in-view-{label}.png"))
        card = my_card(view, ne)
        button = page.locator(f'#hand button[data-card="{card}"]').first
        button.tap()
        expect(button).to_have_attribute("aria-pressed", "true")
        page.locator("#play-button").tap()
        expect(page.locator("#outcome")).not_to_be_empty()
        off = wait_on_screen(page, ["outcome"])
        problems += [f"{label} after the play: {where}" for where in off]
        page.screenshot(path=str(SCREENSHOTS / f"turn-in-view-{label}-played.png"))
        assert tablet.errors == [], tablet.errors
    return problems


@pytest.mark.parametrize("target", TARGETS)
def test_express_hand_play_and_outcome_are_on_screen(express: NeTable, target: int) -> None:
    problems = play_my_turns(express, target, "express")
    assert problems == [], "\n".join(problems)


@pytest.mark.parametrize("target", TARGETS)
def test_new_eleusis_hand_play_and_outcome_are_on_screen(new_eleusis: NeTable, target: int) -> None:
    problems = play_my_turns(new_eleusis, target, "ne")
    assert problems == [], "\n".join(problems)
