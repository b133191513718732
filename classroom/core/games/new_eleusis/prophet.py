"""Commands of the prophet: declaring, calling each play before the dealer, pointing to the
playable card of a wrong no-play, the dealer's verdict on that card, and going on without a
call the prophet's tablet is too long away to make.

>>> import random
>>> from classroom.core.games.new_eleusis.fold import apply, replay
>>> from classroom.core.games.new_eleusis.turns import deal, play
>>> class Anything:
...     def allows(self, mainline, card):
...         return True
>>> state = replay([deal(["Ana", "Ben", "Chen", "Dia"], random.Random(3))])
>>> for event in play(state, "Ben", state.hand("Ben")[:1], judge=Anything()):
...     state = apply(state, event)
>>> [event.kind for event in declare(state, "Ben")]
['declared']
"""

from __future__ import annotations

import random
from typing import Literal

from classroom.core.cards import Card
from classroom.core.eventlog import Judge
from classroom.core.games.new_eleusis.events import Called, CallWaived, Declared, Event, Pointed
from classroom.core.games.new_eleusis.state import RoundState
from classroom.core.games.new_eleusis.verdicts import (
    Batch,
    first_playable,
    settle_no_play,
    settle_play,
    settle_point,
    string_is_right,
)
from classroom.core.games.new_eleusis.verify import (
    verify_call,
    verify_declare,
    verify_judge_point,
    verify_point,
    verify_waive_call,
)

__all__ = ["call", "declare", "judge_point", "point", "waive_call"]


def declare(state: RoundState, seat: str) -> tuple[Event, ...]:
    """`seat` becomes the prophet: a marker on the card just played, the hand set aside."""
    verify_declare(state, seat)
    return Batch(state).add(Declared(seat=seat))


def call(
    state: RoundState,
    seat: str,
    right: bool,
    *,
    judge: Judge | None = None,
    rng: random.Random | None = None,
) -> tuple[Event, ...]:
    """The prophet calls the pending turn: a string right or wrong; a no-play right ("no
    playable card") or wrong ("there is one"). A judge confirms or refutes at once."""
    verify_call(state, seat)
    batch = Batch(state, rng)
    batch.add(Called(seat=seat, right=right))
    pending = batch.state.pending
    if judge is None or pending is None:
        return tuple(batch.events)
    mainline = state.layout.mainline
    if pending.cards:
        return settle_play(batch, string_is_right(judge, mainline, pending.cards))
    card = first_playable(judge, mainline, state.hand(pending.seat))
    # Agreeing that there is a playable card leaves the prophet to point to it.
    return settle_no_play(batch, card is None, None if right is False else card)


def point(
    state: RoundState,
    seat: str,
    card: Card,
    *,
    judge: Judge | None = None,
    rng: random.Random | None = None,
) -> tuple[Event, ...]:
    """The prophet points to the playable card of the no-play's hand; a judge plays it if it
    is right, or else plays the first right card of the hand and overthrows the prophet."""
    verify_point(state, seat, card)
    batch = Batch(state, rng)
    batch.add(Pointed(seat=seat, card=card))
    if judge is None or state.pending is None:
        return tuple(batch.events)
    mainline = state.layout.mainline
    if judge.allows(mainline, card):
        return settle_point(batch, None)
    instead = first_playable(judge, mainline, state.hand(state.pending.seat))
    if instead is None:
        # Only a person can have agreed that this hand holds a playable card: they judge it.
        return tuple(batch.events)
    return settle_point(batch, instead)


def judge_point(
    state: RoundState, correct: bool, card: Card | None = None, *, rng: random.Random | None = None
) -> tuple[Event, ...]:
    """The dealer's verdict on the card the prophet chose; when wrong, `card` is the correct
    card the dealer plays instead."""
    verify_judge_point(state, correct, card)
    return settle_point(Batch(state, rng), None if correct else card)


def waive_call(
    state: RoundState,
    by: Literal["teacher", "app"],
    *,
    judge: Judge | None = None,
    rng: random.Random | None = None,
) -> tuple[Event, ...]:
    """The turn goes on without the prophet's call or point (see `CallWaived`): it waits for
    the dealer's verdict, which a judge gives at once, as with no prophet."""
    verify_waive_call(state)
    assert state.prophet is not None  # a call or a point is owed only by a prophet
    batch = Batch(state, rng)
    batch.add(CallWaived(seat=state.prophet, by=by))
    waiting = batch.state.pending
    if judge is None or waiting is None:
        return tuple(batch.events)
    mainline = state.layout.mainline
    if waiting.cards:
        return settle_play(batch, string_is_right(judge, mainline, waiting.cards))
    card = first_playable(judge, mainline, state.hand(waiting.seat))
    return settle_no_play(batch, card is None, card)
