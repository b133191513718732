"""Robots at a real table, in Chromium: the teacher seats two robot players from the group's
panel, a student joins on a tablet, the round is dealt, and the robots play at their own pace;
the tablet, the projector and the teacher's page name them as programs, and the student plays
between them."""

from __future__ import annotations

import time

from playwright.sync_api import Browser, expect

from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, Tablet, Teacher
from tests.e2e.test_projector import Projector, open_projector_link
from tests.e2e.test_tablets import assert_no_page_errors

ROBOTS = ("Ideal scientist (program)", "Confirmer (program)")
#: Generous: the robots pause 0.2 to 0.6 s before each move on the test server.
ROUND_S = 90


def test_a_student_plays_between_two_robots_everyone_sees_them_as_programs(
    server: Server, browser: Browser
) -> None:
    teacher = Teacher(browser, server.url, TEACHER)
    code, (group_id,) = teacher.create_class("7C Robots", [("Otters", "card.color != prev.color")])
    panel = teacher.page.locator(f"#group-{group_id}")
    for label in ("Ideal scientist", "Confirmer"):
        panel.locator("summary", has_text="Add a robot player").click()
        panel.get_by_role("button", name=label, exact=True).click()
        expect(panel).to_contain_text(f"{label} (program)")
    class_id = teacher.class_id
    projector = Projector.open(browser, open_projector_link(teacher, class_id))
    ana = Tablet.open(browser, "Ana", LANDSCAPE)
    ana.join_by_link(server.url, code, "Otters")
    teacher.start_round(group_id)

    names = {
        row.get_attribute("data-nickname")
        for row in ana.page.locator("#players tr[data-nickname]").all()
    }
    assert names == {"Ana", *ROBOTS}
    for robot in ROBOTS:
        expect(projector.page.locator(f"[data-group-id='{group_id}']")).to_contain_text(robot)

    mine = 0
    deadline = time.monotonic() + ROUND_S
    while time.monotonic() < deadline and mine < 4:
        if ana.page.locator("#round-over").is_visible():
            break
        if ana.is_my_turn():
            before = len(ana.mainline())
            ana.play(ana.hand()[0])
            mine += 1
            expect(ana.page.locator("#hand button[data-card]")).not_to_have_count(0)
            assert len(ana.mainline()) >= before
        time.sleep(0.2)  # polling: the robots move on the server at their own pace
    played = len(ana.mainline())
    ana.screenshot("robots-tablet", SCREENSHOTS)
    projector.page.screenshot(path=str(SCREENSHOTS / "robots-projector.png"))
    panel.screenshot(path=str(SCREENSHOTS / "robots-teacher-panel.png"))
    # An ideal scientist may name the rule within a few plays: a round over is progress too.
    over = ana.page.locator("#round-over").is_visible()
    assert mine >= 3 or (over and mine >= 1), f"{mine} turns in {ROUND_S} s: the robots stalled"
    assert played > mine  # the robots' accepted cards are on the student's table too
    assert_no_page_errors([ana])
    assert projector.errors == []
    for context in (ana.context, projector.page.context, teacher.context):
        context.close()


def test_a_robots_guess_shows_in_words_on_the_tablet(server: Server, browser: Browser) -> None:
    """The robot's guess is rule language; the tablet's list of guesses says it in the
    builder's words, its rule language small below."""
    teacher = Teacher(browser, server.url, TEACHER)
    code, (group_id,) = teacher.create_class(
        "7D Robots", [("Owls", "card.suit in {hearts, spades}")]
    )
    panel = teacher.page.locator(f"#group-{group_id}")
    for _ in range(2):
        panel.locator("summary", has_text="Add a robot player").click()
        panel.get_by_role("button", name="Ideal scientist", exact=True).click()
    expect(panel).to_contain_text("Ideal scientist 2 (program)")
    ana = Tablet.open(browser, "Ana", LANDSCAPE)
    ana.join_by_link(server.url, code, "Owls")
    teacher.start_round(group_id)

    found = ana.page.locator("#guesses .guess.right")
    deadline = time.monotonic() + ROUND_S
    while time.monotonic() < deadline and found.count() == 0:
        passing = ana.page.locator("#pass-button")
        if passing.is_visible() and passing.is_enabled():
            passing.tap()
        elif ana.is_my_turn():
            # A student who knows the rule: a heart or a spade, else no play.
            fits = [card for card in ana.hand() if card[-1] in "HS"]
            if fits:
                ana.play(fits[0])
            else:
                ana.no_play()
        time.sleep(0.2)  # polling: the robots move on the server at their own pace
    expect(found).to_have_count(1)
    expect(found.locator(".guess-words")).to_have_text("Only ♠ spades or ♥ hearts cards.")
    expect(found.locator(".guess-code")).to_have_text("card.suit == spades or card.suit == hearts")
    # "What happened" tells the guess in the same words.
    expect(ana.page.locator("#recent")).to_contain_text("Only ♠ spades or ♥ hearts cards.")
    # Every robot's guess is one a template can say: none is left in rule language alone.
    guesses = ana.page.locator("#guesses .guess")
    expect(guesses.locator(".guess-code")).to_have_count(guesses.count())
    ana.screenshot("robots-guesses-words", SCREENSHOTS)
    assert_no_page_errors([ana])
    for context in (ana.context, teacher.context):
        context.close()
