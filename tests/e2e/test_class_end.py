"""The end of a lesson in Chromium: once play has started the projector keeps the join code,
small, in its bar; End class ends the running round, the projector says "Class over" with the
round's points (never "Paused"), the tablets say the class has ended with no join link; a
change of the class's language redraws the projector in it without anyone reloading it.
Screenshots in tests/output/e2e to be looked at."""

from __future__ import annotations

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, Tablet, Teacher
from tests.e2e.test_projector import EASY_RULE, Projector, open_projector_link


def test_end_class_reaches_the_projector_and_the_tablets(server: Server, browser: Browser) -> None:
    teacher = Teacher(browser, server.url, TEACHER)
    code, [group_id] = teacher.create_class("8D Science", [("Otters", EASY_RULE)])
    class_id = teacher.class_id
    projector = Projector.open(browser, open_projector_link(teacher, class_id))
    tablets = [Tablet.open(browser, name, LANDSCAPE) for name in ("Ana", "Ben", "Chen")]
    try:
        for tablet in tablets:
            tablet.join_by_link(server.url, code, "Otters")
        teacher.start_round(group_id)
        page = projector.page
        tile = projector.group(group_id)
        expect(tile.locator(".group-status")).to_have_text("Playing")
        # Play has started: the big join panel gives way, the code stays for late arrivals.
        expect(page.locator("#join")).to_be_hidden()
        expect(page.locator("#late-join")).to_be_visible()
        expect(page.locator("#late-code")).to_have_text(code)
        page.screenshot(path=str(SCREENSHOTS / "class-end-projector-playing.png"))

        teacher.submit(f"/classes/{class_id}/end")
        expect(tile.locator(".group-status")).to_have_text("Class over")
        expect(page.locator("#ended")).to_be_visible()
        expect(page.locator("#late-join")).to_be_hidden()
        expect(tile.locator(".seat .score")).to_have_count(3)
        expect(tile.locator(".news")).to_contain_text("The teacher ended the round.")
        page.screenshot(path=str(SCREENSHOTS / "class-end-projector-ended.png"))
        for tablet in tablets:
            expect(tablet.page.locator("#rejoin-message")).to_have_text("This class has ended.")
            expect(tablet.page.locator("#rejoin-link")).to_be_hidden()
        tablets[0].screenshot("class-end-tablet", SCREENSHOTS)

        teacher.page.goto(f"{server.url}/teacher/classes/{class_id}")
        teacher.submit(f"/classes/{class_id}/language", {"language": "ja"})
        # The projector was not reloaded by anyone: it redraws itself in the class's language.
        expect(page.locator("html")).to_have_attribute("lang", "ja")
        expect(projector.group(group_id).locator(".group-status")).to_have_text("授業終了")
        page.screenshot(path=str(SCREENSHOTS / "class-end-projector-ja.png"))
        assert projector.errors == []
    finally:
        for tablet in tablets:
            tablet.context.close()
        projector.close()
        teacher.context.close()
