"""What a verdict brings about, and the automatic judge (the app as God).

A verdict is one event (`Judged`, `NoPlayJudged`); what follows from it comes as events of its
own, in this order: the prophet overthrown when the dealer refuted the call, the markers on every
10th card, the player expelled in sudden death, the end of the round.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from classroom.core.cards import Card, new_stock, secure_random
from classroom.core.eventlog import Judge
from classroom.core.games.new_eleusis.errors import NothingToJudge
from classroom.core.games.new_eleusis.events import (
    DeckAdded,
    Event,
    Expelled,
    Judged,
    Marked,
    NoPlayJudged,
    Overthrown,
    RoundEnded,
)
from classroom.core.games.new_eleusis.fold import apply
from classroom.core.games.new_eleusis.options import (
    MARKER_EVERY,
    NEW_HAND_FEWER,
    NO_PLAY_PENALTY,
    OVERTHROW_PENALTY,
    PENALTY_PER_CARD,
)
from classroom.core.games.new_eleusis.state import Pending, RoundState
from classroom.core.text import _

__all__ = [
    "Batch",
    "first_playable",
    "settle_no_play",
    "settle_play",
    "settle_point",
    "string_is_right",
]


class Batch:
    """The events of one command, numbered and applied as they are added."""

    def __init__(self, state: RoundState, rng: random.Random | None = None) -> None:
        self.state = state
        self.events: list[Event] = []
        self.rng = rng

    def add(self, event: Event) -> tuple[Event, ...]:
        """Number and apply `event`; return all the events so far."""
        numbered = replace(event, seq=self.state.seq + 1)
        self.state = apply(self.state, numbered)
        self.events.append(numbered)
        return tuple(self.events)

    def add_drawing(self, count: int, event: Event) -> None:
        """Add `event`, which makes someone draw `count` cards: a short stock gets another
        deck shuffled in first (with the batch's rng; None: an unpredictable shuffle)."""
        while count > len(self.state.stock):
            self.add(DeckAdded(cards=tuple(new_stock(self.rng or secure_random(), decks=1))))
        self.add(event)


def string_is_right(judge: Judge, mainline: Sequence[Card], cards: Sequence[Card]) -> bool:
    """True if every card of the string is right in turn, each judged as if the cards before
    it had been accepted."""
    line = list(mainline)
    for card in cards:
        if not judge.allows(line, card):
            return False
        line.append(card)
    return True


def first_playable(judge: Judge, mainline: Sequence[Card], hand: Sequence[Card]) -> Card | None:
    """The first card of `hand` that may follow `mainline` (None: no card may)."""
    return next((card for card in hand if judge.allows(mainline, card)), None)


def _owed(state: RoundState) -> Pending:
    if state.pending is None:
        raise NothingToJudge(_("No play is waiting for a verdict."))
    return state.pending


def _aftermath(batch: Batch, seat: str, *, refuted: bool, expel: bool) -> tuple[Event, ...]:
    prophet = batch.state.prophet
    if refuted and prophet is not None:
        batch.add_drawing(OVERTHROW_PENALTY, Overthrown(seat=prophet))
    played = batch.state.cards_played
    start = max(batch.state.markers, default=0) + MARKER_EVERY
    for count in range(start, played + 1, MARKER_EVERY):
        batch.add(Marked(count=count))
    if expel:
        batch.add(Expelled(seat=seat))
    if not batch.state.hand(seat):
        batch.add(RoundEnded(reason="emptied", winner=seat))
    elif not batch.state.players():
        batch.add(RoundEnded(reason="expelled"))
    return tuple(batch.events)


def settle_play(batch: Batch, correct: bool) -> tuple[Event, ...]:
    """The dealer's verdict on the pending string and all that follows from it."""
    state = batch.state
    pending = _owed(state)
    seat, cards, call = pending.seat, pending.cards, pending.call
    # A refuted call overthrows the prophet instead of punishing the player.
    refuted = call is not None and call != correct
    wrong = not correct and not refuted
    draw = PENALTY_PER_CARD * len(cards) if wrong else 0
    batch.add_drawing(draw, Judged(seat=seat, cards=cards, correct=correct))
    return _aftermath(batch, seat, refuted=refuted, expel=wrong and state.sudden_death)


def settle_no_play(batch: Batch, right: bool, card: Card | None) -> tuple[Event, ...]:
    """The dealer's verdict on the pending no-play (before any pointing) and what follows."""
    state = batch.state
    pending = _owed(state)
    seat, call = pending.seat, pending.call
    if right:
        size = len(state.hand(seat))
        batch.add_drawing(max(size - NEW_HAND_FEWER, 0), NoPlayJudged(seat=seat, right=True))
        return _aftermath(batch, seat, refuted=call is False, expel=False)
    if card is None:
        # The dealer agrees with a prophet who says there is a playable card: they point.
        return batch.add(NoPlayJudged(seat=seat, right=False))
    refuted = call is True
    draw = 0 if refuted else NO_PLAY_PENALTY
    batch.add_drawing(draw, NoPlayJudged(seat=seat, right=False, card=card))
    return _aftermath(batch, seat, refuted=refuted, expel=not refuted and state.sudden_death)


def settle_point(batch: Batch, card: Card | None) -> tuple[Event, ...]:
    """The card played after the prophet pointed: the pointed one (`card` None) if right, and
    the player draws 5; else `card`, the dealer's, and the prophet is overthrown while the
    player draws nothing."""
    state = batch.state
    pending = _owed(state)
    played = card if card is not None else pending.pointed
    if played is None:
        raise NothingToJudge(_("No card chosen by the prophet waits for a verdict."))
    seat, right = pending.seat, played == pending.pointed
    draw = NO_PLAY_PENALTY if right else 0
    batch.add_drawing(draw, NoPlayJudged(seat=seat, right=False, card=played))
    return _aftermath(batch, seat, refuted=not right, expel=right and state.sudden_death)
