"""The teacher's side of a lesson with an absent student, in Chromium: the online dots, Skip
turn, Remove with its in-page confirmation, and End class reaching every tablet at once."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Locator, expect

from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, Tablet, Teacher

NAMES = ("Ana", "Ben", "Chen", "Dia")
RULE = "card.color != prev.color"


@pytest.fixture
def tablets(browser: Any) -> Iterator[list[Tablet]]:
    """Four students' tablets (closed at the end)."""
    opened = [Tablet.open(browser, name, LANDSCAPE) for name in NAMES]
    yield opened
    for tablet in opened:
        tablet.context.close()


def _row(panel: Locator, nickname: str) -> Locator:
    return panel.locator("tr[data-seat]", has=panel.page.locator("td.nickname", has_text=nickname))


def _play_enabled(tablet: Tablet) -> bool:
    """Whether the tablet offers a Play button one could tap."""
    return bool(
        tablet.page.evaluate(
            """() => {
                const b = document.getElementById('play-button');
                return !!b && !b.disabled && b.offsetParent !== null;
            }"""
        )
    )


def test_an_absent_student_is_skipped_then_removed_and_the_class_ends_everywhere(
    server: Server, browser: Any, tablets: list[Tablet]
) -> None:
    teacher = Teacher(browser, server.url, TEACHER)
    code, [group_id] = teacher.create_class("Absent day", [("Otters", RULE)])
    for tablet in tablets:
        tablet.join_by_link(server.url, code, "Otters")
    panel = teacher.page.locator(f"#group-{group_id}")
    expect(panel.locator("td.presence.online")).to_have_count(4)
    teacher.start_round(group_id)

    # Ana plays first in round 1; her tablet dies on her turn.
    ana, ben = tablets[0], tablets[1]
    expect(ana.page.locator("#turn-banner")).to_be_visible()
    ana.context.close()
    tablets.remove(ana)
    expect(_row(panel, "Ana").locator("td.presence.offline")).to_have_count(1)
    teacher.page.screenshot(path=str(SCREENSHOTS / "teacher-absent-offline.png"), full_page=True)

    _row(panel, "Ana").get_by_role("button", name="Skip turn").click()
    expect(teacher.page.get_by_text("Turn skipped: the next student plays.")).to_be_visible()
    expect(ben.page.locator("#turn-banner")).to_be_visible()
    expect(ben.page.locator("#hand button[data-card]").first).to_be_enabled()

    panel = teacher.page.locator(f"#group-{group_id}")
    _row(panel, "Ana").locator("summary", has_text="Remove").click()
    confirm = _row(panel, "Ana").get_by_role("button", name="Remove Ana")
    expect(confirm).to_be_visible()
    teacher.page.screenshot(path=str(SCREENSHOTS / "teacher-remove-confirm.png"), full_page=True)
    confirm.click()
    expect(teacher.page.get_by_text("The student was removed.")).to_be_visible()
    panel = teacher.page.locator(f"#group-{group_id}")
    expect(panel.locator("tr[data-seat]")).to_have_count(3)
    expect(ben.page.locator("#turn-banner")).to_be_visible()

    # A second window on the class page (say, the laptop's other screen) is told too.
    watcher = teacher.context.new_page()
    watcher.goto(teacher.page.url)
    expect(watcher.locator("#class-page[data-live='watching']")).to_have_count(1)
    teacher.page.locator("summary", has_text="End class").click()
    teacher.page.get_by_role("button", name="End the class now").click()
    # The page that ended the class may reload itself on `class_ended` before or after the
    # answer's flash is shown: what lasts is the ended class's own sentence, on both windows.
    ended = "This class has ended. Nobody can join or play any more."
    expect(teacher.page.get_by_text(ended)).to_be_visible()
    expect(watcher.get_by_text(ended)).to_be_visible()
    for tablet in tablets:
        tablet.page.wait_for_function(
            "() => !document.getElementById('play-button') "
            "|| document.getElementById('play-button').disabled "
            "|| document.getElementById('play-button').offsetParent === null"
        )
        assert not _play_enabled(tablet), tablet.nickname
        assert "class_ended" in [name for name, _payload in tablet.received], tablet.nickname
    ben.screenshot("tablet-after-class-ended", SCREENSHOTS)
    teacher.context.close()


def test_the_confirm_steps_work_from_the_keyboard(
    server: Server, browser: Any, tablets: list[Tablet]
) -> None:
    teacher = Teacher(browser, server.url, TEACHER)
    code, [group_id] = teacher.create_class("Keyboard", [("Comets", RULE)])
    for tablet in tablets[:3]:
        tablet.join_by_link(server.url, code, "Comets")
    teacher.start_round(group_id)
    panel = teacher.page.locator(f"#group-{group_id}")
    # The page the round's start led to shows its panel before it has finished loading; keys
    # pressed that early may be dropped. Type once the page is live (its scripts ran and the
    # socket watches the class) and the three tablets' dots have arrived.
    expect(teacher.page.locator("#class-page[data-live='watching']")).to_have_count(1)
    expect(panel.locator(".dot", has_text="●")).to_have_count(3)
    summary = panel.locator("summary", has_text="End round")
    summary.focus()
    teacher.page.keyboard.press("Enter")
    box = panel.locator(f"#end-round-{group_id}")
    expect(box).to_have_attribute("open", "")
    expect(box.get_by_role("group")).to_contain_text("scored as it stands")
    # The confirm button is the next stop after the summary. A live redraw of the panel may
    # land between two key presses: it keeps the box open and gives the focus back to the
    # element of the same id. (`locator.evaluate` finds the element, then runs: a redraw in
    # between makes it read the replaced one. `expect` finds and reads in one step.)
    confirm = box.get_by_role("button", name="End the round now")
    teacher.page.keyboard.press("Tab")
    expect(confirm).to_be_focused()
    teacher.page.keyboard.press("Escape")
    expect(box).not_to_have_attribute("open", "")
    expect(summary).to_be_focused()
    summary.press("Enter")
    box.get_by_role("button", name="Cancel").press("Enter")
    expect(box).not_to_have_attribute("open", "")
    summary.press("Enter")
    # The page calls off its live refreshes as the form leaves: an answer to one, arriving
    # after the form's, must not bring back a session without "The round has ended.".
    box.get_by_role("button", name="End the round now").press("Enter")
    expect(teacher.page.get_by_text("The round has ended.")).to_be_visible()
    link = teacher.page.get_by_role("link", name="class pack (PDF)")
    expect(link).to_have_attribute("target", "_blank")
    teacher.context.close()
