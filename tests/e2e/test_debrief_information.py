"""What each play taught, on the debrief in Chromium: the curve of candidates still possible
beside the ideal scientists', the three most informative plays and every play of a 40-play round,
readable on a 1920x1080 projector and on a teacher's laptop, with no serious axe-core violation."""

from __future__ import annotations

import re

from playwright.sync_api import Browser, expect

from classroom.core.games.express import Options
from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup
from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import Teacher
from tests.e2e.test_accessibility import CspFreeBrowser, describe, serious_violations
from tests.e2e.test_debrief_projector import journal_round
from tests.e2e.test_projector import EASY_RULE, FULL_HD, MIN_TEXT_PX

#: The chart's type in viewBox units (see classroom/projections/information_chart.py).
CHART_TYPE = 28
CHART_WIDTH = 1600
LAPTOP = {"width": 1366, "height": 768}


def test_what_each_play_taught_reads_on_the_projector_and_on_a_laptop(
    server: Server, browser: Browser
) -> None:
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    class_id = service.classes.create_class(
        teacher_id, "Year 8 Experiments", [GroupSetup("Kestrels", EASY_RULE)], Options()
    )
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    group_id = snapshot.groups[0].group_id
    # Eight players: each writes once (a seat may not write twice within a few seconds).
    for nickname in ("Alexandra", "Bo", "さくら", "Dev", "Esme", "Finn", "Gus", "Hal"):
        service.seats.join(snapshot.join_code, group_id, nickname)
    service.rounds.start_round(teacher_id, group_id)
    journal_round(service, teacher_id, group_id, plays=40)

    teacher = Teacher(CspFreeBrowser(browser), server.url, TEACHER)  # type: ignore[arg-type]
    page = teacher.page
    page.set_viewport_size(FULL_HD)
    page.goto(f"{server.url}/teacher/groups/{group_id}/debrief?round=1")
    # The checker answers on the journal in the background; the page looks again by itself.
    expect(page.locator('[data-verdict="checking"]')).to_have_count(0, timeout=30_000)
    box = page.locator(".information-box")
    chart = box.locator("svg.information-curve")
    expect(chart).to_be_visible()
    expect(chart.locator("path.information.group")).to_have_count(1)
    expect(chart.locator("path.information.ideal")).to_have_count(1)
    expect(chart.locator("g.most-informative")).to_have_count(3)
    expect(box.locator("ol.most-informative li")).to_have_count(3)
    expect(box.locator("ol.most-informative")).to_contain_text("of what was still possible")
    expect(box.locator(".information-table tbody tr")).to_have_count(40)
    expect(box.locator(".information-sentences")).to_contain_text("still possible after the last")
    # Each share the page names is a percentage, and the curve never rises.
    shares = box.locator("ol.most-informative .taught").all_inner_texts()
    assert all(re.search(r"ruled out \d+%", share) for share in shares), shares
    stills = box.locator(".information-table td.still").all_inner_texts()
    pairs = [[int(n.replace(",", "")) for n in text.split(" → ")] for text in stills]
    assert all(after <= before for before, after in pairs)
    assert all(pairs[n][1] == pairs[n + 1][0] for n in range(len(pairs) - 1))
    chart.scroll_into_view_if_needed()
    page.evaluate("document.fonts.ready")
    drawn = chart.bounding_box()
    assert drawn is not None and CHART_TYPE * drawn["width"] / CHART_WIDTH >= MIN_TEXT_PX
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.information-box *')]
        .filter((el) => [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim()))
        .filter((el) => !el.closest('svg'))
        .map((el) => parseFloat(getComputedStyle(el).fontSize))"""
    )
    assert sizes and min(sizes) >= MIN_TEXT_PX, sizes
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    page.screenshot(path=str(SCREENSHOTS / "debrief-information-1080p.png"))
    box.screenshot(path=str(SCREENSHOTS / "debrief-information-section.png"))
    violations = serious_violations(page)
    assert violations == [], describe(violations)

    page.set_viewport_size(LAPTOP)
    page.reload()
    chart.scroll_into_view_if_needed()
    expect(chart).to_be_visible()
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
    page.screenshot(path=str(SCREENSHOTS / "debrief-information-laptop.png"))
    # In Russian and Japanese: the section's words, and no page wider than the laptop's screen.
    for language, title in (("ru", "Чему научил каждый ход"), ("ja", "各プレイから学べたこと")):
        page.goto(f"{server.url}/teacher/groups/{group_id}/debrief?round=1&lang={language}")
        expect(box.locator("h2")).to_have_text(title)
        box.locator("ol.most-informative").scroll_into_view_if_needed()
        assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0
        page.screenshot(path=str(SCREENSHOTS / f"debrief-information-laptop-{language}.png"))
    teacher.context.close()
