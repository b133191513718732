"""The projector at 1920x1080 with long rounds: every card of every group on screen, without
scrolling, for 1, 4 and 12 groups, no card or word under 28px. Twelve tiles of 40+ cards each
have no room for 28px cards on one screen: they are shown a page at a time, and the pages turn
by themselves (driven here by Playwright's clock, so that no test waits for real seconds)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import Browser, expect

from classroom.core.games.express import Options
from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup, Move, SeatRef, UseCases
from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.test_projector import EASY_RULE, MIN_TEXT_PX, TEXT_SIZES, Projector

NICKNAMES = ["Alexandra", "Bo", "Chimamanda", "Dev", "Esperanza", "Finn", "Guinevere", "Hal"]
# Every card drawn whole inside the tile's table, every seat and line inside the tile.
INSIDE = """() => {
  const out = [];
  const outside = (r, box) => r.left < box.left - 1 || r.right > box.right + 1
    || r.top < box.top - 1 || r.bottom > box.bottom + 1;
  for (const tile of document.querySelectorAll(".group")) {
    const box = tile.getBoundingClientRect();
    const table = tile.querySelector(".table");
    for (const el of tile.querySelectorAll(".seat, .news, .group-head, .table")) {
      if (outside(el.getBoundingClientRect(), box)) out.push([tile.dataset.groupId, el.className]);
    }
    for (const card of tile.querySelectorAll(".pcard")) {
      if (outside(card.getBoundingClientRect(), table.getBoundingClientRect())) {
        out.push([tile.dataset.groupId, card.dataset.card]);
      }
    }
  }
  return out;
}"""
CARD_SIZES = """() => [...document.querySelectorAll(".pcard")]
  .map((card) => parseFloat(getComputedStyle(card).fontSize))"""
CUT_NAMES = """() => [...document.querySelectorAll(".seat .name")]
  .filter((n) => n.scrollWidth > n.clientWidth + 1).map((n) => n.textContent)"""


def seat_refs(service: UseCases, group_id: int) -> dict[str, SeatRef]:
    snapshot = service.reading.group_snapshot(group_id)
    return {
        seat.key: SeatRef(seat.id, group_id, snapshot.class_id, seat.nickname)
        for seat in snapshot.seats
    }


def play_long(service: UseCases, teacher_id: int, group_id: int, plays: int) -> None:
    """Plays on turn, every fourth one wrong on purpose (a sideline card), a guess now and then
    (judged wrong) and a hint: a long round with all that the tile shows."""
    refs = seat_refs(service, group_id)
    service.rounds.give_hint(teacher_id, group_id, "Look at the colours.")
    for number in range(plays):
        state = service.reading.group_snapshot(group_id).state
        assert state is not None and state.turn is not None
        last, hand = state.layout.mainline[-1], state.hand(state.turn)
        wrong = number % 4 == 3
        fitting = [card for card in hand if (card.color == last.color) == wrong]
        card = (fitting or list(hand))[0]
        service.rounds.act(refs[state.turn], Move("play", f"p-{group_id}-{number}", cards=(card,)))
        after = service.reading.group_snapshot(group_id).state
        if after is not None and after.phase == "guess_window" and after.guesser is not None:
            guesser = refs[after.guesser]
            if number % 9 == 0:
                service.rounds.act(guesser, Move("guess", f"g-{group_id}-{number}", text="red"))
                service.rounds.judge_guess(teacher_id, group_id, False)
            elif number < plays - 1:
                service.rounds.act(guesser, Move("pass", f"s-{group_id}-{number}"))


def long_rounds(
    server: Server, groups: int, seats: int, plays: int
) -> tuple[str, dict[int, tuple[int, int]]]:
    """A class of `groups` groups, each in a round of `plays` plays: its projector link, and
    each group's mainline and sideline sizes."""
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    setups = [GroupSetup(f"Table {n}", EASY_RULE) for n in range(1, groups + 1)]
    class_id = service.classes.create_class(teacher_id, "Year 9 Science", setups, Options())
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    for group in snapshot.groups:
        for nickname in NICKNAMES[:seats]:
            service.seats.join(snapshot.join_code, group.group_id, nickname)
        service.rounds.start_round(teacher_id, group.group_id)
        play_long(service, teacher_id, group.group_id, plays)
    token = service.classes.projector_link_token(teacher_id, class_id)
    tables = {}
    for group in snapshot.groups:
        state = service.reading.group_snapshot(group.group_id).state
        assert state is not None
        tables[group.group_id] = (len(state.layout.mainline), state.layout.sideline_count)
    return f"{server.url}/projector/{token}", tables


def check_full_screen(projector: Projector, name: str) -> dict[str, Any]:
    """No scrollbars, no text under 28px, every card inside its tile; a screenshot to look at."""
    page = projector.page
    page.evaluate("document.fonts.ready")
    page.screenshot(path=str(SCREENSHOTS / f"projector-{name}.png"))
    sizes = page.evaluate(
        "() => ({width: document.documentElement.scrollWidth, height:"
        " document.documentElement.scrollHeight, innerWidth, innerHeight})"
    )
    assert sizes["width"] <= sizes["innerWidth"] and sizes["height"] <= sizes["innerHeight"]
    small = [(what, px) for what, px in page.evaluate(TEXT_SIZES) if px < MIN_TEXT_PX]
    words = [(what, px) for what, px in small if what not in {"rank", "suit"}]
    assert words == [], words
    assert page.evaluate(INSIDE) == []
    return {"cut": page.evaluate(CUT_NAMES), "card_px": min(page.evaluate(CARD_SIZES))}


@pytest.mark.parametrize(("groups", "seats"), [(1, 6), (4, 5)])
def test_long_rounds_fit_a_1080p_projector(
    server: Server, browser: Browser, groups: int, seats: int
) -> None:
    url, tables = long_rounds(server, groups, seats, plays=44)
    projector = Projector.open(browser, url)
    expect(projector.page.locator(".group")).to_have_count(groups)
    for group_id, (mainline, sideline) in tables.items():
        assert mainline + sideline >= 40 and sideline >= 8, (mainline, sideline)
        tile = projector.group(group_id)
        expect(tile.locator(".table > .column > .pcard.main")).to_have_count(mainline)
        expect(tile.locator(".sideline .pcard")).to_have_count(sideline)
    first = projector.group(next(iter(tables)))
    expect(first.locator(".counts")).to_contain_text("Hints 1")
    expect(first.locator(".seat .score").first).to_contain_text(re.compile(r"^\d+ points?$"))
    expect(projector.page.locator("#pages")).to_be_hidden()
    found = check_full_screen(projector, f"long-{groups}-groups")
    print(f"{groups} groups: cards drawn at {found['card_px']}px, names cut: {found['cut']}")
    assert found["card_px"] >= MIN_TEXT_PX
    assert found["cut"] == [], "names are cut although there is room"
    assert projector.errors == []
    projector.close()


def test_a_student_dealer_choosing_shows_on_the_projector(server: Server, browser: Browser) -> None:
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    setups = [
        GroupSetup("Ravens", "true", dealer_mode="student"),
        GroupSetup("Owls", EASY_RULE),
        GroupSetup("Larks", EASY_RULE),
    ]
    class_id = service.classes.create_class(teacher_id, "Year 7 Dealers", setups, Options())
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    for group in snapshot.groups:
        for nickname in NICKNAMES[:4]:
            service.seats.join(snapshot.join_code, group.group_id, nickname)
        service.rounds.start_round(teacher_id, group.group_id)
    play_long(service, teacher_id, snapshot.groups[1].group_id, plays=12)
    token = service.classes.projector_link_token(teacher_id, class_id)
    projector = Projector.open(browser, f"{server.url}/projector/{token}")
    ravens = projector.group(snapshot.groups[0].group_id)
    expect(ravens.locator(".news")).to_have_text("Alexandra is choosing a rule")
    expect(ravens.locator(".pcard")).to_have_count(0)
    check_full_screen(projector, "choosing-a-rule")
    assert projector.errors == []
    projector.close()
