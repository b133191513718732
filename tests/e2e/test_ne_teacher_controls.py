"""The teacher's controls at a New Eleusis table, in Chromium, each with the real button of the
class page: Skip turn for an absent student, a hint, Pause and Resume, Remove mid-round, Reveal
rule and End round, each seen on the tablets. The tests run in order on one table."""

from __future__ import annotations

import uuid
from collections.abc import Iterator
from typing import Any

import pytest
from playwright.sync_api import Browser, Locator, expect

from tests.e2e.conftest import SCREENSHOTS, TEACHER, Server
from tests.e2e.ne_tables import RULE, NeTable, cards_on_table, open_table
from tests.e2e.tablets import LANDSCAPE, PORTRAIT, Teacher

NICKNAMES = ("Ana", "Ben", "Chen", "Dana", "Emil")
HINT = "Look at the colours."


@pytest.fixture(scope="module")
def table(server: Server, browser: Browser) -> Iterator[NeTable]:
    sizes = {name: PORTRAIT if n % 2 else LANDSCAPE for n, name in enumerate(NICKNAMES)}
    opened = open_table(server, browser, "8C Controls", sizes)
    yield opened
    opened.close()


@pytest.fixture(scope="module")
def teacher(server: Server, browser: Browser, table: NeTable) -> Iterator[Teacher]:
    """The teacher's laptop on the class page."""
    laptop = Teacher(browser, server.url, TEACHER)
    laptop.page.goto(f"{server.url}/teacher/classes/{table.class_id}")
    expect(laptop.page.locator("#class-page[data-live='watching']")).to_have_count(1)
    yield laptop
    laptop.context.close()


def panel(teacher: Teacher, table: NeTable) -> Locator:
    return teacher.page.locator(f"#group-{table.group_id}")


def row(teacher: Teacher, table: NeTable, seat: str) -> Locator:
    """The seat's row of the group's panel."""
    return panel(teacher, table).locator(f'tr[data-seat="{seat}"]')


def act_reply(table: NeTable, seat: str, **payload: Any) -> dict[str, Any]:
    """The server's answer to a seat's `act`, accepted or not."""
    reply = table.bots[seat].client.call(
        "act", {"action_id": uuid.uuid4().hex, **payload}, namespace="/play", timeout=10
    )
    assert isinstance(reply, dict), reply
    return reply


def test_skip_turn_passes_an_absent_students_turn(table: NeTable, teacher: Teacher) -> None:
    view = table.view()
    absent_seat = view["turn"]
    absent = table.tablet_of(absent_seat)
    # The student's tablet goes flat on their turn: the page and its second connection both.
    absent.context.close()
    table.tablets.remove(absent)
    table.bots.pop(absent_seat).close()
    expect(row(teacher, table, absent_seat).locator("td.presence.offline")).to_have_count(1)

    row(teacher, table, absent_seat).get_by_role("button", name="Skip turn").click()
    expect(teacher.page.get_by_text("Turn skipped: the next student plays.")).to_be_visible()
    turn = table.view()["turn"]
    assert turn not in (None, absent_seat)
    player = table.tablet_of(turn)
    expect(player.page.locator("#turn-banner")).to_be_visible()
    expect(player.page.locator("#no-play-button")).to_be_enabled()
    for tablet in table.tablets:
        if tablet is not player:
            expect(tablet.page.locator("#turn-banner")).to_be_hidden()
            expect(tablet.page.locator("#status-line")).to_have_text(
                f"It is {player.nickname}'s turn."
            )
    expect(row(teacher, table, turn).locator(".turn-mark")).to_have_count(1)
    expect(row(teacher, table, absent_seat).locator(".turn-mark")).to_have_count(0)


def test_a_hint_reaches_every_tablet(table: NeTable, teacher: Teacher) -> None:
    teacher.give_hint(table.group_id, HINT)
    for tablet in table.tablets:
        expect(tablet.page.locator("#notice")).to_have_text(f"New hint: {HINT}")
        expect(tablet.page.locator("#hints li")).to_have_text([HINT])


def test_while_paused_no_tablet_can_act_and_after_resume_the_player_can(
    table: NeTable, teacher: Teacher
) -> None:
    turn = table.view()["turn"]
    player = table.tablet_of(turn)
    panel(teacher, table).get_by_role("button", name="Pause", exact=True).click()
    expect(teacher.page.get_by_text("The group is paused.")).to_be_visible()
    for tablet in table.tablets:
        page = tablet.page
        expect(page.locator("#paused")).to_be_visible()
        expect(page.locator("#status-line")).to_have_text(
            "The game is paused. Wait for your teacher."
        )
        expect(page.locator("#hand button[data-card]:enabled")).to_have_count(0)
        expect(page.locator("#play-button")).to_be_disabled()
        expect(page.locator("#no-play-button")).to_be_disabled()
    expect(player.page.locator("#notice")).to_have_text("Paused by your teacher.")
    player.screenshot("ne-controls-paused", SCREENSHOTS)
    # The server refuses what a tablet might still send.
    hand = table.bots[turn].refresh()["hand"]
    assert not act_reply(table, turn, type="play", cards=[hand[0]]).get("ok")
    assert not act_reply(table, turn, type="no_play").get("ok")

    panel(teacher, table).get_by_role("button", name="Resume", exact=True).click()
    expect(teacher.page.get_by_text("The group plays on.")).to_be_visible()
    for tablet in table.tablets:
        expect(tablet.page.locator("#paused")).to_be_hidden()
    expect(player.page.locator("#notice")).to_have_text("The game goes on.")
    expect(player.page.locator("#no-play-button")).to_be_enabled()
    button = player.page.locator(f'#hand button[data-card="{hand[0]}"]').first
    expect(button).to_be_enabled()
    before = cards_on_table(table.view())
    button.tap()
    player.page.locator("#play-button").tap()
    expect(player.page.locator("#outcome")).to_contain_text("Your string")
    assert cards_on_table(table.view()) == before + 1


def test_a_student_removed_mid_round_is_told_and_the_round_goes_on(
    table: NeTable, teacher: Teacher
) -> None:
    # A present student plays, then leaves before their next turn.
    seat = table.view()["turn"]
    leaving = table.tablet_of(seat)
    leaving.page.locator(f'#hand button[data-card="{leaving.hand()[0]}"]').first.tap()
    leaving.page.locator("#play-button").tap()
    expect(leaving.page.locator("#outcome")).to_contain_text("Your string")
    table.bots.pop(seat).close()
    row(teacher, table, seat).locator("summary", has_text="Remove").click()
    row(teacher, table, seat).get_by_role("button", name=f"Remove {leaving.nickname}").click()
    expect(teacher.page.get_by_text("The student was removed.")).to_be_visible()
    expect(row(teacher, table, seat)).to_have_count(0)

    expect(leaving.page.locator("#rejoin")).to_be_visible()
    expect(leaving.page.locator("#rejoin-message")).to_have_text(
        "This tablet no longer has a seat in this class. Ask your teacher."
    )
    expect(leaving.page.locator("#game")).to_be_hidden()
    leaving.screenshot("ne-controls-removed", SCREENSHOTS)
    table.tablets.remove(leaving)
    leaving.context.close()

    view = table.view()
    assert view["status"] == "playing" and seat not in view["expelled"]
    assert leaving.nickname not in {s["nickname"] for s in view["seats"]}
    for tablet in table.tablets:
        page = tablet.page
        expect(page.locator(f'#players tr[data-nickname="{leaving.nickname}"]')).to_have_count(0)
        expect(page.locator("#players .out-badge")).to_have_count(0)
        expect(page.locator("#recent")).not_to_contain_text("out of the round")
        # What they played is still told by their name.
        expect(page.locator("#recent")).to_contain_text(f"{leaving.nickname} played")
        expect(page.locator("#recent")).not_to_contain_text("?")
        expect(page.locator("#round-over")).to_be_hidden()
    expect(panel(teacher, table).locator(".badge.out")).to_have_count(0)

    # The round goes on: the player on turn plays a card from the tablet, and all see it.
    player = table.tablet_of(view["turn"])
    expect(player.page.locator("#turn-banner")).to_be_visible()
    card = player.hand()[0]
    player.page.locator(f'#hand button[data-card="{card}"]').first.tap()
    player.page.locator("#play-button").tap()
    expect(player.page.locator("#outcome")).to_contain_text("Your string")
    count = cards_on_table(table.view())
    assert count == cards_on_table(view) + 1
    for tablet in table.tablets:
        cards = tablet.page.locator("#layout .playing-card")
        expect(cards).to_have_count(count)


def test_reveal_rule_shows_the_rule_on_every_tablet(table: NeTable, teacher: Teacher) -> None:
    for tablet in table.tablets:
        expect(tablet.page.locator("#rule-box")).to_be_hidden()
    teacher.reveal_rule(table.group_id)
    for tablet in table.tablets:
        expect(tablet.page.locator("#rule-box")).to_be_visible()
        expect(tablet.page.locator("#rule-box")).to_contain_text(RULE)


def test_end_round_shows_the_round_over_with_the_scores(table: NeTable, teacher: Teacher) -> None:
    box = panel(teacher, table).locator(f"#end-round-{table.group_id}")
    panel(teacher, table).locator("summary", has_text="End round").click()
    box.get_by_role("button", name="End the round now").click()
    expect(teacher.page.get_by_text("The round has ended.")).to_be_visible()
    view = table.view()
    assert view["status"] == "over" and view["end"]["reason"] == "teacher"
    scores = {s["nickname"]: (s["cards"], s["score"]) for s in view["seats"] if s["playing"]}
    assert len(scores) == len(NICKNAMES) - 1  # the removed student is not scored
    for tablet in table.tablets:
        page = tablet.page
        expect(page.locator("#round-over")).to_be_visible()
        expect(page.locator("#end-reason")).to_have_text("The teacher ended the round.")
        expect(page.locator("#status-line")).to_have_text(
            "The round is over. The teacher ended the round."
        )
        expect(page.locator("#final-scores tr[data-nickname]")).to_have_count(len(scores))
        shown = tablet.final_scores()
        assert {name: (cards, score) for name, (cards, score, _) in shown.items()} == scores
        expect(page.locator("#hand-area")).to_be_hidden()
        assert tablet.errors == [], tablet.errors
    table.tablets[0].screenshot("ne-controls-round-over", SCREENSHOTS)
