"""Properties of the rule language over randomly generated rules and hostile inputs."""

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from classroom.core.cards import DECK, Color, Suit
from classroom.core.rules import Rule, RuleError, compile_rule
from classroom.core.rules.parser import MAX_NESTING
from classroom.core.rules.tokens import MAX_RULE_LENGTH

# Each strategy draws a pair: (rule-language text, the same expression in Python).
# The Python side is the independent oracle: precedence, remainders and if/else come from Python.
REFS = st.sampled_from([("card", "card"), ("prev", "m[-1]"), ("prev2", "m[-2]")])


def _attr(name: str):
    return REFS.map(lambda ref: (f"{ref[0]}.{name}", f"{ref[1]}.{name}"))


def _binary(left, op: str, right, py_op: str | None = None):
    return (f"({left[0]} {op} {right[0]})", f"({left[1]} {py_op or op} {right[1]})")


def _if(cond, then, other):
    return (
        f"(if {cond[0]} then {then[0]} else {other[0]})",
        f"(({then[1]}) if ({cond[1]}) else ({other[1]}))",
    )


NUMBERS = st.deferred(
    lambda: st.one_of(
        st.integers(0, 15).map(lambda n: (str(n), str(n))),
        st.sampled_from([("ace", "1"), ("K", "13"), ("jack", "11"), ("position", "(len(m) + 1)")]),
        _attr("rank"),
        st.builds(_binary, NUMBERS, st.sampled_from(["+", "-", "*"]), NUMBERS),
        st.builds(lambda n, d: _binary(n, "%", (str(d), str(d))), NUMBERS, st.integers(1, 13)),
        NUMBERS.map(lambda n: (f"(-{n[0]})", f"(-{n[1]})")),
        st.builds(_if, BOOLEANS, NUMBERS, NUMBERS),
    )
)
SUITS = st.one_of(
    _attr("suit"),
    st.sampled_from([(s.word, f"Suit.{s.name}") for s in Suit]),
)
COLORS = st.one_of(
    _attr("color"),
    st.sampled_from([("red", "Color.RED"), ("black", "Color.BLACK")]),
)
BOOLEANS = st.deferred(
    lambda: st.one_of(
        st.sampled_from([("true", "True"), ("false", "False")]),
        _attr("face"),
        _attr("odd"),
        REFS.map(lambda ref: (f"{ref[0]}.even", f"(not {ref[1]}.odd)")),
        st.builds(_binary, NUMBERS, st.sampled_from(["==", "!=", "<", "<=", ">", ">="]), NUMBERS),
        st.builds(_binary, SUITS, st.sampled_from(["==", "!="]), SUITS),
        st.builds(_binary, COLORS, st.sampled_from(["==", "!="]), COLORS),
        st.builds(_binary, BOOLEANS, st.sampled_from(["==", "!="]), BOOLEANS),
        st.builds(_binary, BOOLEANS, st.sampled_from(["and", "or"]), BOOLEANS),
        st.builds(
            lambda item, options: (
                f"({item[0]} in {{{', '.join(o[0] for o in options)}}})",
                f"({item[1]} in ({', '.join(o[1] for o in options)},))",
            ),
            NUMBERS,
            st.lists(NUMBERS, min_size=1, max_size=3),
        ),
        BOOLEANS.map(lambda b: (f"(not {b[0]})", f"(not {b[1]})")),
        st.builds(_if, BOOLEANS, BOOLEANS, BOOLEANS),
    )
)
SITUATIONS = st.tuples(
    st.lists(st.sampled_from(DECK), min_size=2, max_size=6), st.sampled_from(DECK)
)


def _oracle(python: str, mainline, card) -> bool:
    return bool(eval(python, {"Suit": Suit, "Color": Color}, {"m": mainline, "card": card}))


def _compiles(text: str) -> Rule | None:
    try:
        return compile_rule(text)
    except RuleError as error:
        # Only one legitimate refusal for well-typed text: a divisor whose range includes zero.
        assert "can be zero" in error.message or "nested too deeply" in error.message
        return None


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(BOOLEANS, st.lists(SITUATIONS, min_size=1, max_size=5))
def test_compiled_rule_agrees_with_python_on_every_situation(pair, situations):
    text, python = pair
    rule = _compiles(text)
    if rule is None:
        return
    canonical = compile_rule(str(rule))
    assert str(canonical) == str(rule)
    for mainline, card in situations:
        expected = _oracle(python, mainline, card)
        assert rule.allows(mainline, card) is expected
        assert canonical.allows(mainline, card) is expected


@settings(max_examples=500, deadline=None)
@given(st.one_of(st.text(max_size=300), st.binary(max_size=300).map(lambda b: b.decode("latin-1"))))
def test_any_text_compiles_or_raises_rule_error_only(text):
    try:
        rule = compile_rule(text)
    except RuleError as error:
        assert error.line >= 1 and error.column >= 1
        assert "^" in str(error)
    else:
        assert isinstance(rule.allows([DECK[0], DECK[1]], DECK[2]), bool)


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("(" * 10_000 + "true" + ")" * 10_000, "too long"),
        ("(" * 1_000 + "true" + ")" * 1_000, "nested too deeply"),
        ("not " * 900 + "true", "nested too deeply"),
        ("-" * 3_000 + "1 == 1", "nested too deeply"),
        ("card.odd and " * 250 + "true", None),
        (" + ".join(["1"] * 900) + " == 900", None),
        ("+".join(["1"] * 1_500) + " == 1500", "written out in full, the rule is too long"),
        ("x" * 1_000_000, "too long"),
        ("card.rank == " + "9" * 50_000, "too long"),
        ("if true then " * 100 + "true" + " else false" * 100, "nested too deeply"),
    ],
)
def test_hostile_rules_are_refused_or_compiled_without_recursion(text, words):
    if words is None:
        assert compile_rule(text).allows([DECK[0]], DECK[1]) in (True, False)
        return
    with pytest.raises(RuleError, match=words):
        compile_rule(text)


def test_nesting_limit_is_generous_for_real_rules():
    text = "(" * (MAX_NESTING - 1) + "card.odd" + ")" * (MAX_NESTING - 1)
    assert str(compile_rule(text)) == "card.odd"


def test_length_limit_counts_characters():
    padding = " " * (MAX_RULE_LENGTH - len("true"))
    assert str(compile_rule(padding + "true")) == "true"
    with pytest.raises(RuleError, match="too long"):
        compile_rule(padding + " true")


def test_random_bytes_never_escape_as_other_errors():
    rng = random.Random(2026)
    outcomes = set()
    for _ in range(2_000):
        text = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 80))).decode("latin-1")
        try:
            outcomes.add(type(compile_rule(text)).__name__)
        except RuleError:
            outcomes.add("RuleError")
    assert "RuleError" in outcomes
    assert outcomes <= {"Rule", "RuleError"}


def test_the_longest_possible_chains_evaluate_without_deep_recursion():
    # Written canonically, so that the stored form is as long as the typed one.
    chain = " and ".join(["1 < 2"] * (MAX_RULE_LENGTH // len("1 < 2 and ")))
    assert len(chain) <= MAX_RULE_LENGTH
    assert compile_rule(chain).allows([DECK[0]], DECK[1]) is True
    assert compile_rule(chain.replace(" and ", " or ") + " or 1 > 2").allows([DECK[0]], DECK[1])
