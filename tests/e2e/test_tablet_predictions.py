"""Everyone predicts in Chromium: a player's card waits; the three other tablets show it big
with "Will it be accepted?" and ✓ / ✗; once all three have predicted the verdict arrives with a
toast, and each tablet shows its running score; the teacher's debrief draws their learning
curves; on the next card, Skip hides the question on one tablet only and, being an answer, lets the
verdict come as soon as the two others have predicted. Screenshots in English
and Japanese, portrait and landscape, are saved in tests/output/e2e to be looked at."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from dataclasses import dataclass

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Tablet
from tests.e2e.test_accessibility import CspFreeBrowser, assert_accessible
from tests.e2e.test_tablets import assert_no_page_errors, on_turn

RULE = "card.color != prev.color"
NICKNAMES = {"en": ("Ana", "Ben", "Chen", "Dia"), "ja": ("さくら", "ゆうき", "はると", "あおい")}
#: One tablet held sideways: the question must fit a landscape screen too.
VIEWPORTS = (PORTRAIT, PORTRAIT, LANDSCAPE, PORTRAIT)
#: Long enough that the verdict comes from the three predictions, never from the clock.
WINDOW_S = "15"


def teacher_page(browser: Browser, url: str) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 800}).new_page()
    page.goto(f"{url}/teacher/login?lang=en")
    page.locator("input[name=username]").fill(TEACHER[0])
    page.locator("input[name=password]").fill(TEACHER[1])
    page.locator("form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/teacher/$"))
    return page


def create_predicting_class(page: Page, url: str, language: str) -> tuple[str, int]:
    """A class of one group, everyone predicts left on as the form offers it."""
    page.goto(f"{url}/teacher/classes/new?groups=1")
    page.locator("#class-form input[name=name]").fill(f"Predict {language}")
    expect(page.locator("#class-form input[name=everyone_predicts]")).to_be_checked()
    page.locator("#class-form input[name=predict_seconds]").fill(WINDOW_S)
    page.locator("#class-form select[name=language]").select_option(language)
    page.locator("#class-form section.options").screenshot(
        path=str(SCREENSHOTS / f"predict-{language}-class-form.png")
    )
    row = page.locator("fieldset.group-row")
    row.locator("input[name$='-name']").fill("Owls")
    row.locator("input[type=radio][value=custom]").check()
    row.locator("textarea[name$='-custom_rule']").fill(RULE)
    page.locator("#class-form button[type=submit]").click()
    expect(page).to_have_url(re.compile(r"/teacher/classes/\d+"))
    code = page.locator(".join-code").inner_text().strip()
    expect(page.locator("form.class-predictions input[name=everyone_predicts]")).to_be_checked()
    group_id = int(page.locator("section.panel[data-group-id]").get_attribute("data-group-id") or 0)
    return code, group_id


@dataclass
class PredictingTable:
    """Four tablets at one table, and the teacher's page of their class."""

    tablets: list[Tablet]
    teacher: Page
    group_id: int
    url: str


@pytest.fixture(params=["en", "ja"])
def predicting(
    request: pytest.FixtureRequest, server: Server, browser: Browser
) -> Iterator[PredictingTable]:
    language: str = request.param
    teacher = teacher_page(browser, server.url)
    code, group_id = create_predicting_class(teacher, server.url, language)
    scanning = CspFreeBrowser(browser)  # axe-core is added to the question's page
    tablets = [
        Tablet.open(scanning, name, viewport)  # type: ignore[arg-type]
        for name, viewport in zip(NICKNAMES[language], VIEWPORTS, strict=True)
    ]
    for tablet in tablets:
        tablet.page.goto(f"{server.url}/join?code={code}&lang={language}")
        tablet.page.locator("input[type=radio][name=group]").first.check()
        tablet.page.locator("input[name=nickname]").fill(tablet.nickname)
        tablet.page.locator("form button[type=submit]").tap()
        expect(tablet.page.locator("#game")).to_be_visible()
    teacher.locator(f'form[action$="/groups/{group_id}/start"] button').click()
    for tablet in tablets:
        expect(tablet.page.locator("#hand button[data-card]")).to_have_count(12)
    yield PredictingTable(tablets, teacher, group_id, server.url)
    for tablet in tablets:
        tablet.context.close()
    teacher.context.close()


def test_three_tablets_predict_see_the_verdict_and_may_skip(predicting: PredictingTable) -> None:
    table = predicting.tablets
    language = table[0].page.locator("html").get_attribute("lang")
    player = on_turn(table, table[0])
    others = [tablet for tablet in table if tablet is not player]
    card = player.page.locator("#hand button[data-card]").first.get_attribute("data-card") or ""
    player.play(card)

    for tablet in others:
        box = tablet.page.locator("#predict")
        expect(box).to_be_visible()
        expect(box.locator(".predict-card [aria-label]")).to_have_count(1)
        for button in (
            tablet.page.locator("#predict-accept"),
            tablet.page.locator("#predict-reject"),
        ):
            size = button.bounding_box()
            assert size is not None and size["height"] >= 44 and size["width"] >= 44
            assert button.inner_text().strip() not in ("✓", "✗")  # words, not the mark alone
        expect(tablet.page.locator("#predict-countdown")).not_to_be_empty()
    expect(player.page.locator("#predict")).to_be_hidden()
    expect(player.page.locator("#status-line")).not_to_be_empty()
    others[0].screenshot(f"predict-{language}-question-portrait", SCREENSHOTS)
    others[1].screenshot(f"predict-{language}-question-landscape", SCREENSHOTS)
    assert_accessible(others[0].page, f"predict-{language}-question")

    others[0].page.locator("#predict-accept").tap()
    expect(others[0].page.locator("#predict-status")).not_to_be_empty()
    expect(others[0].page.locator("#predict-accept")).to_be_hidden()
    others[0].screenshot(f"predict-{language}-said-portrait", SCREENSHOTS)
    player.screenshot(f"predict-{language}-player-portrait", SCREENSHOTS)
    expect(others[2].page.locator("#predict-status")).to_be_empty()  # not the others' forecast

    others[1].page.locator("#predict-reject").tap()
    others[2].page.locator("#predict-accept").tap()
    for tablet in table:
        expect(tablet.page.locator("#predict")).to_be_hidden()
        expect(tablet.page.locator("#predict-scores")).to_be_visible()
    for tablet in others:
        expect(tablet.page.locator("#notice")).not_to_be_empty()
        expect(tablet.page.locator("#predict-scores")).to_contain_text("1")
    others[1].screenshot(f"predict-{language}-verdict-landscape", SCREENSHOTS)
    others[0].screenshot(f"predict-{language}-verdict-portrait", SCREENSHOTS)
    assert_no_page_errors(table)

    # The teacher ends the round: the debrief draws the three predictors' learning curves.
    teacher = predicting.teacher
    teacher.goto(f"{predicting.url}/teacher/groups/{predicting.group_id}/debrief?round=1")
    expect(teacher.locator("svg.learning-curve path.curve.student")).to_have_count(3)
    expect(teacher.locator(".curve-summaries li[data-seat]")).to_have_count(3)
    teacher.locator(".curve-box").screenshot(
        path=str(SCREENSHOTS / f"predict-{language}-debrief-curve.png")
    )

    # The next card: Skip hides the question on that tablet only.
    player = on_turn(table, table[0])
    others = [tablet for tablet in table if tablet is not player]
    card = player.page.locator("#hand button[data-card]").first.get_attribute("data-card") or ""
    player.play(card)
    expect(others[0].page.locator("#predict")).to_be_visible()
    others[0].page.locator("#predict-skip").tap()
    expect(others[0].page.locator("#predict")).to_be_hidden()
    expect(others[1].page.locator("#predict")).to_be_visible()
    # A skip is an answer: once the two others have predicted, the verdict comes at once,
    # long before the 15-second window would close it.
    others[1].page.locator("#predict-accept").tap()
    others[2].page.locator("#predict-reject").tap()
    answered = time.monotonic()
    for tablet in others:
        expect(tablet.page.locator("#predict")).to_be_hidden(timeout=int(WINDOW_S) * 1000)
    assert time.monotonic() - answered < int(WINDOW_S) / 2
    assert_no_page_errors(table)
