"""Twelve groups in long rounds on a 1080p projector: too many tiles for 28px cards on one
screen, so the groups come a page at a time, the pages turn by themselves, and a group on a
hidden page stays live. The page timer is driven with Playwright's clock: no real waiting."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from datetime import datetime, timedelta

import pytest
from playwright.sync_api import Browser, expect

from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.usecases import Move, UseCases
from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import Teacher
from tests.e2e.test_projector import FULL_HD, MIN_TEXT_PX, Projector
from tests.e2e.test_projector_layout import check_full_screen, long_rounds, seat_refs

CLOCK_START = datetime(2026, 3, 2, 9, 0, 0)
MOTION = 'getComputedStyle(document.getElementById("groups")).animationName'
SHOWN_IDS = """() => [...document.querySelectorAll("#groups .group")]
  .map((tile) => Number(tile.dataset.groupId))"""


@dataclass
class PagedClass:
    url: str
    tables: dict[int, tuple[int, int]]
    service: UseCases
    teacher_id: int


@pytest.fixture(scope="module")
def paged(server: Server) -> PagedClass:
    url, tables = long_rounds(server, groups=12, seats=4, plays=44)
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    return PagedClass(url, tables, service, teacher_id)


def open_paused(browser: Browser, url: str, *, reduced_motion: bool = True) -> Projector:
    """A projector page whose clock stands still until the test moves it."""
    motion = "reduce" if reduced_motion else "no-preference"
    context = browser.new_context(viewport=FULL_HD, reduced_motion=motion)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.clock.install(time=CLOCK_START)
    page.clock.pause_at(CLOCK_START + timedelta(minutes=1))
    page.goto(f"{url}?page_seconds=1")
    expect(page.locator("#groups .group").first).to_be_visible()
    return Projector(page, errors)


def turn_page(projector: Projector) -> None:
    projector.page.clock.run_for(1000)


@pytest.fixture
def projector(browser: Browser, paged: PagedClass) -> Iterator[Projector]:
    opened = open_paused(browser, paged.url)
    yield opened
    opened.close()


def shown_page(projector: Projector) -> tuple[int, int]:
    groups = projector.page.locator("#groups")
    return int(groups.get_attribute("data-page") or 0), int(groups.get_attribute("data-pages") or 0)


def test_every_group_shows_on_some_page_with_28px_cards(
    projector: Projector, paged: PagedClass
) -> None:
    page, pages = shown_page(projector)
    assert page == 1 and pages > 1
    seen: dict[int, int] = {}
    for number in range(1, pages + 1):
        expect(projector.page.locator("#groups")).to_have_attribute("data-page", str(number))
        ids = projector.page.evaluate(SHOWN_IDS)
        first = len(seen) + 1
        expect(projector.page.locator("#page-where")).to_have_text(
            f"Groups {first}–{first + len(ids) - 1} of 12 · page {number}/{pages}"
        )
        for group_id in ids:
            mainline, sideline = paged.tables[group_id]
            tile = projector.group(group_id)
            expect(tile.locator(".table > .column > .pcard.main")).to_have_count(mainline)
            expect(tile.locator(".sideline .pcard")).to_have_count(sideline)
            seen[group_id] = number
        found = check_full_screen(projector, f"long-12-groups-page-{number}")
        print(f"page {number}/{pages}: {len(ids)} tiles, cards at {found['card_px']}px")
        assert found["card_px"] >= MIN_TEXT_PX
        turn_page(projector)
    assert sorted(seen) == sorted(paged.tables)
    # The first page comes after the last, with no transition for those who asked for less motion.
    expect(projector.page.locator("#groups")).to_have_attribute("data-page", "1")
    assert projector.page.evaluate(MOTION) == "none"
    assert projector.errors == []


def test_pages_fade_in_for_readers_who_did_not_ask_for_less_motion(
    browser: Browser, paged: PagedClass
) -> None:
    projector = open_paused(browser, paged.url, reduced_motion=False)
    turn_page(projector)
    expect(projector.page.locator("#groups")).to_have_attribute("data-page", "2")
    assert projector.page.evaluate(MOTION) == "page-in"
    projector.close()


def test_a_group_on_a_hidden_page_stays_live(
    browser: Browser, server: Server, projector: Projector, paged: PagedClass
) -> None:
    hidden = [group for group in paged.tables if group not in projector.page.evaluate(SHOWN_IDS)]
    waits = ((group, guess_waits(paged.service, group)) for group in reversed(hidden))
    group_id, name = next((group, name) for group, name in waits if name is not None)
    # The hint goes through the class page, so the server tells the projector of the group.
    teacher = Teacher(browser, server.url, TEACHER)
    class_id = paged.service.reading.group_snapshot(group_id).class_id
    teacher.page.goto(f"{server.url}/teacher/classes/{class_id}")
    teacher.give_hint(group_id, "Look again.")
    teacher.context.close()
    waiting = projector.page.locator("#page-waiting")
    expect(waiting).to_be_visible()
    expect(waiting).to_have_text(f"Waiting on another page: {name}")
    projector.page.screenshot(path=str(SCREENSHOTS / "projector-long-12-groups-waiting-badge.png"))
    _page, pages = shown_page(projector)
    for _turn in range(pages):
        if projector.group(group_id).count():
            break
        turn_page(projector)
    tile = projector.group(group_id)
    expect(tile.locator(".group-status")).to_have_text("Guess pending")
    expect(tile.locator(".counts")).to_contain_text("Hints 2")
    expect(waiting).to_be_hidden()
    check_full_screen(projector, "long-12-groups-hidden-group-shown")
    assert projector.errors == []


def guess_waits(service: UseCases, group_id: int) -> str | None:
    """Play on until someone may guess, then guess and leave it unjudged: the group's name
    (None if the round ends first)."""
    refs = seat_refs(service, group_id)
    for number in range(30):
        snapshot = service.reading.group_snapshot(group_id)
        state = snapshot.state
        assert state is not None
        if state.phase == "guess_window" and state.guesser is not None:
            service.rounds.act(refs[state.guesser], Move("guess", f"w-{group_id}", text="red"))
            return snapshot.group_name
        if state.turn is None:
            return None
        card = state.hand(state.turn)[0]
        service.rounds.act(refs[state.turn], Move("play", f"h-{group_id}-{number}", cards=(card,)))
    return None
