"""The projector at 1920x1080, read from the back of the room: Japanese, Russian and long
nicknames whole (never "は." or "Бо…"), each player's points and the group's status word kept
once the layout grows to 40-60 cards, a student dealer's points at the round's end. Screenshots
in tests/output/e2e to be looked at."""

from __future__ import annotations

import pytest
from playwright.sync_api import Browser, expect

from classroom.core.games.express import Options
from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup
from tests.e2e.conftest import TEACHER, Server
from tests.e2e.test_projector import EASY_RULE, Projector
from tests.e2e.test_projector_layout import CUT_NAMES, check_full_screen, play_long

NICKNAMES = ("はると", "さくら", "Богдана", "Александра", "Chimamanda", "Guinevere")
#: Every seat shows its points, and every tile its status word, visibly.
HIDDEN_PARTS = """() => {
  const seen = (el) => el && el.getClientRects().length > 0
    && getComputedStyle(el).display !== "none" && getComputedStyle(el).visibility !== "hidden";
  const out = [];
  for (const tile of document.querySelectorAll(".group")) {
    if (!seen(tile.querySelector(".group-status"))) out.push([tile.dataset.groupId, "status"]);
    for (const seat of tile.querySelectorAll(".seat")) {
      if (!seen(seat.querySelector(".score"))) out.push([tile.dataset.groupId, seat.title]);
    }
  }
  return out;
}"""


def lesson_of(server: Server, groups: int, plays: int, *, dealer: str = "app") -> str:
    """A class of `groups` groups of six, each in a round `plays` plays long: its projector
    link."""
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.check_login(*TEACHER)
    assert teacher_id is not None
    setups = [GroupSetup(f"Table {n}", EASY_RULE, dealer_mode=dealer) for n in range(1, groups + 1)]
    class_id = service.classes.create_class(teacher_id, "7A Science", setups, Options())
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    for group in snapshot.groups:
        for nickname in NICKNAMES:
            service.seats.join(snapshot.join_code, group.group_id, nickname)
        service.rounds.start_round(teacher_id, group.group_id)
        if plays:
            play_long(service, teacher_id, group.group_id, plays)
    return f"{server.url}/projector/{service.classes.projector_link_token(teacher_id, class_id)}"


@pytest.mark.parametrize(("groups", "plays"), [(1, 60), (4, 48)])
def test_whole_names_points_and_status_stay_as_the_layout_grows(
    server: Server, browser: Browser, groups: int, plays: int
) -> None:
    projector = Projector.open(browser, lesson_of(server, groups, plays))
    expect(projector.page.locator(".group")).to_have_count(groups)
    expect(projector.page.locator("#pages")).to_be_hidden()
    found = check_full_screen(projector, f"readable-{groups}-groups-{plays}-plays")
    assert found["cut"] == [], found["cut"]
    assert projector.page.evaluate(HIDDEN_PARTS) == []
    assert projector.errors == []
    projector.close()


def test_twelve_groups_of_six_keep_names_and_points_whole_a_page_at_a_time(
    server: Server, browser: Browser
) -> None:
    projector = Projector.open(browser, lesson_of(server, 12, 0))
    # Six long names and their points do not fit twelve tiles on one screen: fewer tiles per
    # page, each readable, rather than names cut to a letter.
    expect(projector.page.locator("#pages")).to_be_visible()
    projector.check_layout("readable-12-groups")
    assert projector.page.evaluate(CUT_NAMES) == []
    assert projector.page.evaluate(HIDDEN_PARTS) == []
    assert projector.errors == []
    projector.close()
