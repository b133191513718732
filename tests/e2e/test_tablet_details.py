"""Small things children see on the tablet, in Chromium: the player's own card while the others
predict, a Polish phone's predict buttons, an outcome that does not linger into later turns, a
skipped turn told to the table, stacked sideline cards whose suit shows, a fifth card for a New
Eleusis string refused with a reason. The tests run in order on one table of each game."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.ne_tables import NeTable, open_table, right_after
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Tablet, Teacher
from tests.e2e.test_accessibility import CspFreeBrowser, assert_accessible

PHONE = {"width": 390, "height": 844}
MAX_TURNS = 40

# The predict buttons: each keeps its words inside it, neither covers the other, both are big.
BUTTON_PROBLEMS = """() => {
  const problems = [];
  const buttons = ["predict-accept", "predict-reject"].map((id) => document.getElementById(id));
  const boxes = buttons.map((button) => button.getBoundingClientRect());
  buttons.forEach((button, at) => {
    const range = document.createRange();
    range.selectNodeContents(button);
    const words = range.getBoundingClientRect(), box = boxes[at];
    if (words.left < box.left - 0.5 || words.right > box.right + 0.5) {
      problems.push(`${button.id}: words ${words.left}..${words.right}, ${box.left}..${box.right}`);
    }
    if (button.scrollWidth > button.clientWidth) problems.push(`${button.id} overflows`);
    if (box.height < 44 || box.width < 44) problems.push(`${button.id} is small`);
  });
  if (boxes[0].right > boxes[1].left) problems.push("the buttons overlap");
  return problems;
}"""
# Stacked sideline cards: each card's rank and suit lie above the card stacked on it.
COVERED_CORNERS = """() => {
  const covered = [];
  for (const line of document.querySelectorAll("#layout .sideline")) {
    const cards = [...line.querySelectorAll(".playing-card")];
    cards.slice(0, -1).forEach((card, at) => {
      const next = cards[at + 1].getBoundingClientRect().top;
      for (const part of card.querySelectorAll(".corner > *")) {
        if (part.getBoundingClientRect().bottom > next + 0.5) covered.push(card.dataset.card);
      }
    });
  }
  return covered;
}"""


@pytest.fixture(scope="module")
def express(server: Server, browser: Browser) -> Iterator[NeTable]:
    """An Express table that predicts: Kasia on a Polish phone, the others in English."""
    sizes = {"Ana": LANDSCAPE, "Kasia": PHONE, "Ben": PORTRAIT}
    opened = open_table(
        server,
        CspFreeBrowser(browser),  # type: ignore[arg-type]
        "6C Details",
        sizes,
        languages={"Kasia": "pl"},
        mode="express",
        hand=12,
        everyone_predicts=True,
        predict_seconds=15,
    )
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def teacher(server: Server, browser: Browser, express: NeTable) -> Iterator[Teacher]:
    laptop = Teacher(browser, server.url, TEACHER)
    laptop.page.goto(f"{server.url}/teacher/classes/{express.class_id}")
    yield laptop
    laptop.context.close()


def named(table: NeTable, nickname: str) -> Tablet:
    return next(tablet for tablet in table.tablets if tablet.nickname == nickname)


def everyone_predicts(table: NeTable) -> dict[str, Any]:
    """The others forecast the waiting card (so its verdict comes at once); after a right card
    its player passes the guess. The table's view afterwards."""
    view = table.view()
    waiting = (view.get("predict") or {}).get("waiting")
    if waiting:
        for seat, bot in table.bots.items():
            if seat != waiting["player"] and bot.refresh()["predict"]["waiting"]["can"]:
                bot.ne_act("predict", accepted=True)
        view = table.view()
    if view["status"] == "guess_window":
        table.bots[view["guesser"]].act("pass")
        view = table.view()
    return view


def bot_plays(table: NeTable, *, wrong: bool) -> None:
    """The seat on turn plays a wrong (or right) card through its second connection."""
    view = table.view()
    bot = table.bots[view["turn"]]
    hand, last = bot.refresh()["hand"], view["mainline"][-1]
    cards = [card for card in hand if right_after(card, last) != wrong] or hand
    bot.act("play", card=cards[0])
    everyone_predicts(table)


def turn_of(table: NeTable, tablet: Tablet) -> None:
    """The others play wrong cards until it is `tablet`'s turn."""
    seat = table.seat_of(tablet)
    for _turn in range(MAX_TURNS):
        if table.view()["turn"] == seat:
            return
        bot_plays(table, wrong=True)
    pytest.fail(f"the turn never came to {tablet.nickname}")


def tap_wrong_card(tablet: Tablet) -> str:
    """Tap a card the rule refuses after the newest mainline card, then Play."""
    last_red = tablet.last_mainline_is_red()
    card = next(c for c in tablet.hand() if (c[-1] in "HD") == last_red)
    tablet.play(card)
    return card


def test_my_card_shows_while_the_others_predict_and_polish_buttons_fit(
    express: NeTable,
) -> None:
    kasia, ana = named(express, "Kasia"), named(express, "Ana")
    turn_of(express, ana)
    card = tap_wrong_card(ana)
    # Ana's own card, next to her hand, while it waits.
    outcome = ana.page.locator("#outcome")
    expect(outcome).to_contain_text("You played")
    expect(outcome).to_contain_text("waiting for the verdict")
    expect(outcome.locator(".card-inline")).to_have_count(1)
    ana.page.screenshot(path=str(SCREENSHOTS / "details-own-card-waiting.png"))
    # Kasia's phone asks, in Polish, with both words inside their buttons.
    page = kasia.page
    expect(page.locator("#predict")).to_be_visible()
    expect(page.locator("#predict-reject")).to_contain_text("Nieprzyjęta")
    assert page.evaluate(BUTTON_PROBLEMS) == []
    page.locator("#predict").screenshot(path=str(SCREENSHOTS / "details-predict-pl-phone.png"))
    assert_accessible(page, "tablet-predict-pl-phone")
    page.locator("#predict-reject").tap()
    everyone_predicts(express)
    expect(outcome).to_contain_text("was wrong: you drew 1 penalty card.")
    expect(outcome).to_contain_text(card[:-1])


def test_an_outcome_goes_when_the_next_turn_is_played(express: NeTable) -> None:
    ana = named(express, "Ana")
    expect(ana.page.locator("#outcome")).not_to_be_empty()
    bot_plays(express, wrong=True)
    expect(ana.page.locator("#outcome")).to_be_hidden()
    expect(ana.page.locator("#outcome")).to_be_empty()


def test_a_skipped_turn_is_told_on_every_tablet(express: NeTable, teacher: Teacher) -> None:
    view = express.view()
    skipped = express.tablet_of(view["turn"])
    teacher.page.reload()
    teacher.submit(f"/groups/{express.group_id}/skip", {"seat": view["turn"]})
    for tablet in express.tablets:
        if tablet is skipped:
            said = "The teacher skipped your turn."
        elif tablet.nickname == "Kasia":
            said = f"Nauczyciel pominął ruch: {skipped.nickname}."
        else:
            said = f"The teacher skipped {skipped.nickname}'s turn."
        expect(tablet.page.locator("#notice")).to_have_text(said)
        expect(tablet.page.locator("#recent li").first).to_have_text(said)
    assert express.view()["turn"] != view["turn"]
    skipped.page.screenshot(path=str(SCREENSHOTS / "details-turn-skipped.png"))


def test_stacked_sideline_cards_show_their_rank_and_suit(express: NeTable) -> None:
    for _turn in range(6):
        bot_plays(express, wrong=True)
    for tablet in express.tablets:
        page: Page = tablet.page
        expect(page.locator("#layout .sideline .playing-card:nth-child(3)")).not_to_have_count(0)
        assert page.evaluate(COVERED_CORNERS) == [], tablet.nickname
        assert tablet.errors == [], tablet.errors
    named(express, "Ana").page.locator("#layout").screenshot(
        path=str(SCREENSHOTS / "details-stacked-sideline.png")
    )


@pytest.fixture(scope="module")
def new_eleusis(server: Server, browser: Browser) -> Iterator[NeTable]:
    sizes = {"Gus": PHONE, "Hana": PORTRAIT, "Ivo": LANDSCAPE, "Juno": PORTRAIT}
    opened = open_table(server, browser, "8D Details", sizes, languages={"Hana": "ru"})
    yield opened
    opened.close()


def test_a_fifth_card_for_a_string_is_refused_with_a_reason(new_eleusis: NeTable) -> None:
    tablet = new_eleusis.tablet_of(new_eleusis.view()["turn"])
    page = tablet.page
    expect(page.locator("#turn-banner")).to_be_visible()
    cards = page.locator("#hand button[data-card]")
    for at in range(5):
        cards.nth(at).tap()
    expect(page.locator("#hand .order-badge")).to_have_count(4)
    expect(cards.nth(4)).to_have_attribute("aria-pressed", "false")
    said = {
        "en": "A string has at most 4 cards: tap a chosen card to take it out.",
        "ru": "В серии не больше 4 карт: коснись выбранной карты, чтобы убрать её.",
    }[page.locator("html").get_attribute("lang") or "en"]
    expect(page.locator("#selected-card")).to_contain_text(said)
    page.screenshot(path=str(SCREENSHOTS / "details-fifth-card.png"))
    # Taking one out leaves room again: the reason goes.
    cards.nth(0).tap()
    expect(page.locator("#hand .order-badge")).to_have_count(3)
    expect(page.locator("#selected-card")).not_to_contain_text(said)
