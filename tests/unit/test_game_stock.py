"""The stock running out: shuffle in another deck, or end the round there and then."""

from __future__ import annotations

import random

from classroom.core.cards import DECK
from classroom.core.games.express import DeckAdded, RoundEnded, replay
from tests.unit.test_game_support import cards, table

C = cards


def test_stock_out_end_ends_the_round_right_after_the_draw_that_empties_the_stock() -> None:
    game = table(stock="KS", stock_out="end")
    events = game.play("Ana", C("3S")[0]) + game.judge_play(False)
    assert [e.kind for e in events] == ["played", "judged", "round_ended"]
    assert events[-1] == RoundEnded(seq=4, reason="stock_out")
    assert game.state.hand("Ana") == C("2H 4H KS")
    assert game.state.layout.sidelines == (C("3S"),)
    assert (game.state.phase, game.state.winner, game.state.stock) == ("over", None, ())


def test_a_wrong_play_keeps_the_hand_size_while_the_stock_lasts() -> None:
    game = table(stock="KS KH", stock_out="end")
    game.play("Ana", C("3S")[0])
    game.judge_play(False)
    assert (len(game.state.hand("Ana")), game.state.phase) == (3, "playing")
    assert game.state.stock == C("KS")


def test_an_automatic_wrong_play_draws_the_last_card_then_the_round_ends() -> None:
    game = table(ana="2S 3S 4H", stock="KD", stock_out="end", automatic=True)
    events = game.play("Ana", C("2S")[0])
    assert [e.kind for e in events] == ["played", "judged", "round_ended"]
    assert game.state.hand("Ana") == C("3S 4H KD")
    assert game.state.end_reason == "stock_out"


def test_add_deck_shuffles_a_recorded_deck_under_the_stock() -> None:
    game = table(stock="", stock_out="add_deck")
    events = game.play("Ana", C("3S")[0]) + game.judge_play(False)
    assert [e.kind for e in events] == ["played", "deck_added", "judged"]
    added = events[1]
    assert isinstance(added, DeckAdded)
    assert sorted(c.index for c in added.cards) == sorted(c.index for c in DECK)
    assert game.state.hand("Ana") == (*C("2H 4H"), added.cards[-1])
    assert (len(game.state.stock), game.state.decks) == (51, 3)


def test_an_added_deck_is_drawn_only_after_the_old_stock() -> None:
    game = table(ana="3S 7C 9S", stock="KH", stock_out="add_deck")
    game.no_play("Ana")
    events = game.judge_no_play(True)
    added = events[0]
    assert isinstance(added, DeckAdded)
    assert game.state.hand("Ana") == (C("KH")[0], added.cards[-1])


def test_the_added_deck_is_shuffled_by_the_rounds_rng() -> None:
    first, second = table(stock=""), table(stock="")
    first.rng, second.rng = random.Random(5), random.Random(5)
    for game in (first, second):
        game.play("Ana", C("3S")[0])
        game.judge_play(False)
    assert first.events == second.events


def test_replaying_an_added_deck_needs_no_rng() -> None:
    game = table(stock="")
    game.play("Ana", C("3S")[0])
    game.judge_play(False)
    assert replay(game.events) == game.state


def test_stock_out_end_deals_what_is_left_for_a_new_hand_and_ends_the_round() -> None:
    game = table(ana="3S 7C 9S", stock="KH", stock_out="end")
    game.no_play("Ana")
    events = game.judge_no_play(True)
    assert [e.kind for e in events] == ["no_play_judged", "round_ended"]
    assert (game.state.hand("Ana"), game.state.discards) == (C("KH"), 3)
    assert (game.state.end_reason, game.state.stock) == ("stock_out", ())


def test_a_new_hand_that_empties_the_stock_exactly_ends_the_round() -> None:
    game = table(ana="3S 7C 9S", stock="KC KH", stock_out="end")
    game.no_play("Ana")
    game.judge_no_play(True)
    assert len(game.state.hand("Ana")) == 2
    assert game.state.end_reason == "stock_out"


def test_a_new_hand_the_stock_can_spare_goes_on() -> None:
    game = table(ana="3S 7C 9S", stock="QS KC KH", stock_out="end")
    game.no_play("Ana")
    game.judge_no_play(True)
    assert (game.state.hand("Ana"), game.state.phase) == (C("KH KC"), "playing")


def test_add_deck_shuffles_a_deck_in_before_a_new_hand_bigger_than_the_stock() -> None:
    game = table(ana="3S 7C 9S", stock="KH", stock_out="add_deck")
    game.no_play("Ana")
    events = game.judge_no_play(True)
    assert [e.kind for e in events] == ["deck_added", "no_play_judged"]
    assert (len(game.state.hand("Ana")), game.state.phase) == (2, "playing")


def test_wrong_guess_penalty_on_an_empty_stock_ends_the_round() -> None:
    game = table(stock="", stock_out="end", wrong_guess_penalty=True)
    game.play("Ana", C("2H")[0])
    game.judge_play(True)
    game.guess("Ana", "odd then even")
    assert [e.kind for e in game.judge_guess(False)] == ["guess_judged", "round_ended"]
    assert game.state.end_reason == "stock_out"
