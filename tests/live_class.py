"""Helpers for the class pack and game report tests, in print and on the web: a real class on a
temporary database, built and played through the services. No tests here."""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field
from pathlib import Path

from classroom.core.games.express import Options, RoundState
from classroom.core.rules import compile_rule
from classroom.store import connect, create_schema
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup, Move, SeatRef, UseCases
from tests.conftest import fresh_database_url

LIBRARY_RULE = "alternate-colors"
CUSTOM_RULE = "card.rank > prev.rank or card.suit == prev.suit"
STUDENTS = (("Ana", "Ben", "Chen"), ("Dev", "Eli", "Fay"))
WRONG_GUESS = "Red and black take turns"
RIGHT_GUESS = "Colors alternate"
HINT = "Look at the colors"


@dataclass
class LiveClass:
    """A class made through the services, with everything the tests look up."""

    service: UseCases
    teacher_id: int
    class_id: int
    code: str
    group_ids: tuple[int, ...]
    seats: dict[int, list[SeatRef]] = field(default_factory=dict)
    _ids: itertools.count[int] = field(default_factory=itertools.count)

    def state(self, group_id: int) -> RoundState:
        """The group's current round state."""
        state = self.service.reading.group_snapshot(group_id).state
        assert state is not None
        return state

    def seat(self, group_id: int, key: str) -> SeatRef:
        """The seat behind an engine seat id."""
        return next(seat for seat in self.seats[group_id] if seat.key == key)

    def play(self, group_id: int, *, accepted: bool = True) -> None:
        """Whoever's turn it is plays a card the rule accepts (or rejects), if they hold one."""
        state = self.state(group_id)
        assert state.turn is not None
        rule = compile_rule(self.service.reading.group_snapshot(group_id).rule_text)
        hand = state.hand(state.turn)
        fits = [c for c in hand if rule.allows(state.layout.mainline, c) == accepted]
        action = Move("play", f"a{next(self._ids)}", cards=((fits or hand)[0],))
        self.service.rounds.act(self.seat(group_id, state.turn), action)

    def play_until_guess_window(self, group_id: int, *, most: int = 40) -> str:
        """Play until a card is accepted; returns the seat that may guess."""
        for _ in range(most):
            self.play(group_id)
            state = self.state(group_id)
            if state.phase == "guess_window" and state.guesser is not None:
                return state.guesser
        raise AssertionError("no card was accepted")

    def guess(self, group_id: int, text: str, *, right: bool) -> str:
        """Play to the next guess window, guess `text`, judge it; returns the guesser's key."""
        seat = self.play_until_guess_window(group_id)
        action = Move("guess", f"a{next(self._ids)}", text=text)
        self.service.rounds.act(self.seat(group_id, seat), action)
        self.service.rounds.judge_guess(self.teacher_id, group_id, right)
        return seat


def live_service(folder: Path, *, seed: int = 7) -> UseCases:
    """The services on a fresh database (a SQLite file in `folder`, or PostgreSQL under
    CLASSROOM_TEST_DATABASE), shuffles seeded."""
    sessions = connect(fresh_database_url(folder))
    create_schema(sessions.kw["bind"])
    return use_cases_for(sessions, rng=random.Random(seed))


def build_class(
    service: UseCases,
    *,
    name: str = "7B Science",
    students: tuple[tuple[str, ...], ...] = STUDENTS,
    teacher: str = "rivera",
) -> LiveClass:
    """A class with a library-rule group (Otters) and a custom-rule group (Falcons), seated."""
    teacher_id = service.teachers.create_teacher(teacher, "correct horse battery")
    setups = [
        GroupSetup("Otters", "card.color != prev.color", LIBRARY_RULE),
        GroupSetup("Falcons", CUSTOM_RULE),
    ]
    class_id = service.classes.create_class(teacher_id, name, setups, Options())
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    group_ids = tuple(group.group_id for group in snapshot.groups)
    live = LiveClass(service, teacher_id, class_id, snapshot.join_code, group_ids)
    for group_id, names in zip(group_ids, students, strict=False):
        live.seats[group_id] = [
            service.seats.join(snapshot.join_code, group_id, n)[0] for n in names
        ]
    return live


def play_a_round(live: LiveClass, group_id: int) -> tuple[str, str]:
    """Start a round; a wrong guess, a hint, then a right guess that ends it.

    Returns the engine seat ids of the wrong and the right guesser.
    """
    live.service.rounds.start_round(live.teacher_id, group_id)
    for _ in range(2):
        live.play(group_id, accepted=False)
    wrong = live.guess(group_id, WRONG_GUESS, right=False)
    live.service.rounds.give_hint(live.teacher_id, group_id, HINT)
    for accepted in (False, False, True, False, True):
        live.play(group_id, accepted=accepted)
    right = live.guess(group_id, RIGHT_GUESS, right=True)
    return wrong, right
