"""Markers on every 10th card, sudden death after 30 cards (20 after the prophet's marker, or 40 /
40 by house option), expulsion, the count restarted by an overthrow, and the round's end when
nobody but the prophet is left playing."""

from __future__ import annotations

import pytest

from classroom.core.games.new_eleusis import LONG_SUDDEN_DEATH, NotPlaying, ProphetNotAllowed, Round
from tests.unit.test_new_eleusis_support import Anything, Nothing, long_table, play_right


def wrong_play(game: Round, size: int = 1, *, call: bool = False) -> str:
    """The player whose turn it is plays `size` cards that the dealer rejects (the prophet, if
    any, calls them `call`); returns who played."""
    seat = game.state.turn or ""
    judge, game.judge = game.judge, Nothing()
    game.play(seat, game.state.hand(seat)[:size])
    if game.state.phase == "calling":
        game.call(game.state.prophet or "", call)
    game.judge = judge
    return seat


def prophet_at(game: Round, count: int) -> str:
    """Play right up to card `count` and make its player prophet; returns who."""
    play_right(game, count - 1)
    seat = game.state.turn or ""
    play_right(game, 1)
    game.declare(seat)
    return seat


def test_a_marker_goes_on_every_10th_card_mainline_and_sideline_alike() -> None:
    game = long_table()
    play_right(game, 8)
    wrong_play(game, 4)
    assert game.state.markers == (10,)
    # The 10th card played is the second card of the wrong string, in the sideline.
    assert game.state.played_in_order()[9][1] is False
    play_right(game, 11)
    assert game.state.markers == (10, 20)


def test_before_30_cards_a_wrong_play_costs_penalty_cards_only() -> None:
    game = long_table()
    play_right(game, 28)
    seat = wrong_play(game, 4)
    assert game.state.cards_played == 32
    # Dia's second string: 26 cards, 4 played right before, 4 played now, 2 x 4 drawn.
    assert seat == "Dia" and game.state.expelled == ()
    assert len(game.state.hand(seat)) == 26 - 4 - 4 + 8


def test_after_30_cards_a_wrong_play_expels_the_player_who_keeps_the_hand() -> None:
    game = long_table()
    play_right(game, 30)
    assert game.state.sudden_death
    before = len(game.state.hand(game.state.turn or ""))
    seat = wrong_play(game, 2)
    assert game.state.expelled == (seat,) and not game.state.is_playing(seat)
    assert len(game.state.hand(seat)) == before - 2 + 4
    with pytest.raises(NotPlaying, match="expelled"):
        game.check("no_play", seat)
    assert game.state.turn != seat


def test_after_30_cards_a_wrong_no_play_expels_the_player() -> None:
    game = long_table(judge=Anything())
    play_right(game, 30)
    seat = game.state.turn or ""
    assert [e.kind for e in game.no_play(seat)] == ["no_play", "no_play_judged", "expelled"]


def test_with_a_prophet_sudden_death_comes_20_cards_after_the_marker() -> None:
    game = long_table()
    prophet_at(game, 15)
    play_right(game, 19)
    assert game.state.cards_played == 34 and not game.state.sudden_death
    play_right(game, 1)
    assert game.state.sudden_death_count == 20 and game.state.sudden_death
    seat = wrong_play(game, call=False)
    assert game.state.expelled == (seat,)


def test_house_option_40_cards_with_or_without_a_prophet() -> None:
    game = long_table(options=LONG_SUDDEN_DEATH)
    play_right(game, 39)
    assert not game.state.sudden_death
    play_right(game, 1)
    assert game.state.sudden_death


def test_a_player_whose_wrong_play_overthrows_the_prophet_is_neither_punished_nor_expelled() -> (
    None
):
    game = long_table()
    prophet = prophet_at(game, 10)
    play_right(game, 20)
    seat = wrong_play(game, 3, call=True)
    assert game.state.prophet is None and game.state.former_prophets == (prophet,)
    assert game.state.expelled == ()
    assert game.state.is_playing(seat) and game.state.is_playing(prophet)


def test_an_overthrow_restarts_the_count_without_a_prophet() -> None:
    game = long_table()
    prophet_at(game, 15)
    play_right(game, 10)
    wrong_play(game, call=True)
    assert game.state.count_from == 26 and game.state.sudden_death_count == 0
    play_right(game, 29)
    assert not game.state.sudden_death
    play_right(game, 1)
    assert game.state.sudden_death


def test_a_prophet_needs_two_other_players_still_playing() -> None:
    game = long_table()
    play_right(game, 30)
    wrong_play(game)
    wrong_play(game)
    seat = game.state.turn or ""
    play_right(game, 1)
    with pytest.raises(ProphetNotAllowed, match="two other players"):
        game.declare(seat)


def test_the_round_ends_when_everyone_but_the_prophet_is_expelled() -> None:
    game = long_table()
    prophet = prophet_at(game, 1)
    play_right(game, 20)
    expelled = [wrong_play(game) for _player in range(3)]
    assert prophet not in expelled and len(set(expelled)) == 3
    assert game.state.is_over and game.state.end_reason == "expelled"
    assert game.state.winner is None


def test_the_round_ends_when_nobody_is_left_playing() -> None:
    game = long_table()
    play_right(game, 30)
    for _player in range(4):
        wrong_play(game)
    assert game.state.is_over and game.state.end_reason == "expelled"
