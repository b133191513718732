"""An axe-core scan of the pages a lesson meets, in real Chromium: the join pages, a tablet
during a round, the teacher's class page, the projector and the debrief. A violation of
serious or critical impact fails the page's test, which prints each one: rule, impact, the
elements concerned and what to do.

axe-core comes from npm (pinned in package-lock.json, installed by `make vendor`); Playwright
injects it into the page. The pages' Content-Security-Policy forbids inline scripts, so the
browser contexts here bypass it: the pages themselves are what axe reads, unchanged.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from classroom.core.games.express import Options
from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup
from tests.e2e.conftest import ROOT, SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Tablet, Teacher, is_red

AXE_JS = ROOT / "node_modules" / "axe-core" / "axe.min.js"
FAILING_IMPACTS = ("serious", "critical")
EASY_RULE = "card.color != prev.color"
FULL_HD = {"width": 1920, "height": 1080}
RUN_AXE = """async () => {
  const result = await axe.run(document, {resultTypes: ["violations"]});
  return result.violations.map((v) => ({
    id: v.id, impact: v.impact, help: v.help, url: v.helpUrl,
    nodes: v.nodes.map((n) => n.target.join(" ")),
  }));
}"""


class CspFreeBrowser:
    """The browser, whose new contexts let Playwright add axe-core's script to any page."""

    def __init__(self, browser: Browser) -> None:
        self._browser = browser

    def new_context(self, **options: Any) -> BrowserContext:
        return self._browser.new_context(bypass_csp=True, **options)


def serious_violations(page: Page) -> list[dict[str, Any]]:
    """The serious and critical axe-core violations on the page as it is now."""
    if not AXE_JS.exists():
        reason = f"{AXE_JS.relative_to(ROOT)} is missing (make vendor)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    page.add_script_tag(path=str(AXE_JS))
    violations: list[dict[str, Any]] = page.evaluate(RUN_AXE)
    return [v for v in violations if v["impact"] in FAILING_IMPACTS]


def describe(violations: list[dict[str, Any]]) -> str:
    """One paragraph per violation: rule id, impact, help text, then each element's selector."""
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        lines.append(f"    {violation['url']}")
        lines.extend(f"    at {selector}" for selector in violation["nodes"])
    return "\n".join(lines)


def assert_accessible(page: Page, name: str) -> None:
    """No serious or critical violation on the page; a screenshot of what was scanned."""
    page.screenshot(path=str(SCREENSHOTS / f"axe-{name}.png"), full_page=True)
    violations = serious_violations(page)
    report = describe(violations)
    print(f"axe-core on {name}:\n{report or '    no serious or critical violation'}")
    assert violations == [], f"axe-core found on the {name} page:\n{report}"


@dataclass
class Lesson:
    """One group of three playing, its teacher, and the class's projector."""

    server: Server
    browser: CspFreeBrowser
    teacher: Teacher
    teacher_id: int
    class_id: int
    group_id: int
    code: str
    tablets: list[Tablet]


@pytest.fixture(scope="module")
def lesson(server: Server, browser: Browser) -> Iterator[Lesson]:
    scanning = CspFreeBrowser(browser)
    teacher = Teacher(scanning, server.url, TEACHER)  # type: ignore[arg-type]
    code, (group_id,) = teacher.create_class("6D Science", [("Otters", EASY_RULE)])
    class_id = int(teacher.page.url.rstrip("/").split("/")[-1])
    teacher_id = use_cases_for(connect(server.database)).teachers.check_login(*TEACHER)
    assert teacher_id is not None
    viewports = (PORTRAIT, LANDSCAPE, PORTRAIT)
    tablets = [
        Tablet.open(scanning, name, viewport)  # type: ignore[arg-type]
        for name, viewport in zip(("Ana", "Ben", "Chen"), viewports, strict=True)
    ]
    for tablet in tablets:
        tablet.join_by_link(server.url, code, "Otters")
    teacher.start_round(group_id)
    for tablet in tablets:
        expect(tablet.page.locator("#hand button[data-card]").first).to_be_visible()
    yield Lesson(server, scanning, teacher, teacher_id, class_id, group_id, code, tablets)
    for tablet in tablets:
        tablet.context.close()
    teacher.context.close()


def play_one_card(tablets: list[Tablet]) -> Tablet:
    """The tablet on turn plays a card that follows the rule when it holds one."""
    player = next(tablet for tablet in tablets if tablet.is_my_turn())
    starter = player.page.locator("#layout .column > .mainline").last.get_attribute("data-card")
    hand = player.hand()
    fitting = [card for card in hand if starter and is_red(card) != is_red(starter)]
    before = player.page.locator("#layout .column > *").count()
    player.play((fitting or hand)[0])
    expect(player.page.locator("#layout .column > *")).not_to_have_count(before)
    return player


def test_the_join_pages_have_no_serious_violations(lesson: Lesson) -> None:
    tablet = Tablet.open(lesson.browser, "Dee", PORTRAIT)  # type: ignore[arg-type]
    try:
        tablet.page.goto(f"{lesson.server.url}/join")
        expect(tablet.page.get_by_label("Class code")).to_be_visible()
        assert_accessible(tablet.page, "join-code")
        tablet.page.goto(f"{lesson.server.url}/join?code={lesson.code}")
        expect(tablet.page.get_by_label("Nickname")).to_be_visible()
        assert_accessible(tablet.page, "join-seat")
    finally:
        tablet.context.close()


def test_a_tablet_during_a_round_has_no_serious_violations(lesson: Lesson) -> None:
    player = play_one_card(lesson.tablets)
    assert_accessible(player.page, "tablet-round")


def test_the_teachers_class_page_has_no_serious_violations(lesson: Lesson) -> None:
    page = lesson.teacher.page
    page.goto(f"{lesson.server.url}/teacher/classes/{lesson.class_id}")
    expect(page.locator(f"#group-{lesson.group_id} .mainline").first).to_be_visible()
    assert_accessible(page, "teacher-class")


@pytest.mark.parametrize("moment", ["lobby", "playing"])
def test_the_projector_has_no_serious_violations(lesson: Lesson, moment: str) -> None:
    service = use_cases_for(connect(lesson.server.database))
    class_id = lesson.class_id
    if moment == "lobby":
        # A class nobody plays in yet: the projector shows how to join.
        groups = [GroupSetup("Owls", EASY_RULE)]
        class_id = service.classes.create_class(lesson.teacher_id, "6E", groups, Options())
    token = service.classes.projector_link_token(lesson.teacher_id, class_id)
    context = lesson.browser.new_context(viewport=FULL_HD)
    try:
        page = context.new_page()
        page.goto(f"{lesson.server.url}/projector/{token}")
        expect(page.locator("#groups .group").first).to_be_visible()
        if moment == "lobby":
            expect(page.locator("#join")).to_be_visible()
        assert_accessible(page, f"projector-{moment}")
    finally:
        context.close()


def test_the_debrief_has_no_serious_violations(lesson: Lesson) -> None:
    writer = lesson.tablets[0].page
    writer.get_by_label("My hypothesis").fill("Red and black take turns")
    writer.get_by_role("button", name="Write it down").tap()
    expect(writer.get_by_text("Nothing written yet.")).to_be_hidden()
    page = lesson.teacher.page
    page.goto(f"{lesson.server.url}/teacher/classes/{lesson.class_id}")
    panel = page.locator(f"#group-{lesson.group_id}")
    # End round asks first, in the page: the round ends only on the confirming button.
    panel.get_by_text("End round…").click()
    panel.get_by_role("button", name="End the round now").click()
    expect(panel.get_by_role("button", name="Start next round")).to_be_visible()
    page.goto(f"{lesson.server.url}/teacher/groups/{lesson.group_id}/debrief")
    expect(page.get_by_role("heading", level=1)).to_contain_text("Round 1")
    assert_accessible(page, "debrief")
