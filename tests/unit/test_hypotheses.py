from collections.abc import Sequence

import pytest

from classroom.core.cards import DECK, Card
from classroom.core.hypotheses import (
    Counterexample,
    Equivalence,
    JudgingRule,
    check_consistency,
    check_equivalence,
)
from classroom.core.layout import Judgement, Layout
from classroom.core.rules import RuleError, compile_rule

C = Card.parse

ZIGZAG = "if prev.rank > prev2.rank then card.rank < prev.rank else card.rank > prev.rank"
ZIGZAG_GE = "if prev.rank >= prev2.rank then card.rank < prev.rank else card.rank > prev.rank"
EVEN_RED = "if position % 2 == 0 then card.color == red else card.color == black"
ODD_BLACK = "if position % 2 == 1 then card.color == black else card.color == red"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(C(word) for word in text.split())


def table(starter: str, plays: str) -> Layout:
    """A layout from plays like '7S +' (accepted) and '2C -' (rejected)."""
    layout = Layout.starting_with(C(starter))
    words = plays.split()
    for card, verdict in zip(words[::2], words[1::2], strict=True):
        layout = layout.accept(C(card)) if verdict == "+" else layout.reject(C(card))
    return layout


def is_producible(secret: JudgingRule, mainline: Sequence[Card]) -> bool:
    return all(secret.allows(mainline[:i], mainline[i]) for i in range(1, len(mainline)))


def reference_shortest(secret: JudgingRule, hypothesis: JudgingRule, max_position: int) -> int:
    """Brute force over concrete cards: the length of the shortest producible mainline after
    which the rules disagree, or 0 when they never do (no classes, masks or depth shortcuts)."""
    depth = max(secret.depth, hypothesis.depth)
    positional = secret.uses_position or hypothesis.uses_position

    def situation(mainline: tuple[Card, ...]) -> tuple[object, ...]:
        # All that can matter: the last `depth` cards, and the length if short or positional.
        kept = mainline[max(0, len(mainline) - depth) :]
        return (len(mainline) if positional or len(mainline) < depth else -1, *kept)

    level: dict[tuple[object, ...], tuple[Card, ...]] = {situation((c,)): (c,) for c in DECK}
    seen = set(level)
    length = 1
    while level and (length < max_position or not positional):
        upcoming: dict[tuple[object, ...], tuple[Card, ...]] = {}
        for mainline in level.values():
            for card in DECK:
                accepted = secret.allows(mainline, card)
                if accepted != hypothesis.allows(mainline, card):
                    return length
                key = situation((*mainline, card))
                if accepted and key not in seen:
                    seen.add(key)
                    upcoming[key] = (*mainline, card)
        level, length = upcoming, length + 1
    return 0


def assert_real_counterexample(
    secret: JudgingRule, hypothesis: JudgingRule, found: Counterexample
) -> None:
    assert is_producible(secret, found.mainline)
    assert secret.allows(found.mainline, found.card) is found.secret_allows
    assert hypothesis.allows(found.mainline, found.card) is found.hypothesis_allows
    assert found.secret_allows is not found.hypothesis_allows


# --- consistency ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("hypothesis", "starter", "plays", "checked", "contradiction"),
    [
        ("card.color != prev.color", "QH", "7S + 2C - 9D +", 3, None),
        (
            "card.color != prev.color",
            "QH",
            "7S + 2C - 9D + 3H +",
            4,
            Judgement(cards("QH 7S 9D"), C("3H"), True),
        ),
        ("card.color == prev.color", "QH", "7S +", 1, Judgement(cards("QH"), C("7S"), True)),
        ("true", "QH", "7S + 2C -", 2, Judgement(cards("QH 7S"), C("2C"), False)),
        ("card.rank > prev.rank", "2H", "5S + 3C -", 2, None),
        ("card.rank > prev.rank", "2H", "", 0, None),
    ],
)
def test_consistency_finds_the_first_unexplained_judgement_in_table_order(
    hypothesis: str, starter: str, plays: str, checked: int, contradiction: Judgement | None
) -> None:
    result = check_consistency(compile_rule(hypothesis), table(starter, plays))
    assert result.consistent is (contradiction is None)
    assert result.checked == checked
    assert result.contradiction == contradiction


@pytest.mark.parametrize(
    ("hypothesis", "plays", "sentence"),
    [
        (
            "card.color == prev.color",
            "7S +",
            "Your rule says 7♠ may not follow Q♥, but it was accepted.",
        ),
        ("true", "7S + 10C -", "Your rule says 10♣ may follow 7♠, but it was rejected."),
        ("card.face or true", "7S + 10C +", "Your rule explains all 2 judgements so far."),
        ("card.face", "", "No card has been judged yet, so every rule explains the table."),
    ],
)
def test_consistency_describes_itself_in_a_sentence(
    hypothesis: str, plays: str, sentence: str
) -> None:
    assert check_consistency(hypothesis, table("QH", plays)).describe() == sentence


def test_consistency_of_rule_text_compiles_it_and_reports_bad_text() -> None:
    assert check_consistency("card.suit == prev.suit", table("QH", "2H +")).consistent
    with pytest.raises(RuleError):
        check_consistency("card.colour == red", table("QH", ""))


# --- equivalence: the must-hold examples ---------------------------------------------------


@pytest.mark.parametrize(
    ("secret", "hypothesis", "equivalent"),
    [
        ("card.odd != prev.odd", "(card.rank + prev.rank) % 2 == 1", True),
        (
            "card.color != prev.color",
            "if prev.color == black then card.color == red else true",
            False,
        ),
        (
            "card.suit == prev.suit or card.rank == prev.rank",
            "card.rank == prev.rank or card.suit == prev.suit",
            True,
        ),
        ("card.color == red or card.color == black", "true", True),
        ("card.color == red or card.color == black", "card.rank > 0 and card.rank < 14", True),
        ("card.color == red", "card.suit in {hearts, diamonds}", True),
        ("card.color == red", "card.suit == hearts", False),
        (ZIGZAG, ZIGZAG_GE, False),
        (ZIGZAG, ZIGZAG, True),
        (EVEN_RED, ODD_BLACK, True),
        (EVEN_RED, "card.color != prev.color", False),
        ("card.color != prev.color", "card.color != prev.color or card.rank == prev2.rank", False),
        (
            "card.suit != prev3.suit and card.rank != prev.rank",
            "card.rank != prev.rank and not (card.suit == prev3.suit)",
            True,
        ),
    ],
)
def test_equivalence_of_the_must_hold_examples(
    secret: str, hypothesis: str, equivalent: bool
) -> None:
    secret_rule, hypothesis_rule = compile_rule(secret), compile_rule(hypothesis)
    result = check_equivalence(secret_rule, hypothesis_rule)
    assert result.equivalent is equivalent
    assert (result.counterexample is None) is equivalent
    assert result.exact is not (secret_rule.uses_position or hypothesis_rule.uses_position)
    if result.counterexample is not None:
        assert_real_counterexample(secret_rule, hypothesis_rule, result.counterexample)


@pytest.mark.parametrize(
    ("secret", "hypothesis", "max_position"),
    [
        (
            "card.color != prev.color",
            "if prev.color == black then card.color == red else true",
            104,
        ),
        ("card.odd != prev.odd", "card.color != prev.color", 104),
        ("card.rank > prev.rank", "card.rank >= prev.rank", 104),
        ("card.suit == prev.suit or card.rank == prev.rank", "card.suit == prev.suit", 104),
        ("card.color == red", "card.color == prev.color", 104),
        ("card.color != prev.color", "card.color != prev.color or card.rank == prev2.rank", 104),
        ("card.color != prev2.color", "card.color != prev.color", 104),
        (
            "card.rank + 1 == prev.rank or card.rank == prev.rank + 1",
            "(card.rank - prev.rank) % 13 in {1, 12}",
            104,
        ),
        ("card.rank == prev.rank + 1", "card.rank == prev.rank + 1 or card.rank == 1", 104),
        (ZIGZAG, ZIGZAG_GE, 104),
        (
            "card.suit == prev2.suit or card.rank == prev.rank",
            "card.suit == prev2.suit or card.rank == prev.rank"
            " or prev2.rank == 13 and prev.suit == clubs",
            104,
        ),
        (
            "card.rank != prev.rank and card.suit != prev2.suit",
            "card.rank != prev.rank and (card.suit != prev2.suit or card.face and prev.face)",
            104,
        ),
        (EVEN_RED, "card.color != prev.color", 8),
        ("if position > 5 then card.suit == prev.suit else true", "true", 8),
        (
            "if position % 3 == 0 then card.rank > prev.rank else true",
            "card.rank > prev.rank or position % 3 != 0",
            8,
        ),
    ],
)
def test_counterexample_is_real_and_as_short_as_brute_force_finds(
    secret: str, hypothesis: str, max_position: int
) -> None:
    secret_rule, hypothesis_rule = compile_rule(secret), compile_rule(hypothesis)
    shortest = reference_shortest(secret_rule, hypothesis_rule, max_position)
    result = check_equivalence(secret_rule, hypothesis_rule, max_position=max_position)
    assert result.equivalent is (shortest == 0)
    if result.counterexample is not None:
        assert len(result.counterexample.mainline) == shortest
        assert_real_counterexample(secret_rule, hypothesis_rule, result.counterexample)


def test_situations_the_secret_rule_cannot_produce_do_not_count() -> None:
    secret = compile_rule("if position == 2 then card.color == red else true")
    # Differs only after a black card at position 2, which the secret rule never accepts.
    hypothesis = compile_rule(f"({secret}) and not (position == 3 and prev.color == black)")
    assert check_equivalence(secret, hypothesis, max_position=6).equivalent
    assert reference_shortest(secret, hypothesis, 6) == 0


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


def test_position_rules_are_compared_only_up_to_the_position_bound() -> None:
    secret = compile_rule("if position > 50 then card.color == red else true")
    far = check_equivalence(secret, "true")
    near = check_equivalence(secret, "true", max_position=50)
    assert far.counterexample is not None and far.counterexample.position == 51
    assert near.equivalent and not near.exact and "positions 2 to 50" in near.limit
    with pytest.raises(ValueError, match="at least 2"):
        check_equivalence(secret, "true", max_position=1)


def test_past_the_budget_it_samples_random_play_and_says_so() -> None:
    secret = compile_rule("card.suit == prev.suit or card.rank == prev.rank")
    looser = compile_rule(f"{secret} or (prev.color == black and card.rank == ace)")
    # Judging all 52 x 52 situation classes takes 2 x 2704 evaluations: over this budget.
    different = check_equivalence(secret, looser, budget=3000, seed=7)
    same = check_equivalence(
        secret, "card.rank == prev.rank or card.suit == prev.suit", budget=3000
    )
    assert not different.exact and different.limit == "random play, seed 7"
    assert different.counterexample is not None
    assert different.counterexample.mainline[-1].color.value == "black"
    assert_real_counterexample(secret, looser, different.counterexample)
    assert same.equivalent and not same.exact and 0 < same.situations_checked < 52 * 52 * 52


def test_an_exhaustive_search_that_outruns_the_budget_falls_back_to_random_play() -> None:
    secret = compile_rule("card.rank >= prev.rank or prev.rank > 0")
    deeper = compile_rule("card.rank + prev.rank + prev2.rank > 0 or card.suit == prev2.suit")
    assert check_equivalence(secret, deeper).exact
    result = check_equivalence(secret, deeper, budget=2000)
    assert result.equivalent and not result.exact and result.limit == "random play, seed 0"


def test_random_play_is_repeatable_with_its_seed() -> None:
    secret = compile_rule(ZIGZAG)
    first = check_equivalence(secret, ZIGZAG_GE, budget=500, seed=3)
    assert first == check_equivalence(secret, ZIGZAG_GE, budget=500, seed=3)


def test_hypothesis_text_that_is_not_a_rule_raises_rule_error() -> None:
    with pytest.raises(RuleError):
        check_equivalence(compile_rule("true"), "card.rank <")


# --- sentences -----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("mainline", "card", "secret_allows", "sentence"),
    [
        (
            "QH",
            "7S",
            False,
            "Your rule says 7♠ may follow the starter Q♥, but the secret rule says no; try it.",
        ),
        (
            "3C QH",
            "7S",
            True,
            "Your rule says 7♠ may not follow Q♥ (after 3♣ Q♥), "
            "but the secret rule says yes; try it.",
        ),
        (
            "AS 2S 3S 4S 5S 6S 3C QH",
            "7S",
            False,
            "Your rule says 7♠ may follow Q♥ (after … 3♠ 4♠ 5♠ 6♠ 3♣ Q♥, at position 9), "
            "but the secret rule says no; try it.",
        ),
    ],
)
def test_counterexample_describes_itself_in_a_sentence(
    mainline: str, card: str, secret_allows: bool, sentence: str
) -> None:
    found = Counterexample(cards(mainline), C(card), secret_allows, not secret_allows)
    assert found.describe() == sentence


def test_equivalence_describes_its_verdict_and_its_limit() -> None:
    exact = Equivalence(True, None, True, 52)
    bounded = Equivalence(True, None, False, 52, "positions 2 to 104 only")
    assert exact.describe().endswith("in every situation the secret rule can produce.")
    assert bounded.describe().endswith("compared (positions 2 to 104 only).")
