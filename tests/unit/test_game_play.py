"""Turns: one card, the verdict, the penalty card, turn order and the end by an empty hand."""

from __future__ import annotations

import pytest

from classroom.core.games.express import Judged, Pending, Played, RoundEnded
from tests.unit.test_game_support import cards, table

C = cards


def test_correct_play_goes_to_the_end_of_the_mainline() -> None:
    game = table()
    game.play("Ana", C("2H")[0])
    game.judge_play(True)
    assert game.state.layout.mainline == C("5C 2H")
    assert game.state.hand("Ana") == C("3S 4H")


def test_wrong_play_goes_to_the_sideline_of_the_last_mainline_card() -> None:
    game = table()
    game.play("Ana", C("3S")[0])
    game.judge_play(False)
    assert game.state.layout.mainline == C("5C")
    assert game.state.layout.sidelines == (C("3S"),)


def test_wrong_play_draws_one_penalty_card_from_the_top_of_the_stock() -> None:
    game = table(stock="KS KH QC")
    game.play("Ana", C("3S")[0])
    game.judge_play(False)
    assert game.state.hand("Ana") == C("2H 4H QC")
    assert game.state.stock == C("KS KH")


def test_automatic_judge_gives_played_and_judged_at_once() -> None:
    game = table(automatic=True)
    events = game.play("Ana", C("2H")[0])
    assert events == (
        Played(seq=2, seat="Ana", card=C("2H")[0]),
        Judged(seq=3, seat="Ana", card=C("2H")[0], correct=True),
    )


def test_automatic_judge_rejects_by_the_rule() -> None:
    game = table(automatic=True)
    game.play("Ana", C("3S")[0])
    assert game.state.layout.sidelines == (C("3S"),)
    assert len(game.state.hand("Ana")) == 3


def test_a_person_judges_after_the_play_is_logged() -> None:
    game = table()
    assert [e.kind for e in game.play("Ana", C("2H")[0])] == ["played"]
    assert game.state.phase == "judging_play"
    assert game.state.pending == Pending("Ana", C("2H")[0])
    assert game.state.turn == "Ana"


def test_the_played_card_leaves_the_hand_while_the_verdict_waits() -> None:
    game = table()
    game.play("Ana", C("2H")[0])
    assert game.state.hand("Ana") == C("3S 4H")


@pytest.mark.parametrize("correct", [True, False])
def test_after_a_verdict_the_next_seat_plays(correct: bool) -> None:
    game = table()
    game.play("Ana", C("2H")[0])
    game.judge_play(correct)
    assert game.state.turn == "Ben"


def test_turns_go_round_in_seat_order_and_wrap() -> None:
    game = table(automatic=True)
    turns = []
    for seat in ("Ana", "Ben", "Chen", "Ana"):
        turns.append(game.state.turn)
        game.play(seat, game.state.hand(seat)[0])
    assert turns == ["Ana", "Ben", "Chen", "Ana"]


def test_correct_play_of_the_last_card_empties_the_hand_and_ends_the_round() -> None:
    game = table(ana="2H")
    events = game.play("Ana", C("2H")[0]) + game.judge_play(True)
    assert events[-1] == RoundEnded(seq=4, reason="emptied", winner="Ana")
    assert (game.state.phase, game.state.winner, game.state.turn) == ("over", "Ana", None)


def test_wrong_play_of_the_last_card_draws_and_the_round_goes_on() -> None:
    game = table(ana="3S", stock="KS KH")
    game.play("Ana", C("3S")[0])
    game.judge_play(False)
    assert game.state.hand("Ana") == C("KH")
    assert game.state.phase == "playing"


def test_the_same_card_from_two_decks_can_be_held_twice() -> None:
    game = table(ana="2H 2H 3S")
    game.play("Ana", C("2H")[0])
    assert game.state.hand("Ana") == C("2H 3S")
