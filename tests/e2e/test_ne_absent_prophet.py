"""A prophet who does not call, in Chromium. At a student dealer's table, a prophet whose
tablet is there but who will not call: the class page offers, after the away time, to go on
without the call; the teacher does, the dealer's tablet judges and the table goes on. At a table
the app deals, a prophet whose tablet closes: nobody has to, the app goes on without the call by
itself (as it does at any table once the tablet has been gone for the away time). The tests run
in order, each on its own table."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, expect

from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.ne_tables import NeTable, open_table, right_after
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Tablet, Teacher

NICKNAMES = ("Ana", "Ben", "Chen", "Dana", "Emil")
#: The classes' away time here (the classroom's is 20 s: these tests would wait that long).
AWAY_S = 4
#: The away time, and time for the page's redraw or the beacons' sweep (every 2 s) after it.
SETTLED_MS = 20_000


def _sizes() -> dict[str, dict[str, int]]:
    return {name: PORTRAIT if n % 2 else LANDSCAPE for n, name in enumerate(NICKNAMES)}


def make_prophet(table: NeTable, judge: bool) -> tuple[str, str]:
    """The player on turn plays a right card and becomes prophet (a student dealer's bot says
    right); then the next player plays a card, which waits for the call. The two seats."""
    view = table.view()
    seat = view["turn"]
    hand = table.bots[seat].refresh()["hand"]
    card = next(c for c in hand if right_after(c, view["mainline"][-1]))
    table.bots[seat].ne_act("play", cards=[card])
    if judge:
        table.bots[table.view()["dealer"]].ne_verdict("play", True)
    table.bots[seat].ne_act("declare")
    player = table.view()["turn"]
    table.bots[player].ne_act("play", cards=table.bots[player].refresh()["hand"][:1])
    assert table.view()["pending"]["call"] is None
    return seat, player


def close_tablet(table: NeTable, seat: str) -> Tablet:
    """The seat's tablet goes flat: its page and its second connection both."""
    tablet = table.tablet_of(seat)
    tablet.context.close()
    table.tablets.remove(tablet)
    table.bots.pop(seat).close()
    return tablet


@pytest.fixture(scope="module")
def dealt(server: Server, browser: Browser) -> Iterator[NeTable]:
    opened = open_table(
        server, browser, "8C Absent prophet", _sizes(), student_dealer=True, away_seconds=AWAY_S
    )
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def teacher(server: Server, browser: Browser, dealt: NeTable) -> Iterator[Teacher]:
    laptop = Teacher(browser, server.url, TEACHER)
    laptop.page.goto(f"{server.url}/teacher/classes/{dealt.class_id}")
    expect(laptop.page.locator("#class-page[data-live='watching']")).to_have_count(1)
    yield laptop
    laptop.context.close()


def test_the_teacher_goes_on_without_a_prophet_who_does_not_call(
    dealt: NeTable, teacher: Teacher
) -> None:
    chooser = next(t for t in dealt.tablets if t.page.locator("#rule-chooser").is_visible())
    chooser.page.locator('#library-list button[data-rule="alternate-colors"]').tap()
    chooser.page.get_by_role("button", name="Deal").tap()
    expect(chooser.page.locator("#dealer-area")).to_be_visible()
    prophet_seat, player_seat = make_prophet(dealt, judge=True)
    prophet = dealt.tablet_of(prophet_seat)
    expect(prophet.page.locator("#ne-call-buttons")).to_be_visible()  # there, not answering
    panel = teacher.page.locator(f"#group-{dealt.group_id}")
    # Nothing to press before the away time; then the page redraws the panel by itself.
    box = panel.locator(f"#settle-{dealt.group_id}")
    expect(box).to_be_visible(timeout=SETTLED_MS)
    expect(box).to_contain_text(f"{prophet.nickname} has not called for a while")
    teacher.page.screenshot(path=str(SCREENSHOTS / "ne-settle-absent-prophet.png"), full_page=True)
    box.get_by_role("button", name="Go on without the prophet's call").click()
    expect(teacher.page.get_by_text("The call was settled without the prophet")).to_be_visible()
    dealer = chooser
    expect(dealer.page.locator("#ne-pending #ne-question")).to_be_visible()
    for tablet in dealt.tablets:
        if tablet is not dealer:
            expect(tablet.page.locator("#notice")).to_contain_text("The teacher settled the call")
    dealer.page.locator("#ne-pending").get_by_role("button", name="Wrong").tap()
    expect(dealer.page.locator("#ne-pending #ne-question")).to_be_hidden()  # judged
    view = dealt.view()
    assert view["pending"] is None and view["prophet"] == prophet_seat
    assert view["turn"] not in (None, player_seat)


@pytest.fixture(scope="module")
def by_app(server: Server, browser: Browser) -> Iterator[NeTable]:
    opened = open_table(server, browser, "8C Absent prophet, app", _sizes(), away_seconds=AWAY_S)
    yield opened
    opened.close()


def test_a_table_the_app_deals_never_waits_for_a_prophet_who_is_gone(by_app: NeTable) -> None:
    prophet_seat, player_seat = make_prophet(by_app, judge=False)
    prophet = close_tablet(by_app, prophet_seat)
    player = by_app.tablet_of(player_seat)
    expect(player.page.locator("#notice")).to_contain_text(
        f"No call from {prophet.nickname}", timeout=SETTLED_MS
    )
    view = by_app.view()
    assert view["pending"] is None and view["prophet"] == prophet_seat
    assert view["turn"] != player_seat
