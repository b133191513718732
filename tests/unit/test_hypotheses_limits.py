"""Where the equivalence check stops: bounded positions, work and time budgets, rules reading
too far back compared by seeded random play; an undecided verdict says what was compared."""

from __future__ import annotations

import pytest

from classroom.core.hypotheses import check_equivalence
from classroom.core.rules import compile_rule
from tests.unit.test_hypotheses_support import (
    EVEN_RED,
    ODD_BLACK,
    ZIGZAG,
    assert_real_counterexample,
)


def test_positions_are_compared_however_far_unless_bounded() -> None:
    secret = compile_rule("if position > 50 then card.color == red else true")
    far = check_equivalence(secret, "true")
    near = check_equivalence(secret, "true", max_position=50)
    assert far.counterexample is not None and far.counterexample.position == 51
    assert near.verdict == "undecided" and not near.equivalent and not near.exact
    assert "positions 2 to 50" in near.limit and "positions 2 to 50" in near.describe()
    with pytest.raises(ValueError, match="at least 2"):
        check_equivalence(secret, "true", max_position=1)


def test_a_bound_past_every_new_situation_still_proves_the_rules_the_same() -> None:
    # The verdicts repeat every 2 positions: nothing new arises after position 4.
    assert check_equivalence(EVEN_RED, ODD_BLACK, max_position=6).verdict == "same"


def test_a_position_pattern_the_checker_cannot_follow_is_compared_up_to_two_decks() -> None:
    secret = compile_rule("card.rank % position == 1 or card.face")
    result = check_equivalence(secret, "card.face or card.rank % position == 1")
    assert result.verdict == "undecided" and "positions 2 to 104" in result.limit
    assert check_equivalence(secret, "card.rank == 1 or card.face").verdict == "different"


def test_past_the_work_budget_the_verdict_is_undecided_and_says_what_was_compared() -> None:
    secret = "card.suit == prev2.suit and card.rank != prev.rank"
    result = check_equivalence(
        secret, "card.rank != prev.rank and card.suit == prev2.suit", budget=3
    )
    assert result.verdict == "undecided" and not result.exact
    assert result.describe().startswith("Not decided: ")
    assert check_equivalence(secret, secret).verdict == "same"


def test_past_the_time_budget_the_verdict_is_undecided() -> None:
    result = check_equivalence(ZIGZAG, ZIGZAG, budget_s=0)
    assert result.verdict == "undecided" and result.counterexample is None


def test_a_difference_found_before_the_budget_ran_out_still_counts() -> None:
    secret = "card.suit == prev2.suit or card.rank == prev.rank"
    result = check_equivalence(secret, "card.rank == prev.rank", budget=20_000)
    assert result.verdict == "different"


def test_rules_reading_too_far_back_are_compared_by_random_play() -> None:
    secret = compile_rule("card.suit != prev5.suit or card.rank == prev.rank")
    looser = compile_rule(f"{secret} or prev.rank == 13 and card.color == red")
    different = check_equivalence(secret, looser, seed=7)
    same = check_equivalence(secret, "card.rank == prev.rank or card.suit != prev5.suit")
    assert different.verdict == "different" and not different.exact
    assert different.limit == "random play, seed 7"
    assert different.counterexample is not None
    assert_real_counterexample(secret, looser, different.counterexample)
    assert same.verdict == "undecided" and "random play, seed 0" in same.limit


def test_random_play_is_repeatable_with_its_seed() -> None:
    secret = compile_rule("card.suit != prev5.suit or card.rank == prev.rank")
    looser = f"{secret} or prev.rank == 13 and card.color == red"
    assert check_equivalence(secret, looser, seed=3) == check_equivalence(secret, looser, seed=3)
