"""Practice alone in real Chromium: a teacher hands out a practice link, and a student opens it
on a phone (390 x 844, touch) in Japanese, sees the two robots named as programs, plays, sees
the robots play, writes a journal entry with the builder, and plays on until ten cards are on
the table or the round ends."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import Tablet, Teacher
from tests.e2e.test_hypothesis_builder import build, say
from tests.e2e.test_tablets import assert_no_page_errors

PHONE = {"width": 390, "height": 844}
ROBOTS_JA = ("理想の科学者（プログラム）", "確かめ屋（プログラム）")
#: Generous: the robots pause 0.2 to 0.6 s before each move on the test server.
ROUND_S = 120


def _cards_on_table(page: Page) -> int:
    return page.locator("#layout .column > .mainline, #layout .sideline > *").count()


def _overflow(page: Page) -> int:
    overflow: int = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    return overflow


def test_a_student_practises_alone_on_a_phone_in_japanese(server: Server, browser: Browser) -> None:
    teacher = Teacher(browser, server.url, TEACHER)
    teacher.create_class("練習つき 3年B組", [("ふくろう", "card.color != prev.color")])
    teacher.page.locator("#hand-out-practice").click()
    link = teacher.page.locator("#practice-url")
    expect(link).to_be_visible()
    expect(teacher.page.locator(".practice-qr svg")).to_be_visible()
    teacher.page.locator("#practice").screenshot(path=str(SCREENSHOTS / "practice-teacher.png"))
    # The link names the address tablets reach this machine at; the test's browser uses the
    # server's own.
    path = urlsplit(link.get_attribute("href") or "").path
    assert path.startswith("/practice/")

    student = Tablet.open(browser, "科学者", PHONE)
    page = student.page
    page.goto(f"{server.url}{path}?lang=ja")
    for name in ROBOTS_JA:
        expect(page.locator(".practice-robots")).to_contain_text(name)
    expect(page.locator("h1")).to_have_text(say("ja", "Practice alone"))
    assert _overflow(page) <= 0
    student.screenshot("practice-ja-phone-start", SCREENSHOTS)
    page.locator("#start-practice").tap()

    expect(page.locator("#hand button[data-card]").first).to_be_visible()
    names = {
        row.get_attribute("data-nickname")
        for row in page.locator("#players tr[data-nickname]").all()
    }
    assert names == {"科学者", *ROBOTS_JA}
    expect(page.locator("#group-name")).to_have_text(say("ja", "Practice"))
    student.screenshot("practice-ja-phone-dealt", SCREENSHOTS)

    mine = 0
    wrote = False
    deadline = time.monotonic() + ROUND_S
    while time.monotonic() < deadline:
        if page.locator("#round-over").is_visible() or _cards_on_table(page) >= 10:
            break
        if page.locator("#guess-form").is_visible():
            if not wrote:
                build(page, "alternate", "color")
                page.locator("#builder-journal").tap()
                expect(page.locator("#builder-note")).to_have_text(
                    say("ja", "Written in your journal.")
                )
                student.screenshot("practice-ja-phone-journal", SCREENSHOTS)
                wrote = True
            page.locator("#pass-button").tap()
            expect(page.locator("#guess-form")).to_be_hidden()
        elif student.is_my_turn() and page.locator("#hand button[data-card]").count():
            before = _cards_on_table(page)
            student.play(student.hand()[0])
            mine += 1
            page.wait_for_function(
                "n => document.querySelectorAll("
                "'#layout .column > .mainline, #layout .sideline > *').length > n",
                arg=before,
            )
        else:
            page.wait_for_timeout(200)  # the robots' turn: look again
    over = page.locator("#round-over").is_visible()
    on_table = _cards_on_table(page)
    assert over or on_table >= 10, f"{on_table} cards after {ROUND_S} s"
    assert on_table - mine > 1, "the robots played"
    if not wrote:  # the round gave no guess window: the journal has its own button
        build(page, "alternate", "color")
        page.locator("#builder-journal").tap()
        expect(page.locator("#builder-note")).to_have_text(say("ja", "Written in your journal."))
    expect(page.locator("#journal-entries .entry")).to_have_count(1)
    assert _overflow(page) <= 0
    student.screenshot("practice-ja-phone-played", SCREENSHOTS)
    body = page.locator("body").inner_text()
    for english in ("Your hand", "Play", "No play", "Practice", "program"):
        assert english not in body, f"{english!r} on the Japanese page"
    assert_no_page_errors([student])
    student.context.close()
    teacher.context.close()
