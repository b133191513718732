"""The projector's connection dots in real Chromium: they show what the server knows, also
after the projector page was closed or reloaded while tablets came and went."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from classroom.store import connect
from classroom.store.composition import use_cases_for
from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, SeatBot, Tablet, Teacher, hang_up
from tests.e2e.test_projector import EASY_RULE, OTHER_RULE, Projector, open_projector_link

ONLINE = re.compile(r"\bonline\b")
OFFLINE = re.compile(r"\boffline\b")


def play_once(bots: list[SeatBot]) -> None:
    """The Falcons' player on turn plays a card (any card: right or wrong, the tile changes)."""
    for bot in bots:
        view = bot.refresh()
        if view.get("turn") == view.get("me") and view["can"]["play"]:
            bot.act("play", card=view["hand"][0])
            return
        if view["can"]["pass"]:
            bot.act("pass")
    raise AssertionError("no Falcon could play")


def test_a_tablet_back_while_the_projector_reloaded_stays_online_through_later_plays(
    server: Server, browser: Browser
) -> None:
    teacher = Teacher(browser, server.url, TEACHER)
    code, (otters, falcons) = teacher.create_class(
        "8D Presence", [("Otters", EASY_RULE), ("Falcons", OTHER_RULE)]
    )
    class_id = int(teacher.page.url.rstrip("/").split("/")[-1])
    url = open_projector_link(teacher, class_id)
    projector = Projector.open(browser, url)
    ana = Tablet.open(browser, "Ana", LANDSCAPE)
    ana.join_by_link(server.url, code, "Otters")
    service = use_cases_for(connect(server.database))
    bots = [
        SeatBot(server.url, service.seats.join(code, falcons, name)[1])
        for name in ("Ben", "Chen", "Dia")
    ]
    teacher.start_round(falcons)
    dot = projector.group(otters).locator(".seat", has_text="Ana")
    falcon_cards = projector.group(falcons).locator(".pcard.main, .pcard.side")
    expect(dot).to_have_class(ONLINE)

    ana.page.goto("about:blank")  # the tablet goes away: the projector draws it offline
    expect(dot).to_have_class(OFFLINE)
    projector.page.goto("about:blank")  # the projector page is closed (or reloading) ...
    ana.page.goto(f"{server.url}/play")  # ... while the tablet comes back
    expect(ana.page.locator("#game")).to_be_visible()
    projector.page.goto(url)
    expect(dot).to_have_class(ONLINE)
    for plays in range(1, 4):
        play_once(bots)
        expect(falcon_cards).to_have_count(1 + plays)  # the other group's tile was redrawn
        expect(dot).to_have_class(ONLINE)

    projector.page.reload()
    expect(dot).to_have_class(ONLINE)
    ana.page.goto("about:blank")
    expect(dot).to_have_class(OFFLINE)
    play_once(bots)
    expect(falcon_cards).to_have_count(5)
    expect(dot).to_have_class(OFFLINE)
    projector.page.screenshot(path=str(SCREENSHOTS / "projector-presence-after-reload.png"))
    assert projector.errors == []
    hang_up(bots)
    for context in (ana.context, projector.page.context, teacher.context):
        context.close()
