"""Express scoring, the dealer's score, and totals over a game with the deal rotating."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.core.games.express import BadSetup, EndReason, RoundState
from classroom.core.games.express.scoring import (
    Game,
    RoundResult,
    app_seating,
    dealer_score,
    next_dealer,
    player_scores,
    round_scores,
    running_totals,
    seating,
    totals,
)
from tests.unit.test_game_support import table

NAMES = ("Ana", "Ben", "Chen", "Dia", "Eli", "Fay", "Gus", "Hal")
WORKED_EXAMPLE = {"Ana": 7, "Ben": 9, "Chen": 12, "Dia": 13}


def ended(sizes: dict[str, int], reason: EndReason, winner: str | None) -> RoundState:
    """A finished round whose players hold `sizes` cards."""
    state = table().state
    filler = state.hands[0][:1]
    return replace(
        state,
        seats=tuple(sizes),
        hands=tuple(filler * size for size in sizes.values()),
        phase="over",
        turn=None,
        end_reason=reason,
        winner=winner,
    )


def test_the_worked_example_of_the_rules() -> None:
    scores = round_scores(ended(WORKED_EXAMPLE, "guessed", "Ana"))
    assert scores == {"Ana": 11, "Ben": 3, "Chen": 0, "Dia": -1}
    assert dealer_score(scores) == 11


@pytest.mark.parametrize(
    ("held", "expected"),
    [(12, 0), (0, 12), (7, 5), (13, -1), (20, -8)],
)
def test_a_player_scores_twelve_minus_the_cards_held(held: int, expected: int) -> None:
    assert player_scores({"Ana": held}) == {"Ana": expected}


def test_emptying_the_hand_adds_three() -> None:
    state = ended({"Ana": 0, "Ben": 5, "Chen": 12}, "emptied", "Ana")
    assert round_scores(state) == {"Ana": 15, "Ben": 7, "Chen": 0}


def test_a_right_guess_adds_six_only_for_the_guesser() -> None:
    assert player_scores({"Ana": 6, "Ben": 6}, guessed="Ben") == {"Ana": 6, "Ben": 12}


@pytest.mark.parametrize("reason", ["stock_out", "teacher"])
def test_no_bonus_when_the_round_ends_otherwise(reason: EndReason) -> None:
    state = ended({"Ana": 0, "Ben": 5, "Chen": 12}, reason, None)
    assert round_scores(state) == {"Ana": 12, "Ben": 7, "Chen": 0}


def test_a_round_still_on_scores_the_hands_as_they_are() -> None:
    assert round_scores(table().state) == {"Ana": 9, "Ben": 9, "Chen": 9}


def test_the_dealer_scores_like_the_best_player_even_when_all_are_poor() -> None:
    assert dealer_score({"Ana": -3, "Ben": -1, "Chen": -5}) == -1


def test_a_dealer_score_needs_players() -> None:
    with pytest.raises(BadSetup):
        dealer_score({})


@pytest.mark.parametrize(("index", "dealer"), [(0, "Ana"), (1, "Ben"), (3, "Dia"), (4, "Ana")])
def test_the_deal_rotates_through_everyone(index: int, dealer: str) -> None:
    assert next_dealer(("Ana", "Ben", "Chen", "Dia"), index) == dealer


@pytest.mark.parametrize(
    ("index", "seats"),
    [(0, ("Ben", "Chen", "Dia")), (1, ("Chen", "Dia", "Ana")), (3, ("Ana", "Ben", "Chen"))],
)
def test_players_sit_from_the_dealers_left(index: int, seats: tuple[str, ...]) -> None:
    assert seating(("Ana", "Ben", "Chen", "Dia"), index) == seats


@pytest.mark.parametrize(
    ("index", "first"), [(0, "Ana"), (1, "Ben"), (2, "Chen"), (3, "Ana"), (7, "Ben")]
)
def test_when_the_app_deals_the_first_player_moves_one_seat_each_round(
    index: int, first: str
) -> None:
    order = app_seating(("Ana", "Ben", "Chen"), index)
    assert order[0] == first
    assert sorted(order) == ["Ana", "Ben", "Chen"]


@settings(max_examples=50, deadline=None)
@given(st.integers(3, 8), st.integers(0, 40))
def test_the_app_seating_keeps_the_table_order(players: int, index: int) -> None:
    names = NAMES[:players]
    order = app_seating(names, index)
    assert order[0] == names[index % players]
    assert all(
        order[(i + 1) % players] == names[(names.index(order[i]) + 1) % players]
        for i in range(players)
    )


def test_totals_add_player_scores_and_dealer_scores() -> None:
    rounds = [
        RoundResult("Ana", {"Ben": 5, "Chen": 0, "Dia": -1}),
        RoundResult("Ben", {"Chen": 11, "Dia": 3, "Ana": 0}),
    ]
    assert totals(rounds) == {"Ben": 16, "Chen": 11, "Dia": 2, "Ana": 5}
    assert running_totals(rounds)[0] == {"Ben": 5, "Chen": 0, "Dia": -1, "Ana": 5}


def test_an_app_dealer_earns_nothing() -> None:
    assert totals([RoundResult(None, {"Ben": 5, "Chen": 0, "Dia": -1})]) == {
        "Ben": 5,
        "Chen": 0,
        "Dia": -1,
    }


def test_a_game_ends_when_everyone_has_dealt_once() -> None:
    game = Game(("Ana", "Ben", "Chen", "Dia"))
    dealers = []
    while not game.is_over:
        dealers.append(game.dealer)
        game = game.record(dict.fromkeys(game.seats, 1))
    assert dealers == ["Ana", "Ben", "Chen", "Dia"]
    assert game.totals() == dict.fromkeys(("Ana", "Ben", "Chen", "Dia"), 4)
    with pytest.raises(BadSetup, match="game is over"):
        game.record({})


def test_the_leaders_share_the_best_total() -> None:
    game = Game(("Ana", "Ben", "Chen", "Dia")).record({"Ben": 5, "Chen": 5, "Dia": -1})
    assert game.leaders() == ("Ana", "Ben", "Chen")


def test_a_round_must_score_exactly_its_players() -> None:
    with pytest.raises(BadSetup, match="exactly Ben, Chen, Dia"):
        Game(("Ana", "Ben", "Chen", "Dia")).record({"Ana": 3, "Ben": 1, "Chen": 0})


@pytest.mark.parametrize(
    "participants",
    [("Ana", "Ben", "Chen"), tuple("ABCDEFGHIJ"), ("Ana", "Ben", "Chen", "Ana")],
)
def test_a_game_needs_four_to_nine_different_people(participants: tuple[str, ...]) -> None:
    with pytest.raises(BadSetup):
        Game(participants)


@settings(max_examples=100, deadline=None)
@given(st.dictionaries(st.sampled_from(NAMES), st.integers(0, 30), min_size=3, max_size=8))
def test_the_dealer_never_scores_below_any_player(sizes: dict[str, int]) -> None:
    scores = player_scores(sizes, guessed=next(iter(sizes)))
    assert all(dealer_score(scores) >= score for score in scores.values())
    assert sum(scores.values()) == 12 * len(sizes) - sum(sizes.values()) + 6
