"""A round of 60+ cards on tablets in portrait and landscape: the table fits, every play is told.

Most cards are played fast through second connections to the seats; the last ones are tapped
on the pages, and the pages are reloaded on the way, as tablets are in a lesson.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, SeatBot, Tablet, Teacher, hang_up, is_red

RULE = "card.color != prev.color"
TARGET = 60
MAX_TURNS = 300

# Everything a tablet must keep true on its screen, whatever the size of the table.
FITS = """() => {
  const width = window.innerWidth;
  const problems = [];
  const root = document.documentElement;
  if (root.scrollWidth > width) problems.push(`page is ${root.scrollWidth}px wide`);
  const shown = (el) => el.getClientRects().length > 0;
  const panels = [...document.querySelectorAll(".play-area > *, .side > section")].filter(shown);
  for (const panel of panels) {
    const box = panel.getBoundingClientRect();
    const cut = box.left < -0.5 || box.right > width + 0.5;
    if (cut) problems.push(`${panel.id || panel.className} cut off`);
  }
  const side = [...document.querySelectorAll(".side > section")].filter(shown);
  const mine = [...document.querySelectorAll(".play-area > *")].filter(shown);
  const overlap = (a, b) => a.left < b.right - 0.5 && b.left < a.right - 0.5
    && a.top < b.bottom - 0.5 && b.top < a.bottom - 0.5;
  for (const a of mine) for (const b of side) {
    if (overlap(a.getBoundingClientRect(), b.getBoundingClientRect())) {
      problems.push(`${a.id || a.className} runs under ${b.getAttribute("aria-labelledby")}`);
    }
  }
  for (const column of document.querySelectorAll("#layout .column")) {
    const card = column.querySelector(".mainline").getBoundingClientRect();
    const line = column.querySelector(".sideline");
    if (!line) continue;
    const under = line.getBoundingClientRect();
    const centred = Math.abs((card.left + card.right) / 2 - (under.left + under.right) / 2) < 1;
    if (!centred || under.top < card.bottom - 0.5) problems.push("a sideline left its card");
  }
  return problems;
}"""
NEWEST_IN_VIEW = """() => {
  const layout = document.getElementById("layout").getBoundingClientRect();
  const newest = document.querySelector("#layout .newest");
  if (!newest) return false;
  const card = newest.getBoundingClientRect();
  return card.top >= layout.top - 0.5 && card.bottom <= layout.bottom + 0.5
    && card.left >= layout.left - 0.5 && card.right <= layout.right + 0.5;
}"""


@dataclass
class Table:
    teacher: Teacher
    group_id: int
    tablets: list[Tablet]
    bots: dict[str, SeatBot]

    def view(self) -> dict[str, Any]:
        return next(iter(self.bots.values())).refresh()

    def tablet_of(self, seat: str) -> Tablet:
        nickname = next(s["nickname"] for s in self.view()["seats"] if s["seat"] == seat)
        return next(tablet for tablet in self.tablets if tablet.nickname == nickname)


@pytest.fixture(scope="module")
def table(server: Server, browser: Browser) -> Iterator[Table]:
    teacher = Teacher(browser, server.url, TEACHER)
    code, (group_id,) = teacher.create_class("8C Long round", [("Owls", RULE)])
    sizes = {"Ana": PORTRAIT, "Ben": LANDSCAPE, "Cy": PORTRAIT}
    tablets = [Tablet.open(browser, name, size) for name, size in sizes.items()]
    for tablet in tablets:
        tablet.join_by_link(server.url, code, "Owls")
    teacher.start_round(group_id)
    bots = {}
    for tablet in tablets:
        expect(tablet.page.locator("#hand button[data-card]")).to_have_count(12)
        bot = SeatBot(server.url, tablet.seat_token())
        bots[bot.refresh()["me"]] = bot
    yield Table(teacher, group_id, tablets, bots)
    hang_up(bots.values())
    for tablet in tablets:
        tablet.context.close()
    teacher.context.close()


def cards_on_table(view: dict[str, Any]) -> int:
    return len(view["mainline"]) + sum(len(line) for line in view["sidelines"])


def play_fast(table: Table, target: int) -> None:
    """Two wrong plays for each right one (hands stay large) until `target` cards lie there."""
    for turn in range(MAX_TURNS):
        view = table.view()
        if cards_on_table(view) >= target:
            return
        if view["status"] == "guess_window":
            table.bots[view["guesser"]].act("pass")
            continue
        bot = table.bots[view["turn"]]
        hand, last = bot.refresh()["hand"], view["mainline"][-1]
        fitting = [c for c in hand if is_red(c) != is_red(last)]
        wrong = [c for c in hand if is_red(c) == is_red(last)]
        if fitting and len(hand) > 3 and (turn % 3 == 0 or not wrong):
            bot.act("play", card=fitting[0])
        elif wrong:
            bot.act("play", card=wrong[0])
        else:
            bot.act("no_play")
    pytest.fail(f"{MAX_TURNS} turns did not put {target} cards on the table")


def assert_fits(tablet: Tablet, name: str) -> None:
    """At both tablet sizes: nothing cut off, no sideways scrolling, the newest card in view."""
    page = tablet.page
    for size, label in ((PORTRAIT, "portrait"), (LANDSCAPE, "landscape")):
        page.set_viewport_size(size)
        page.wait_for_function(NEWEST_IN_VIEW)
        assert page.evaluate(FITS) == [], f"{tablet.nickname} {label}"
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth")
        page.screenshot(path=str(SCREENSHOTS / f"{name}-{label}.png"), full_page=True)


def test_sixty_cards_fit_both_tablet_sizes_after_a_reload(table: Table) -> None:
    play_fast(table, TARGET)
    on_table = cards_on_table(table.view())
    for tablet in table.tablets:
        tablet.page.reload()
        expect(tablet.page.locator("#layout .playing-card")).to_have_count(on_table)
    assert_fits(table.tablets[0], "long-round-reloaded")


def test_plays_tapped_on_the_page_say_what_happened_near_the_hand(table: Table) -> None:
    told = set()
    for _turn in range(20):
        view = table.view()
        if view["status"] == "guess_window":
            tablet = table.tablet_of(view["guesser"])
            tablet.page.get_by_role("button", name="Pass").tap()
            expect(tablet.page.locator("#guess-form")).to_be_hidden()
            continue
        tablet = table.tablet_of(view["turn"])
        expect(tablet.page.locator("#turn-banner")).to_be_visible()
        last_red = tablet.last_mainline_is_red()
        hand = tablet.hand()
        wrong = [c for c in hand if is_red(c) == last_red]
        fitting = [c for c in hand if is_red(c) != last_red]
        outcome = tablet.page.locator("#outcome")
        if "wrong" not in told and wrong:
            tablet.play(wrong[0])
            expect(outcome).to_have_text(re.compile(r"^\S+ was wrong: you drew 1 penalty card\.$"))
            told.add("wrong")
        elif "no play" not in told:
            tablet.no_play()
            expect(outcome).to_have_text(
                re.compile(
                    r"^No play was (right: new hand of \d+ cards?|wrong: \S+ was played "
                    r"for you, you drew 1 penalty card)\.$"
                )
            )
            told.add("no play")
        elif fitting:
            tablet.play(fitting[0])
            expect(outcome).to_have_text(re.compile(r"^\S+ was right!$"))
            told.add("right")
        else:
            # Nothing in this hand fits: declaring so is right and deals a new hand, which
            # moves the turn on (doing nothing here would spend every remaining turn idle).
            tablet.no_play()
            expect(outcome).to_have_text(re.compile(r"^No play was right"))
        if len(told) == 3:
            break
    assert told == {"wrong", "no play", "right"}
    assert cards_on_table(table.view()) >= TARGET + 2  # the wrong and the right play
    for tablet in table.tablets:
        assert_fits(tablet, f"long-round-{tablet.nickname.lower()}")
        assert tablet.errors == [] and tablet.dialogs == []


def test_a_hint_and_a_pause_arrive_with_a_notice(table: Table) -> None:
    table.teacher.give_hint(table.group_id, "Look at the colours.")
    for tablet in table.tablets:
        expect(tablet.page.locator("#notice")).to_have_text("New hint: Look at the colours.")
    table.teacher.submit(f"/groups/{table.group_id}/pause")
    for tablet in table.tablets:
        expect(tablet.page.locator("#notice")).to_have_text("Paused by your teacher.")
        status = tablet.page.locator("#status-line")
        expect(status).to_have_text("The game is paused. Wait for your teacher.")
        expect(tablet.page.locator("#play-button")).to_be_disabled()
    table.tablets[0].page.screenshot(path=str(SCREENSHOTS / "long-round-paused.png"))
    table.teacher.submit(f"/groups/{table.group_id}/pause")  # now the Resume button
    for tablet in table.tablets:
        expect(tablet.page.locator("#notice")).to_have_text("The game goes on.")
        expect(tablet.page.locator("#status-line")).not_to_contain_text("paused")


def test_the_round_ends_with_a_right_guess_and_scores_in_view(table: Table) -> None:
    for _turn in range(30):
        view = table.view()
        if view["status"] == "guess_window":
            break
        bot = table.bots[view["turn"]]
        hand, last = bot.refresh()["hand"], view["mainline"][-1]
        fitting = [c for c in hand if is_red(c) != is_red(last)]
        if fitting:
            bot.act("play", card=fitting[0])
        else:
            bot.act("no_play")
    assert view["status"] == "guess_window", "nobody made a right play"
    guesser = table.tablet_of(view["guesser"])
    guesser.page.get_by_label("Your guess of the secret rule").fill("Red and black take turns.")
    guesser.page.get_by_role("button", name="Guess").tap()
    expect(guesser.page.locator("#status-line")).to_have_text("The teacher is judging your guess…")
    table.teacher.judge_guess(table.group_id, True)
    for tablet in table.tablets:
        page = tablet.page
        expect(page.locator("#round-over")).to_be_visible()
        expect(page.locator("#rule-text")).to_have_text(RULE)
        expect(page.locator("#dealer-score")).to_be_empty()
        for size in (PORTRAIT, LANDSCAPE):
            page.set_viewport_size(size)
            score = page.locator("#round-over thead th").last
            expect(score).to_have_text("Score")
            score.scroll_into_view_if_needed()
            box = score.bounding_box()
            assert box is not None and box["x"] + box["width"] <= size["width"]
            assert page.evaluate(FITS) == [], tablet.nickname
    for size, label in ((PORTRAIT, "portrait"), (LANDSCAPE, "landscape")):
        guesser.page.set_viewport_size(size)
        guesser.page.screenshot(
            path=str(SCREENSHOTS / f"long-round-over-{label}.png"), full_page=True
        )
