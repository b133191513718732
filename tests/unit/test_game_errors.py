"""Every illegal command raises its own GameError with a readable reason and changes nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from classroom.core.games.express import (
    CardNotInHand,
    EmptyText,
    GameError,
    GuessNotAllowed,
    NothingToJudge,
    NotYourTurn,
    Round,
    RoundOver,
    UnknownSeat,
    VerdictPending,
)
from tests.unit.test_game_support import cards, snapshot, table

KH, TWO_H, SEVEN_S = cards("KH 2H 7S")


def fresh() -> Round:
    return table()


def judging_play() -> Round:
    game = table()
    game.play("Ana", TWO_H)
    return game


def judging_no_play() -> Round:
    game = table()
    game.no_play("Ana")
    return game


def guess_window() -> Round:
    game = judging_play()
    game.judge_play(True)
    return game


def over() -> Round:
    game = table()
    game.end_round("time is up")
    return game


CASES: list[tuple[str, Callable[[], Round], Callable[[Round], object], type[GameError], str]] = [
    (
        "play out of turn",
        fresh,
        lambda g: g.play("Ben", SEVEN_S),
        NotYourTurn,
        "It is Ana's turn, not yours.",
    ),
    (
        "play a card not held",
        fresh,
        lambda g: g.play("Ana", KH),
        CardNotInHand,
        "You do not hold K♥.",
    ),
    (
        "play from an unknown seat",
        fresh,
        lambda g: g.play("Zed", KH),
        UnknownSeat,
        "has no seat at this table",
    ),
    ("no-play out of turn", fresh, lambda g: g.no_play("Chen"), NotYourTurn, "Ana's turn"),
    (
        "play while a play is judged",
        judging_play,
        lambda g: g.play("Ben", SEVEN_S),
        VerdictPending,
        "verdict on Ana's play",
    ),
    (
        "play while a no-play is judged",
        judging_no_play,
        lambda g: g.play("Ben", SEVEN_S),
        VerdictPending,
        "verdict on Ana's no-play",
    ),
    ("no-play while judged", judging_play, lambda g: g.no_play("Ana"), VerdictPending, "play"),
    (
        "guess while a play is judged",
        judging_play,
        lambda g: g.guess("Ana", "x"),
        VerdictPending,
        "Ana's play",
    ),
    (
        "guess before any play",
        fresh,
        lambda g: g.guess("Ana", "x"),
        GuessNotAllowed,
        "right after your own correct play",
    ),
    (
        "guess by another player",
        guess_window,
        lambda g: g.guess("Ben", "x"),
        GuessNotAllowed,
        "Only Ana may guess",
    ),
    ("empty guess", guess_window, lambda g: g.guess("Ana", "  "), EmptyText, "Write the rule"),
    (
        "pass by another player",
        guess_window,
        lambda g: g.pass_guess("Chen"),
        GuessNotAllowed,
        "Only Ana",
    ),
    (
        "out-of-turn play in the window",
        guess_window,
        lambda g: g.play("Chen", SEVEN_S),
        NotYourTurn,
        "It is Ben's turn",
    ),
    (
        "judge a play nobody made",
        fresh,
        lambda g: g.judge_play(True),
        NothingToJudge,
        "No play is waiting",
    ),
    (
        "judge a play during a no-play",
        judging_no_play,
        lambda g: g.judge_play(True),
        NothingToJudge,
        "No play",
    ),
    (
        "judge a no-play nobody declared",
        judging_play,
        lambda g: g.judge_no_play(True),
        NothingToJudge,
        "No no-play",
    ),
    (
        "judge a guess nobody made",
        guess_window,
        lambda g: g.judge_guess(True),
        NothingToJudge,
        "No guess",
    ),
    ("empty hint", fresh, lambda g: g.hint(" "), EmptyText, "Write the hint"),
    ("play after the end", over, lambda g: g.play("Ana", TWO_H), RoundOver, "round is over"),
    ("hint after the end", over, lambda g: g.hint("colors"), RoundOver, "round is over"),
    ("verdict after the end", over, lambda g: g.judge_play(True), RoundOver, "round is over"),
    ("end twice", over, lambda g: g.end_round(), RoundOver, "round is over"),
]


@pytest.mark.parametrize(
    ("setup", "command", "error", "message"),
    [case[1:] for case in CASES],
    ids=[case[0] for case in CASES],
)
def test_illegal_command_raises_its_error_and_changes_nothing(
    setup: Callable[[], Round],
    command: Callable[[Round], object],
    error: type[GameError],
    message: str,
) -> None:
    game = setup()
    before = snapshot(game)
    with pytest.raises(error, match=message):
        command(game)
    assert snapshot(game) == before


@pytest.mark.parametrize("error", [c[3] for c in CASES])
def test_game_errors_are_value_errors(error: type[GameError]) -> None:
    assert issubclass(error, GameError)
    assert issubclass(error, ValueError)


def test_can_play_says_what_verify_play_would_raise() -> None:
    game = table()
    assert game.allows("play", "Ana", TWO_H)
    assert not game.allows("play", "Ana", KH)
    assert not game.allows("play", "Ben", SEVEN_S)


@pytest.mark.parametrize(
    ("setup", "can"),
    [
        (fresh, lambda g: g.allows("no_play", "Ana")),
        (judging_play, lambda g: g.allows("judge_play")),
        (judging_no_play, lambda g: g.allows("judge_no_play", True)),
        (guess_window, lambda g: g.allows("pass_guess", "Ana")),
        (guess_window, lambda g: g.allows("hint", "red")),
        (judging_play, lambda g: g.allows("end_round")),
    ],
)
def test_can_is_true_when_the_command_is_legal(
    setup: Callable[[], Round], can: Callable[[Round], bool]
) -> None:
    assert can(setup())


def test_nothing_is_legal_after_the_end_of_the_round() -> None:
    game = over()
    checks = [
        game.allows("play", "Ana", TWO_H),
        game.allows("no_play", "Ana"),
        game.allows("guess", "Ana", "?"),
        game.allows("pass_guess", "Ana"),
        game.allows("judge_play"),
        game.allows("judge_no_play", True),
        game.allows("judge_guess"),
        game.allows("hint", "red"),
        game.allows("end_round"),
    ]
    assert checks == [False] * 9
