"""Guessing: only right after one's own correct play, judged by a person, logged."""

from __future__ import annotations

import pytest

from classroom.core.games.express import Guess, GuessNotAllowed, Round, VerdictPending
from tests.unit.test_game_support import cards, snapshot, table

C = cards


def after_correct_play(*, wrong_guess_penalty: bool = False, stock: str = "KS QC") -> Round:
    """Ana has just played 2H correctly; Ben is next."""
    game = table(wrong_guess_penalty=wrong_guess_penalty, stock=stock)
    game.play("Ana", C("2H")[0])
    game.judge_play(True)
    return game


def test_a_correct_play_opens_the_guess_window_for_that_player() -> None:
    game = after_correct_play()
    assert (game.state.phase, game.state.guesser, game.state.turn) == ("guess_window", "Ana", "Ben")
    assert game.allows("guess", "Ana", "?")
    assert not game.allows("guess", "Ben", "?")


def test_a_wrong_play_opens_no_guess_window() -> None:
    game = table()
    game.play("Ana", C("3S")[0])
    game.judge_play(False)
    with pytest.raises(GuessNotAllowed, match="only right after your own correct play"):
        game.guess("Ana", "alternate colors")


def test_guess_only_after_own_correct_play() -> None:
    game = after_correct_play()
    before = snapshot(game)
    with pytest.raises(GuessNotAllowed, match="Only Ana may guess now"):
        game.guess("Ben", "red and black")
    assert snapshot(game) == before


def test_a_guess_waits_for_a_person_verdict() -> None:
    game = after_correct_play()
    assert [e.kind for e in game.guess("Ana", "  alternate colors ")] == ["guessed"]
    assert game.state.phase == "judging_guess"
    assert game.state.guesses == (Guess("Ana", "alternate colors"),)


def test_nobody_may_play_while_a_guess_waits_for_its_verdict() -> None:
    game = after_correct_play()
    game.guess("Ana", "alternate colors")
    before = snapshot(game)
    with pytest.raises(VerdictPending, match="verdict on Ana's guess"):
        game.play("Ben", C("7S")[0])
    assert snapshot(game) == before


def test_a_right_guess_ends_the_round_with_the_guesser_as_winner() -> None:
    game = after_correct_play()
    game.guess("Ana", "alternate colors")
    assert [e.kind for e in game.judge_guess(True)] == ["guess_judged", "round_ended"]
    assert (game.state.phase, game.state.end_reason, game.state.winner) == (
        "over",
        "guessed",
        "Ana",
    )
    assert game.state.guesses == (Guess("Ana", "alternate colors", True),)


def test_a_wrong_guess_costs_nothing_by_default() -> None:
    game = after_correct_play()
    game.guess("Ana", "odd then even")
    game.judge_guess(False)
    assert game.state.hand("Ana") == C("3S 4H")
    assert (game.state.phase, game.state.turn) == ("playing", "Ben")
    assert game.state.guesses == (Guess("Ana", "odd then even", False),)


def test_wrong_guess_penalty_option_draws_one_card() -> None:
    game = after_correct_play(wrong_guess_penalty=True, stock="KS QC")
    game.guess("Ana", "odd then even")
    game.judge_guess(False)
    assert game.state.hand("Ana") == C("3S 4H QC")


def test_only_one_guess_per_correct_play() -> None:
    game = after_correct_play()
    game.guess("Ana", "odd then even")
    game.judge_guess(False)
    with pytest.raises(GuessNotAllowed):
        game.guess("Ana", "alternate colors")


@pytest.mark.parametrize("closing", ["play", "no_play", "pass_guess"])
def test_the_next_turn_or_a_pass_closes_the_guess_window(closing: str) -> None:
    game = after_correct_play()
    {
        "play": lambda: game.play("Ben", C("7S")[0]),
        "no_play": lambda: game.no_play("Ben"),
        "pass_guess": lambda: game.pass_guess("Ana"),
    }[closing]()
    assert game.state.guesser is None
    assert not game.allows("guess", "Ana", "?")


def test_passing_keeps_the_turn_with_the_next_seat() -> None:
    game = after_correct_play()
    assert [e.kind for e in game.pass_guess("Ana")] == ["guess_passed"]
    assert (game.state.phase, game.state.turn) == ("playing", "Ben")


def test_a_correct_play_before_the_guess_opens_a_new_window() -> None:
    game = after_correct_play()
    game.play("Ben", C("7S")[0])
    game.judge_play(True)
    assert game.state.guesser == "Ben"
