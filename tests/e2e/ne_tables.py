"""Helpers for the New Eleusis browser tests: a class made through the use cases on the
server's database, tablets seated through the join page, and fast second connections that
send `act` to play many strings quickly."""

from __future__ import annotations

import uuid
from dataclasses import dataclass
from typing import Any

from playwright.sync_api import Browser, expect

from classroom.core.games.express import Options
from classroom.store.composition import use_cases_for
from classroom.store.database import connect
from classroom.usecases import GroupSetup, UseCases
from tests.e2e.conftest import TEACHER, Server
from tests.e2e.tablets import SeatBot, Tablet, Teacher, hang_up, is_red

RULE = "card.color != prev.color"
HAND = 14


class NeBot(SeatBot):
    """A second connection to a seat that speaks New Eleusis."""

    def ne_act(self, kind: str, **fields: Any) -> None:
        """A string, a no-play, a call...: the server must accept it."""
        payload = {"type": kind, "action_id": uuid.uuid4().hex, **fields}
        reply = self.client.call("act", payload, namespace="/play", timeout=10)
        assert reply and reply.get("ok"), reply

    def ne_verdict(self, kind: str, right: bool, **fields: Any) -> None:
        """A student dealer's verdict: the server must accept it."""
        payload = {"kind": kind, "right": right, "action_id": uuid.uuid4().hex, **fields}
        reply = self.client.call("verdict", payload, namespace="/play", timeout=10)
        assert reply and reply.get("ok"), reply


@dataclass
class NeTable:
    """One New Eleusis group judged by the app, its tablets and a bot per seat."""

    service: UseCases
    teacher_id: int
    class_id: int
    group_id: int
    tablets: list[Tablet]
    bots: dict[str, NeBot]

    def view(self) -> dict[str, Any]:
        """The table as the server has it now (one seat's view)."""
        return next(iter(self.bots.values())).refresh()

    def seat_of(self, tablet: Tablet) -> str:
        return next(s["seat"] for s in self.view()["seats"] if s["nickname"] == tablet.nickname)

    def tablet_of(self, seat: str) -> Tablet:
        nickname = next(s["nickname"] for s in self.view()["seats"] if s["seat"] == seat)
        return next(tablet for tablet in self.tablets if tablet.nickname == nickname)

    def close(self) -> None:
        """Hang up every bot and close every tablet."""
        hang_up(self.bots.values())
        for tablet in self.tablets:
            tablet.context.close()


def open_table(
    server: Server,
    browser: Browser,
    class_name: str,
    seats: dict[str, dict[str, int]],
    *,
    student_dealer: bool = False,
    languages: dict[str, str] | None = None,
    mode: str = "new_eleusis",
    hand: int = HAND,
    **options: Any,
) -> NeTable:
    """A class with one New Eleusis group (or one of another `mode`, whose hands hold `hand`
    cards), a tablet per nickname (at its viewport size) seated through the join page, and the
    round dealt (with a student dealer: the rule is still to choose on the dealer's tablet)."""
    service = use_cases_for(connect(server.database))
    teacher_id = service.teachers.teacher_id(TEACHER[0])
    assert teacher_id is not None
    groups = [GroupSetup("Owls", RULE, mode=mode)]
    class_id = service.classes.create_class(teacher_id, class_name, groups, Options(), **options)
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    group_id = snapshot.groups[0].group_id
    tablets = [Tablet.open(browser, name, size) for name, size in seats.items()]
    for tablet in tablets:
        tablet.join_by_link(server.url, snapshot.join_code, "Owls")
        language = (languages or {}).get(tablet.nickname)
        if language:
            # The page's own language links, before the deal (the page reloads in it).
            tablet.page.locator(f'nav.languages a[hreflang="{language}"]').click()
            expect(tablet.page.locator("html")).to_have_attribute("lang", language)
            expect(tablet.page.locator("#game")).to_be_visible()
    # The second connections open before the deal, as the tablets did.
    bots = {}
    for tablet in tablets:
        bot = NeBot(server.url, tablet.seat_token())
        bots[bot.refresh()["me"]] = bot
    if student_dealer:
        # Student dealers need enough students, so the switch waits for them to have joined.
        service.lesson.set_dealer_mode(teacher_id, group_id, "student")
    # Dealt on the teacher's page: the server then tells every tablet.
    teacher = Teacher(browser, server.url, TEACHER)
    teacher.page.goto(f"{server.url}/teacher/classes/{class_id}")
    teacher.submit(f"/groups/{group_id}/start")
    teacher.context.close()
    for tablet in tablets if not student_dealer else []:
        expect(tablet.page.locator("#hand button[data-card]")).to_have_count(hand)
    return NeTable(service, teacher_id, class_id, group_id, tablets, bots)


def right_after(card: str, last: str) -> bool:
    """Whether the table's rule accepts `card` after `last`."""
    return is_red(card) != is_red(last)


def cards_on_table(view: dict[str, Any]) -> int:
    return len(view["mainline"]) + sum(len(line) for line in view["sidelines"])
