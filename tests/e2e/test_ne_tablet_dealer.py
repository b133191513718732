"""A New Eleusis table with a student dealer in Chromium: the dealer judges a string shown in
the order played, a no-play (choosing the card that fits), and, once there is a prophet who
says "there is one", sends the prophet to point and judges the card pointed to."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import SCREENSHOTS, Server
from tests.e2e.ne_tables import HAND, NeBot, NeTable, open_table, right_after
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Tablet

NICKNAMES = ("Kai", "Lea", "Milo", "Nia", "Oskar")
MAX_TURNS = 40


@pytest.fixture(scope="module")
def table(server: Server, browser: Browser) -> Iterator[NeTable]:
    sizes = {name: LANDSCAPE if n % 2 else PORTRAIT for n, name in enumerate(NICKNAMES)}
    opened = open_table(server, browser, "8C Dealers", sizes, student_dealer=True)
    yield opened
    opened.close()


def dealer_of(table: NeTable) -> tuple[Tablet, NeBot]:
    seat = table.view()["dealer"]
    return table.tablet_of(seat), table.bots[seat]


def on_turn(table: NeTable) -> tuple[Tablet, NeBot, dict[str, Any]]:
    view = table.view()
    bot = table.bots[view["turn"]]
    return table.tablet_of(view["turn"]), bot, bot.refresh()


def test_the_dealer_chooses_the_rule_on_the_tablet(table: NeTable) -> None:
    choosing = [t for t in table.tablets if t.page.locator("#rule-chooser").is_visible()]
    assert len(choosing) == 1
    page = choosing[0].page
    page.locator('#library-list button[data-rule="alternate-colors"]').tap()
    page.get_by_role("button", name="Deal").tap()
    expect(page.locator("#dealer-area")).to_be_visible()
    for tablet in table.tablets:
        if tablet is not choosing[0]:
            expect(tablet.page.locator("#hand button[data-card]")).to_have_count(HAND)


def test_the_dealer_judges_a_string_shown_in_order(table: NeTable) -> None:
    dealer, _bot = dealer_of(table)
    player, bot, view = on_turn(table)
    string = view["hand"][:2]
    bot.ne_act("play", cards=string)
    panel = dealer.page.locator("#ne-pending")
    expect(panel.locator("#ne-question")).to_have_text(f"Is {player.nickname}'s string right?")
    shown = panel.locator(".ne-string-card")
    expect(shown).to_have_count(2)
    badges = shown.locator(".order-badge").all_inner_texts()
    # In the order played: the ranks as printed (English letters here), then the order badges.
    assert shown.locator(".corner .rank").all_inner_texts() == [c[:-1] for c in string]
    assert badges == ["1", "2"]
    expect(dealer.page.locator("#verdict")).to_be_hidden()
    for tablet in table.tablets:
        if tablet is not dealer:
            expect(tablet.page.locator("#status-line")).to_have_text(
                f"Waiting for the dealer: {dealer.nickname} is judging."
            )
            expect(tablet.page.locator("#ne-judge-buttons")).to_be_hidden()
    dealer.screenshot("ne-dealer-judges-string", SCREENSHOTS)
    last = view["mainline"][-1]
    right = right_after(string[0], last) and right_after(string[1], string[0])
    panel.get_by_role("button", name="Right" if right else "Wrong").tap()
    expect(panel).to_be_hidden()
    after = table.view()
    placed = after["mainline"][-2:] if right else after["sidelines"][len(view["mainline"]) - 1][-2:]
    assert placed == string


def test_the_dealer_picks_the_card_a_wrong_no_play_plays(table: NeTable) -> None:
    dealer, _bot = dealer_of(table)
    player, _player_bot, view = on_turn(table)
    fitting = [c for c in view["hand"] if right_after(c, view["mainline"][-1])]
    assert fitting, "a hand of 14+ cards without both colours"
    player.page.get_by_role("button", name="No card fits").tap()
    player.page.get_by_role("dialog", name="No play?").get_by_role(
        "button", name="Yes, no card fits"
    ).tap()
    panel = dealer.page.locator("#ne-pending")
    expect(panel.locator("#ne-question")).to_have_text(
        f"{player.nickname} says no card fits. Is that right?"
    )
    expect(panel.locator("#ne-shown button[data-card]")).to_have_count(len(view["hand"]))
    wrong = panel.locator("#ne-judge-wrong")
    expect(wrong).to_be_disabled()
    expect(wrong).to_contain_text("Wrong: tap the card that fits")
    expect(panel.get_by_role("button", name="Right, no card fits")).to_be_enabled()
    panel.locator(f'#ne-shown button[data-card="{fitting[0]}"]').first.tap()
    expect(wrong).to_be_enabled()
    dealer.screenshot("ne-dealer-judges-no-play", SCREENSHOTS)
    wrong.tap()
    expect(panel).to_be_hidden()
    assert table.view()["mainline"][-1] == fitting[0]
    expect(player.page.locator("#outcome")).to_contain_text("No play was wrong")


def make_prophet(table: NeTable) -> Tablet:
    """A right single card judged right by the dealer's second connection; its player declares
    on the tablet."""
    _dealer, dealer_bot = dealer_of(table)
    for _turn in range(MAX_TURNS):
        player, bot, view = on_turn(table)
        fitting = [c for c in view["hand"] if right_after(c, view["mainline"][-1])]
        if fitting:
            bot.ne_act("play", cards=fitting[:1])
            dealer_bot.ne_verdict("play", True)
            declare = player.page.get_by_role("button", name="Become prophet")
            declare.tap()
            expect(player.page.locator("#ne-prophet-line")).to_have_text("♛ You are the prophet.")
            return player
        bot.ne_act("play", cards=view["hand"][:1])
        dealer_bot.ne_verdict("play", False)
    pytest.fail("nobody played a right card")


def test_a_prophet_says_there_is_one_points_to_it_and_the_dealer_confirms(table: NeTable) -> None:
    dealer, _bot = dealer_of(table)
    prophet = make_prophet(table)
    player, bot, view = on_turn(table)
    fitting = [c for c in view["hand"] if right_after(c, view["mainline"][-1])]
    assert fitting, "a hand of 14+ cards without both colours"
    bot.ne_act("no_play")
    calls = prophet.page.locator("#ne-call-buttons")
    expect(prophet.page.locator("#status-line")).to_have_text(
        f"You are the prophet: {player.nickname} says no card fits. Is that so?"
    )
    expect(calls.get_by_role("button", name="No card fits")).to_be_visible()
    calls.get_by_role("button", name="There is one").tap()
    panel = dealer.page.locator("#ne-pending")
    expect(panel.locator("#ne-call")).to_have_text("The prophet says: there is a card that fits")
    expect(dealer.page.locator("#recent")).to_contain_text(
        f"The prophet {prophet.nickname} said: there is a card that fits."
    )
    send_to_point = panel.get_by_role("button", name="Yes, there is one: the prophet must point")
    expect(send_to_point).to_be_enabled()
    dealer.screenshot("ne-dealer-prophet-there-is-one", SCREENSHOTS)
    send_to_point.tap()
    expect(prophet.page.locator("#status-line")).to_have_text(
        f"Tap the card in {player.nickname}'s hand that fits."
    )
    for tablet in table.tablets:
        if tablet not in (prophet, dealer):
            expect(tablet.page.locator("#status-line")).to_have_text(
                "Waiting for the prophet to point to the card that fits…"
            )
    prophet.screenshot("ne-prophet-points", SCREENSHOTS)
    prophet.page.locator(f'#ne-shown button[data-card="{fitting[0]}"]').first.tap()
    expect(panel.locator("#ne-question")).to_have_text("Does the card the prophet chose fit?")
    pointed = panel.locator(f'#ne-shown button.pointed[data-card="{fitting[0]}"]').first
    expect(pointed).to_be_disabled()
    panel.locator("#ne-judge-right").tap()
    expect(panel).to_be_hidden()
    after = table.view()
    assert after["mainline"][-1] == fitting[0] and after["prophet"] == table.seat_of(prophet)
    for tablet in table.tablets:
        expect(tablet.page.locator("#ne-prophet-line")).to_be_visible()
        assert tablet.errors == [], tablet.errors
