"""The prophet's call buttons come into view when a string waits for the call, wherever the
prophet was looking: on a phone, with a long table, scrolled to the bottom of the page (the
buttons appear in the waiting string's box, far above), in Chromium."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import SCREENSHOTS, Server
from tests.e2e.ne_tables import NeTable, cards_on_table, open_table, right_after
from tests.e2e.tablets import LANDSCAPE, PORTRAIT
from tests.e2e.test_tablet_turn_in_view import PHONE

SIZES = {"Ana": PHONE, "Ben": PHONE, "Cy": PHONE, "Dee": LANDSCAPE, "Eve": PORTRAIT}
#: Cards on the table before the prophet is made: a page taller than the phone's screen.
LONG_TABLE = 24
#: Whether every element named lies wholly on the screen.
ON_SCREEN = """(ids) => ids.every((id) => {
  const box = document.getElementById(id).getBoundingClientRect();
  return box.height > 0 && box.top >= -0.5 && box.bottom <= window.innerHeight + 0.5;
})"""


@pytest.fixture(scope="module")
def table(server: Server, browser: Browser) -> Iterator[NeTable]:
    opened = open_table(server, browser, "9C Calls in view", SIZES, ne_sudden_death="long")
    yield opened
    opened.close()


def _grow(table: NeTable) -> None:
    """Wrong single cards on turn (each costs two, so hands last) until the table is long."""
    while cards_on_table(table.view()) < LONG_TABLE:
        view = table.view()
        seat = view["turn"]
        hand = table.bots[seat].refresh()["hand"]
        wrong = next((c for c in hand if not right_after(c, view["mainline"][-1])), hand[0])
        table.bots[seat].ne_act("play", cards=[wrong])


def test_the_call_buttons_come_into_view_on_a_phone_scrolled_away(table: NeTable) -> None:
    _grow(table)
    view = table.view()
    # A player with a right card makes themselves prophet.
    while True:
        seat = view["turn"]
        hand = table.bots[seat].refresh()["hand"]
        right = [c for c in hand if right_after(c, view["mainline"][-1])]
        if right:
            break
        table.bots[seat].ne_act("no_play")
        view = table.view()
    table.bots[seat].ne_act("play", cards=right[:1])
    table.bots[seat].ne_act("declare")
    prophet = table.tablet_of(seat)
    page = prophet.page
    page.set_viewport_size(PHONE)
    expect(page.locator("#ne-call-buttons")).to_be_hidden()
    # The prophet reads the bottom of the page while the next player thinks.
    page.evaluate("window.scrollTo(0, document.body.scrollHeight)")
    assert page.evaluate("window.scrollY") > 0
    assert not page.evaluate(ON_SCREEN, ["ne-pending"])
    player = table.view()["turn"]
    table.bots[player].ne_act("play", cards=table.bots[player].refresh()["hand"][:1])
    expect(page.locator("#ne-call-buttons")).to_be_visible()
    page.wait_for_function(ON_SCREEN, arg=["ne-call-right", "ne-call-wrong"], timeout=4000)
    page.screenshot(path=str(SCREENSHOTS / "ne-call-in-view-phone.png"))
    # The call is made from there; the table goes on.
    page.locator("#ne-call-right").click()
    expect(page.locator("#ne-call-buttons")).to_be_hidden()
