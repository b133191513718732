from collections.abc import Sequence
from typing import NamedTuple

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


class Reference(NamedTuple):
    """What brute force found: the shortest differing mainline's length (0: none found), and
    whether every situation the secret rule can produce was seen."""

    shortest: int
    complete: bool


def reference_shortest(secret: JudgingRule, hypothesis: JudgingRule, longest: int) -> Reference:
    """Brute force over real mainlines of up to `longest` cards, every card judged by both
    rules with `allows`. Two mainlines count as one situation when their last cards agree on
    every attribute a rule reads where those cards will be read (the rules can see nothing
    else); the length counts too while it is short or when a rule reads the position."""
    depth = max(secret.depth, hypothesis.depth, 1)
    positional = secret.uses_position or hypothesis.uses_position
    reads = secret.references | hypothesis.references

    def seen_as(card: Card, offset: int) -> tuple[object, ...]:
        names = sorted({name for slot, name in reads if slot >= offset})
        return tuple(getattr(card, name) for name in names)

    def situation(mainline: tuple[Card, ...]) -> tuple[object, ...]:
        kept = mainline[max(0, len(mainline) - depth) :]
        length = len(mainline) if positional or len(mainline) < depth else -1
        return (length, *(seen_as(card, len(kept) - n) for n, card in enumerate(kept)))

    level: dict[tuple[object, ...], tuple[Card, ...]] = {}
    for starter in DECK:
        level.setdefault(situation((starter,)), (starter,))
    seen = set(level)
    length = 1
    while level and length <= longest:
        upcoming: dict[tuple[object, ...], tuple[Card, ...]] = {}
        for mainline in level.values():
            for card in DECK:
                accepted = secret.allows(mainline, card)
                if accepted != hypothesis.allows(mainline, card):
                    return Reference(length, True)
                key = situation((*mainline, card))
                if accepted and key not in seen:
                    seen.add(key)
                    upcoming[key] = (*mainline, card)
        level, length = upcoming, length + 1
    return Reference(0, not level)


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
        (
            "KC KC",
            "KC",
            True,
            "Your rule says K♣ may not follow K♣ (after K♣ K♣), but the secret rule says yes. "
            "Only a table with more than two decks can get there: it takes 3 K♣.",
        ),
    ],
)
def test_counterexample_describes_itself_in_a_sentence(
    mainline: str, card: str, secret_allows: bool, sentence: str
) -> None:
    found = Counterexample(cards(mainline), C(card), secret_allows, not secret_allows)
    assert found.describe() == sentence


def test_a_counterexample_knows_whether_two_decks_hold_it() -> None:
    assert Counterexample(cards("KC KC"), C("QC"), True, False).two_decks
    assert not Counterexample(cards("KC KC"), C("KC"), True, False).two_decks
    assert not Counterexample(tuple(DECK) * 2, C("AS"), True, False).two_decks


def test_equivalence_describes_its_verdict_and_its_limit() -> None:
    same = Equivalence(True, None, True, 52)
    undecided = Equivalence(False, None, False, 52, "positions 2 to 104 only")
    assert (same.verdict, undecided.verdict) == ("same", "undecided")
    assert same.describe().endswith("in every situation the secret rule can produce.")
    assert undecided.describe() == "Not decided: positions 2 to 104 only."


def test_an_undecided_check_says_what_it_compared() -> None:
    bounded = check_equivalence(EVEN_RED, ODD_BLACK, max_position=2)
    assert bounded.describe() == (
        "Not decided: the two rules agree at positions 2 to 2; later positions were not compared."
    )
    stopped = check_equivalence(ZIGZAG, ZIGZAG, budget_s=0)
    assert stopped.describe() == "Not decided: the time ran out before anything was compared."
