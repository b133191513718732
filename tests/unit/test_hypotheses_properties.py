"""Properties of the hypothesis checker over random rules and tables, against brute force."""

from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.core.cards import DECK, Card
from classroom.core.hypotheses import Consistency, check_consistency, check_equivalence
from classroom.core.layout import Layout
from classroom.core.rules import compile_rule
from tests.unit.test_hypotheses_support import assert_real_counterexample, reference_shortest

# Atoms reading every slot up to prev3, and the position. The suit is only read on the card
# itself, which keeps the brute force quick (it tells previous cards apart by what is read of
# them) while the checker still has to tell all 52 faces apart.
ATOMS = [
    "card.color == prev.color",
    "card.rank > prev.rank",
    "card.color != prev2.color",
    "card.face",
    "prev.odd",
    "card.odd != prev2.odd",
    "(card.rank + prev.rank) % 4 in {1, 2}",
    "card.suit == hearts",
    "prev3.color == prev.color",
    "card.face != prev3.face",
    "prev2.color == black",
    "card.rank == prev2.rank",
    "prev3.odd",
    "position % 3 == 0",
    "position > 4",
]
# Rank and suit of the card, prev and prev2: every face is told apart everywhere, so windows
# that would need a third copy of a face do occur.
FULL_CARD_ATOMS = [
    "card.suit == prev2.suit",
    "card.rank != prev.rank",
    "card.rank == prev2.rank",
    "card.suit != prev.suit",
    "(card.rank + prev.rank + prev2.rank) % 3 == 0",
    "prev2.rank > prev.rank",
    "card.suit == hearts and prev.rank == 12",
]
SHALLOW_ATOMS = [atom for atom in ATOMS if "prev2" not in atom and "prev3" not in atom]
#: Mainlines the brute force plays out, and the position bound for rules that read it.
LONGEST = 6


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
        max_leaves=3,
    )


def hypotheses_about(secret: str) -> st.SearchStrategy[str]:
    """Other rules, the secret rule loosened, or the secret rule in other words."""
    other = rule_texts(ATOMS)
    return st.one_of(
        other,
        other.map(lambda text: f"({secret}) or ({text})"),
        other.map(lambda text: f"({secret}) and not (({text}) and ({text}) and position > 6)"),
        other.map(lambda text: f"if {text} then ({secret}) else not not ({secret})"),
        other.map(lambda text: f"({secret}) or ({secret}) and ({text})"),
    )


@st.composite
def rule_pairs(draw: st.DrawFn) -> tuple[str, str]:
    secret = draw(rule_texts(ATOMS))
    return secret, draw(hypotheses_about(secret))


@settings(max_examples=80, deadline=None)
@given(rule_pairs())
def test_the_checker_agrees_with_brute_force(pair: tuple[str, str]) -> None:
    secret, hypothesis = compile_rule(pair[0]), compile_rule(pair[1])
    reference = reference_shortest(secret, hypothesis, LONGEST)
    positional = secret.uses_position or hypothesis.uses_position
    bounded = check_equivalence(secret, hypothesis, max_position=LONGEST + 1)
    unbounded = check_equivalence(secret, hypothesis)
    if reference.shortest:
        for result in (bounded, unbounded):
            assert result.verdict == "different" and result.counterexample is not None
            assert_real_counterexample(secret, hypothesis, result.counterexample)
            shortest = len(result.counterexample.mainline) == reference.shortest
            # A longer counterexample is only ever chosen because two decks hold it.
            assert shortest or result.counterexample.two_decks
            assert shortest or len(result.counterexample.mainline) > reference.shortest
    else:
        assert bounded.verdict != "different"
        if unbounded.counterexample is not None:
            assert len(unbounded.counterexample.mainline) > LONGEST
            assert_real_counterexample(secret, hypothesis, unbounded.counterexample)
        if reference.complete and not positional:
            assert unbounded.verdict == "same"


@settings(max_examples=10, deadline=None)
@given(rule_texts(FULL_CARD_ATOMS), rule_texts(FULL_CARD_ATOMS))
def test_rules_telling_every_face_apart_agree_with_brute_force(
    secret_text: str, other_text: str
) -> None:
    secret, hypothesis = (
        compile_rule(secret_text),
        compile_rule(f"({secret_text}) or ({other_text})"),
    )
    reference = reference_shortest(secret, hypothesis, LONGEST)
    result = check_equivalence(secret, hypothesis)
    assert (result.verdict == "different") is (reference.shortest > 0)
    assert result.verdict == "different" or not reference.complete or result.verdict == "same"
    if result.counterexample is not None:
        assert_real_counterexample(secret, hypothesis, result.counterexample)
        shortest = len(result.counterexample.mainline) == reference.shortest
        assert shortest or result.counterexample.two_decks


@settings(max_examples=40, deadline=None)
@given(rule_texts(SHALLOW_ATOMS), rule_texts(SHALLOW_ATOMS))
def test_any_two_shallow_rules_agree_with_brute_force(
    secret_text: str, hypothesis_text: str
) -> None:
    secret, hypothesis = compile_rule(secret_text), compile_rule(hypothesis_text)
    reference = reference_shortest(secret, hypothesis, LONGEST)
    result = check_equivalence(secret, hypothesis, max_position=LONGEST + 1)
    assert (result.verdict == "different") is (reference.shortest > 0)
    if result.counterexample is not None:
        assert len(result.counterexample.mainline) == reference.shortest
        assert_real_counterexample(secret, hypothesis, result.counterexample)


@settings(max_examples=25, deadline=None)
@given(rule_texts(ATOMS))
def test_a_rule_is_the_same_as_itself_and_its_canonical_text(text: str) -> None:
    rule = compile_rule(text)
    assert check_equivalence(rule, rule).verdict == "same"
    assert check_equivalence(str(rule), text).verdict == "same"


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
