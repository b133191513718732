"""The prophet: declaring, calling every turn before the dealer, confirmation and overthrow,
the four cases of a no-play, and no second time in a round."""

from __future__ import annotations

import pytest

from classroom.core.games.new_eleusis import NotPlaying, ProphetNotAllowed, Round, VerdictPending
from tests.unit.test_new_eleusis_support import Alternate, cards, table

ALL_RED = {"Ana": "2H 3S 4H", "Ben": "6D 8D 10D 2D 4D 6H", "Chen": "9H 10S JH", "Dia": "AD 2S 3D"}
SOME_BLACK = {"Ana": "2H 3S 4H", "Ben": "6D 7S 8D", "Chen": "9H 10S JH", "Dia": "AD 2S 3D"}


def with_prophet(hands: dict[str, str] | None = None, *, automatic: bool = False) -> Round:
    """Ana played 2H right on the 5C starter and became prophet; Ben is to play (black is due)."""
    game = table(hands, judge=Alternate() if automatic else None)
    game.play("Ana", cards("2H"))
    if not automatic:
        game.judge_play(True)
    game.declare("Ana")
    return game


def test_a_player_may_become_prophet_right_after_a_correct_play() -> None:
    game = with_prophet()
    state = game.state
    assert (state.prophet, state.prophet_marker, state.former_prophets) == ("Ana", 1, ("Ana",))
    assert state.turn == "Ben"


def test_the_prophets_hand_is_set_aside_and_the_prophet_no_longer_plays() -> None:
    game = with_prophet()
    assert game.state.hand("Ana") == cards("3S 4H 5S 6H")
    with pytest.raises(NotPlaying, match="prophet does not play"):
        game.check("play", "Ana", cards("3S"))
    game.play("Ben", cards("7S"))
    game.call("Ana", True)
    game.judge_play(True)
    game.play("Chen", cards("9H"))
    game.call("Ana", True)
    game.judge_play(True)
    game.play("Dia", cards("2S"))
    game.call("Ana", True)
    game.judge_play(True)
    assert game.state.turn == "Ben"


def test_nobody_becomes_prophet_after_a_wrong_play_or_once_the_next_turn_began() -> None:
    game = table(judge=Alternate())
    game.play("Ana", cards("3S"))
    with pytest.raises(ProphetNotAllowed, match="right after your correct play"):
        game.declare("Ana")
    game.play("Ben", cards("6D"))
    game.play("Chen", cards("9H"))
    assert not game.allows("declare", "Ben")


def test_there_is_one_prophet_at_a_time() -> None:
    game = with_prophet()
    game.play("Ben", cards("7S"))
    game.call("Ana", True)
    game.judge_play(True)
    with pytest.raises(ProphetNotAllowed, match="Ana is the prophet"):
        game.declare("Ben")


def test_the_prophet_calls_before_the_dealer_judges() -> None:
    game = with_prophet()
    game.play("Ben", cards("7S"))
    assert game.state.phase == "calling"
    with pytest.raises(VerdictPending, match="prophet calls first"):
        game.judge_play(True)
    game.call("Ana", True)
    assert game.state.phase == "judging_play"


def test_a_confirmed_call_places_the_play_as_called_and_marks_it_for_the_bonus() -> None:
    game = with_prophet()
    game.play("Ben", cards("6D 8D"))
    game.call("Ana", False)
    game.judge_play(False)
    assert game.state.prophet == "Ana"
    assert game.state.layout.sidelines[-1] == cards("6D 8D")
    assert len(game.state.hand("Ben")) == 5 - 2 + 4
    # Two sideline cards after the marker: 2 + 2.
    assert game.state.prophet_bonus() == 4


def test_a_refuted_call_overthrows_the_prophet_and_spares_the_player() -> None:
    game = with_prophet()
    events = game.play("Ben", cards("6D")) + game.call("Ana", True) + game.judge_play(False)
    assert [e.kind for e in events] == ["played", "called", "judged", "overthrown"]
    state = game.state
    assert (state.prophet, state.prophet_marker) == (None, None)
    # The prophet's hand comes back with 5 penalty cards; the player draws nothing.
    assert len(state.hand("Ana")) == 4 + 5
    assert state.hand("Ben") == cards("7S 8D 9S 10D")
    # The dealer places the card correctly: in the sideline.
    assert state.layout.sidelines[-1] == cards("6D")
    assert state.turn == "Chen" and state.is_playing("Ana")


def test_a_deposed_prophet_cannot_be_prophet_again_in_the_round() -> None:
    game = with_prophet(automatic=True)
    game.play("Ben", cards("6D"))
    game.call("Ana", True)
    game.play("Chen", cards("10S"))
    game.play("Dia", cards("AD"))
    game.play("Ana", cards("3S"))
    with pytest.raises(ProphetNotAllowed, match="already been prophet"):
        game.declare("Ana")


def test_no_play_case_1_prophet_says_none_and_the_dealer_agrees() -> None:
    game = with_prophet(ALL_RED)
    game.no_play("Ben")
    game.call("Ana", True)
    game.judge_no_play(True)
    assert len(game.state.hand("Ben")) == 6 - 4
    assert game.state.prophet == "Ana"


def test_no_play_case_2_prophet_says_there_is_one_and_the_dealer_says_none() -> None:
    game = with_prophet(ALL_RED)
    game.no_play("Ben")
    game.call("Ana", False)
    events = game.judge_no_play(True)
    assert [e.kind for e in events] == ["no_play_judged", "overthrown"]
    assert len(game.state.hand("Ben")) == 2
    assert game.state.prophet is None


def test_no_play_case_3_prophet_says_none_and_the_dealer_plays_a_right_card() -> None:
    game = with_prophet(SOME_BLACK)
    game.no_play("Ben")
    game.call("Ana", True)
    game.judge_no_play(False, cards("7S")[0])
    assert game.state.layout.mainline[-1] == cards("7S")[0]
    assert game.state.hand("Ben") == cards("6D 8D")
    assert game.state.prophet is None


def test_no_play_case_4_the_prophet_points_to_a_right_card_and_the_player_draws_5() -> None:
    game = with_prophet(SOME_BLACK)
    game.no_play("Ben")
    game.call("Ana", False)
    game.judge_no_play(False)
    assert game.state.phase == "pointing"
    game.point("Ana", cards("7S")[0])
    game.judge_point(True)
    assert game.state.layout.mainline[-1] == cards("7S")[0]
    assert len(game.state.hand("Ben")) == 2 + 5
    assert game.state.prophet == "Ana" and game.state.prophet_bonus() == 1


def test_no_play_case_4_a_wrong_point_overthrows_and_the_dealer_plays_a_right_card() -> None:
    game = with_prophet(SOME_BLACK)
    game.no_play("Ben")
    game.call("Ana", False)
    game.judge_no_play(False)
    game.point("Ana", cards("8D")[0])
    game.judge_point(False, cards("7S")[0])
    assert game.state.layout.mainline[-1] == cards("7S")[0]
    assert game.state.hand("Ben") == cards("6D 8D")
    assert game.state.prophet is None and len(game.state.hand("Ana")) == 2 + 5


@pytest.mark.parametrize(
    ("hands", "call", "kinds", "prophet"),
    [
        (ALL_RED, True, ["called", "no_play_judged"], "Ana"),
        (ALL_RED, False, ["called", "no_play_judged", "overthrown"], None),
        (SOME_BLACK, True, ["called", "no_play_judged", "overthrown"], None),
        (SOME_BLACK, False, ["called", "no_play_judged"], "Ana"),
    ],
)
def test_the_app_as_god_settles_a_no_play_call_at_once(
    hands: dict[str, str], call: bool, kinds: list[str], prophet: str | None
) -> None:
    game = with_prophet(hands, automatic=True)
    assert [e.kind for e in game.no_play("Ben")] == ["no_play"]
    assert [e.kind for e in game.call("Ana", call)] == kinds
    assert game.state.prophet == prophet


def test_the_app_as_god_judges_the_prophets_point_at_once() -> None:
    game = with_prophet(SOME_BLACK, automatic=True)
    game.no_play("Ben")
    game.call("Ana", False)
    events = game.point("Ana", cards("6D")[0])
    assert [e.kind for e in events] == ["pointed", "no_play_judged", "overthrown"]
    assert game.state.layout.mainline[-1] == cards("7S")[0]


def test_the_app_as_god_confirms_or_refutes_a_call_at_once() -> None:
    game = with_prophet(automatic=True)
    assert [e.kind for e in game.play("Ben", cards("7S"))] == ["played"]
    assert [e.kind for e in game.call("Ana", True)] == ["called", "judged"]
    assert game.state.prophet == "Ana"
    game.play("Chen", cards("10S"))
    assert [e.kind for e in game.call("Ana", True)] == ["called", "judged", "overthrown"]
