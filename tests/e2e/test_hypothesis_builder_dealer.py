"""A student dealer judging a guess built by taps reads it in words, in real Chromium."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from classroom.store.composition import use_cases_for
from classroom.store.database import connect
from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, Tablet, Teacher, is_red
from tests.e2e.test_dealer_and_journal import Table, chooser
from tests.e2e.test_hypothesis_builder import build
from tests.e2e.test_tablets import assert_no_page_errors

NICKNAMES = ("Kai", "Lena", "Milo", "Nora")


@pytest.fixture(scope="module")
def table(server: Server, browser: Browser) -> Iterator[Table]:
    teacher = Teacher(browser, server.url, TEACHER)
    code, (group_id,) = teacher.create_class("2A Science", [("Foxes", "card.color == red")])
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.teacher_id(TEACHER[0])
    assert teacher_id is not None
    tablets = [Tablet.open(browser, name, LANDSCAPE) for name in NICKNAMES]
    for tablet in tablets:
        tablet.join_by_link(server.url, code, "Foxes")
    service.lesson.set_dealer_mode(teacher_id, group_id, "student")
    teacher.page.reload()
    teacher.page.locator(f"#group-{group_id}").get_by_role("button", name="Start round").click()
    yield Table(teacher, service, teacher_id, group_id, tablets)
    for tablet in tablets:
        tablet.context.close()
    teacher.context.close()


def test_the_dealer_reads_a_built_guess_in_words(table: Table) -> None:
    dealer = chooser(table)
    dealer.page.locator('#library-list button[data-rule="alternate-colors"]').tap()
    dealer.page.get_by_role("button", name="Deal").tap()
    expect(dealer.page.locator("#dealer-area")).to_be_visible()
    expect(dealer.page.locator("#builder")).to_be_hidden()  # the dealer builds nothing

    guesser = None
    for _turn in range(12):
        player = table.on_turn()
        last_red = player.last_mainline_is_red()
        fitting = [card for card in player.hand() if is_red(card) != last_red]
        player.play((fitting or player.hand())[0])
        dealer.page.locator("#verdict-right" if fitting else "#verdict-wrong").tap()
        expect(dealer.page.locator("#verdict")).to_be_hidden()
        if fitting:
            guesser = player
            break
    assert guesser is not None, "nobody held a card of the other colour"

    build(guesser.page, "alternate", "color")
    expect(guesser.page.locator("#builder-fit")).to_have_class("builder-fit fits")
    guesser.page.locator("#builder-guess").tap()

    expect(dealer.page.locator("#verdict-guess")).to_have_text("card.color != prev.color")
    words = dealer.page.locator(".builder-dealer-words")
    expect(words).to_have_text("In words: “Take turns: red and black.”")
    dealer.screenshot("builder-dealer-judges-a-built-guess", SCREENSHOTS)
    dealer.page.locator("#verdict-right").tap()
    expect(words).to_be_hidden()
    assert_no_page_errors(table.tablets)
