"""Whole rounds played by robots with the app as dealer: for the practice table, the debrief's
ideal-scientist curve, the tests and the bench.

The app judges plays with the secret rule and guesses with the checker (`same` is right), at
once; a round that drags on past `max_moves` commands is ended by the teacher's command, so a
simulation always ends.

>>> import random
>>> from classroom.core.rules import compile_rule
>>> from classroom.core.robots.players import IdealScientist
>>> robots = {seat: IdealScientist(seed=1) for seat in ("Ana", "Ben", "Chen")}
>>> played = play_express(robots, compile_rule("card.color == red"), random.Random(3))
>>> played.state.is_over, played.state.end_reason, played.found_at is not None
(True, 'guessed', True)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Generic, TypeVar

from classroom.core.eventlog import LoggedEvent
from classroom.core.games import express, new_eleusis
from classroom.core.hypotheses import check_equivalence
from classroom.core.robots.evidence import trials
from classroom.core.robots.players import Robot
from classroom.core.robots.seats import (
    Call,
    DeclareProphet,
    Guess,
    Move,
    NoPlay,
    PassGuess,
    Play,
    Point,
    Predict,
    express_move,
    new_eleusis_move,
)
from classroom.core.rules import Rule

__all__ = ["MAX_MOVES", "PlayedRound", "play_express", "play_new_eleusis", "same_rule"]

#: Commands after which a simulated round is ended, whatever happens.
MAX_MOVES = 600

S = TypeVar("S", express.RoundState, new_eleusis.RoundState)


@dataclass(frozen=True, slots=True)
class PlayedRound(Generic[S]):
    """A finished round: its log, its last state, and when the rule was first named."""

    events: tuple[LoggedEvent, ...]
    state: S
    #: Judged plays on the table when a guess was judged right (Express), or when the prophet
    #: still in office at the end took office (New Eleusis); None if nobody got there.
    found_at: int | None

    @property
    def plays(self) -> int:
        """How many plays were judged in the round."""
        return len(trials(self.events))


def same_rule(rule: Rule) -> Callable[[str], bool]:
    """The app's verdict on a guess: the checker finds it the same rule as `rule`."""
    return lambda text: check_equivalence(text, rule).verdict == "same"


def play_express(
    robots: Mapping[str, Robot],
    rule: Rule,
    rng: random.Random,
    *,
    dealt: express.Dealt | None = None,
    max_moves: int = MAX_MOVES,
    right_guess: Callable[[str], bool] | None = None,
) -> PlayedRound[express.RoundState]:
    """An Eleusis Express round among `robots` (seat order as given), to the end.

    `dealt`: replay this deal instead of shuffling (the seats must match).
    """
    judge_guess = right_guess or same_rule(rule)
    seats = list(robots)
    if dealt is None:
        game = express.Round.deal(seats, rng, judge=rule)
    else:
        game = express.Round([dealt], judge=rule, rng=rng)
    found_at: int | None = None
    for _move in range(max_moves):
        state = game.state
        if state.is_over:
            break
        seat, move = _next(robots, _express_order(state), state, game.events, express_move)
        if move is None:
            game.end_round("no robot can move")
            break
        if isinstance(move, Guess):
            game.guess(seat, move.text)
            if judge_guess(move.text):
                found_at = len(trials(game.events))
            game.judge_guess(found_at is not None)
        else:
            _give_express(game, seat, move)
    if not game.state.is_over:
        game.end_round("too long")
    return PlayedRound(game.events, game.state, found_at)


def _express_order(state: express.RoundState) -> list[str]:
    first = [state.guesser] if state.phase == "guess_window" and state.guesser else []
    return [*first, *([state.turn] if state.turn else [])]


def _give_express(game: express.Round, seat: str, move: Move) -> None:
    match move:
        case Play(cards):
            game.play(seat, cards[0])
        case NoPlay():
            game.no_play(seat)
        case PassGuess():
            game.pass_guess(seat)
        case Predict(accepted):
            game.predict(seat, accepted)
        case _:
            raise AssertionError(f"{move!r} is no Eleusis Express command")


def play_new_eleusis(
    robots: Mapping[str, Robot],
    rule: Rule,
    rng: random.Random,
    *,
    dealt: new_eleusis.Dealt | None = None,
    max_moves: int = MAX_MOVES,
) -> PlayedRound[new_eleusis.RoundState]:
    """A New Eleusis round among `robots` (4 to 8 seats), to the end."""
    seats = list(robots)
    if dealt is None:
        game = new_eleusis.Round.deal(seats, rng, judge=rule)
    else:
        game = new_eleusis.Round([dealt], judge=rule, rng=rng)
    declared: dict[str, int] = {}
    for _move in range(max_moves):
        state = game.state
        if state.is_over:
            break
        order = [s for s in (state.prophet, state.may_declare, state.turn) if s]
        seat, move = _next(robots, order, state, game.events, new_eleusis_move)
        if move is None:
            game.end_round("no robot can move")
            break
        if isinstance(move, DeclareProphet):
            declared[seat] = len(trials(game.events))
        _give_new_eleusis(game, seat, move)
    if not game.state.is_over:
        game.end_round("too long")
    prophet = game.state.prophet
    return PlayedRound(game.events, game.state, declared.get(prophet) if prophet else None)


def _give_new_eleusis(game: new_eleusis.Round, seat: str, move: Move) -> None:
    match move:
        case Play(cards):
            game.play(seat, cards)
        case NoPlay():
            game.no_play(seat)
        case DeclareProphet():
            game.declare(seat)
        case Call(right):
            game.call(seat, right)
        case Point(card):
            game.point(seat, card)
        case _:
            raise AssertionError(f"{move!r} is no New Eleusis command")


def _next(
    robots: Mapping[str, Robot],
    order: Sequence[str],
    state: S,
    events: Sequence[LoggedEvent],
    ask: Callable[[Robot, S, Sequence[LoggedEvent], str], Move | None],
) -> tuple[str, Move | None]:
    """The first seat in `order` with a move, and the move."""
    for seat in order:
        if seat in robots:
            move = ask(robots[seat], state, events, seat)
            if move is not None:
                return seat, move
    return "", None
