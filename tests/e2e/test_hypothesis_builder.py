"""The hypothesis builder in real Chromium, in Japanese and in Polish: a hypothesis built by
taps, checked against the table (fits, does not fit), kept in the journal and guessed, and the
checker's verdict on the teacher's page; portrait and landscape tablets."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.e2e.conftest import SCREENSHOTS, Server
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Tablet
from tests.e2e.test_accessibility import CspFreeBrowser, serious_violations
from tests.e2e.test_languages_round import (
    HAND,
    NICKNAMES,
    Room,
    catalog,
    create_class,
    join,
    play_until_a_guess,
    teacher_page,
)
from tests.e2e.test_tablets import assert_no_page_errors

MIN_TARGET = 44
CHECKER_S = 30_000


@pytest.fixture(scope="module", params=["ja", "pl"])
def room(request: pytest.FixtureRequest, server: Server, browser: Browser) -> Iterator[Room]:
    language: str = request.param
    teacher = teacher_page(browser, server.url, language)
    code, group_id = create_class(teacher, server.url, language)
    viewports = (PORTRAIT, LANDSCAPE, PORTRAIT)
    # The last tablet lets axe-core's script in (the page is the same), for the scan below.
    browsers = (browser, browser, CspFreeBrowser(browser))
    tablets = [
        Tablet.open(opener, name, viewport)  # type: ignore[arg-type]
        for opener, name, viewport in zip(browsers, NICKNAMES[language], viewports, strict=True)
    ]
    for tablet in tablets:
        join(tablet, server.url, code, language)
    teacher.locator(f'form[action$="/groups/{group_id}/start"] button').click()
    expect(teacher.locator(f"#group-{group_id} .mainline").first).to_be_visible()
    for tablet in tablets:
        expect(tablet.page.locator("#hand button[data-card]")).to_have_count(HAND)
    yield Room(language, teacher, group_id, tablets)
    for tablet in tablets:
        tablet.context.close()
    teacher.context.close()


def say(language: str, english: str) -> str:
    translated = catalog(language).get(english)
    assert translated, f"{english!r} has no {language} translation"
    return translated


def build(page: Page, template: str, *choices: str) -> None:
    """Open the builder if closed, tap the sentence, then a picture for each blank in turn."""
    builder = page.locator("#builder")
    expect(builder).to_be_visible()
    if builder.get_attribute("open") is None:
        page.locator("#builder .builder-summary").tap()
    page.locator(f'#builder-templates button[data-template="{template}"]').tap()
    for choice in choices:
        page.locator(f'#builder-choices button[data-choice="{choice}"]').tap()
    expect(page.locator("#builder-fit")).not_to_have_class("builder-fit checking")


def assert_fits_the_page(page: Page) -> None:
    """No horizontal scrolling, and every button of the builder is a big tap target."""
    overflow = page.evaluate(
        "() => document.documentElement.scrollWidth - document.documentElement.clientWidth"
    )
    assert overflow <= 0, f"{overflow}px of horizontal overflow"
    for button in page.locator("#builder button:visible").all():
        box = button.bounding_box()
        assert box and box["height"] >= MIN_TARGET and box["width"] >= MIN_TARGET, box


def test_a_built_hypothesis_is_checked_kept_guessed_and_judged(room: Room) -> None:
    language = room.language
    guesser = play_until_a_guess(room)
    page = guesser.page
    other = next(
        t for t in room.tablets if t is not guesser and t.page.viewport_size != page.viewport_size
    )

    # "The same colour as the last card": the table shows a card that does not fit, by name.
    build(page, "same", "color")
    expect(page.locator("#builder-fit")).to_have_class("builder-fit misfit")
    expect(page.locator("#builder-fit")).to_contain_text(say(language, "✗ Does not fit the table"))
    suit_names = [say(language, name) for name in ("spades", "hearts", "diamonds", "clubs")]
    message = page.locator("#builder-message").inner_text()
    assert any(f"({name})" in message for name in suit_names), message
    guesser.screenshot(f"builder-{language}-misfit-{_shape(page)}", SCREENSHOTS)

    # "Red and black take turns": fits everything so far, on both tablet shapes.
    for tablet in (guesser, other):
        build(tablet.page, "alternate", "color")
        fit = tablet.page.locator("#builder-fit")
        expect(fit).to_have_class("builder-fit fits")
        expect(fit).to_contain_text(say(language, "red and black"))
        assert_fits_the_page(tablet.page)
        tablet.screenshot(f"builder-{language}-fits-{_shape(tablet.page)}", SCREENSHOTS)

    page.locator("#builder-journal").tap()
    expect(page.locator("#builder-note")).to_have_text(say(language, "Written in your journal."))
    entry = page.locator("#journal-entries .entry").first
    expect(entry.locator(".entry-words")).to_have_text(
        say(language, "Take turns: %(what)s.") % {"what": say(language, "red and black")}
    )
    expect(entry.locator(".entry-text")).to_have_text("card.color != prev.color")

    guess = page.locator("#builder-guess")
    expect(guess).to_be_enabled()
    expect(other.page.locator("#builder-guess")).to_be_hidden()  # not in their guess window
    guess.tap()
    expect(page.locator("#builder-note")).to_have_text(
        say(language, "Your guess is sent. Wait for the verdict.")
    )
    pending = room.teacher.locator(f"#guess-{room.group_id}")
    expect(pending).to_contain_text("card.color != prev.color")
    expect(pending.locator(".guess-words")).to_contain_text(say(language, "red and black"))
    expect(pending.locator('[data-verdict="same"]')).to_be_visible(timeout=CHECKER_S)
    expect(pending.locator('[data-verdict="same"]')).to_contain_text(
        say(language, "Checker: the same rule (proved).")
    )
    room.teacher.screenshot(
        path=str(SCREENSHOTS / f"builder-{language}-teacher.png"), full_page=True
    )
    assert_no_page_errors(room.tablets)


def _shape(page: Page) -> str:
    size = page.viewport_size or PORTRAIT
    return "portrait" if size["height"] > size["width"] else "landscape"


def test_the_builder_reads_well_to_assistive_technology(room: Room) -> None:
    tablet = room.tablets[-1]
    page = tablet.page
    builder = page.locator("#builder")
    expect(builder).to_be_visible()
    if builder.get_attribute("open") is None:
        page.locator("#builder .builder-summary").tap()
    page.locator('#builder-templates button[data-template="after"]').tap()
    page.locator('#builder-choices button[data-choice="hearts"]').tap()
    # Half built: the second blank's pictures show, the first blank shows its choice.
    expect(page.locator('#builder-sentence button[data-blank="when"]')).to_contain_text("♥")
    expect(page.locator('#builder-choices button[data-choice="red"] .swatch-red')).to_be_visible()
    assert_fits_the_page(page)
    tablet.screenshot(f"builder-{room.language}-choosing-{_shape(page)}", SCREENSHOTS)
    assert serious_violations(page) == []
