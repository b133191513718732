"""Properties of the hypothesis checker over random rules and tables."""

from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.core.cards import DECK, Card
from classroom.core.hypotheses import Consistency, check_consistency, check_equivalence
from classroom.core.layout import Layout
from classroom.core.rules import compile_rule
from tests.unit.test_hypotheses import assert_real_counterexample, reference_shortest

# --- properties ----------------------------------------------------------------------------

ATOMS = [
    "card.color == prev.color",
    "card.rank > prev.rank",
    "card.suit != prev2.suit",
    "card.face",
    "prev.odd",
    "card.odd != prev2.odd",
    "(card.rank + prev.rank) % 4 in {1, 2}",
    "position % 3 == 0",
    "card.color == red",
]
SHALLOW_ATOMS = [a for a in ATOMS if "prev2" not in a]


def rule_texts(atoms: list[str]) -> st.SearchStrategy[str]:
    leaf = st.sampled_from(atoms)
    return st.recursive(
        leaf,
        lambda inner: st.one_of(
            st.tuples(inner, st.sampled_from(["and", "or", "!="]), inner).map(
                lambda t: f"({t[0]}) {t[1]} ({t[2]})"
            ),
            inner.map(lambda text: f"not ({text})"),
            st.tuples(inner, inner, inner).map(lambda t: f"if {t[0]} then {t[1]} else {t[2]}"),
        ),
        max_leaves=4,
    )


@settings(max_examples=25, deadline=None)
@given(rule_texts(ATOMS))
def test_a_rule_is_equivalent_to_itself_and_its_canonical_text(text: str) -> None:
    rule = compile_rule(text)
    assert check_equivalence(rule, rule, max_position=12).equivalent
    assert check_equivalence(rule, str(rule), max_position=12).equivalent


@settings(max_examples=40, deadline=None)
@given(rule_texts(ATOMS), st.sampled_from(DECK), st.lists(st.sampled_from(DECK), max_size=30))
def test_the_secret_rule_explains_any_table_it_judged(
    text: str, starter: Card, plays: list[Card]
) -> None:
    secret = compile_rule(text)
    layout = Layout.starting_with(starter)
    for card in plays:
        accepted = secret.allows(layout.mainline, card)
        layout = layout.accept(card) if accepted else layout.reject(card)
    assert check_consistency(secret, layout) == Consistency(True, len(plays))


@settings(max_examples=80, deadline=None)
@given(rule_texts(SHALLOW_ATOMS), rule_texts(SHALLOW_ATOMS))
def test_any_two_shallow_rules_agree_with_brute_force(
    secret_text: str, hypothesis_text: str
) -> None:
    secret, hypothesis = compile_rule(secret_text), compile_rule(hypothesis_text)
    shortest = reference_shortest(secret, hypothesis, 6)
    result = check_equivalence(secret, hypothesis, max_position=6)
    assert result.equivalent is (shortest == 0)
    if result.counterexample is not None:
        assert len(result.counterexample.mainline) == shortest
        assert_real_counterexample(secret, hypothesis, result.counterexample)
