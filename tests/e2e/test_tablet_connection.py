"""A tablet's link in real Chromium: how soon it says "Reconnecting…", a play tapped while
offline, and the clear page a tablet shows once its seat or its class is gone."""

from __future__ import annotations

import os
import re
import signal
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import ROOT, SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Tablet, Teacher

RULE = "card.color != prev.color"
OFFLINE_REPORT = ROOT / "tests" / "output" / "offline.txt"
CEILING_MS = 10_000  # generous: the settings aim at under 5 s
SEAT_GONE = "This tablet no longer has a seat in this class. Ask your teacher."

# Notes the page time when the "Reconnecting…" banner shows; `window.cut` is when the link went.
WATCH_BANNER = """() => {
  const banner = document.getElementById("connection");
  window.bannerAt = undefined;
  new MutationObserver(() => {
    if (!banner.hidden && window.bannerAt === undefined) window.bannerAt = performance.now();
  }).observe(banner, { attributes: true, childList: true, characterData: true, subtree: true });
  window.cut = performance.now();
  return window.cut;
}"""


@pytest.fixture(scope="module")
def teacher(server: Server, browser: Browser) -> Iterator[Teacher]:
    teacher = Teacher(browser, server.url, TEACHER)
    yield teacher
    teacher.context.close()


@pytest.fixture
def tablet(browser: Browser) -> Iterator[Tablet]:
    tablet = Tablet.open(browser, "Ivy", PORTRAIT)
    yield tablet
    tablet.context.close()


def banner_delay(tablet: Tablet) -> float:
    """Milliseconds from the cut to the banner (the watch must have been started)."""
    tablet.page.wait_for_function("() => window.bannerAt !== undefined", timeout=CEILING_MS + 5_000)
    delay: float = tablet.page.evaluate("window.bannerAt - window.cut")
    expect(tablet.page.locator("#connection")).to_contain_text("Reconnecting")
    return delay


def report(lines: list[str]) -> None:
    OFFLINE_REPORT.parent.mkdir(parents=True, exist_ok=True)
    OFFLINE_REPORT.write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")


def test_reconnecting_shows_within_seconds_and_a_play_waits_for_the_link(
    server: Server, browser: Browser, teacher: Teacher, tablet: Tablet
) -> None:
    code, (group_id,) = teacher.create_class("9D Links", [("Wrens", RULE)])
    tablet.join_by_link(server.url, code, "Wrens")
    partner = Tablet.open(browser, "Jo", LANDSCAPE)
    third = Tablet.open(browser, "Lu", LANDSCAPE)
    try:
        partner.join_by_link(server.url, code, "Wrens")
        third.join_by_link(server.url, code, "Wrens")
        teacher.start_round(group_id)
        page = tablet.page
        expect(page.locator("#hand button[data-card]")).to_have_count(12)
        expect(page.locator("#connection")).to_be_hidden()

        # A frozen server: the link looks open, but no ping comes any more.
        page.evaluate(WATCH_BANNER)
        os.kill(server.pid, signal.SIGSTOP)
        try:
            frozen = banner_delay(tablet)
        finally:
            os.kill(server.pid, signal.SIGCONT)
        expect(page.locator("#connection")).to_be_hidden(timeout=15_000)

        # The Wi-Fi of the tablet on turn goes.
        row = tablet.page.locator("#players tr.turn")
        expect(row).to_have_count(1)
        nickname = row.get_attribute("data-nickname")
        player = next(each for each in (tablet, partner, third) if each.nickname == nickname)
        expect(player.page.locator("#turn-banner")).to_be_visible()
        on_table = player.page.locator("#layout .playing-card").count()
        player.page.evaluate(WATCH_BANNER)
        player.context.set_offline(True)
        offline = banner_delay(player)
        player.screenshot("tablet-offline-waiting", SCREENSHOTS)
        player.play(player.hand()[0])
        expect(player.page.locator("#problem")).to_contain_text("Not connected: your move waits")
        player.context.set_offline(False)
        expect(player.page.locator("#connection")).to_be_hidden(timeout=15_000)
        for each in (tablet, partner, third):
            expect(each.page.locator("#layout .playing-card")).to_have_count(on_table + 1)
        player.wake()  # a fresh state from the server: still applied once
        expect(player.page.locator("#layout .playing-card")).to_have_count(on_table + 1)
        expect(player.page.locator("#problem")).to_be_hidden()
    finally:
        partner.context.close()
        third.context.close()
    report(
        [
            f"frozen server (no pings): Reconnecting shown after {frozen:.0f} ms",
            f"tablet offline (set_offline): Reconnecting shown after {offline:.0f} ms",
        ]
    )
    assert 0 <= frozen <= CEILING_MS and 0 <= offline <= CEILING_MS


def seat_page(tablet: Tablet, text: str, name: str, *, rejoin: bool = True) -> None:
    """The clear page with `text`, the way back to /join (none from an ended class, which
    takes nobody), and no raw socket error."""
    page = tablet.page
    expect(page.locator("#rejoin-message")).to_have_text(text)
    if rejoin:
        expect(page.get_by_role("link", name="Join again")).to_have_attribute("href", "/join")
    else:
        expect(page.get_by_role("link", name="Join again")).to_have_count(0)
    expect(page.locator("#game")).to_be_hidden()
    expect(page.get_by_text(re.compile("refused", re.IGNORECASE))).to_have_count(0)
    assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
    tablet.screenshot(name, SCREENSHOTS)


def test_a_removed_seat_and_an_ended_class_show_a_clear_page(
    server: Server, browser: Browser, teacher: Teacher, tablet: Tablet
) -> None:
    code, _groups = teacher.create_class("9E Leaving", [("Larks", RULE)])  # no round yet
    stays = Tablet.open(browser, "Kit", LANDSCAPE)
    try:
        tablet.join_by_link(server.url, code, "Larks")
        stays.join_by_link(server.url, code, "Larks")
        seat = tablet.states()[-1]["me"]
        teacher.page.reload()
        teacher.submit(f"/seats/{seat}/remove")
        tablet.page.reload()
        seat_page(tablet, SEAT_GONE, "tablet-seat-removed")

        teacher.submit(f"/classes/{teacher.class_id}/end")
        stays.page.reload()
        seat_page(stays, "This class has ended.", "tablet-class-ended", rejoin=False)
    finally:
        stays.context.close()
