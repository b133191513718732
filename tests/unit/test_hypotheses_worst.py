"""The hardest pairs for the hypothesis checker, by verdict (their timings are in the bench)."""

import pytest

from classroom.core.cards import Card
from classroom.core.hypotheses import check_equivalence
from classroom.core.rules import compile_rule
from tests.unit.test_hypotheses_support import assert_real_counterexample

C = Card.parse

# Depth 3, reading rank and suit of the card and of every previous card it can see.
DEEP = (
    "(card.rank + prev.rank + prev2.rank + prev3.rank) % 4 != 0"
    " or card.suit == prev3.suit and prev.suit != prev2.suit"
)
DEEP_REORDERED = (
    "card.suit == prev3.suit and prev.suit != prev2.suit"
    " or (prev3.rank + prev2.rank + prev.rank + card.rank) % 4 != 0"
)
AFTER_KC_QD_7H = (
    "prev3.rank == king and prev3.suit == clubs and prev2.rank == queen"
    " and prev2.suit == diamonds and prev.rank == 7 and prev.suit == hearts"
)
THREE_KINGS_OF_CLUBS = (
    "card.rank == king and card.suit == clubs and prev.rank == king and prev.suit == clubs"
    " and prev2.rank == king and prev2.suit == clubs"
)

SAME_PAIRS = {
    "depth 2, rank and suit everywhere": (
        "card.suit == prev2.suit and card.rank != prev.rank"
        " or card.rank == prev2.rank and card.suit != prev.suit",
        "card.rank == prev2.rank and card.suit != prev.suit"
        " or card.rank != prev.rank and card.suit == prev2.suit",
    ),
    "depth 2, arithmetic on every rank": (
        "(card.rank * prev.rank + prev2.rank) % 7 < 3 and card.suit != prev2.suit"
        " or card.suit == prev.suit",
        "card.suit == prev.suit"
        " or card.suit != prev2.suit and (prev2.rank + prev.rank * card.rank) % 7 < 3",
    ),
    "depth 3, rank and suit everywhere": (DEEP, DEEP_REORDERED),
    "depth 3, products of ranks": (
        "(card.rank * prev.rank + prev2.rank * prev3.rank) % 7 < 3 and card.suit != prev3.suit"
        " or card.suit == prev2.suit",
        "card.suit == prev2.suit"
        " or card.suit != prev3.suit and (prev3.rank * prev2.rank + prev.rank * card.rank) % 7 < 3",
    ),
    "position, rank and suit at depth 2": (
        "if position % 3 == 0 then card.rank > prev.rank and card.suit != prev2.suit"
        " else card.suit == prev.suit or card.rank == prev2.rank",
        "if position % 3 != 0 then card.rank == prev2.rank or card.suit == prev.suit"
        " else card.suit != prev2.suit and card.rank > prev.rank",
    ),
    "position, rank and suit at depth 3": (
        "if position % 4 == 1 then card.rank > prev3.rank and card.suit != prev2.suit"
        " else card.suit == prev.suit or card.rank == prev2.rank",
        "if position % 4 != 1 then card.rank == prev2.rank or card.suit == prev.suit"
        " else card.suit != prev2.suit and card.rank > prev3.rank",
    ),
}


@pytest.mark.parametrize(("secret", "hypothesis"), SAME_PAIRS.values(), ids=SAME_PAIRS.keys())
def test_the_hardest_pairs_of_the_same_rule_are_proved_the_same(
    secret: str, hypothesis: str
) -> None:
    result = check_equivalence(secret, hypothesis)
    assert result.verdict == "same" and result.exact


def test_depth_three_rules_differing_only_after_one_mainline_are_told_apart() -> None:
    secret = compile_rule(DEEP)
    hypothesis = compile_rule(f"({DEEP}) != ({AFTER_KC_QD_7H} and card.rank == 5)")
    result = check_equivalence(secret, hypothesis)
    assert result.verdict == "different" and result.counterexample is not None
    assert result.counterexample.mainline == (C("KC"), C("QD"), C("7H"))
    assert result.counterexample.card.rank == 5
    assert_real_counterexample(secret, hypothesis, result.counterexample)


def test_a_difference_only_three_copies_of_a_card_can_show_is_flagged() -> None:
    result = check_equivalence("true", f"not ({THREE_KINGS_OF_CLUBS})")
    assert result.verdict == "different" and result.needs_more_decks
    found = result.counterexample
    assert found is not None and not found.two_decks
    assert (*found.mainline, found.card) == (C("KC"),) * 3
    assert "it takes 3 K♣" in result.describe()
    assert "at a table with two decks the two rules always agree" in result.describe()


def test_a_longer_counterexample_that_two_decks_hold_is_preferred() -> None:
    secret = compile_rule("true")
    hypothesis = compile_rule(f"not ({THREE_KINGS_OF_CLUBS}) and not (position == 6 and card.face)")
    result = check_equivalence(secret, hypothesis)
    assert result.verdict == "different" and not result.needs_more_decks
    assert result.counterexample is not None and result.counterexample.two_decks
    assert result.counterexample.position == 6
    assert_real_counterexample(secret, hypothesis, result.counterexample)


def test_among_differences_of_one_length_one_that_two_decks_hold_is_chosen() -> None:
    # Every face three times in a row differs, and so does one mixed window of kings.
    same_face = (
        "card.rank == prev.rank and prev.rank == prev2.rank"
        " and card.suit == prev.suit and prev.suit == prev2.suit"
    )
    kings = (
        "card.rank == king and prev.rank == king and prev2.rank == king"
        " and card.suit == hearts and prev.suit == spades and prev2.suit == clubs"
    )
    result = check_equivalence("true", f"not ({same_face}) and not ({kings})")
    found = result.counterexample
    assert found is not None and found.two_decks and not result.needs_more_decks
    assert (*found.mainline, found.card) == (C("KC"), C("KS"), C("KH"))


def test_a_difference_only_past_104_cards_needs_more_than_two_decks() -> None:
    result = check_equivalence("if position > 110 then card.color == red else true", "true")
    assert result.verdict == "different" and result.needs_more_decks
    assert result.counterexample is not None and result.counterexample.position == 111
    assert not result.counterexample.two_decks
