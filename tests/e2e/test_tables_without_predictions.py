"""Everyone predicts at a class with a New Eleusis table, in Chromium: the class page says which
tables do not predict (their game has no predictions), in the teacher's language."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from classroom.core.games.express import Options
from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup
from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import Teacher

RULE = "card.color != prev.color"


def test_the_class_page_says_which_tables_do_not_predict(server: Server, browser: Browser) -> None:
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.teacher_id(TEACHER[0])
    assert teacher_id is not None
    groups = [GroupSetup("Otters", RULE), GroupSetup("Owls", RULE, mode="new_eleusis")]
    class_id = service.classes.create_class(
        teacher_id, "9A Predicting", groups, Options(), everyone_predicts=True
    )
    teacher = Teacher(browser, server.url, TEACHER)
    try:
        teacher.page.goto(f"{server.url}/teacher/classes/{class_id}")
        notice = teacher.page.locator(".class-predictions .not-predicting")
        expect(notice).to_have_text(
            "These tables play a game without predictions, so they do not predict: Owls."
        )
        expect(notice).to_be_visible()
        form = teacher.page.locator(".class-predictions")
        form.screenshot(path=str(SCREENSHOTS / "teacher-tables-without-predictions.png"))
        teacher.page.goto(f"{server.url}/teacher/classes/{class_id}?lang=ru")
        expect(notice).to_have_text(
            "Эти столы играют в игру без предсказаний, поэтому не предсказывают: Owls."
        )
        # Everyone predicts off: nothing to say.
        service.classes.set_predictions(teacher_id, class_id, False, 5)
        teacher.page.goto(f"{server.url}/teacher/classes/{class_id}?lang=en")
        expect(teacher.page.locator(".class-predictions")).to_be_visible()
        expect(notice).to_have_count(0)
    finally:
        teacher.context.close()
