"""Hostile rule texts: every text compiles or raises RuleError, and a compiled rule never fails.

The fuzzing covers token soups, any unicode, deep nesting, huge numbers and long products,
`prevN` for any N, remainders whose divisor is zero at play time, and texts at the length limit.
Each property checks the whole chain a rule goes through in the kit: compile, judge on real
mainlines, store the canonical text and compile it again, and measure the rule by random play.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from classroom.core.cards import DECK, Card
from classroom.core.rules import Rule, RuleError, compile_rule
from classroom.core.rules.analysis import JUDGED_NODES_BUDGET, analyze
from classroom.core.rules.evaluator import compile_tree, remainder
from classroom.core.rules.parser import MAX_NESTING, MAX_PREV, parse
from classroom.core.rules.tokens import MAX_NUMBER_DIGITS, MAX_RULE_LENGTH

FUZZ = settings(max_examples=200, deadline=None, suppress_health_check=list(HealthCheck))

# --- strategies ----------------------------------------------------------------------------
WORDS = (
    "card", "prev", "prev1", "prev2", "prev16", "prev17", "prev20", "prev21", "prev0",
    "prev00000000000000000000000000000000000000007", "prev" + "9" * 40, "position", "if",
    "then", "elif", "else", "and", "or", "not", "in", "true", "false", "red", "black", "spades",
    "♠", "♥", "A", "K", "Q", "J", "ace", "king", ".rank", ".suit", ".color", ".face", ".odd",
    ".even", ".", "rank", "colour", "0", "1", "13", "999999", "1000000", "0" * 50 + "7",
    "9" * 60, "(", ")", "{", "}", ",", "==", "!=", "<", "<=", ">", ">=", "+", "-", "*", "%",
    "=", "/", "!", "&", "#", "\n", "\r", "\t", "é", "Ａ", "\u0301", "\x00", "\u2028", "\ud800",
    "𝟘", "١", "カード", "≠",
)  # fmt: skip
SOUPS = st.lists(st.sampled_from(WORDS), max_size=60).flatmap(
    lambda words: st.sampled_from([" ", "", "\n"]).map(lambda glue: glue.join(words))
)
REFS = st.sampled_from(["card", "prev", "prev2", "prev5", f"prev{MAX_PREV - 3}", f"prev{MAX_PREV}"])
NUMBER_ATOMS = st.one_of(
    st.sampled_from(["0", "1", "13", "999999", "position", "ace", "K", "000000999999"]),
    st.integers(0, 10**MAX_NUMBER_DIGITS - 1).map(str),
    REFS.map(lambda ref: f"{ref}.rank"),
)
NUMBERS: st.SearchStrategy[str] = st.deferred(
    lambda: st.one_of(
        NUMBER_ATOMS,
        NUMBER_ATOMS,
        st.builds("{} {} {}".format, NUMBERS, st.sampled_from(["+", "-", "*", "%"]), NUMBERS),
        st.builds("({} {} {})".format, NUMBERS, st.sampled_from(["+", "-", "*", "%"]), NUMBERS),
        NUMBERS.map("-{}".format),
        st.builds("(if {} then {} else {})".format, BOOLEANS, NUMBERS, NUMBERS),
    )
)
BOOLEANS: st.SearchStrategy[str] = st.deferred(
    lambda: st.one_of(
        st.sampled_from(["true", "card.odd", "prev.face", "card.color == red", "prev3.suit != ♠"]),
        st.builds("{} {} {}".format, NUMBERS, st.sampled_from(["==", "!=", "<", ">="]), NUMBERS),
        st.builds("({} {} {})".format, BOOLEANS, st.sampled_from(["and", "or", "!="]), BOOLEANS),
        BOOLEANS.map("not {}".format),
        st.builds(
            lambda item, options: f"{item} in {{{', '.join(options)}}}",
            NUMBERS,
            st.lists(NUMBERS, min_size=1, max_size=4),
        ),
        st.builds("(if {} then {} elif {} then {} else {})".format, *[BOOLEANS] * 5),
    )
)
DEEP = st.builds(
    lambda depth, opening, closing, middle: opening * depth + middle + closing * depth,
    st.integers(0, MAX_NESTING + 5),
    st.sampled_from(["(", "not ", "-", "(card.rank + 1 * ", "(true or true and ", "if true then "]),
    st.sampled_from([")", "", " else true", ") > 0"]),
    st.sampled_from(["true", "card.rank", "1) == (1", "prev.rank % (prev.rank - prev.rank)"]),
)
LONG_PRODUCTS = st.builds(
    lambda atom, op, count, divisor: f"card.rank % ({f' {op} '.join([atom] * count)}) {divisor}",
    st.sampled_from(["999999", "card.rank", "position", "-999999", "(position * -999999)"]),
    st.sampled_from(["*", "+", "-", "%"]),
    st.integers(1, 700),
    st.sampled_from(["> 0", "== card.rank", "in {0, 1}"]),
)
ANY_TEXT = st.one_of(
    SOUPS,
    BOOLEANS,
    DEEP,
    LONG_PRODUCTS,
    st.text(max_size=400),
    st.binary(max_size=300).map(lambda raw: raw.decode("latin-1")),
)
MAINLINES = st.lists(st.sampled_from(DECK), min_size=0, max_size=MAX_PREV + 5)


# --- what every outcome must satisfy -------------------------------------------------------
def outcome(text: str) -> Rule | RuleError:
    """The rule or its compile error; any other exception fails the test that calls this."""
    try:
        return compile_rule(text)
    except RuleError as error:
        return error


def assert_usable_error(error: RuleError) -> None:
    assert error.line >= 1 and error.column >= 1
    assert error.message and "^" in error.excerpt
    assert len(error.message) < 400  # even a name thousands of characters long is cut short


def assert_stores_and_compiles_again(rule: Rule) -> None:
    stored = str(rule)
    assert len(stored) <= MAX_RULE_LENGTH
    again = compile_rule(stored)
    assert again == rule and again.tree == rule.tree and str(again) == stored


def judge_everywhere(rule: Rule, seed: int) -> None:
    rng = random.Random(seed)
    for length in range(MAX_PREV + 3):
        mainline = [rng.choice(DECK) for _ in range(length)]
        assert rule.allows(mainline, rng.choice(DECK)) in (True, False)


# --- properties ----------------------------------------------------------------------------
@FUZZ
@given(ANY_TEXT, st.integers(0, 2**32))
def test_every_text_compiles_to_a_working_rule_or_raises_rule_error(text: str, seed: int) -> None:
    result = outcome(text)
    if isinstance(result, RuleError):
        assert_usable_error(result)
        return
    judge_everywhere(result, seed)
    assert_stores_and_compiles_again(result)


@settings(max_examples=150, deadline=None, suppress_health_check=list(HealthCheck))
@given(BOOLEANS, st.lists(MAINLINES, min_size=1, max_size=4), st.sampled_from(DECK))
def test_compiled_rules_judge_real_mainlines_without_raising(
    text: str, mainlines: list[list[Card]], card: Card
) -> None:
    result = outcome(text)
    if isinstance(result, RuleError):
        assert_usable_error(result)
        return
    for mainline in mainlines:
        assert result.allows(mainline, card) in (True, False)
    assert_stores_and_compiles_again(result)


@settings(max_examples=60, deadline=None, suppress_health_check=list(HealthCheck))
@given(st.one_of(BOOLEANS, DEEP, LONG_PRODUCTS), st.integers(0, 1000))
def test_every_compiled_rule_can_be_measured(text: str, seed: int) -> None:
    result = outcome(text)
    if isinstance(result, RuleError):
        return
    analysis = analyze(result, seed=seed, games=3)
    assert analysis.situations >= 1
    low, mean, high = analysis.acceptance_min, analysis.acceptance_mean, analysis.acceptance_max
    assert 0 <= low <= high <= 1
    assert low - 1e-9 <= mean <= high + 1e-9  # a mean of equal rates can round past them
    assert analysis.depth == result.depth


@FUZZ
@given(st.text(alphabet=st.sampled_from("♠♥♦♣AKQJ1 (){},.<=+*%-"), min_size=1, max_size=40))
def test_canonical_text_of_glyph_heavy_rules_round_trips(padding: str) -> None:
    # Glyphs and one-letter names grow when written out in full: the limit must hold on that.
    text = "card.suit in {♠, ♥} or card.rank in {A, K, Q, J} # " + padding
    result = outcome(text * (MAX_RULE_LENGTH // len(text)))
    if isinstance(result, Rule):
        assert_stores_and_compiles_again(result)


# --- the crashes found, one test each --------------------------------------------------------
def test_a_product_of_sixty_large_factors_compiles_and_judges() -> None:
    rule = compile_rule("card.rank * " + " * ".join(["999999"] * 60) + " > 0")
    assert rule.allows([DECK[0]], DECK[1]) is True
    assert_stores_and_compiles_again(rule)


def test_a_remainder_by_a_huge_range_is_still_checked_for_zero() -> None:
    big = " * ".join(["999999"] * 60)
    assert compile_rule(f"card.rank % ({big} + 1) == card.rank").allows([DECK[0]], DECK[1])
    with pytest.raises(RuleError, match="can be zero"):
        compile_rule(f"card.rank % ({big} - {big} * prev.rank) == 0")
    with pytest.raises(RuleError, match="can be zero"):
        compile_rule(f"card.rank % (position * {big} - position * {big}) == 0")


@pytest.mark.parametrize("depth", range(1, MAX_PREV + 1))
def test_rules_reaching_back_further_than_the_sample_length_are_measured(depth: int) -> None:
    rule = compile_rule(f"prev{depth}.rank > 0 and card.color != prev.color")
    analysis = analyze(rule, games=4, length=10)
    assert analysis.depth == depth and analysis.situations >= 4
    assert analysis.acceptance_mean == 0.5


def test_an_analysis_plays_at_least_one_game() -> None:
    with pytest.raises(ValueError, match="at least one game"):
        analyze(compile_rule("card.odd"), games=0)


def test_big_rules_play_fewer_games_within_the_budget() -> None:
    chain = " and ".join(["card.rank != prev.rank + 1"] * 120)
    rule = compile_rule(chain)
    analysis = analyze(rule, games=120, length=16)
    games_allowed = JUDGED_NODES_BUDGET // (15 * len(DECK) * rule.size)
    assert 1 <= games_allowed < 120
    assert analysis.situations <= games_allowed * 15


def test_remainder_by_zero_is_defined_so_evaluation_is_total() -> None:
    assert remainder(7, 0) == 7 and remainder(-3, 13) == 10 and remainder(7, -3) == -2
    # Past the checker (which refuses this rule), the evaluator still answers.
    judge = compile_tree(parse("card.rank % (prev.rank - prev.rank) == card.rank"))
    assert judge([Card.parse("5H")], Card.parse("9S")) is True


# --- the limits, each a RuleError --------------------------------------------------------------
@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("x" * (MAX_RULE_LENGTH + 1), "too long"),
        ("card.rank == 1" + " " * MAX_RULE_LENGTH, "too long"),
        ("card.suit in {" + ", ".join(["♠"] * 1300) + "}", "written out in full"),
        ("(" * (MAX_NESTING + 1) + "true" + ")" * (MAX_NESTING + 1), "nested too deeply"),
        ("not " * (MAX_NESTING + 1) + "true", "nested too deeply"),
        ("-" * (MAX_NESTING + 1) + "1 == 1", "nested too deeply"),
        ("card.rank == " + "9" * (MAX_NUMBER_DIGITS + 1), "too large"),
        ("card.rank == 0" + "9" * (MAX_NUMBER_DIGITS + 1), "too large"),
        (f"prev{MAX_PREV + 1}.rank > 0", f"at most {MAX_PREV} cards"),
        ("prev" + "9" * 3000 + ".rank > 0", f"at most {MAX_PREV} cards"),
        ("prev" + "0" * 3000 + ".rank > 0", "no prev0"),
        ("card.rank % (prev.rank - prev2.rank) == 0", "can be zero"),
        ("card.rank % (position - 2) == 0", "can be zero"),
    ],
)
def test_each_limit_is_a_compile_error(text: str, words: str) -> None:
    with pytest.raises(RuleError, match=words) as caught:
        compile_rule(text)
    assert_usable_error(caught.value)


def test_texts_just_inside_the_limits_compile() -> None:
    assert compile_rule("(" * MAX_NESTING + "true" + ")" * MAX_NESTING).depth == 0
    assert compile_rule(f"prev{MAX_PREV}.rank == " + "9" * MAX_NUMBER_DIGITS).depth == MAX_PREV
    assert compile_rule("card.rank == 00000000000000000000000000007").allows([], Card.parse("7S"))
    canonical = "card.suit in {" + ", ".join(["spades"] * 400) + "}"
    assert len(canonical) <= MAX_RULE_LENGTH
    assert_stores_and_compiles_again(compile_rule(canonical.replace("spades", "♠")))


def test_a_typed_rule_that_grows_past_the_limit_when_stored_is_refused_at_once() -> None:
    typed = " or ".join(["card.suit==♠"] * 240)  # "♠" is stored as "spades"
    assert len(typed) <= MAX_RULE_LENGTH
    with pytest.raises(RuleError, match="written out in full") as caught:
        compile_rule(typed)
    assert f"at most {MAX_RULE_LENGTH}" in caught.value.message


# --- recursion stays bounded ----------------------------------------------------------------
@contextmanager
def stack_headroom(frames: int) -> Iterator[None]:
    """Allow only `frames` Python frames beyond the caller's."""
    depth, frame = 0, sys._getframe()
    while frame.f_back is not None:
        depth, frame = depth + 1, frame.f_back
    old = sys.getrecursionlimit()
    sys.setrecursionlimit(depth + frames)
    try:
        yield
    finally:
        sys.setrecursionlimit(old)


@pytest.mark.parametrize(
    ("opening", "core", "closing"),
    [
        ("(", "true", ")"),
        ("(true or true and ", "true", ")"),
        ("(card.rank + 1 * ", "1", ")"),
        ("not ", "true", ""),
        ("-", "1", ""),
        ("if true then ", "true", " else true"),
        ("if ", "true", " then true else true"),
    ],
)
def test_the_deepest_rules_allowed_need_a_bounded_stack(
    opening: str, core: str, closing: str
) -> None:
    text = opening * MAX_NESTING + core + closing * MAX_NESTING
    if core == "1":
        text = f"0 < {text}"
    # A web request or a test runner already uses a couple of hundred frames of the 1,000.
    with stack_headroom(650):
        rule = compile_rule(text)
        assert rule.allows([DECK[0]], DECK[1]) in (True, False)
        assert compile_rule(str(rule)) == rule
