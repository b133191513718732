"""A robot in a seat: what the seat sees of a round, and the robot's next move in the game's terms.

`express_move` and `new_eleusis_move` read a round's state and log (either game), cut the seat's
view (never the secret rule, another hand or the stock), ask the robot, and answer a `Move`:
exactly one command of that game the seat may give now, or None when the seat has nothing to
do. The caller gives the command through its own use case, at whatever pace it likes.

Whom to ask first, when several robots could act: the seat that may guess (Express) or declare
itself prophet (New Eleusis) before the seat whose turn it is, and the prophet (calling or
pointing) before anyone; predictions whenever a card waits for its verdict.

>>> import random
>>> from classroom.core.games.express import Round
>>> from classroom.core.robots.players import IdealScientist
>>> game = Round.deal(["Ana", "Ben", "Chen"], random.Random(5))
>>> move = express_move(IdealScientist(), game.state, game.events, "Ana")
>>> type(move).__name__, len(move.cards)
('Play', 1)
>>> express_move(IdealScientist(), game.state, game.events, "Ben") is None
True
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from classroom.core.cards import Card
from classroom.core.eventlog import LoggedEvent
from classroom.core.games import express, new_eleusis
from classroom.core.games.express.round import passes
from classroom.core.games.new_eleusis.options import MAX_STRING
from classroom.core.games.new_eleusis.verify import verify_declare
from classroom.core.robots.evidence import trials
from classroom.core.robots.players import Robot, SeatView

__all__ = [
    "Call",
    "DeclareProphet",
    "Guess",
    "Move",
    "NoPlay",
    "PassGuess",
    "Play",
    "Point",
    "Predict",
    "express_move",
    "express_view",
    "new_eleusis_move",
    "new_eleusis_view",
]


@dataclass(frozen=True, slots=True)
class Play:
    """Play these cards (one in Express, a string of 1-4 in New Eleusis)."""

    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True)
class NoPlay:
    """Declare that no card of the hand is playable."""


@dataclass(frozen=True, slots=True)
class Guess:
    """State the rule (Express, right after one's own correct play), in the rule language."""

    text: str


@dataclass(frozen=True, slots=True)
class PassGuess:
    """Let the chance to guess go."""


@dataclass(frozen=True, slots=True)
class Predict:
    """Forecast the verdict on the card waiting for it (Express)."""

    accepted: bool


@dataclass(frozen=True, slots=True)
class DeclareProphet:
    """Become the prophet (New Eleusis)."""


@dataclass(frozen=True, slots=True)
class Call:
    """As prophet, call the waiting turn right or wrong (New Eleusis)."""

    right: bool


@dataclass(frozen=True, slots=True)
class Point:
    """As prophet, point to the playable card of a no-play's hand (New Eleusis)."""

    card: Card


Move = Play | NoPlay | Guess | PassGuess | Predict | DeclareProphet | Call | Point


def express_view(state: express.RoundState, events: Sequence[LoggedEvent], seat: str) -> SeatView:
    """What `seat` sees of an Eleusis Express round."""
    wrong = tuple(guess.text for guess in state.guesses if guess.right is False)
    return SeatView(
        seat,
        hand=state.hand(seat) if seat in state.seats else (),
        mainline=state.layout.mainline,
        trials=trials(events),
        wrong_guesses=wrong,
        longest=1,
        guess_costs=state.options.wrong_guess_penalty,
    )


def express_move(
    robot: Robot, state: express.RoundState, events: Sequence[LoggedEvent], seat: str
) -> Move | None:
    """The robot's next command in an Eleusis Express round, or None if it has none now."""
    if state.is_over or seat not in state.seats:
        return None
    view = express_view(state, events, seat)
    pending = state.pending
    if state.phase == "judging_play" and pending is not None and pending.card is not None:
        if pending.seat == seat or state.answered(seat):
            return None
        return Predict(robot.predict(view, (pending.card,)))
    if state.phase == "guess_window" and state.guesser == seat:
        text = robot.guess(view)
        return PassGuess() if text is None else Guess(text)
    if state.phase in ("playing", "guess_window") and state.turn == seat:
        cards = robot.choose_play(view)
        return NoPlay() if cards is None else Play(cards[:1])
    return None


def new_eleusis_view(
    state: new_eleusis.RoundState, events: Sequence[LoggedEvent], seat: str
) -> SeatView:
    """What `seat` sees of a New Eleusis round (the prophet sees the hand it set aside)."""
    return SeatView(
        seat,
        hand=state.hand(seat) if seat in state.seats else (),
        mainline=state.layout.mainline,
        trials=trials(events),
        longest=MAX_STRING,
    )


def new_eleusis_move(
    robot: Robot, state: new_eleusis.RoundState, events: Sequence[LoggedEvent], seat: str
) -> Move | None:
    """The robot's next command in a New Eleusis round, or None if it has none now."""
    if state.is_over or seat not in state.seats:
        return None
    view = new_eleusis_view(state, events, seat)
    pending = state.pending
    if state.prophet == seat and pending is not None:
        shown = state.hand(pending.seat)
        if state.phase == "calling":
            if pending.cards:
                return Call(robot.call(view, pending.cards))
            return Call(robot.call_no_play(view, shown))
        if state.phase == "pointing":
            return Point(robot.point(view, shown))
        return None
    if state.phase != "playing":
        return None
    if (
        state.may_declare == seat
        and passes(lambda: verify_declare(state, seat))
        and robot.declares_prophet(view)
    ):
        return DeclareProphet()
    if state.turn == seat:
        cards = robot.choose_play(view)
        return NoPlay() if cards is None else Play(cards)
    return None
