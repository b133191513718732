"""Property tests: random legal New Eleusis rounds replay to the same state, read back from JSON,
never lose a card, and a refused command changes nothing."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from dataclasses import dataclass

from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.core.cards import DECK, Card
from classroom.core.games.errors import GameError
from classroom.core.games.new_eleusis import (
    LONG_SUDDEN_DEATH,
    OWED,
    Options,
    Round,
    RoundState,
    event_from_dict,
    replay,
)
from tests.unit.test_new_eleusis_support import Alternate

SEATS = ("Ana", "Ben", "Chen", "Dia", "Eli", "Fay", "Gus", "Hal")
Command = Callable[[Round], object]


def turn_moves(game: Round, n: int) -> list[Command]:
    """Legal moves when someone is to play: strings, a no-play, and now and then the rest."""
    state = game.state
    if n % 307 == 101:
        return [lambda g: g.end_round("bell")]
    if n % 41 == 17:
        return [lambda g: g.hint("look at the colours")]
    seat = state.turn or ""
    hand = state.hand(seat)
    start = n % len(hand)
    strings = [hand[start : start + size] for size in range(1, 5) if start + size <= len(hand)]
    moves = [_play(seat, cards) for cards in strings]
    moves.append(lambda g: g.no_play(seat))
    declarer = state.may_declare
    if declarer is not None and game.allows("declare", declarer):
        moves += [lambda g: g.declare(declarer)] * 3
    return moves


def _play(seat: str, cards: tuple[Card, ...]) -> Command:
    return lambda g: g.play(seat, cards)


def legal_moves(game: Round, n: int) -> list[Command]:
    """Every kind of legal command in this state, choices made by `n`."""
    state = game.state
    pending = state.pending
    if pending is None:
        return turn_moves(game, n)
    prophet = state.prophet or ""
    # Now and then the prophet's tablet is away: the call or the point is waived.
    waive: list[Command] = [lambda g: g.waive_call("app" if n % 2 else "teacher")]
    if state.phase == "calling":
        calls: list[Command] = [lambda g: g.call(prophet, True), lambda g: g.call(prophet, False)]
        return calls + (waive if n % 5 == 0 else [])
    if state.phase == "judging_play":
        return [lambda g: g.judge_play(True), lambda g: g.judge_play(False)]
    # A no-play's hand is never empty: the card is one of it.
    hand = state.hand(pending.seat)
    card = hand[n % len(hand)]
    if state.phase == "pointing":
        return [lambda g: g.point(prophet, card)] + (waive if n % 3 == 0 else [])
    verdicts: list[tuple[bool, Card | None]] = [(True, None), (False, None), (False, card)]
    point = state.phase == "judging_point"
    command = "judge_point" if point else "judge_no_play"
    return [
        _verdict(point, right, chosen)
        for right, chosen in verdicts
        if game.allows(command, right, chosen)
    ]


def _verdict(point: bool, right: bool, card: Card | None) -> Command:
    if point:
        return lambda g: g.judge_point(right, card)
    return lambda g: g.judge_no_play(right, card)


def card_count(state: RoundState) -> int:
    """Every card of the round, wherever it lies (the prophet's set-aside hand among the hands)."""
    pending = len(state.pending.cards) if state.pending else 0
    on_table = len(state.layout.mainline) + state.layout.sideline_count
    return sum(map(len, state.hands)) + len(state.stock) + on_table + state.discards + pending


def check_invariants(game: Round) -> None:
    """What holds after every command."""
    state = game.state
    assert card_count(state) == 52 * state.decks
    assert state.seq == len(game.events) == game.events[-1].seq
    assert (state.pending is not None) == (state.phase in OWED)
    assert (state.turn is None) == state.is_over
    assert (state.prophet is None) == (state.prophet_marker is None)
    assert state.prophet is None or state.prophet in state.former_prophets
    assert state.markers == tuple(range(10, state.cards_played + 1, 10)) or state.is_over
    if not state.is_over:
        assert state.turn is not None and state.is_playing(state.turn)
        assert state.players()
        # A hand is empty only while its last cards wait for their verdict.
        waiting = state.pending.seat if state.pending and state.pending.cards else None
        assert all(
            hand or seat == waiting for seat, hand in zip(state.seats, state.hands, strict=True)
        )
    if state.end_reason == "emptied":
        assert state.winner is not None and state.hand(state.winner) == ()


@dataclass(frozen=True)
class Setup:
    """How a random round starts."""

    players: int
    seed: int
    options: Options


setups = st.builds(
    Setup,
    st.integers(4, 8),
    st.integers(0, 2**32 - 1),
    st.sampled_from([Options(), Options(first_player="left"), LONG_SUDDEN_DEATH]),
)
# Two bytes per command: one draw of bytes is much faster for Hypothesis than a list of ints.
choices = st.binary(min_size=200, max_size=400).map(
    lambda raw: [int.from_bytes(raw[i : i + 2], "big") for i in range(0, len(raw) - 1, 2)]
)


def play_out(setup: Setup, picks: list[int]) -> Round:
    """A round driven by `picks`: bit 0 picks the app or a person as dealer, the rest a move."""
    game = Round.deal(SEATS[: setup.players], random.Random(setup.seed), options=setup.options)
    for pick in picks:
        if game.state.is_over:
            break
        game.judge = Alternate() if pick & 1 else None
        moves = legal_moves(game, pick >> 1)
        moves[(pick >> 1) % len(moves)](game)
        check_invariants(game)
    return game


@settings(max_examples=40, deadline=None)
@given(setups, choices)
def test_replaying_a_random_round_gives_its_state(setup: Setup, picks: list[int]) -> None:
    game = play_out(setup, picks)
    assert replay(game.events) == game.state
    assert [e.seq for e in game.events] == list(range(1, len(game.events) + 1))


@settings(max_examples=15, deadline=None)
@given(setups, choices)
def test_events_read_back_from_json_replay_to_the_same_state(
    setup: Setup, picks: list[int]
) -> None:
    game = play_out(setup, picks)
    stored = json.loads(json.dumps([e.to_dict() for e in game.events]))
    assert replay(event_from_dict(d) for d in stored) == game.state


ANY_COMMAND: list[Callable[[Round, str, int], object]] = [
    lambda g, s, i: g.play(s, DECK[i : i + 1 + i % 4]),
    lambda g, s, i: g.no_play(s),
    lambda g, s, i: g.declare(s),
    lambda g, s, i: g.call(s, i % 2 == 0),
    lambda g, s, i: g.point(s, DECK[i]),
    lambda g, s, i: g.judge_play(i % 2 == 0),
    lambda g, s, i: g.judge_no_play(i % 2 == 0, DECK[i] if i % 3 else None),
    lambda g, s, i: g.judge_point(i % 2 == 0, DECK[i] if i % 3 else None),
    lambda g, s, i: g.hint("colours" * (i % 2)),
    lambda g, s, i: g.waive_call("app" if i % 2 else "teacher"),
]


@settings(max_examples=25, deadline=None)
@given(
    setups,
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
