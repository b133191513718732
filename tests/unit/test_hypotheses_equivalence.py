"""Comparing a hypothesis with the secret rule: the must-hold verdicts, counterexamples as
short as brute force finds and that the secret rule can produce, either side as text."""

from __future__ import annotations

import pytest

from classroom.core.hypotheses import check_equivalence
from classroom.core.rules import RuleError, compile_rule
from tests.unit.test_hypotheses_support import (
    EVEN_RED,
    ODD_BLACK,
    ZIGZAG,
    ZIGZAG_GE,
    assert_real_counterexample,
    reference_shortest,
)


@pytest.mark.parametrize(
    ("secret", "hypothesis", "verdict"),
    [
        ("card.odd != prev.odd", "(card.rank + prev.rank) % 2 == 1", "same"),
        (
            "card.color != prev.color",
            "if prev.color == black then card.color == red else true",
            "different",
        ),
        (
            "card.suit == prev.suit or card.rank == prev.rank",
            "card.rank == prev.rank or card.suit == prev.suit",
            "same",
        ),
        ("card.color == red or card.color == black", "true", "same"),
        ("card.color == red or card.color == black", "card.rank > 0 and card.rank < 14", "same"),
        ("card.color == red", "card.suit in {hearts, diamonds}", "same"),
        ("card.color == red", "card.suit == hearts", "different"),
        (ZIGZAG, ZIGZAG_GE, "different"),
        (ZIGZAG, ZIGZAG, "same"),
        (EVEN_RED, ODD_BLACK, "same"),
        (EVEN_RED, "card.color != prev.color", "different"),
        (
            "card.color != prev.color",
            "card.color != prev.color or card.rank == prev2.rank",
            "different",
        ),
        (
            "card.suit != prev3.suit and card.rank != prev.rank",
            "card.rank != prev.rank and not (card.suit == prev3.suit)",
            "same",
        ),
        ("position % 4 == card.rank % 4", "(card.rank - position) % 4 == 0", "same"),
        (
            "if position % 3 == 0 then card.rank > prev.rank else true",
            "card.rank > prev.rank or position % 3 != 0",
            "same",
        ),
        ("position % 4 == card.rank % 4", "(card.rank - position) % 8 == 0", "different"),
    ],
)
def test_equivalence_of_the_must_hold_examples(secret: str, hypothesis: str, verdict: str) -> None:
    secret_rule, hypothesis_rule = compile_rule(secret), compile_rule(hypothesis)
    result = check_equivalence(secret_rule, hypothesis_rule)
    assert result.verdict == verdict
    assert result.equivalent is (verdict == "same")
    assert (result.counterexample is None) is (verdict == "same")
    assert result.exact and result.limit == ""
    if result.counterexample is not None:
        assert_real_counterexample(secret_rule, hypothesis_rule, result.counterexample)
        assert result.counterexample.two_decks and not result.needs_more_decks


@pytest.mark.parametrize(
    ("secret", "hypothesis"),
    [
        ("card.color != prev.color", "if prev.color == black then card.color == red else true"),
        ("card.odd != prev.odd", "card.color != prev.color"),
        ("card.rank > prev.rank", "card.rank >= prev.rank"),
        ("card.suit == prev.suit or card.rank == prev.rank", "card.suit == prev.suit"),
        ("card.color == red", "card.color == prev.color"),
        ("card.color != prev.color", "card.color != prev.color or card.rank == prev2.rank"),
        ("card.color != prev2.color", "card.color != prev.color"),
        (
            "card.rank + 1 == prev.rank or card.rank == prev.rank + 1",
            "(card.rank - prev.rank) % 13 in {1, 12}",
        ),
        ("card.rank == prev.rank + 1", "card.rank == prev.rank + 1 or card.rank == 1"),
        (ZIGZAG, ZIGZAG_GE),
        (
            "card.suit == prev2.suit or card.rank == prev.rank",
            "card.suit == prev2.suit or card.rank == prev.rank"
            " or prev2.rank == 13 and prev.suit == clubs",
        ),
        (
            "card.rank != prev.rank and card.suit != prev2.suit",
            "card.rank != prev.rank and (card.suit != prev2.suit or card.face and prev.face)",
        ),
        (
            "card.color != prev3.color or prev2.face",
            "card.color != prev3.color or prev2.face or prev.rank == 12 and prev3.odd",
        ),
        (EVEN_RED, "card.color != prev.color"),
        ("if position > 5 then card.suit == prev.suit else true", "true"),
        (
            "if position % 3 == 0 then card.rank > prev.rank else true",
            "card.rank > prev.rank or position % 3 != 0 or position == 9 and card.face",
        ),
    ],
)
def test_counterexample_is_real_and_as_short_as_brute_force_finds(
    secret: str, hypothesis: str
) -> None:
    secret_rule, hypothesis_rule = compile_rule(secret), compile_rule(hypothesis)
    reference = reference_shortest(secret_rule, hypothesis_rule, 10)
    result = check_equivalence(secret_rule, hypothesis_rule)
    assert reference.shortest > 0 and result.verdict == "different"
    assert result.counterexample is not None
    assert len(result.counterexample.mainline) == reference.shortest
    assert_real_counterexample(secret_rule, hypothesis_rule, result.counterexample)


def test_situations_the_secret_rule_cannot_produce_do_not_count() -> None:
    secret = compile_rule("if position == 2 then card.color == red else true")
    # Differs only after a black card at position 2, which the secret rule never accepts.
    hypothesis = compile_rule(f"({secret}) and not (position == 3 and prev.color == black)")
    assert check_equivalence(secret, hypothesis).verdict == "same"
    assert reference_shortest(secret, hypothesis, 8).shortest == 0


def test_a_deeper_hypothesis_differs_on_a_mainline_too_short_for_it() -> None:
    secret = compile_rule("card.color != prev.color")
    result = check_equivalence(secret, "card.color != prev.color and card.rank != prev2.rank")
    assert result.counterexample is not None
    assert len(result.counterexample.mainline) == 1
    assert result.counterexample.hypothesis_allows and not result.counterexample.secret_allows


def test_the_counterexample_mainline_follows_the_secret_rule_for_depth_two() -> None:
    secret = compile_rule(ZIGZAG)
    found = check_equivalence(secret, ZIGZAG_GE).counterexample
    assert found is not None
    assert len(found.mainline) == 2 and found.mainline[0].rank == found.mainline[1].rank
    assert_real_counterexample(secret, compile_rule(ZIGZAG_GE), found)


def test_either_side_may_be_text_or_a_compiled_rule() -> None:
    text, rewritten = ZIGZAG, ZIGZAG.replace("card.rank < prev.rank", "prev.rank > card.rank")
    for secret in (text, compile_rule(text)):
        for hypothesis in (rewritten, compile_rule(rewritten)):
            assert check_equivalence(secret, hypothesis).verdict == "same"


@pytest.mark.parametrize(
    ("secret", "hypothesis"), [("true", "card.rank <"), ("card.colour", "true")]
)
def test_text_that_is_not_a_rule_raises_rule_error_on_either_side(
    secret: str, hypothesis: str
) -> None:
    with pytest.raises(RuleError):
        check_equivalence(secret, hypothesis)
