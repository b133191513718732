"""A New Eleusis table on the projector over real Socket.IO: strings, the prophet and the
prophet's call reach the projector page, and no hand ever does."""

from __future__ import annotations

import itertools
import json
import re
from collections import Counter
from typing import Any

import pytest

from classroom.core.cards import Card
from classroom.core.games.express import Options
from classroom.core.rules import compile_rule
from classroom.usecases import GroupSetup, Move, SeatRef, UseCases
from tests.realtime.conftest import EASY_RULE, Lesson, Tablet, make_app
from tests.realtime.test_projector import group_of, latest, open_projector, views

NAMES = ("Zanzibar", "Quetzal", "Yolanda", "Wilhelmina", "Xavier")
CARD = re.compile(r'"((?:10|[2-9AJQK])[SHDC])"')
_ids = (f"ne-{n}" for n in itertools.count())


@pytest.fixture
def ne_lesson(database: str) -> Lesson:
    """A class with one New Eleusis group (Owls) and one Express group (Otters)."""
    app = make_app(database)
    service: UseCases = app.extensions["use_cases"]
    teacher_id = service.teachers.create_teacher("frizzle", "magic-school-bus")
    groups = [GroupSetup("Owls", EASY_RULE, mode="new_eleusis"), GroupSetup("Otters", EASY_RULE)]
    class_id = service.classes.create_class(teacher_id, "7B Science", groups, Options())
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    ids = [g.group_id for g in snapshot.groups]
    return Lesson(app, service, teacher_id, class_id, snapshot.join_code, ids)


class Table:
    """The Owls' seats, driven through the use cases (whose effects announce every change)."""

    def __init__(self, lesson: Lesson, tablets: list[Tablet]) -> None:
        self.lesson = lesson
        self.seats = [lesson.service.seats.seat_by_token(tablet.token) for tablet in tablets]
        self.rule = compile_rule(EASY_RULE)

    def state(self) -> Any:
        state = self.lesson.service.reading.group_snapshot(self.lesson.group_ids[0]).state
        assert state is not None
        return state

    def seat(self, key: str | None) -> SeatRef:
        return next(seat for seat in self.seats if seat.key == key)

    def act(self, key: str | None, kind: str, **fields: Any) -> None:
        self.lesson.service.rounds.act(self.seat(key), Move(kind, next(_ids), **fields))

    def cards(self, key: str, right: bool) -> list[Card]:
        state = self.state()
        hand = state.hand(key)
        return [card for card in hand if self.rule.allows(state.layout.mainline, card) == right]


def test_a_new_eleusis_table_reaches_the_projector_with_its_prophet_and_calls(ne_lesson):
    tablets = [ne_lesson.join(name, 0) for name in NAMES]
    ne_lesson.start(0)
    projector = open_projector(ne_lesson)
    first = latest(projector)
    owls = group_of(first, ne_lesson.group_ids[0])
    assert owls["mode"] == "new_eleusis" and owls["status"] == "playing"
    assert owls["numbers"] == {"mainline": [0], "sidelines": [[]]}
    assert owls["sudden_death"] == {"count": 0, "threshold": 30, "left": 30, "on": False}
    assert group_of(first, ne_lesson.group_ids[1])["mode"] == "express"
    table = Table(ne_lesson, tablets)
    # Until someone holds a right card, players declare no-play (the app judges it at once).
    while not table.cards(table.state().turn, right=True):
        table.act(table.state().turn, "no_play")
    prophet = table.state().turn
    table.act(prophet, "play", cards=tuple(table.cards(prophet, right=True)[:1]))
    table.act(prophet, "declare")
    owls = group_of(latest(projector), ne_lesson.group_ids[0])
    assert owls["prophet"] == prophet and owls["prophet_marker"] == owls["cards_played"]
    (seat,) = [s for s in owls["seats"] if s["prophet"]]
    assert seat["seat"] == prophet and seat["name"] in NAMES
    # A string waits for the prophet's call: the projector shows it, and who played it.
    player = table.state().turn
    wrong = table.cards(player, right=False)[:1]
    table.act(player, "play", cards=tuple(wrong))
    owls = group_of(latest(projector), ne_lesson.group_ids[0])
    assert owls["status"] == "calling"
    assert owls["pending"] == {
        "seat": player,
        "cards": [str(c) for c in wrong],
        "card": None,
        "no_play": False,
        "call": None,
    }
    # The prophet calls it wrong; the app confirms: the string goes to the sideline.
    table.act(prophet, "call", right=False)
    owls = group_of(latest(projector), ne_lesson.group_ids[0])
    assert owls["status"] == "playing" and owls["prophet"] == prophet
    assert owls["verdict"] == {
        "kind": "play",
        "seat": player,
        "cards": [str(c) for c in wrong],
        "card": None,
        "right": False,
        "call": {"seat": prophet, "right": False, "overthrown": False},
        "expelled": None,
        "declared": None,
    }
    assert owls["sidelines"][-1] == [str(c) for c in wrong]
    assert owls["numbers"]["sidelines"][-1] == [owls["cards_played"]]
    # The next string called the opposite of its verdict overthrows the prophet.
    player = table.state().turn
    card = table.state().hand(player)[0]
    right = table.rule.allows(table.state().layout.mainline, card)
    table.act(player, "play", cards=(card,))
    table.act(prophet, "call", right=not right)
    owls = group_of(latest(projector), ne_lesson.group_ids[0])
    assert owls["prophet"] is None and owls["prophet_marker"] is None
    assert owls["verdict"]["call"] == {"seat": prophet, "right": not right, "overthrown": True}
    assert owls["verdict"]["right"] == right


def test_the_projector_receives_no_hand_and_no_nickname_in_anonymous_mode(ne_lesson):
    tablets = [ne_lesson.join(name, 0) for name in NAMES]
    ne_lesson.service.classes.set_projector_anonymous(
        ne_lesson.teacher_id, ne_lesson.class_id, True
    )
    ne_lesson.start(0)
    projector = open_projector(ne_lesson)
    table = Table(ne_lesson, tablets)
    for _turn in range(6):
        seat = table.state().turn
        right = table.cards(seat, right=True)
        table.act(seat, "play", cards=tuple(right[:1] or table.cards(seat, right=False)[:2]))
    received = views(projector)
    assert len(received) >= 6
    state = table.state()
    on_table = [str(card) for card in state.layout.mainline]
    on_table += [str(card) for line in state.layout.sidelines for card in line]
    owls = group_of(received[-1], ne_lesson.group_ids[0])
    shown = {key: value for key, value in owls.items() if key != "verdict"}
    assert Counter(CARD.findall(json.dumps(shown))) == Counter(on_table)
    for view in received:
        text = json.dumps(view)
        assert EASY_RULE not in text and '"hand"' not in text and '"stock"' not in text
        assert not any(name in text for name in NAMES)
    assert [s["number"] for s in owls["seats"]] == [1, 2, 3, 4, 5]
