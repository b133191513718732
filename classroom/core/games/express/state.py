"""The state of a round as a pure fold over its events: `apply` one, `replay` them all.

>>> import random
>>> from classroom.core.games.express.commands import deal
>>> state = replay([deal(["Ana", "Ben", "Chen"], random.Random(1))])
>>> state.turn, state.phase, len(state.hand("Ben")), len(state.stock)
('Ana', 'playing', 12, 67)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import reduce
from typing import Any, Literal

from classroom.core.cards import Card
from classroom.core.games.express.errors import BadEvent
from classroom.core.games.express.events import (
    Dealt,
    DeckAdded,
    EndReason,
    Event,
    Guessed,
    GuessJudged,
    GuessPassed,
    Hint,
    Judged,
    NoPlay,
    NoPlayJudged,
    Options,
    Played,
    PlayerRemoved,
    Predicted,
    PredictionDeclined,
    RoundEnded,
    TurnSkipped,
)
from classroom.core.layout import Layout

__all__ = [
    "JUDGING",
    "Guess",
    "Pending",
    "Phase",
    "Prediction",
    "RoundState",
    "apply",
    "owing",
    "replay",
]

Phase = Literal[
    "playing", "judging_play", "judging_no_play", "guess_window", "judging_guess", "over"
]
#: Phases in which the dealer owes a verdict and nobody may play.
JUDGING: frozenset[Phase] = frozenset({"judging_play", "judging_no_play", "judging_guess"})


@dataclass(frozen=True, slots=True)
class Pending:
    """What waits for the dealer's verdict: a played card, or a no-play (card None)."""

    seat: str
    card: Card | None = None
    #: The seq of the `played` event; what predictions refer to. Not part of the identity.
    since: int = field(default=0, compare=False)


@dataclass(frozen=True, slots=True)
class Prediction:
    """One player's forecast on one play (`play`: that play's seq); `right` once judged."""

    seat: str
    play: int
    accepted: bool
    right: bool | None = None


@dataclass(frozen=True, slots=True)
class Guess:
    """One guess of the rule; `right` is None until the dealer judges it."""

    seat: str
    text: str
    right: bool | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundState:
    """Everything about a round at one moment; hands are in seat order, the stock's top is last."""

    seats: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    layout: Layout
    options: Options
    phase: Phase = "playing"
    turn: str | None = None
    pending: Pending | None = None
    guesser: str | None = None
    guesses: tuple[Guess, ...] = ()
    hints: tuple[str, ...] = ()
    predictions: tuple[Prediction, ...] = ()
    #: (seat, play) of every forecast declined (Skip): answered, never judged.
    declined: tuple[tuple[str, int], ...] = ()
    discards: int = 0
    decks: int = 2
    end_reason: EndReason | None = None
    winner: str | None = None
    seq: int = 0

    def hand(self, seat: str) -> tuple[Card, ...]:
        """The cards `seat` holds, in the order received."""
        return self.hands[self.seats.index(seat)]

    def hand_sizes(self) -> dict[str, int]:
        """How many cards each seat holds."""
        return {seat: len(hand) for seat, hand in zip(self.seats, self.hands, strict=True)}

    def next_seat(self, seat: str) -> str:
        """The seat after `seat`, wrapping round the table."""
        return self.seats[(self.seats.index(seat) + 1) % len(self.seats)]

    def predicted(self, seat: str) -> bool:
        """True if `seat` has already forecast the play that waits for its verdict."""
        since = self.pending.since if self.pending is not None else -1
        return any(p.play == since and p.seat == seat for p in self.predictions)

    def answered(self, seat: str) -> bool:
        """True if `seat` has forecast the waiting play or declined to (Skip)."""
        since = self.pending.since if self.pending is not None else -1
        return self.predicted(seat) or (seat, since) in self.declined

    @property
    def is_over(self) -> bool:
        """True once the round has ended."""
        return self.phase == "over"


def _dealt(event: Dealt) -> RoundState:
    if event.seq != 1:
        raise BadEvent(f"The deal must be event 1, not {event.seq}.")
    if len(event.hands) != len(event.seats) or not event.seats:
        raise BadEvent("The deal needs one hand per seat.")
    return RoundState(
        seats=event.seats,
        hands=event.hands,
        stock=event.stock,
        layout=Layout.starting_with(event.starter),
        options=event.options,
        turn=event.seats[0],
        seq=1,
    )


Changes = dict[str, Any]


def _removed(state: RoundState, seat: str, card: Card) -> tuple[Card, ...]:
    hand = list(state.hand(seat))
    if card not in hand:
        raise BadEvent(f"{seat} does not hold {card}.")
    hand.remove(card)
    return tuple(hand)


def _new_hand(state: RoundState, seat: str, hand: tuple[Card, ...], draw: int = 0) -> Changes:
    """`seat` holds `hand` plus `draw` cards off the top of the stock."""
    stock = state.stock
    # A draw bigger than the stock takes what is left: the command ends the round right after.
    if draw > 0:
        cut = max(len(stock) - draw, 0)
        hand, stock = hand + tuple(reversed(stock[cut:])), stock[:cut]
    i = state.seats.index(seat)
    return {"hands": (*state.hands[:i], hand, *state.hands[i + 1 :]), "stock": stock}


def _turn_done(state: RoundState, seat: str) -> Changes:
    return {"phase": "playing", "turn": state.next_seat(seat), "pending": None}


def _resolved(state: RoundState, correct: bool) -> tuple[Prediction, ...]:
    """The predictions with those on the judged play marked right or wrong."""
    since = state.pending.since if state.pending is not None else -1
    return tuple(
        replace(p, right=p.accepted == correct) if p.play == since else p for p in state.predictions
    )


def _predicted(state: RoundState, event: Predicted) -> Changes:
    pending = state.pending
    if pending is None or event.seat not in state.seats or event.seat == pending.seat:
        raise BadEvent(f"Event {event.seq}: {event.seat} cannot predict this play.")
    if state.answered(event.seat):
        raise BadEvent(f"Event {event.seq}: {event.seat} has already predicted this play.")
    prediction = Prediction(event.seat, pending.since, event.accepted)
    return {"predictions": (*state.predictions, prediction)}


def _declined(state: RoundState, event: PredictionDeclined) -> Changes:
    pending = state.pending
    if pending is None or event.seat not in state.seats or event.seat == pending.seat:
        raise BadEvent(f"Event {event.seq}: {event.seat} cannot predict this play.")
    if state.answered(event.seat):
        raise BadEvent(f"Event {event.seq}: {event.seat} has already answered on this play.")
    return {"declined": (*state.declined, (event.seat, pending.since))}


def _judged(state: RoundState, event: Judged) -> Changes:
    seat = event.seat
    if state.pending != Pending(seat, event.card):
        raise BadEvent(f"Event {event.seq} judges a card that was not played.")
    resolved = {"predictions": _resolved(state, event.correct)} if state.predictions else {}
    return resolved | _verdict(state, event)


def _verdict(state: RoundState, event: Judged) -> Changes:
    seat = event.seat
    if not event.correct:
        penalty = _new_hand(state, seat, state.hand(seat), draw=1)
        return {"layout": state.layout.reject(event.card), **penalty, **_turn_done(state, seat)}
    accepted = {"layout": state.layout.accept(event.card), **_turn_done(state, seat)}
    return accepted | {"phase": "guess_window", "guesser": seat}


def _no_play_judged(state: RoundState, event: NoPlayJudged) -> Changes:
    seat = event.seat
    if state.pending != Pending(seat):
        raise BadEvent(f"Event {event.seq} judges a no-play nobody declared.")
    if event.card is not None:
        penalty = _new_hand(state, seat, _removed(state, seat, event.card), draw=1)
        return {"layout": state.layout.accept(event.card), **penalty, **_turn_done(state, seat)}
    size = len(state.hand(seat))
    new_hand = _new_hand(state, seat, (), draw=size - 1)
    return {"discards": state.discards + size, **new_hand, **_turn_done(state, seat)}


def _guess_judged(state: RoundState, event: GuessJudged) -> Changes:
    last = state.guesses[-1]
    if event.seat != last.seat:
        raise BadEvent(f"Event {event.seq} judges a guess {event.seat} did not make.")
    guesses = (*state.guesses[:-1], Guess(last.seat, last.text, event.right))
    if event.right:
        return {"guesses": guesses}
    penalty = 1 if state.options.wrong_guess_penalty else 0
    hand = _new_hand(state, event.seat, state.hand(event.seat), draw=penalty)
    return {"guesses": guesses, **hand, "phase": "playing", "guesser": None}


def _player_removed(state: RoundState, event: PlayerRemoved) -> Changes:
    seat = event.seat
    if seat not in state.seats or len(state.seats) < 2:
        raise BadEvent(f"Event {event.seq} removes {seat}, who is not at the table.")
    if state.phase in JUDGING and owing(state) == seat:
        raise BadEvent(f"Event {event.seq} removes {seat} while their verdict is owed.")
    i = state.seats.index(seat)
    changes: Changes = {
        "seats": (*state.seats[:i], *state.seats[i + 1 :]),
        "hands": (*state.hands[:i], *state.hands[i + 1 :]),
        # The hand goes under the stock: the cards drawn next are the ones already due.
        "stock": state.hands[i] + state.stock,
    }
    if state.turn == seat:
        changes["turn"] = state.next_seat(seat)
    if state.guesser == seat:
        changes |= {"phase": "playing", "guesser": None}
    return changes


def owing(state: RoundState) -> str:
    """The seat whose play, no-play or guess waits for a verdict ('' if none)."""
    if state.pending is not None:
        return state.pending.seat
    return state.guesser or ""


def _round_ended(state: RoundState, event: RoundEnded) -> Changes:
    ended: Changes = {"phase": "over", "turn": None, "pending": None, "guesser": None}
    ended |= {"end_reason": event.reason, "winner": event.winner}
    pending = state.pending
    if pending is not None and pending.card is not None:
        # An unjudged play does not count: the card goes back to its player.
        ended |= _new_hand(state, pending.seat, (*state.hand(pending.seat), pending.card))
    return ended


def _step(state: RoundState, event: Event) -> Changes:
    match event:
        case Played(seat=seat, card=card):
            pending = Pending(seat, card, since=event.seq)
            waiting = {"phase": "judging_play", "pending": pending, "guesser": None}
            return _new_hand(state, seat, _removed(state, seat, card)) | waiting
        case Predicted():
            return _predicted(state, event)
        case PredictionDeclined():
            return _declined(state, event)
        case Judged():
            return _judged(state, event)
        case NoPlay(seat=seat):
            return {"phase": "judging_no_play", "pending": Pending(seat), "guesser": None}
        case NoPlayJudged():
            return _no_play_judged(state, event)
        case Guessed(seat=seat, text=text):
            return {"phase": "judging_guess", "guesses": (*state.guesses, Guess(seat, text))}
        case GuessJudged():
            return _guess_judged(state, event)
        case GuessPassed():
            return {"phase": "playing", "guesser": None}
        case Hint(text=text):
            return {"hints": (*state.hints, text)}
        case DeckAdded(cards=cards):
            return {"stock": cards + state.stock, "decks": state.decks + 1}
        case TurnSkipped(seat=seat):
            return {"turn": state.next_seat(seat)}
        case PlayerRemoved():
            return _player_removed(state, event)
        case RoundEnded():
            return _round_ended(state, event)
    raise BadEvent(f"Event {event.seq} of kind {event.kind!r} cannot follow the deal.")


_ALLOWED: dict[type[Event], frozenset[Phase]] = {
    Played: frozenset({"playing", "guess_window"}),
    Judged: frozenset({"judging_play"}),
    Predicted: frozenset({"judging_play"}),
    PredictionDeclined: frozenset({"judging_play"}),
    NoPlay: frozenset({"playing", "guess_window"}),
    NoPlayJudged: frozenset({"judging_no_play"}),
    Guessed: frozenset({"guess_window"}),
    GuessJudged: frozenset({"judging_guess"}),
    GuessPassed: frozenset({"guess_window"}),
    TurnSkipped: frozenset({"playing", "guess_window"}),
}


def apply(state: RoundState | None, event: Event) -> RoundState:
    """The state after `event`; the first event (state None) must be the deal."""
    if state is None or isinstance(event, Dealt):
        if state is not None or not isinstance(event, Dealt):
            raise BadEvent(f"A round starts with its deal, and only once (event {event.seq}).")
        return _dealt(event)
    if event.seq != state.seq + 1:
        raise BadEvent(f"Event {event.seq} cannot follow event {state.seq}.")
    if state.is_over:
        raise BadEvent(f"Event {event.seq} comes after the end of the round.")
    allowed = _ALLOWED.get(type(event))
    if allowed is not None and state.phase not in allowed:
        raise BadEvent(f"A {event.kind!r} event cannot happen in phase {state.phase!r}.")
    if isinstance(event, Played | NoPlay | TurnSkipped | Guessed | GuessPassed):
        actor = state.turn if isinstance(event, Played | NoPlay | TurnSkipped) else state.guesser
        if event.seat != actor:
            raise BadEvent(f"Event {event.seq} is by {event.seat}, out of turn.")
    return replace(state, seq=event.seq, **_step(state, event))


def replay(events: Iterable[Event]) -> RoundState:
    """The state a round's events fold to; raise BadEvent if they are not a round's log."""
    state = reduce(apply, events, None)
    if state is None:
        raise BadEvent("An empty log has no round in it.")
    return state
