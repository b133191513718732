"""A New Eleusis round on five tablets in Chromium: a string of two cards chosen in order, a
prophet declared, a call the app confirms (the prophet stays) and one it refutes (the prophet
is overthrown), each seen on every tablet."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import SCREENSHOTS, Server
from tests.e2e.ne_tables import NeTable, open_table, right_after
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Tablet, is_red

NICKNAMES = ("Ana", "Ben", "Chen", "Dana", "Emil")
MIN_TARGET = 44
MAX_TURNS = 40


@pytest.fixture(scope="module")
def table(server: Server, browser: Browser) -> Iterator[NeTable]:
    sizes = {name: PORTRAIT if n % 2 else LANDSCAPE for n, name in enumerate(NICKNAMES)}
    opened = open_table(server, browser, "8C Prophets", sizes)
    yield opened
    opened.close()


def right_pair(hand: list[str], last: str) -> tuple[str, str] | None:
    """Two cards of the hand that are right one after the other after `last`."""
    for first in hand:
        if not right_after(first, last):
            continue
        for second in hand:
            if second != first and right_after(second, first):
                return first, second
    return None


def turn_with_a_right_pair(table: NeTable) -> tuple[Tablet, tuple[str, str]]:
    """Play single wrong cards with the bots until the player on turn holds a right pair."""
    for _turn in range(MAX_TURNS):
        view = table.view()
        bot = table.bots[view["turn"]]
        hand = bot.refresh()["hand"]
        pair = right_pair(hand, view["mainline"][-1])
        if pair:
            return table.tablet_of(view["turn"]), pair
        bot.ne_act("play", cards=[hand[0]])
    pytest.fail("nobody held two right cards")


def badges(tablet: Tablet) -> dict[str, str]:
    """The hand's cards that wear an order badge, with the badge's number."""
    found: dict[str, str] = tablet.page.locator("#hand button.in-string").evaluate_all(
        "bs => Object.fromEntries(bs.map(b => [b.dataset.card,"
        " b.querySelector('.order-badge').textContent]))"
    )
    return found


def assert_big(target: Any) -> None:
    """A touch target of at least 44 by 44 CSS pixels."""
    box = target.bounding_box()
    assert box is not None and min(box["width"], box["height"]) >= MIN_TARGET, box


def hand_button(tablet: Tablet, card: str) -> Any:
    return tablet.page.locator(f'#hand button[data-card="{card}"]').first


def test_a_string_is_chosen_in_order_and_reaches_the_table_in_that_order(table: NeTable) -> None:
    player, (first, second) = turn_with_a_right_pair(table)
    page = player.page
    expect(page.locator("#turn-banner")).to_be_visible()
    expect(page.locator("#guess-form")).to_be_hidden()
    expect(page.locator("#no-play-button")).to_have_text("No card fits")
    hand_button(player, second).tap()
    hand_button(player, first).tap()
    assert badges(player) == {second: "1", first: "2"}
    expect(page.locator("#play-button")).to_have_text("Play 2 cards")
    # Taking the first one out moves the other up; choosing it again puts it last.
    hand_button(player, second).tap()
    assert badges(player) == {first: "1"}
    expect(page.locator("#play-button")).to_have_text("Play 1 card")
    hand_button(player, second).tap()
    assert badges(player) == {first: "1", second: "2"}
    expect(hand_button(player, second)).to_have_attribute("aria-pressed", "true")
    player.screenshot("ne-string-chosen", SCREENSHOTS)
    before = len(table.view()["mainline"])
    page.locator("#play-button").tap()
    expect(page.locator("#outcome")).to_contain_text("was right!")
    view = table.view()
    assert view["mainline"][before:] == [first, second]
    for tablet in table.tablets:
        newest = tablet.page.locator("#layout .column > .mainline")
        expect(newest).to_have_count(before + 2)
    expect(page.locator("#hand button.in-string")).to_have_count(0)


def test_the_player_becomes_prophet_and_every_tablet_shows_it(table: NeTable) -> None:
    view = table.view()
    prophet = table.tablet_of(view["may_declare"])
    declare = prophet.page.get_by_role("button", name="Become prophet")
    expect(declare).to_be_visible()
    assert_big(declare)
    expect(prophet.page.locator("#status-line")).to_contain_text("You may become the prophet")
    declare.tap()
    expect(prophet.page.locator("#ne-prophet-line")).to_have_text("♛ You are the prophet.")
    for tablet in table.tablets:
        if tablet is not prophet:
            expect(tablet.page.locator("#ne-prophet-line")).to_have_text(
                f"♛ The prophet is {prophet.nickname}."
            )
            expect(declare).to_be_hidden()
        row = tablet.page.locator(f'#players tr[data-nickname="{prophet.nickname}"]')
        expect(row.locator(".prophet-badge")).to_have_text("♛ Prophet")
        expect(tablet.page.locator("#layout .prophet-marker")).to_have_count(1)
        expect(tablet.page.locator("#ne-sudden")).to_have_text(
            re.compile(r"^Sudden death in \d+ cards\.$")
        )


def play_one_and_call(table: NeTable, right_card: bool, call: bool) -> tuple[Tablet, Tablet, str]:
    """The player on turn taps one card (right or wrong by the rule) and the prophet calls it."""
    view = table.view()
    player = table.tablet_of(view["turn"])
    prophet = table.tablet_of(view["prophet"])
    last = view["mainline"][-1]
    hand = table.bots[view["turn"]].refresh()["hand"]
    cards = [c for c in hand if right_after(c, last) == right_card]
    assert cards, "no such card in the hand"
    hand_button(player, cards[0]).tap()
    expect(player.page.locator("#play-button")).to_have_text("Play 1 card")
    player.page.locator("#play-button").tap()
    for tablet in table.tablets:
        panel = tablet.page.locator("#ne-pending")
        expect(panel).to_be_visible()
        expect(panel.locator(".ne-string-card")).to_have_count(1)
        if tablet is not prophet:
            expect(tablet.page.locator("#status-line")).to_have_text(
                "Waiting for the prophet's call…"
            )
            expect(tablet.page.locator("#ne-call-buttons")).to_be_hidden()
    expect(prophet.page.locator("#status-line")).to_have_text(
        f"You are the prophet: is {player.nickname}'s string right or wrong?"
    )
    calls = prophet.page.locator("#ne-call-buttons")
    for button in calls.get_by_role("button").all():
        assert_big(button)
    prophet.screenshot(f"ne-prophet-calls-{'right' if right_card else 'wrong'}-card", SCREENSHOTS)
    calls.get_by_role("button", name="Right" if call else "Wrong").tap()
    for tablet in table.tablets:
        expect(tablet.page.locator("#ne-pending")).to_be_hidden()
    return player, prophet, cards[0]


def test_a_call_the_app_confirms_keeps_the_prophet(table: NeTable) -> None:
    player, prophet, card = play_one_and_call(table, right_card=False, call=False)
    view = table.view()
    assert view["prophet"] == table.seat_of(prophet) and card in view["sidelines"][-1]
    for tablet in table.tablets:
        expect(tablet.page.locator("#ne-prophet-line")).to_be_visible()
        sideline = tablet.page.locator("#layout .column").last.locator(".sideline .playing-card")
        expect(sideline.last).to_have_attribute("aria-label", re.compile(r"of"))
    # The prophet called it wrong and was right: the player draws 2 for the card.
    outcome = player.page.locator("#outcome")
    expect(outcome).to_contain_text("was wrong: you drew 2 penalty cards.")
    expect(outcome).to_contain_text("A wrong string costs 2 penalty cards for each of its cards.")


def test_a_call_the_app_refutes_overthrows_the_prophet(table: NeTable) -> None:
    player, prophet, card = play_one_and_call(table, right_card=True, call=False)
    view = table.view()
    assert view["prophet"] is None and table.seat_of(prophet) in view["former_prophets"]
    assert view["mainline"][-1] == card
    for tablet in table.tablets:
        page = tablet.page
        expect(page.locator("#ne-prophet-line")).to_be_hidden()
        expect(page.locator("#players .prophet-badge")).to_have_count(0)
        expect(page.locator("#recent")).to_contain_text(
            f"{prophet.nickname} is no longer the prophet"
        )
        assert tablet.errors == [], tablet.errors
    assert is_red(card) == (
        "red" in (player.page.locator("#layout .newest").get_attribute("class") or "")
    )
    expect(player.page.locator("#outcome")).to_contain_text("was right!")
    table.tablets[0].screenshot("ne-prophet-overthrown", SCREENSHOTS)


def test_a_wrong_string_the_prophet_called_right_costs_the_player_nothing(table: NeTable) -> None:
    # Right cards until a player may become the new prophet (not the one overthrown).
    for _turn in range(MAX_TURNS):
        view = table.view()
        if view["may_declare"] and table.bots[view["may_declare"]].refresh()["can"]["declare"]:
            break
        bot = table.bots[view["turn"]]
        hand = bot.refresh()["hand"]
        right = [card for card in hand if right_after(card, view["mainline"][-1])]
        bot.ne_act("play", cards=[(right or hand)[0]])
    else:
        pytest.fail("nobody could become the prophet again")
    table.bots[view["may_declare"]].ne_act("declare")
    turn = table.view()["turn"]
    held = len(table.bots[turn].refresh()["hand"])
    player, _prophet, card = play_one_and_call(table, right_card=False, call=True)
    outcome = player.page.locator("#outcome")
    expect(outcome).to_contain_text("was wrong, but the prophet had called it right")
    expect(outcome).to_contain_text("you draw nothing.")
    expect(player.page.locator("#hand button[data-card]")).to_have_count(held - 1)
    view = table.view()
    assert view["prophet"] is None and card in view["sidelines"][-1]
    assert player.errors == [], player.errors
