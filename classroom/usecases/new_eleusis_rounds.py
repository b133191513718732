"""Playing New Eleusis rounds: a player's strings, no-plays and prophecy, a student dealer's
verdicts, the teacher's hint and end. Each action is checked by the engine
(`classroom.core.games.new_eleusis`), appended to the round's log, then announced, like Express's
(`rounds`), under the same group locks.

With the app as God (no dealing seat) the compiled rule gives every verdict at once, and
confirms or refutes the prophet's call as soon as it is made; with a student dealer each
verdict waits for the dealer's tablet.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from classroom.core.cards import Card
from classroom.core.eventlog import Judge
from classroom.core.games import new_eleusis as ne
from classroom.core.text import _
from classroom.usecases.changes import Change
from classroom.usecases.context import NEW_ELEUSIS, Context, retry_once
from classroom.usecases.errors import Conflict, Forbidden
from classroom.usecases.ownership import own_group
from classroom.usecases.ports import GroupRow, UnitOfWork
from classroom.usecases.reading import snapshot_of
from classroom.usecases.running import running_round, student_round
from classroom.usecases.seats import SeatRef
from classroom.usecases.verdict_window import compiled

__all__ = [
    "NeAction",
    "NeActionKind",
    "NeVerdict",
    "NeVerdictKind",
    "NewEleusisRounds",
    "ne_options",
]

NeActionKind = Literal["play", "no_play", "declare", "call", "point"]
NeVerdictKind = Literal["play", "no_play", "point"]


@dataclass(frozen=True, slots=True)
class NeAction:
    """A player's New Eleusis action from a tablet, already validated for shape: a string of
    `cards` in the order chosen, a no-play, becoming prophet, the prophet's call (`right`) or
    the prophet's pointing to a `card` of a no-play's hand."""

    kind: NeActionKind
    action_id: str
    cards: tuple[Card, ...] = ()
    right: bool = False
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class NeVerdict:
    """A student dealer's verdict on the string, the no-play or the prophet's pointed card
    waiting; `card` is the right card the dealer plays from the hand when a no-play (or the
    prophet's card) was wrong."""

    kind: NeVerdictKind
    right: bool
    card: Card | None = None


def ne_options(group: GroupRow) -> ne.Options:
    """The house options of the group's class, as the engine takes them."""
    long = group.ne_sudden_death == "long"
    chosen = ne.LONG_SUDDEN_DEATH if long else ne.DEFAULT_OPTIONS
    first: ne.FirstPlayer = "left" if group.ne_first_player == "left" else "count"
    return ne.Options(
        first_player=first,
        sudden_death=chosen.sudden_death,
        sudden_death_with_prophet=chosen.sudden_death_with_prophet,
    )


class NewEleusisRounds:
    """Deal New Eleusis rounds and apply what players, student dealers and teachers do."""

    def __init__(self, context: Context) -> None:
        self.uow = context.uow
        self.rng: random.Random = context.rng
        self.states = context.states
        self.locks = context.locks

    def deal(
        self, uow: UnitOfWork, group: GroupRow, round_id: int, players: Sequence[str]
    ) -> Change:
        """Deal a New Eleusis round, already added to the store, to `players` (the first at
        the dealer's left)."""
        events = (ne.deal(players, self.rng, options=ne_options(group)),)
        self.states.ne_append(uow, round_id, events)
        return Change(group.id, group.class_id, events)

    @retry_once
    def act(self, seat: SeatRef, action: NeAction) -> Change:
        """Apply a player's action once, however often the tablet sends it."""
        with self.locks.hold(seat.group_id), self.uow() as uow:
            uow.groups.lock(seat.group_id)
            found = student_round(uow, seat, action.action_id, NEW_ELEUSIS)
            if isinstance(found, Change):
                return found
            group, round_row = found
            if round_row.dealer_seat_id == seat.seat_id:
                raise Conflict(_("You are the dealer this round: you judge, the others play."))
            state = self.states.ne_of(uow, round_row.id)
            judge: Judge | None = None
            if round_row.dealer_seat_id is None:
                judge = compiled(round_row.rule_text)
            events = self._command(state, seat.key, action, judge)
            after = self.states.ne_append(uow, round_row.id, events, state)
            uow.seats.remember_action(seat.seat_id, action.action_id, events[-1].seq)
            snapshot = snapshot_of(uow, group, round_row, after)
            uow.commit()
            return Change(seat.group_id, seat.class_id, events, snapshot=snapshot)

    def _command(
        self, state: ne.RoundState, seat: str, action: NeAction, judge: Judge | None
    ) -> tuple[ne.Event, ...]:
        if action.kind == "play":
            if not action.cards:
                raise ne.BadString(_("Choose 1 to 4 cards to play, in order."))
            return ne.play(state, seat, action.cards, judge=judge, rng=self.rng)
        if action.kind == "no_play":
            return ne.no_play(state, seat, judge=judge, rng=self.rng)
        if action.kind == "declare":
            return ne.declare(state, seat)
        if action.kind == "call":
            return ne.call(state, seat, action.right, judge=judge, rng=self.rng)
        if action.card is None:
            raise ne.CardNotInHand(_("Choose the card to point to."))
        return ne.point(state, seat, action.card, judge=judge, rng=self.rng)

    @retry_once
    def judge_as_dealer(self, seat: SeatRef, verdict: NeVerdict, action_id: str) -> Change:
        """A student dealer's verdict on what waits: a string, a no-play or the prophet's card.
        A verdict on a play the prophet has called confirms or refutes the call."""
        with self.locks.hold(seat.group_id), self.uow() as uow:
            uow.groups.lock(seat.group_id)
            found = student_round(uow, seat, action_id, NEW_ELEUSIS)
            if isinstance(found, Change):
                return found
            group, round_row = found
            if round_row.dealer_seat_id != seat.seat_id:
                raise Forbidden(_("Only this round's dealer gives verdicts."))
            state = self.states.ne_of(uow, round_row.id)
            events = _verdict_events(state, verdict, self.rng)
            after = self.states.ne_append(uow, round_row.id, events, state)
            uow.seats.remember_action(seat.seat_id, action_id, events[-1].seq)
            snapshot = snapshot_of(uow, group, round_row, after)
            uow.commit()
            return Change(seat.group_id, seat.class_id, events, snapshot=snapshot)

    def give_hint(self, teacher_id: int, group_id: int, text: str) -> Change:
        """A hint for the group, logged with the round."""
        return self._teacher_command(teacher_id, group_id, lambda state: ne.hint(state, text))

    def end_round(self, teacher_id: int, group_id: int) -> Change:
        """End the group's round now."""
        return self._teacher_command(
            teacher_id, group_id, lambda state: ne.end_round(state, "ended by the teacher")
        )

    @retry_once
    def _teacher_command(
        self,
        teacher_id: int,
        group_id: int,
        command: Callable[[ne.RoundState], tuple[ne.Event, ...]],
    ) -> Change:
        with self.locks.hold(group_id), self.uow() as uow:
            uow.groups.lock(group_id)
            own_group(uow, teacher_id, group_id)
            group, round_row = running_round(uow, group_id, NEW_ELEUSIS)
            state = self.states.ne_of(uow, round_row.id)
            events = command(state)
            after = self.states.ne_append(uow, round_row.id, events, state)
            snapshot = snapshot_of(uow, group, round_row, after)
            uow.commit()
            return Change(group_id, group.class_id, events, snapshot=snapshot)


def _verdict_events(
    state: ne.RoundState, verdict: NeVerdict, rng: random.Random
) -> tuple[ne.Event, ...]:
    if verdict.kind == "play":
        return ne.judge_play(state, verdict.right, rng=rng)
    if verdict.kind == "no_play":
        return ne.judge_no_play(state, verdict.right, verdict.card, rng=rng)
    return ne.judge_point(state, verdict.right, verdict.card, rng=rng)
