"""A New Eleusis table with 40+ cards on tablets in portrait and landscape: the layout fits,
the newest card stays in view, every 10th card wears its marker, sudden death is announced."""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import SCREENSHOTS, Server
from tests.e2e.ne_tables import NeTable, cards_on_table, open_table, right_after
from tests.e2e.tablets import LANDSCAPE, PORTRAIT
from tests.e2e.test_tablet_long_round import FITS, NEWEST_IN_VIEW

TARGET = 42
MAX_TURNS = 40


@pytest.fixture(scope="module")
def table(server: Server, browser: Browser) -> Iterator[NeTable]:
    sizes = {"Gus": PORTRAIT, "Hana": LANDSCAPE, "Ivo": PORTRAIT, "Juno": LANDSCAPE}
    # Sudden death at 40 cards: the strings below are mostly wrong and must not expel anyone
    # before the table holds 40.
    opened = open_table(server, browser, "8C Long strings", sizes, ne_sudden_death="long")
    yield opened
    opened.close()


def right_string(hand: list[str], last: str) -> list[str]:
    """Up to three cards of the hand that the rule accepts one after the other."""
    string: list[str] = []
    left = list(hand)
    for _card in range(3):
        fitting = [card for card in left if right_after(card, string[-1] if string else last)]
        if not fitting:
            break
        string.append(fitting[0])
        left.remove(fitting[0])
    return string


def play_strings(table: NeTable, target: int) -> None:
    """Right strings (the mainline grows) and wrong ones of four cards (the sidelines do) in
    turn, until `target` cards lie there."""
    for turn in range(MAX_TURNS):
        view = table.view()
        if cards_on_table(view) >= target:
            return
        assert view["status"] == "playing", view["status"]
        bot = table.bots[view["turn"]]
        hand = bot.refresh()["hand"]
        right = right_string(hand, view["mainline"][-1])
        if turn % 2 == 0 and right and len(hand) > 6:
            bot.ne_act("play", cards=right)
        else:
            bot.ne_act("play", cards=hand[: min(4, len(hand) - 1)])
    pytest.fail(f"{MAX_TURNS} turns did not put {target} cards on the table")


def test_forty_cards_fit_both_tablet_sizes_with_their_markers(table: NeTable) -> None:
    play_strings(table, TARGET)
    view = table.view()
    on_table = cards_on_table(view)
    assert on_table >= 40 and view["markers"][:4] == [10, 20, 30, 40]
    for tablet in table.tablets:
        page = tablet.page
        expect(page.locator("#layout .playing-card")).to_have_count(on_table)
        flags = page.locator("#layout .ne-marker:not(.prophet-marker)")
        expect(flags).to_have_count(len(view["markers"]))
        expect(flags.first).to_have_text("⚑10")
        expect(page.locator("#ne-sudden")).to_have_text(
            "⚠ Sudden death: a wrong play now expels the player."
        )
        assert tablet.errors == [], tablet.errors
    for tablet in table.tablets[:2]:
        page = tablet.page
        for size, label in ((PORTRAIT, "portrait"), (LANDSCAPE, "landscape")):
            page.set_viewport_size(size)
            page.wait_for_function(NEWEST_IN_VIEW)
            assert page.evaluate(FITS) == [], f"{tablet.nickname} {label}"
            name = f"ne-long-round-{tablet.nickname.lower()}-{label}.png"
            page.screenshot(path=str(SCREENSHOTS / name))
    labels = (
        table.tablets[0]
        .page.locator("#layout .ne-marker")
        .first.evaluate("m => m.parentElement.getAttribute('aria-label')")
    )
    assert re.search(r", marker 10$", labels), labels
