"""Property tests: random legal rounds replay to the same state and never lose a card."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial

from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.core.cards import DECK, Card
from classroom.core.games.express import (
    GameError,
    Guess,
    Judged,
    Options,
    Played,
    Round,
    RoundState,
    StockOut,
    event_from_dict,
    owing,
    replay,
)
from tests.unit.test_game_support import Alternate

SEATS = ("Ana", "Ben", "Chen", "Dia", "Eli", "Fay", "Gus", "Hal")
Command = Callable[[Round], object]


def distinct(hand: tuple[Card, ...]) -> list[Card]:
    """The different cards of a hand, in a fixed order (sets of cards vary run to run)."""
    return list(dict.fromkeys(hand))


def turn_moves(state: RoundState, n: int) -> list[Command]:
    """Legal moves when someone is to play (and maybe someone may guess)."""
    if n % 211 == 97:
        return [lambda g: g.end_round("stopped")]
    if n % 23 == 11:
        return [lambda g: g.hint("look at the colors")]
    seat = state.turn or ""
    if n % 29 == 13:
        return [lambda g: g.skip_turn(seat)]
    if n % 67 == 31:
        leaving = state.seats[n % len(state.seats)]
        return [lambda g: g.remove_player(leaving)]
    hand = distinct(state.hand(seat))
    moves: list[Command] = [partial(Round.play, seat=seat, card=c) for c in hand]
    moves.append(lambda g: g.no_play(seat))
    if state.phase == "guess_window":
        guesser = state.guesser or ""
        moves += [lambda g: g.guess(guesser, "alternate colors"), lambda g: g.pass_guess(guesser)]
    return moves


def legal_moves(state: RoundState, n: int) -> list[Command]:
    """Every kind of legal command in this state, verdicts chosen at random by `n`."""
    if state.phase == "judging_play":
        verdicts: list[Command] = [lambda g: g.judge_play(True), lambda g: g.judge_play(False)]
        forecasters = [s for s in state.seats if s != owing(state) and not state.predicted(s)]
        if forecasters and n % 4:
            seat = forecasters[n % len(forecasters)]
            return [partial(Round.predict, seat=seat, accepted=n % 3 == 0)]
        return verdicts
    if state.phase == "judging_guess":
        return [lambda g: g.judge_guess(n % 9 == 4)]
    if state.phase == "judging_no_play" and state.pending is not None:
        hand = state.hand(state.pending.seat)
        wrong = [partial(Round.judge_no_play, right=False, card=c) for c in distinct(hand)]
        return [lambda g: g.judge_no_play(True), *wrong]
    return turn_moves(state, n)


def card_count(state: RoundState) -> int:
    """Every card of the round, wherever it lies."""
    pending = state.pending is not None and state.pending.card is not None
    return (
        sum(len(hand) for hand in state.hands)
        + len(state.stock)
        + len(state.layout.mainline)
        + state.layout.sideline_count
        + state.discards
        + int(pending)
    )


def check_invariants(game: Round) -> None:
    """What holds after every command."""
    state = game.state
    assert card_count(state) == 52 * state.decks
    assert state.seq == len(game.events) == game.events[-1].seq
    assert (state.pending is not None) == (state.phase in ("judging_play", "judging_no_play"))
    assert (state.guesser is not None) == (state.phase in ("guess_window", "judging_guess"))
    assert (state.turn is None) == state.is_over
    if state.phase in ("playing", "guess_window", "judging_no_play"):
        assert all(state.hands)
    if state.decks > 2:
        assert state.options.stock_out == "add_deck"
    if state.options.stock_out == "end" and not state.stock:
        assert state.is_over
    waiting = state.pending.since if state.pending is not None else None
    if not state.is_over:
        assert all((p.right is None) == (p.play == waiting) for p in state.predictions)


def check_end(state: RoundState) -> None:
    """What the end of a round says about its state."""
    if state.end_reason == "emptied":
        assert state.winner is not None and state.hand(state.winner) == ()
    if state.end_reason == "guessed":
        assert state.guesses[-1] == Guess(state.winner or "", "alternate colors", True)
    if state.end_reason == "stock_out":
        assert state.options.stock_out == "end"


# Crowded tables (8 players, 11-12 cards) leave a stock of 7-15 cards, so it often runs out.
tables = st.one_of(
    st.tuples(st.integers(3, 8), st.integers(1, 12)),
    st.tuples(st.just(8), st.integers(11, 12)),
)


@dataclass(frozen=True)
class Setup:
    """How a random round starts."""

    players: int
    seed: int
    options: Options


def make_setup(table: tuple[int, int], seed: int, penalty: bool, stock_out: StockOut) -> Setup:
    """A Setup from drawn parts."""
    players, hand_size = table
    options = Options(wrong_guess_penalty=penalty, stock_out=stock_out, hand_size=hand_size)
    return Setup(players, seed, options)


rounds = st.builds(
    make_setup,
    tables,
    st.integers(0, 2**32 - 1),
    st.booleans(),
    st.sampled_from(["add_deck", "end"]),
)
# Two bytes per command: one draw of bytes is much faster for Hypothesis than a list of ints.
choices = st.binary(min_size=120, max_size=320).map(
    lambda raw: [int.from_bytes(raw[i : i + 2], "big") for i in range(0, len(raw) - 1, 2)]
)


def play_out(setup: Setup, picks: list[int]) -> Round:
    """A round driven by `picks`: bit 0 picks automatic or human judging, the rest a move."""
    game = Round.deal(SEATS[: setup.players], random.Random(setup.seed), options=setup.options)
    for pick in picks:
        if game.state.is_over:
            break
        game.judge = Alternate() if pick & 1 else None
        moves = legal_moves(game.state, pick >> 1)
        before = game.state
        moves[(pick >> 1) % len(moves)](game)
        check_invariants(game)
        check_penalties(before, game)
    return game


def check_penalties(before: RoundState, game: Round) -> None:
    """A wrong play leaves the hand as big as it was before the card was played."""
    new = game.events[before.seq :]
    for event in new:
        if isinstance(event, Judged) and not event.correct:
            played = 0 if any(isinstance(e, Played) for e in new) else 1
            size_before_play = len(before.hand(event.seat)) + played
            assert len(game.state.hand(event.seat)) == size_before_play


@settings(max_examples=100, deadline=None)
@given(rounds, choices)
def test_replaying_a_random_round_gives_its_state(setup: Setup, picks: list[int]) -> None:
    game = play_out(setup, picks)
    assert replay(game.events) == game.state
    assert [e.seq for e in game.events] == list(range(1, len(game.events) + 1))
    check_end(game.state)


@settings(max_examples=30, deadline=None)
@given(rounds, choices)
def test_events_read_back_from_json_replay_to_the_same_state(
    setup: Setup, picks: list[int]
) -> None:
    game = play_out(setup, picks)
    stored = json.loads(json.dumps([e.to_dict() for e in game.events]))
    assert replay(event_from_dict(d) for d in stored) == game.state


ANY_COMMAND: list[Callable[[Round, str, int], object]] = [
    lambda g, s, i: g.play(s, DECK[i]),
    lambda g, s, i: g.no_play(s),
    lambda g, s, i: g.guess(s, "red black" * (i % 2)),
    lambda g, s, i: g.pass_guess(s),
    lambda g, s, i: g.judge_play(i % 2 == 0),
    lambda g, s, i: g.judge_no_play(i % 2 == 0, DECK[i] if i % 3 else None),
    lambda g, s, i: g.judge_guess(i % 5 == 0),
    lambda g, s, i: g.hint("colors" * (i % 2)),
    lambda g, s, i: g.skip_turn(s),
    lambda g, s, i: g.remove_player(s),
]


@settings(max_examples=40, deadline=None)
@given(
    rounds,
    choices,
    st.lists(st.tuples(st.integers(0, 9), st.sampled_from((*SEATS, "Zed")), st.integers(0, 51))),
)
def test_a_refused_command_leaves_the_round_unchanged(
    setup: Setup, picks: list[int], attempts: list[tuple[int, str, int]]
) -> None:
    game = play_out(setup, picks)
    for which, seat, index in attempts:
        before = (game.state, game.events)
        try:
            ANY_COMMAND[which](game, seat, index)
        except GameError:
            assert (game.state, game.events) == before
        check_invariants(game)
    assert replay(game.events) == game.state
