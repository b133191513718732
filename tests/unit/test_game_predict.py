"""Everyone predicts: while a card waits for its verdict, the other players forecast it."""

from __future__ import annotations

from dataclasses import replace

import pytest

from classroom.core.games.express import (
    Predicted,
    Prediction,
    PredictionNotAllowed,
    RoundOver,
    UnknownSeat,
    event_from_dict,
    replay,
)
from tests.unit.test_game_support import cards, table

C = cards


def test_other_players_predict_the_waiting_card_and_are_scored_by_its_verdict() -> None:
    game = table()
    game.play("Ana", C("2H")[0])
    game.predict("Ben", accepted=True)
    game.predict("Chen", accepted=False)
    game.judge_play(True)
    assert game.state.predictions == (
        Prediction("Ben", 2, True, right=True),
        Prediction("Chen", 2, False, right=False),
    )


def test_a_prediction_changes_nothing_but_the_predictions() -> None:
    game = table()
    game.play("Ana", C("3S")[0])
    before = game.state
    (event,) = game.predict("Ben", accepted=False)
    assert event == Predicted(seq=3, seat="Ben", accepted=False)
    assert replace(game.state, predictions=(), seq=before.seq) == before


def test_predictions_refer_to_their_own_play() -> None:
    game = table()
    game.play("Ana", C("2H")[0])
    game.predict("Chen", accepted=True)
    game.judge_play(True)
    game.pass_guess("Ana")
    game.play("Ben", C("6D")[0])
    game.predict("Chen", accepted=True)
    game.judge_play(False)
    plays = [(p.play, p.right) for p in game.state.predictions]
    assert plays == [(2, True), (6, False)]


@pytest.mark.parametrize(
    ("seat", "error"),
    [("Ana", PredictionNotAllowed), ("Zoe", UnknownSeat)],
)
def test_the_player_of_the_card_and_strangers_cannot_predict(seat: str, error: type) -> None:
    game = table()
    game.play("Ana", C("2H")[0])
    with pytest.raises(error):
        game.predict(seat, accepted=True)
    assert game.state.predictions == ()


def test_one_prediction_per_player_per_card() -> None:
    game = table()
    game.play("Ana", C("2H")[0])
    game.predict("Ben", accepted=True)
    with pytest.raises(PredictionNotAllowed, match="already"):
        game.predict("Ben", accepted=False)
    assert len(game.events) == 3


def test_nothing_to_predict_without_a_waiting_card() -> None:
    game = table()
    with pytest.raises(PredictionNotAllowed):
        game.predict("Ben", accepted=True)
    game.no_play("Ana")
    with pytest.raises(PredictionNotAllowed):
        game.predict("Ben", accepted=True)
    game.end_round()
    with pytest.raises(RoundOver):
        game.predict("Ben", accepted=True)


def test_an_unjudged_play_at_the_end_leaves_its_predictions_open() -> None:
    game = table()
    game.play("Ana", C("2H")[0])
    game.predict("Ben", accepted=True)
    game.end_round()
    assert game.state.predictions == (Prediction("Ben", 2, True, right=None),)


def test_predictions_replay_from_their_stored_form() -> None:
    game = table()
    game.play("Ana", C("2H")[0])
    game.predict("Ben", accepted=False)
    game.judge_play(True)
    stored = [event_from_dict(e.to_dict()) for e in game.events]
    assert replay(stored) == game.state
    assert game.events[2].to_dict() == {
        "kind": "predicted",
        "seq": 3,
        "seat": "Ben",
        "accepted": False,
    }
