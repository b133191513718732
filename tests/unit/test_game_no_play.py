"""No-play: if right, a new hand one card smaller; if wrong, a card is played and one drawn."""

from __future__ import annotations

import pytest

from classroom.core.games.express import BadVerdict, CardNotInHand, NoPlayJudged, Round
from tests.unit.test_game_support import Nothing, cards, snapshot, table

C = cards


def test_no_play_waits_for_a_person_verdict() -> None:
    game = table()
    assert [e.kind for e in game.no_play("Ana")] == ["no_play"]
    assert (game.state.phase, game.state.turn) == ("judging_no_play", "Ana")


def test_right_no_play_discards_the_hand_and_deals_one_card_fewer() -> None:
    game = table(ana="3S 7C 9S", stock="KS KH QC")
    game.no_play("Ana")
    game.judge_no_play(True)
    assert game.state.hand("Ana") == C("QC KH")
    assert (game.state.discards, game.state.stock) == (3, C("KS"))
    assert (game.state.phase, game.state.turn) == ("playing", "Ben")


def test_right_no_play_with_one_card_empties_the_hand_and_ends_the_round() -> None:
    game = table(ana="3S")
    events = game.no_play("Ana") + game.judge_no_play(True)
    assert [e.kind for e in events] == ["no_play", "no_play_judged", "round_ended"]
    assert (game.state.end_reason, game.state.winner, game.state.hand("Ana")) == (
        "emptied",
        "Ana",
        (),
    )


def test_wrong_no_play_plays_the_named_card_and_draws_one_penalty_card() -> None:
    game = table(ana="3S 4H 2H", stock="KS QC")
    game.no_play("Ana")
    game.judge_no_play(False, C("2H")[0])
    assert game.state.layout.mainline == C("5C 2H")
    assert game.state.hand("Ana") == C("3S 4H QC")
    assert game.events[-1] == NoPlayJudged(seq=3, seat="Ana", right=False, card=C("2H")[0])


def test_wrong_no_play_opens_no_guess_window() -> None:
    game = table()
    game.no_play("Ana")
    game.judge_no_play(False, C("2H")[0])
    assert (game.state.phase, game.state.guesser, game.state.turn) == ("playing", None, "Ben")


def test_automatic_judge_plays_the_first_playable_card_of_the_hand() -> None:
    game = table(ana="3S 4H 2H", automatic=True)
    events = game.no_play("Ana")
    assert events[-1] == NoPlayJudged(seq=3, seat="Ana", right=False, card=C("4H")[0])


def test_automatic_judge_finds_a_right_no_play() -> None:
    game = table(ana="3S 7C", automatic=True, stock="KS KH")
    game.no_play("Ana")
    assert game.state.hand("Ana") == C("KH")


def test_a_rule_that_accepts_nothing_makes_every_no_play_right() -> None:
    game = Round(table().events, judge=Nothing())
    game.no_play("Ana")
    assert (game.state.discards, len(game.state.hand("Ana"))) == (3, 2)


@pytest.mark.parametrize(
    ("right", "card", "error", "message"),
    [
        (True, "2H", BadVerdict, "Ana was right, so no card is played"),
        (False, None, BadVerdict, "Name the correct card to play for Ana"),
        (False, "KD", CardNotInHand, "Ana does not hold K♦"),
    ],
)
def test_a_no_play_verdict_must_fit_the_hand(
    right: bool, card: str | None, error: type[Exception], message: str
) -> None:
    game = table()
    game.no_play("Ana")
    before = snapshot(game)
    named = None if card is None else C(card)[0]
    assert not game.allows("judge_no_play", right, named)
    with pytest.raises(error, match=message):
        game.judge_no_play(right, named)
    assert snapshot(game) == before
