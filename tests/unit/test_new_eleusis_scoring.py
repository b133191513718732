"""New Eleusis scoring, worked by hand: high count minus one's hand, +4 for an empty hand, the
prophet's bonus, the dealer's score and its cap, and +10 for those who never dealt."""

from __future__ import annotations

import pytest

from classroom.core.games.new_eleusis import (
    BadSetup,
    RoundResult,
    dealer_score,
    game_totals,
    player_scores,
    round_result,
    totals,
)
from tests.unit.test_new_eleusis_support import Alternate, cards, table


def test_each_player_scores_the_high_count_minus_their_hand_plus_4_for_an_empty_hand() -> None:
    scores = player_scores({"Ana": 0, "Ben": 5, "Chen": 11, "Dia": 8})
    # High count 11: Ana 11 - 0 + 4, Ben 11 - 5, Chen 11 - 11, Dia 11 - 8.
    assert scores == {"Ana": 15, "Ben": 6, "Chen": 0, "Dia": 3}
    assert dealer_score(scores) == 15


def test_the_prophets_set_aside_hand_counts_for_the_high_count_and_the_bonus_is_added() -> None:
    # Dia, the prophet, set aside 13 cards; 6 mainline and 3 sideline cards came after the marker.
    scores = player_scores(
        {"Ana": 2, "Ben": 7, "Chen": 0, "Dia": 13}, prophet="Dia", bonus=6 + 2 * 3
    )
    # High count 13: Ana 11, Ben 6, Chen 13 + 4 = 17, Dia 0 + 12.
    assert scores == {"Ana": 11, "Ben": 6, "Chen": 17, "Dia": 12}


@pytest.mark.parametrize(("marker", "expected"), [(8, 16), (12, 17), (None, 17)])
def test_with_a_prophet_the_dealer_scores_at_most_twice_the_cards_up_to_the_marker(
    marker: int | None, expected: int
) -> None:
    scores = {"Ana": 11, "Ben": 6, "Chen": 17, "Dia": 12}
    # Best player 17; marker on card 8: min(17, 2 x 8) = 16; on card 12: min(17, 24) = 17.
    assert dealer_score(scores, before_marker=marker) == expected


def test_a_round_without_players_has_no_dealer_score() -> None:
    with pytest.raises(BadSetup):
        dealer_score({})


def test_a_played_round_is_scored_from_its_state() -> None:
    hands = {"Ana": "2H 3S 4H", "Ben": "7S 8D", "Chen": "9H 10S JH QS KH", "Dia": "3D 2S"}
    game = table(hands, judge=Alternate())
    game.play("Ana", cards("2H"))
    game.declare("Ana")  # the marker on card 1; Ana sets 2 cards aside
    game.play("Ben", cards("8D"))
    game.call("Ana", False)  # confirmed: sideline, Ben draws 2
    game.play("Chen", cards("10S"))
    game.call("Ana", True)  # confirmed: mainline
    game.play("Dia", cards("3D 2S"))
    game.call("Ana", True)  # confirmed: mainline, and Dia's hand is empty
    state = game.state
    assert state.is_over and state.winner == "Dia"
    assert state.hand_sizes() == {"Ana": 2, "Ben": 3, "Chen": 4, "Dia": 0}
    # Bonus: 8D in the sideline (2), 10S, 3D and 2S in the mainline (1 each) = 5.
    assert state.prophet_bonus() == 5
    result = round_result(state, "Eli")
    # High count 4: Ana 4 - 2 + 5, Ben 1, Chen 0, Dia 4 + 4; dealer min(8, 2 x 1).
    assert result == RoundResult("Eli", {"Ana": 7, "Ben": 1, "Chen": 0, "Dia": 8}, 2)


def test_an_overthrown_prophet_scores_no_bonus() -> None:
    game = table(judge=Alternate())
    game.play("Ana", cards("2H"))
    game.declare("Ana")
    game.play("Ben", cards("7S"))
    game.call("Ana", False)  # refuted: Ana is overthrown and draws 5
    game.end_round()
    result = round_result(game.state, None)
    assert game.state.prophet_bonus() == 0
    # Ana holds 4 + 5 = 9, the high count: 0; the dealer is the best player's 9 - 4 = 5.
    assert result.scores["Ana"] == 0 and result.dealer_score == 5


def test_a_game_that_ends_early_gives_10_to_everyone_who_never_dealt() -> None:
    rounds = [
        RoundResult("Ana", {"Ben": 5, "Chen": 3, "Dia": 0, "Eli": 8}, 8),
        RoundResult("Ben", {"Ana": 2, "Chen": 6, "Dia": 4, "Eli": 1}, 6),
    ]
    assert totals(rounds) == {"Ben": 11, "Chen": 9, "Dia": 4, "Eli": 9, "Ana": 10}
    # Chen, Dia and Eli never dealt: 9 + 10, 4 + 10, 9 + 10.
    assert game_totals(["Ana", "Ben", "Chen", "Dia", "Eli"], rounds) == {
        "Ana": 10,
        "Ben": 11,
        "Chen": 19,
        "Dia": 14,
        "Eli": 19,
    }


def test_a_game_where_everyone_dealt_gives_no_bonus() -> None:
    rounds = [RoundResult("Ana", {"Ben": 4}, 4), RoundResult("Ben", {"Ana": 1}, 1)]
    assert game_totals(["Ana", "Ben"], rounds) == {"Ana": 5, "Ben": 5}
