"""A turn of New Eleusis: strings of 1-4 cards judged card by card, the sideline and its 2 penalty
cards per card, the no-play and its new hand of 4 fewer or its 5 penalty cards, turn order."""

from __future__ import annotations

from collections import Counter

from classroom.core.games.new_eleusis import Judged, NoPlayJudged, string_is_right
from tests.unit.test_new_eleusis_support import Alternate, Nothing, cards, table


def test_a_string_is_right_only_if_each_card_is_right_after_the_ones_before() -> None:
    mainline = cards("5C")
    # Red after black, then black after red: right in turn, though 3S follows a black starter.
    assert string_is_right(Alternate(), mainline, cards("2H 3S 4H"))
    assert not string_is_right(Alternate(), mainline, cards("2H 4H"))
    assert not string_is_right(Alternate(), mainline, cards("3S"))


def test_a_right_string_goes_to_the_mainline_in_order() -> None:
    game = table(judge=Alternate())
    events = game.play("Ana", cards("2H 3S 4H 5S"))
    assert [e.kind for e in events] == ["played", "judged"]
    assert game.state.layout.mainline == cards("5C 2H 3S 4H 5S")
    assert game.state.hand("Ana") == cards("6H")


def test_a_wrong_string_goes_under_the_last_mainline_card_in_order() -> None:
    game = table()
    game.play("Ana", cards("3S 2H 5S"))
    game.judge_play(False)
    assert game.state.layout.mainline == cards("5C")
    assert game.state.layout.sidelines == (cards("3S 2H 5S"),)


def test_a_wrong_string_costs_2_penalty_cards_per_card() -> None:
    game = table()
    game.play("Ana", cards("3S 2H 5S"))
    judged = game.judge_play(False)
    assert judged == (Judged(seq=3, seat="Ana", cards=cards("3S 2H 5S"), correct=False),)
    # 5 cards, 3 played, 6 drawn from the top of the stock (its end).
    assert game.state.hand("Ana") == cards("4H 6H") + cards("JC JD JH JS QC QD")


def test_a_wrong_single_card_costs_2_penalty_cards() -> None:
    game = table(judge=Alternate())
    game.play("Ana", cards("3S"))
    assert len(game.state.hand("Ana")) == 5 - 1 + 2


def test_play_goes_clockwise_from_the_first_player() -> None:
    game = table(judge=Alternate(), starter="2C")
    assert game.state.turn == "Ben"
    game.play("Ben", cards("6D"))
    assert game.state.turn == "Chen"
    game.play("Chen", cards("10S"))
    game.play("Dia", cards("AD"))
    assert game.state.turn == "Ana"


def test_a_right_no_play_deals_a_new_hand_of_4_fewer() -> None:
    game = table(judge=Nothing())
    events = game.no_play("Ana")
    assert events[-1] == NoPlayJudged(seq=3, seat="Ana", right=True)
    assert game.state.hand("Ana") == cards("JC")
    assert game.state.discards == 5
    assert game.state.turn == "Ben"


def test_a_right_no_play_with_4_cards_or_fewer_empties_the_hand_and_ends_the_round() -> None:
    game = table({"Ana": "2H 3S 4H 5S", "Ben": "6D", "Chen": "9H", "Dia": "AD"})
    game.no_play("Ana")
    game.judge_no_play(True)
    assert game.state.hand("Ana") == ()
    assert game.state.is_over
    assert (game.state.end_reason, game.state.winner) == ("emptied", "Ana")


def test_a_wrong_no_play_plays_a_correct_card_from_the_hand_and_costs_5() -> None:
    game = table(judge=Alternate())
    game.no_play("Ana")
    # The judge plays the first right card of the hand: 2H after the black starter.
    assert game.state.layout.mainline == cards("5C 2H")
    assert game.state.hand("Ana") == cards("3S 4H 5S 6H") + cards("JC JD JH JS QC")


def test_a_dealer_judges_a_wrong_no_play_by_naming_the_card() -> None:
    game = table()
    game.no_play("Ana")
    game.judge_no_play(False, cards("4H")[0])
    assert game.state.layout.mainline == cards("5C 4H")
    assert len(game.state.hand("Ana")) == 4 + 5


def test_a_string_that_empties_the_hand_ends_the_round() -> None:
    game = table({"Ana": "2H 3S", "Ben": "6D", "Chen": "9H", "Dia": "AD"}, judge=Alternate())
    game.play("Ana", cards("2H 3S"))
    assert game.state.is_over and game.state.winner == "Ana"
    assert game.state.turn is None


def test_another_deck_is_shuffled_in_when_the_stock_runs_out() -> None:
    game = table(stock="KS KH")
    game.play("Ana", cards("3S 2H"))
    events = game.judge_play(False)
    assert [e.kind for e in events] == ["deck_added", "judged"]
    assert game.state.decks == 3
    assert len(game.state.stock) == 2 + 52 - 4
    assert game.state.hand("Ana")[3:5] == cards("KH KS")


def test_a_hint_is_logged_and_play_goes_on() -> None:
    game = table()
    game.hint("  Look at the colours. ")
    assert game.state.hints == ("Look at the colours.",)
    assert game.state.turn == "Ana"


def test_the_teacher_may_end_the_round_and_an_unjudged_string_goes_back() -> None:
    game = table()
    game.play("Ana", cards("2H 3S"))
    game.end_round("bell")
    assert game.state.is_over and game.state.end_reason == "teacher"
    assert Counter(game.state.hand("Ana")) == Counter(cards("2H 3S 4H 5S 6H"))
