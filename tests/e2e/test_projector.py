"""The projector view in real Chromium at 1920x1080: it fits, it is legible, it follows play."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from classroom.core.games.express import Options
from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup, Move, UseCases
from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, Tablet, Teacher, is_red

EASY_RULE = "card.color != prev.color"
OTHER_RULE = "card.odd != prev.odd"
FULL_HD = {"width": 1920, "height": 1080}
MIN_TEXT_PX = 28
# Every element that shows text of its own, visible, and the size it is drawn at.
TEXT_SIZES = """() => [...document.querySelectorAll("body *")]
  .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
  .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
  .map((el) => [el.className || el.tagName, parseFloat(getComputedStyle(el).fontSize)])"""
OVERFLOW = """() => ({
  page: [document.documentElement.scrollWidth - innerWidth,
         document.documentElement.scrollHeight - innerHeight],
  clipped: [...document.querySelectorAll(".group")]
    .filter((g) => g.scrollHeight > g.clientHeight + 1)
    .map((g) => g.dataset.groupId),
})"""


@dataclass
class Projector:
    """A projector page on a machine with no teacher login: its own browser context."""

    page: Page
    errors: list[str]

    @classmethod
    def open(cls, browser: Browser, url: str) -> Projector:
        context = browser.new_context(viewport=FULL_HD)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.goto(url)
        expect(page.locator("#groups .group").first).to_be_visible()
        return cls(page, errors)

    def group(self, group_id: int) -> Any:
        return self.page.locator(f'.group[data-group-id="{group_id}"]')

    def newest_card(self, group_id: int) -> str:
        return (
            self.group(group_id).locator(".table .pcard.main").last.get_attribute("data-card") or ""
        )

    def check_layout(self, name: str) -> None:
        """No scrolling, no clipped tile, no text under 28px; then a screenshot to look at."""
        self.page.evaluate("document.fonts.ready")
        self.page.screenshot(path=str(SCREENSHOTS / f"projector-{name}.png"))
        overflow = self.page.evaluate(OVERFLOW)
        assert overflow["page"][0] <= 0 and overflow["page"][1] <= 0, overflow
        assert overflow["clipped"] == [], overflow
        sizes = self.page.evaluate(TEXT_SIZES)
        assert sizes
        small = [(what, size) for what, size in sizes if size < MIN_TEXT_PX]
        assert small == [], small

    def close(self) -> None:
        self.page.context.close()


def open_projector_link(teacher: Teacher, class_id: int) -> str:
    """The class page's control if it is there; else the same POST with the page's CSRF token."""
    control = teacher.page.locator(f'form[action="/teacher/projector/{class_id}/open"]')
    if control.count():
        with teacher.context.expect_page() as opened:
            control.get_by_role("button").click()
        page = opened.value
        page.wait_for_url(re.compile(r"/projector/[^/]+$"))
        url = page.url
        page.close()
        return url
    token = teacher.page.locator('meta[name="csrf-token"]').get_attribute("content")
    answer = teacher.page.request.post(
        f"{teacher.url}/teacher/projector/{class_id}/open", form={"csrf_token": token or ""}
    )
    assert answer.ok and re.search(r"/projector/[^/]+$", answer.url), answer.url
    return answer.url


@dataclass
class Lesson:
    teacher: Teacher
    class_id: int
    group_ids: list[int]
    otters: list[Tablet]
    projector: Projector


@pytest.fixture(scope="module")
def lesson(server: Server, browser: Browser) -> Iterator[Lesson]:
    teacher = Teacher(browser, server.url, TEACHER)
    code, group_ids = teacher.create_class(
        "8C Science", [("Otters", EASY_RULE), ("Falcons", OTHER_RULE)]
    )
    class_id = int(teacher.page.url.rstrip("/").split("/")[-1])
    projector = Projector.open(browser, open_projector_link(teacher, class_id))
    otters = [Tablet.open(browser, name, LANDSCAPE) for name in ("Ana", "Ben", "Chen")]
    for tablet in otters:
        tablet.join_by_link(server.url, code, "Otters")
    yield Lesson(teacher, class_id, group_ids, otters, projector)
    for tablet in otters:
        tablet.context.close()
    projector.close()
    teacher.context.close()


def test_before_play_the_code_the_qr_and_the_seats_joining_show(lesson: Lesson) -> None:
    page = lesson.projector.page
    expect(page.locator("#join")).to_be_visible()
    expect(page.locator("#join .qr svg")).to_be_visible()
    otters = lesson.projector.group(lesson.group_ids[0])
    expect(otters.locator(".seat.online")).to_have_count(3)
    expect(otters.locator(".seat").first).to_contain_text("Ana")
    lesson.projector.check_layout("lobby-2-groups")


def test_a_tablet_play_shows_on_the_projector_without_reloading(lesson: Lesson) -> None:
    projector = lesson.projector
    otters_id = lesson.group_ids[0]
    projector.page.evaluate("window.stillTheSamePage = true")
    lesson.teacher.start_round(otters_id)
    expect(projector.group(otters_id).locator(".table .pcard.main")).to_have_count(1)
    starter = projector.newest_card(otters_id)
    player = next(tablet for tablet in lesson.otters if tablet.is_my_turn())
    fitting = [card for card in player.hand() if is_red(card) != is_red(starter)]
    card = (fitting or player.hand())[0]
    player.play(card)
    if fitting:
        expect(projector.group(otters_id).locator(".table .pcard.main")).to_have_count(2)
        assert projector.newest_card(otters_id) == card
        newest = projector.group(otters_id).locator(".table .pcard.main").last
        assert ("red" in (newest.get_attribute("class") or "")) == is_red(card)
    else:
        expect(projector.group(otters_id).locator(".sideline .pcard")).to_have_count(1)
        expect(projector.group(otters_id).locator(".news")).to_contain_text("was wrong")
    expect(projector.group(otters_id).locator(".seat.turn")).to_have_count(1)
    assert projector.page.evaluate("window.stillTheSamePage") is True
    expect(projector.page.locator("#join")).to_be_visible()  # Falcons still waits
    projector.check_layout("playing-2-groups")
    assert projector.errors == []


def test_a_tablet_that_leaves_turns_its_dot_off(lesson: Lesson) -> None:
    seat = lesson.projector.group(lesson.group_ids[0]).locator(".seat", has_text="Chen")
    expect(seat).to_have_class(re.compile(r"\bonline\b"))
    lesson.otters[2].page.goto("about:blank")
    expect(seat).to_have_class(re.compile(r"\boffline\b"))
    expect(seat.locator(".dot")).to_have_text("○")


def test_a_wrong_link_gets_a_clear_page(server: Server, browser: Browser) -> None:
    context = browser.new_context(viewport=FULL_HD)
    page = context.new_page()
    answer = page.goto(f"{server.url}/projector/not-a-real-token")
    assert answer is not None and answer.status == 404
    expect(page.get_by_role("heading")).to_contain_text("not valid")
    context.close()


# --- twelve groups: the layout ----------------------------------------------------------------
NICKNAMES = ["Alexandra", "Bo", "Chimamanda", "Dev", "Esperanza", "Finn", "Guinevere", "Hal"]


def seat_twelve_groups(service: UseCases, seats_per_group: int) -> tuple[int, int, list[int]]:
    """A class of 12 groups with seats, made through the services on the server's database."""
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    groups = [GroupSetup(f"Table {n}", EASY_RULE) for n in range(1, 13)]
    class_id = service.classes.create_class(teacher_id, "Year 9 Science fair", groups, Options())
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    for group in snapshot.groups:
        for nickname in NICKNAMES[:seats_per_group]:
            service.seats.join(snapshot.join_code, group.group_id, nickname)
    return teacher_id, class_id, [group.group_id for group in snapshot.groups]


def play_a_while(service: UseCases, group_id: int, plays: int) -> None:
    """The players on turn play cards the rule accepts when they hold one; nobody guesses."""
    for number in range(plays):
        state = service.reading.group_snapshot(group_id).state
        assert state is not None
        seat = next(
            s for s in service.reading.group_snapshot(group_id).seats if s.key == state.turn
        )
        ref = _seat_ref(service, group_id, seat.id)
        last = state.layout.mainline[-1]
        hand = state.hand(seat.key)
        card = next((c for c in hand if c.color != last.color), hand[0])
        service.rounds.act(ref, Move("play", f"play-{group_id}-{number}", cards=(card,)))
        after = service.reading.group_snapshot(group_id).state
        if after is not None and after.phase == "guess_window" and after.guesser is not None:
            guesser = _seat_ref(service, group_id, int(after.guesser))
            service.rounds.act(guesser, Move("pass", f"pass-{group_id}-{number}"))


def _seat_ref(service: UseCases, group_id: int, seat_id: int) -> Any:
    from classroom.usecases import SeatRef

    snapshot = service.reading.group_snapshot(group_id)
    (seat,) = [s for s in snapshot.seats if s.id == seat_id]
    return SeatRef(seat.id, group_id, snapshot.class_id, seat.nickname)


@pytest.mark.slow
def test_twelve_groups_fit_a_1080p_screen(server: Server, browser: Browser) -> None:
    service = use_cases_for(connect(server.database))
    teacher_id, class_id, group_ids = seat_twelve_groups(service, seats_per_group=4)
    url = f"{server.url}/projector/{service.classes.projector_link_token(teacher_id, class_id)}"
    projector = Projector.open(browser, url)
    # Short rounds fit at 28px on one screen: the page size is measured, not fixed.
    expect(projector.page.locator(".group")).to_have_count(12)
    expect(projector.page.locator("#pages")).to_be_hidden()
    expect(projector.page.locator("#join")).to_be_visible()
    projector.check_layout("lobby-12-groups")
    for group_id in group_ids:
        service.rounds.start_round(teacher_id, group_id)
    for group_id in group_ids[:6]:
        play_a_while(service, group_id, plays=14)
    service.rounds.set_revealed(teacher_id, group_ids[1], True)
    service.lesson.set_paused(teacher_id, group_ids[2], True)
    projector.page.reload()
    expect(projector.page.locator("#join")).to_be_hidden()
    expect(projector.group(group_ids[1]).locator(".rule")).to_contain_text(EASY_RULE)
    expect(projector.group(group_ids[2]).locator(".group-status")).to_have_text("Paused")
    projector.check_layout("playing-12-groups")
    assert projector.errors == []
    projector.close()


def test_eight_players_in_six_groups_fit(server: Server, browser: Browser) -> None:
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    groups = [GroupSetup(f"Table {n}", EASY_RULE) for n in range(1, 7)]
    class_id = service.classes.create_class(teacher_id, "Big tables", groups, Options())
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    for group in snapshot.groups:
        for nickname in NICKNAMES:
            service.seats.join(snapshot.join_code, group.group_id, nickname)
        service.rounds.start_round(teacher_id, group.group_id)
    play_a_while(service, snapshot.groups[0].group_id, plays=6)
    url = f"{server.url}/projector/{service.classes.projector_link_token(teacher_id, class_id)}"
    projector = Projector.open(browser, url)
    projector.check_layout("playing-6-groups-of-8")
    projector.close()
