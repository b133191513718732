"""Every illegal New Eleusis command raises its own error with a readable reason and changes
nothing."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from classroom.core.games.errors import GameError
from classroom.core.games.new_eleusis import (
    BadString,
    BadVerdict,
    CardNotInHand,
    EmptyText,
    NewEleusisError,
    NothingToJudge,
    NotPlaying,
    NotProphet,
    NotYourTurn,
    ProphetNotAllowed,
    Round,
    RoundOver,
    UnknownSeat,
    VerdictPending,
)
from tests.unit.test_new_eleusis_support import cards, snapshot, table

TWO_H, THREE_S, SIX_D, SEVEN_S, KH = cards("2H 3S 6D 7S KH")


def fresh() -> Round:
    return table()


def judging() -> Round:
    game = table()
    game.play("Ana", [TWO_H])
    return game


def prophet() -> Round:
    game = judging()
    game.judge_play(True)
    game.declare("Ana")
    return game


def calling() -> Round:
    game = prophet()
    game.play("Ben", [SIX_D])
    return game


def no_play_called(call: bool) -> Callable[[], Round]:
    def build() -> Round:
        game = prophet()
        game.no_play("Ben")
        game.call("Ana", call)
        return game

    return build


def pointing() -> Round:
    game = no_play_called(False)()
    game.judge_no_play(False)
    return game


def pointed() -> Round:
    game = pointing()
    game.point("Ana", SIX_D)
    return game


def over() -> Round:
    game = table()
    game.end_round("bell")
    return game


Case = tuple[Callable[[], Round], Callable[[Round], object], type[NewEleusisError], str]
CASES: dict[str, Case] = {
    "play out of turn": (fresh, lambda g: g.play("Ben", [SEVEN_S]), NotYourTurn, "Ana's turn"),
    "unknown seat": (fresh, lambda g: g.no_play("Zed"), UnknownSeat, "no seat"),
    "card not held": (fresh, lambda g: g.play("Ana", [KH]), CardNotInHand, "do not hold K♥"),
    "a card twice": (fresh, lambda g: g.play("Ana", [TWO_H, TWO_H]), CardNotInHand, "only once"),
    "empty string": (fresh, lambda g: g.play("Ana", []), BadString, "1 to 4 cards"),
    "five cards": (fresh, lambda g: g.play("Ana", cards("2H 3S 4H 5S 6H")), BadString, "1 to 4"),
    "play while judged": (judging, lambda g: g.no_play("Ben"), VerdictPending, "verdict"),
    "verdict on nothing": (fresh, lambda g: g.judge_play(True), NothingToJudge, "No play"),
    "no-play verdict on a play": (
        judging,
        lambda g: g.judge_no_play(True),
        NothingToJudge,
        "No no-play",
    ),
    "declare unearned": (fresh, lambda g: g.declare("Ana"), ProphetNotAllowed, "correct play"),
    "prophet plays": (prophet, lambda g: g.play("Ana", [THREE_S]), NotPlaying, "prophet"),
    "call by a player": (calling, lambda g: g.call("Ben", True), NotProphet, "Only the prophet"),
    "call with nothing": (prophet, lambda g: g.call("Ana", True), NothingToJudge, "call"),
    "judge before call": (calling, lambda g: g.judge_play(True), VerdictPending, "calls first"),
    "play during call": (calling, lambda g: g.play("Chen", cards("9H")), VerdictPending, "call"),
    "card for a right no-play": (
        no_play_called(True),
        lambda g: g.judge_no_play(True, SEVEN_S),
        BadVerdict,
        "was right",
    ),
    "wrong no-play without a card": (
        no_play_called(True),
        lambda g: g.judge_no_play(False),
        BadVerdict,
        "Name the correct card",
    ),
    "dealer chooses for the prophet": (
        no_play_called(False),
        lambda g: g.judge_no_play(False, SEVEN_S),
        BadVerdict,
        "let them choose",
    ),
    "point with nothing owed": (prophet, lambda g: g.point("Ana", SIX_D), NothingToJudge, "choose"),
    "point a card not held": (
        pointing,
        lambda g: g.point("Ana", KH),
        CardNotInHand,
        "Ben does not hold K♥",
    ),
    "same card instead": (
        pointed,
        lambda g: g.judge_point(False, SIX_D),
        BadVerdict,
        "other than",
    ),
    "card with a right point": (
        pointed,
        lambda g: g.judge_point(True, SEVEN_S),
        BadVerdict,
        "right",
    ),
    "point verdict on nothing": (fresh, lambda g: g.judge_point(True), NothingToJudge, "prophet"),
    "empty hint": (fresh, lambda g: g.hint("  "), EmptyText, "Write the hint"),
    "play after the end": (over, lambda g: g.play("Ana", [TWO_H]), RoundOver, "over"),
    "end twice": (over, lambda g: g.end_round(), RoundOver, "over"),
}


@pytest.mark.parametrize("name", list(CASES))
def test_an_illegal_command_raises_its_error_and_changes_nothing(name: str) -> None:
    setup, command, error, message = CASES[name]
    game = setup()
    before = snapshot(game)
    with pytest.raises(error, match=message) as raised:
        command(game)
    assert isinstance(raised.value, GameError)
    assert snapshot(game) == before
