import pytest

from classroom.core.rules import compile_rule
from classroom.core.rules.analysis import EXAMPLE_LENGTH, analyze


def test_alternate_colors_accepts_half_the_cards_everywhere():
    result = analyze(compile_rule("card.color != prev.color"))
    assert result.acceptance_mean == result.acceptance_min == result.acceptance_max == 0.5
    assert result.dead_end_rate == 0
    assert result.warnings == []


@pytest.mark.parametrize(
    ("text", "low", "high"),
    [
        ("(card.rank - prev.rank) % 13 in {1, 2, 3}", 0.22, 0.24),
        ("card.suit == prev.suit or card.rank == prev.rank", 0.30, 0.32),
    ],
)
def test_classic_rules_measure_as_published(text, low, high):
    assert low <= analyze(compile_rule(text)).acceptance_mean <= high


def test_one_higher_is_too_restrictive_and_gets_stuck_after_a_king():
    result = analyze(compile_rule("card.rank == prev.rank + 1"))
    assert result.acceptance_mean < 0.15
    assert result.dead_end_rate > 0
    assert any("restrictive" in w for w in result.warnings)
    assert any("Dead ends" in w for w in result.warnings)


def test_different_suit_is_too_permissive():
    result = analyze(compile_rule("card.suit != prev.suit"))
    assert result.acceptance_mean == pytest.approx(0.75)
    assert any("permissive" in w for w in result.warnings)


def test_higher_and_different_color_has_dead_ends():
    result = analyze(compile_rule("card.rank > prev.rank and card.color != prev.color"))
    assert 0.15 < result.dead_end_rate < 0.5


def test_example_mainline_obeys_the_rule():
    rule = compile_rule(
        "if prev.rank > prev2.rank then card.rank < prev.rank else card.rank > prev.rank"
    )
    example = analyze(rule).example_mainline
    assert len(example) == EXAMPLE_LENGTH
    for n in range(1, len(example)):
        assert rule.allows(example[:n], example[n])


def test_analysis_is_repeatable_for_a_seed_and_varies_between_seeds():
    rule = compile_rule("card.rank > prev.rank or card.face")
    assert analyze(rule, seed=3) == analyze(rule, seed=3)
    assert analyze(rule, seed=3).example_mainline != analyze(rule, seed=4).example_mainline


def test_rules_that_do_not_apply_yet_are_not_counted():
    result = analyze(compile_rule("card.color != prev3.color"))
    assert result.acceptance_max == 0.5
    assert result.depth == 3
