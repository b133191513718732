"""A student dealer and the hypothesis journal in real Chromium: four tablets at one table."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Page, expect

from classroom.store.composition import use_cases_for
from classroom.store.database import connect
from classroom.usecases import UseCases
from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Tablet, Teacher, is_red

RULE = "card.color != prev.color"
HAND = 12
NICKNAMES = ("Gus", "Hana", "Ivo", "Juno")
MIN_VERDICT_HEIGHT = 88
MIN_TARGET = 44


@dataclass
class Table:
    """One group in student-dealer mode, its four tablets, and a service on the test database."""

    teacher: Teacher
    service: UseCases
    teacher_id: int
    group_id: int
    tablets: list[Tablet]

    def dealer(self) -> Tablet:
        """The tablet that shows the dealer's panel (once one does: a page may still be
        drawing the last change)."""
        for _attempt in range(50):
            found = [t for t in self.tablets if t.page.locator("#dealer-area").is_visible()]
            if len(found) == 1:
                return found[0]
            self.tablets[0].page.wait_for_timeout(100)
        raise AssertionError(f"{len(found)} tablets show the dealer's panel")

    def players(self) -> list[Tablet]:
        """Everyone but the dealer."""
        dealer = self.dealer()
        return [t for t in self.tablets if t is not dealer]

    def on_turn(self) -> Tablet:
        """The player whose tablet shows the 'Your turn' banner, as the players table says."""
        reader = self.tablets[0].page
        row = reader.locator("#players tr.turn")
        expect(row).to_have_count(1)
        nickname = row.get_attribute("data-nickname")
        (player,) = [t for t in self.tablets if t.nickname == nickname]
        expect(player.page.locator("#turn-banner")).to_be_visible()
        return player


@pytest.fixture(scope="module")
def table(server: Server, browser: Browser) -> Iterator[Table]:
    teacher = Teacher(browser, server.url, TEACHER)
    code, (group_id,) = teacher.create_class("8C Science", [("Owls", RULE)])
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.teacher_id(TEACHER[0])
    assert teacher_id is not None
    tablets = [
        Tablet.open(browser, name, LANDSCAPE if n % 2 == 0 else PORTRAIT)
        for n, name in enumerate(NICKNAMES)
    ]
    for tablet in tablets:
        tablet.join_by_link(server.url, code, "Owls")
    # Student dealers need enough students, so the switch waits for them to have joined.
    service.lesson.set_dealer_mode(teacher_id, group_id, "student")
    teacher.page.reload()
    teacher.page.locator(f"#group-{group_id}").get_by_role("button", name="Start round").click()
    yield Table(teacher, service, teacher_id, group_id, tablets)
    for tablet in tablets:
        tablet.context.close()
    teacher.context.close()


def chooser(table: Table) -> Tablet:
    """The one tablet asked to choose the rule; the others say who is choosing."""
    for tablet in table.tablets:
        expect(tablet.page.locator("#status-line")).to_contain_text(
            re.compile("choos(e|ing) the secret rule", re.IGNORECASE)
        )
    choosing = [t for t in table.tablets if t.page.locator("#rule-chooser").is_visible()]
    assert len(choosing) == 1
    return choosing[0]


def assert_tall(page: Page, selector: str, minimum: int) -> None:
    box = page.locator(selector).bounding_box()
    assert box is not None and box["height"] >= minimum, (selector, box)


def rule_accepts(card: str, last_is_red: bool) -> bool:
    return is_red(card) != last_is_red


def test_the_dealer_chooses_a_rule_and_the_cards_are_dealt(table: Table) -> None:
    dealer = chooser(table)
    page = dealer.page
    dealer.screenshot("dealer-choose-library", SCREENSHOTS)
    expect(page.locator("#library-list button[data-rule]").first).to_be_visible()

    page.get_by_role("tab", name="In the rule language").tap()
    page.get_by_label("Your rule in the rule language").fill("card.colour != prev.color")
    page.get_by_role("button", name="Deal").tap()
    error = page.locator("#rule-error")
    expect(error).to_be_visible()
    expect(error).to_contain_text("^")
    assert "\n" in error.inner_text()
    assert error.evaluate("e => getComputedStyle(e).whiteSpace") == "pre"
    expect(page.locator("#problem")).to_be_hidden()
    dealer.screenshot("dealer-rule-error", SCREENSHOTS)

    page.get_by_role("tab", name="From the library").tap()
    choice = page.locator('#library-list button[data-rule="alternate-colors"]')
    expect(choice).to_contain_text("Alternate colors")
    expect(choice).to_contain_text("Difficulty 1 of 5")
    choice.tap()
    expect(choice).to_have_attribute("aria-checked", "true")
    page.get_by_role("button", name="Deal").tap()

    expect(page.locator("#dealer-area")).to_be_visible()
    expect(page.locator("#dealer-title")).to_have_text("You are the dealer")
    # A library rule is shown to the young dealer in its words, not in the rule language.
    expect(page.locator("#dealer-rule")).to_have_text(
        "After a red card play a black card; after a black card play a red card."
    )
    expect(page.locator("#hand-area")).to_be_hidden()
    expect(page.locator("#rule-chooser")).to_be_hidden()
    expect(page.locator("#journal")).to_be_hidden()
    for player in [t for t in table.tablets if t is not dealer]:
        expect(player.page.locator("#hand button[data-card]")).to_have_count(HAND)
        expect(player.page.locator("#dealer-area")).to_be_hidden()
        expect(player.page.locator("#rule-box")).to_be_hidden()
        expect(player.page.locator("#journal")).to_be_visible()
    dealer.screenshot("dealer-dealt", SCREENSHOTS)


def test_a_wrong_verdict_is_questioned_then_applied_on_every_tablet(table: Table) -> None:
    dealer = table.dealer()
    player = table.on_turn()
    last_red = player.last_mainline_is_red()
    card = player.hand()[0]
    accepted = rule_accepts(card, last_red)
    player.play(card)

    page = dealer.page
    expect(page.locator("#verdict")).to_be_visible()
    expect(page.locator("#verdict-question")).to_have_text(
        f"{player.nickname} played a card. Is it right?"
    )
    expect(page.locator("#verdict-card .playing-card.large[aria-label]")).to_be_visible()
    assert_tall(page, "#verdict-right", MIN_VERDICT_HEIGHT)
    assert_tall(page, "#verdict-wrong", MIN_VERDICT_HEIGHT)
    for other in table.players():
        expect(other.page.locator("#status-line")).to_contain_text("Waiting for the dealer…")
    dealer.screenshot("dealer-verdict-due", SCREENSHOTS)
    page.set_viewport_size(PORTRAIT)
    dealer.screenshot("dealer-verdict-due-portrait", SCREENSHOTS)
    page.set_viewport_size(LANDSCAPE)
    table.players()[0].screenshot("dealer-waiting-player", SCREENSHOTS)

    # The opposite of what the rule says, on purpose.
    page.locator("#verdict-wrong" if accepted else "#verdict-right").tap()
    warning = page.locator("#verdict-confirm")
    expect(warning).to_be_visible()
    expect(page.locator("#confirm-message")).to_contain_text("Are you sure?")
    expect(page.locator("#verdict-buttons")).to_be_hidden()
    dealer.screenshot("dealer-confirm-warning", SCREENSHOTS)

    page.get_by_role("button", name="Change my verdict").tap()
    expect(page.locator("#verdict-buttons")).to_be_visible()
    page.locator("#verdict-wrong" if accepted else "#verdict-right").tap()
    expect(warning).to_be_visible()
    page.get_by_role("button", name="Yes, my verdict stands").tap()

    expect(page.locator("#verdict")).to_be_hidden()
    columns = 1 if accepted else 2  # judged wrong: a sideline card; judged right: a new column
    for tablet in table.tablets:
        expect(tablet.page.locator("#layout .column")).to_have_count(columns)
        expect(tablet.page.locator("#layout .sideline .playing-card")).to_have_count(
            1 if accepted else 0
        )
    expect(player.page.locator("#hand button[data-card]")).to_have_count(
        HAND if accepted else HAND - 1
    )
    dealer.screenshot("dealer-after-verdict", SCREENSHOTS)
    assert_no_page_errors(table)


def test_a_journal_prediction_is_checked_after_the_play(table: Table) -> None:
    dealer = table.dealer()
    player = table.on_turn()
    page = player.page
    last_red = player.last_mainline_is_red()
    card = player.hand()[-1]
    accepted = rule_accepts(card, last_red)

    journal = page.locator("#journal")
    expect(journal).to_be_visible()
    page.get_by_label("My hypothesis").fill(RULE)
    page.locator('#confidence button[data-level="8"]').tap()
    picker = page.locator(f'#journal-cards button[data-card="{card}"]')
    picker.tap()
    expect(picker).to_have_attribute("aria-pressed", "true")
    page.locator("#predict-yes" if accepted else "#predict-no").tap()
    for target in page.locator("#journal button:visible").all():
        box = target.bounding_box()
        assert box is not None and box["height"] >= MIN_TARGET and box["width"] >= MIN_TARGET

    # A reconnection keeps the draft.
    player.context.set_offline(True)
    expect(page.locator("#connection")).to_be_visible()
    player.context.set_offline(False)
    expect(page.locator("#connection")).to_be_hidden()
    expect(page.get_by_label("My hypothesis")).to_have_value(RULE)
    expect(picker).to_have_attribute("aria-pressed", "true")

    page.get_by_role("button", name="Write it down").tap()
    entry = page.locator("#journal-entries li.entry").first
    expect(entry.locator(".entry-text")).to_have_text(RULE)
    expect(entry).to_contain_text("Confidence: 8 of 10")
    expect(entry).to_contain_text("Not played yet.")
    expect(entry.locator(".check")).to_be_visible()
    expect(page.get_by_label("My hypothesis")).to_have_value("")
    player.screenshot("journal-written", SCREENSHOTS)

    player.play(card)
    dealer.page.locator("#verdict-right" if accepted else "#verdict-wrong").tap()
    expect(dealer.page.locator("#verdict")).to_be_hidden()
    expect(dealer.page.locator("#verdict-confirm")).to_be_hidden()
    expect(entry.locator(".came-true")).to_have_text("Prediction came true ✓")
    expect(entry).to_contain_text("It was accepted." if accepted else "It was rejected.")
    player.screenshot("journal-came-true", SCREENSHOTS)
    assert_no_page_errors(table)


def test_a_paused_group_shows_the_banner_and_turns_every_button_off(table: Table) -> None:
    player = table.on_turn()
    table.service.lesson.set_paused(table.teacher_id, table.group_id, True)
    for tablet in table.tablets:
        tablet.wake()
        expect(tablet.page.locator("#paused")).to_have_text(re.compile("Paused by your teacher"))
    page = player.page
    expect(page.locator("#turn-banner")).to_be_hidden()
    expect(page.locator("#play-button")).to_be_disabled()
    expect(page.locator("#no-play-button")).to_be_disabled()
    expect(page.locator("#journal-button")).to_be_disabled()
    player.screenshot("journal-paused", SCREENSHOTS)

    table.service.lesson.set_paused(table.teacher_id, table.group_id, False)
    player.wake()
    expect(page.locator("#paused")).to_be_hidden()
    expect(page.locator("#turn-banner")).to_be_visible()
    expect(page.locator("#no-play-button")).to_be_enabled()
    assert_no_page_errors(table)


def assert_no_page_errors(table: Table) -> None:
    for tablet in table.tablets:
        assert tablet.errors == [], tablet.nickname
        assert tablet.dialogs == [], tablet.nickname
