"""The learning curve on the debrief as the class sees it: 1920x1080, a chart with a line per
student, type that reads from the back of the room, and no serious axe-core violation."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from classroom.core.games.express import Options
from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup, JournalNote
from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import Teacher
from tests.e2e.test_accessibility import CspFreeBrowser, describe, serious_violations
from tests.e2e.test_projector import EASY_RULE, FULL_HD, MIN_TEXT_PX
from tests.e2e.test_projector_layout import seat_refs
from tests.predicting import play_with_predictions

#: The chart's type in viewBox units (see classroom/projections/curve_chart.py).
CHART_TYPE = 30
CHART_WIDTH = 1600


def test_the_learning_curve_reads_from_the_back_of_the_room(
    server: Server, browser: Browser
) -> None:
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    class_id = service.classes.create_class(
        teacher_id, "Year 8 Curves", [GroupSetup("Herons", EASY_RULE)], Options()
    )
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    group_id = snapshot.groups[0].group_id
    for nickname in ("Alexandra-Marie", "Bo", "さくら", "Dev"):
        service.seats.join(snapshot.join_code, group_id, nickname)
    service.rounds.start_round(teacher_id, group_id)
    play_with_predictions(service, group_id, 9)
    state = service.reading.group_snapshot(group_id).state
    assert state is not None
    writer = seat_refs(service, group_id)[state.seats[0]]
    service.journal.write_journal(writer, JournalNote("prev.color != card.color", 8))
    play_with_predictions(service, group_id, 21)
    service.rounds.end_round(teacher_id, group_id)

    teacher = Teacher(CspFreeBrowser(browser), server.url, TEACHER)  # type: ignore[arg-type]
    page = teacher.page
    page.set_viewport_size(FULL_HD)
    page.goto(f"{server.url}/teacher/groups/{group_id}/debrief?round=1")
    chart = page.locator("svg.learning-curve")
    expect(chart).to_be_visible()
    expect(chart.locator("path.curve.student")).to_have_count(4)
    expect(chart.locator("path.curve.group")).to_have_count(1)
    expect(page.locator(".curve-summaries li[data-seat]")).to_have_count(4)
    # The checker proves the journal entry in the background; the page looks again by itself.
    expect(chart.locator("path.first-correct")).to_have_count(1, timeout=30_000)
    chart.scroll_into_view_if_needed()
    page.evaluate("document.fonts.ready")
    width = chart.bounding_box()
    assert width is not None
    drawn = CHART_TYPE * width["width"] / CHART_WIDTH
    assert drawn >= MIN_TEXT_PX, drawn
    page.locator(".curve-box").screenshot(path=str(SCREENSHOTS / "debrief-curve.png"))
    sizes = page.evaluate(
        """() => [...document.querySelectorAll('.curve-summaries li')]
        .map((el) => parseFloat(getComputedStyle(el).fontSize))"""
    )
    assert min(sizes) >= MIN_TEXT_PX, sizes
    violations = serious_violations(page)
    assert violations == [], describe(violations)
    # The class page's panel: each student's figures, and the learner's badge.
    page.goto(f"{server.url}/teacher/classes/{class_id}")
    panel = page.locator(f"#group-{group_id}")
    expect(panel.locator(f'tr[data-seat="{writer.key}"] .badge.got-it')).to_be_visible()
    expect(panel.locator(".predicting-table")).to_contain_text("over the last 10 plays")
    # The class page swaps its panels in again as it connects: the whole window is shot.
    page.evaluate(f"document.getElementById('group-{group_id}').scrollIntoView()")
    page.screenshot(path=str(SCREENSHOTS / "teacher-panel-predicting.png"))
    teacher.context.close()
