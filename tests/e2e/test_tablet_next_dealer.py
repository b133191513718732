"""Student dealers in real Chromium: the revealed rule in plain words, and while the next dealer
chooses a rule, the other tablets say so instead of showing the last round's table."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, expect

from classroom.core.rules.library import find_rule
from classroom.store.composition import use_cases_for
from classroom.store.database import connect
from classroom.usecases import UseCases
from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Tablet, Teacher

LIBRARY_RULE = find_rule("alternate-colors")
NICKNAMES = ("Mia", "Ned", "Oli", "Pam")


@dataclass
class Dealers:
    teacher: Teacher
    service: UseCases
    teacher_id: int
    group_id: int
    tablets: list[Tablet]

    def chooser(self) -> Tablet:
        """The one tablet showing the rule chooser."""
        for tablet in self.tablets:
            expect(tablet.page.locator("#status-line")).to_contain_text("secret rule")
        choosing = [t for t in self.tablets if t.page.locator("#rule-chooser").is_visible()]
        assert len(choosing) == 1
        return choosing[0]

    def wake_all(self) -> None:
        """Changes made through the use cases are not pushed: every tablet asks for them."""
        for tablet in self.tablets:
            tablet.wake()


@pytest.fixture(scope="module")
def dealers(server: Server, browser: Browser) -> Iterator[Dealers]:
    teacher = Teacher(browser, server.url, TEACHER)
    code, (group_id,) = teacher.create_class("8D Dealers", [("Rooks", LIBRARY_RULE.rule_text)])
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.teacher_id(TEACHER[0])
    assert teacher_id is not None
    sizes = (PORTRAIT, LANDSCAPE)
    tablets = [Tablet.open(browser, name, sizes[n % 2]) for n, name in enumerate(NICKNAMES)]
    for tablet in tablets:
        tablet.join_by_link(server.url, code, "Rooks")
    service.lesson.set_dealer_mode(teacher_id, group_id, "student")
    teacher.page.reload()
    teacher.page.locator(f"#group-{group_id}").get_by_role("button", name="Start round").click()
    yield Dealers(teacher, service, teacher_id, group_id, tablets)
    for tablet in tablets:
        tablet.context.close()
    teacher.context.close()


def test_a_revealed_library_rule_shows_its_plain_words_first(dealers: Dealers) -> None:
    dealer = dealers.chooser()
    dealer.page.locator(f'#library-list button[data-rule="{LIBRARY_RULE.id}"]').tap()
    dealer.page.get_by_role("button", name="Deal").tap()
    expect(dealer.page.locator("#dealer-area")).to_be_visible()
    dealers.service.rounds.end_round(dealers.teacher_id, dealers.group_id)
    dealers.service.rounds.set_revealed(dealers.teacher_id, dealers.group_id, True)
    dealers.wake_all()
    for tablet in dealers.tablets:
        if tablet is dealer:
            continue
        page = tablet.page
        expect(page.locator("#round-over")).to_be_visible()
        expect(page.locator("#rule-words")).to_have_text(LIBRARY_RULE.text)
        # The rule language is there for those who want it, folded away.
        expect(page.locator("#rule-text")).to_be_hidden()
        page.locator("#rule-code-box summary").tap()
        expect(page.locator("#rule-text")).to_have_text(LIBRARY_RULE.rule_text)
        expect(page.locator("#rule-text")).to_be_visible()
        tablet.wake()  # a fresh state does not fold it away again
        expect(page.locator("#rule-text")).to_be_visible()
        expect(page.locator("#dealer-score")).to_contain_text("The dealer scores")
    dealers.tablets[1].screenshot("tablet-rule-revealed-in-words", SCREENSHOTS)


def test_while_the_next_dealer_chooses_the_last_table_is_not_shown(dealers: Dealers) -> None:
    dealers.service.rounds.start_round(dealers.teacher_id, dealers.group_id)
    dealers.wake_all()
    dealer = dealers.chooser()
    for tablet in dealers.tablets:
        if tablet is dealer:
            continue
        page = tablet.page
        expect(page.locator("#status-line")).to_have_text(
            f"{dealer.nickname} is choosing the secret rule…"
        )
        for gone in ("#table-area", "#hand-area", "#round-over", "#rule-box", "#turn-banner"):
            expect(page.locator(gone)).to_be_hidden()
        expect(page.locator("#guesses")).to_have_text("No guess yet.")
        expect(page.locator("#players .turn")).to_have_count(0)
        for cell in page.locator("#players td").all():
            expect(cell).to_have_text("–")
        expect(page.locator("#recent li")).to_have_count(0)
    dealers.tablets[1 if dealer is dealers.tablets[0] else 0].screenshot(
        "tablet-next-dealer-choosing", SCREENSHOTS
    )
    expect(dealer.page.locator("#status-line")).to_contain_text("Choose the secret rule")
