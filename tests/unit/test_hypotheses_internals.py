"""The checker's building blocks against plain Python: bulk judging, position classes, cell sets."""

import itertools
import random
from collections.abc import Sequence

from hypothesis import given, settings
from hypothesis import strategies as st

from classroom.core.cards import DECK, Card
from classroom.core.hypotheses import check_equivalence
from classroom.core.hypotheses._atoms import Atoms
from classroom.core.hypotheses._grid import Grid
from classroom.core.hypotheses._positions import analyze
from classroom.core.hypotheses._tables import RuleTables
from classroom.core.rules import Rule, compile_rule

# Families of attributes, so that a rule has few atoms and judging it card by card stays quick.
FAMILIES = {
    "rank": ["rank", "face", "odd", "even"],
    "suit": ["suit", "color"],
    "mixed": ["color", "face", "odd"],
}
SLOTS = ["card", "prev", "prev2", "prev3"]


class WithoutTree:
    """A rule that hides its syntax tree, so that the tables judge it one cell at a time."""

    def __init__(self, rule: Rule) -> None:
        self.depth, self.uses_position = rule.depth, rule.uses_position
        self.references, self._rule = rule.references, rule

    def allows(self, mainline: Sequence[Card], card: Card) -> bool:
        return self._rule.allows(mainline, card)


@st.composite
def numbers(draw: st.DrawFn, family: str, depth: int = 0) -> str:
    slot = draw(st.sampled_from(SLOTS))
    simple = [f"{slot}.rank"] if family == "rank" else []
    simple += [str(draw(st.integers(1, 13))), "position"]
    if depth >= 2 or draw(st.booleans()):
        return draw(st.sampled_from(simple))
    left, right = draw(numbers(family, depth + 1)), draw(numbers(family, depth + 1))
    op = draw(st.sampled_from(["+", "-", "*", "%"]))
    if op == "%":
        return f"({left}) % {draw(st.integers(2, 6))}"
    if draw(st.integers(0, 4)) == 0:
        return f"(if {draw(booleans(family, 2))} then {left} else -{right})"
    return f"({left} {op} {right})"


@st.composite
def booleans(draw: st.DrawFn, family: str, depth: int = 0) -> str:
    slot, other = draw(st.sampled_from(SLOTS)), draw(st.sampled_from(SLOTS))
    names = FAMILIES[family]
    leaves = [f"{slot}.{name}" for name in names if name in ("face", "odd", "even")]
    leaves += [f"{slot}.{name} == {other}.{name}" for name in names if name in ("suit", "color")]
    leaves += [f"{slot}.face == {other}.odd"] if "face" in names else []
    leaves += [f"{slot}.suit in {{hearts, {other}.suit}}"] if "suit" in names else []
    comparison = draw(st.sampled_from(["<", "<=", "==", "!=", ">", ">="]))
    leaves += [f"{draw(numbers(family))} {comparison} {draw(numbers(family))}"]
    leaves += [f"{draw(numbers(family))} in {{2, {draw(numbers(family))}}}"]
    if depth >= 2 or draw(st.integers(0, 2)) == 0:
        return draw(st.sampled_from(leaves))
    left, right = draw(booleans(family, depth + 1)), draw(booleans(family, depth + 1))
    shape = draw(st.integers(0, 3))
    if shape == 0:
        return f"not ({left})"
    if shape == 1:
        return f"if {left} then {right} elif {draw(st.sampled_from(leaves))} then true else false"
    return f"({left}) {draw(st.sampled_from(['and', 'or', '!=']))} ({right})"


@st.composite
def rules(draw: st.DrawFn) -> Rule:
    return compile_rule(draw(booleans(draw(st.sampled_from(sorted(FAMILIES))))))


@settings(max_examples=40, deadline=None)
@given(rules(), st.integers(2, 40))
def test_bulk_judging_agrees_with_judging_one_card_at_a_time(rule: Rule, position: int) -> None:
    atoms = Atoms(name for _, name in rule.references)
    grid = Grid(atoms.count)
    position = max(position, rule.depth + 1)
    bulk = RuleTables(rule, atoms, grid).table(position, position)
    one_by_one = RuleTables(WithoutTree(rule), atoms, grid).table(position, position)
    assert bulk == one_by_one


@settings(max_examples=40, deadline=None)
@given(rules(), st.randoms(use_true_random=False))
def test_past_its_start_a_rule_judges_each_position_like_one_period_later(
    rule: Rule, rng: random.Random
) -> None:
    found = analyze(rule.tree)
    if found is None:
        return
    start, period = found
    first = max(start, rule.depth + 1, 2)
    for _ in range(25):
        position = rng.randint(first, first + 2 * period)
        recent = [rng.choice(DECK) for _ in range(rule.depth)]
        card = rng.choice(DECK)
        here = [DECK[0]] * (position - 1 - rule.depth) + recent
        later = [DECK[0]] * period + here
        assert rule.allows(here, card) == rule.allows(later, card), (position, recent, card)


def test_cell_sets_agree_with_plain_sets() -> None:
    grid, atoms = Grid(3), range(3)
    rng = random.Random(5)
    tails = {cell for cell in itertools.product(atoms, repeat=2) if rng.random() < 0.5}
    table = sum(1 << grid.index(cell) for cell in tails)
    spread = grid.stretch(table, 2)
    cells = {(card, *tail) for tail in tails for card in atoms}
    assert spread == sum(1 << grid.index(cell) for cell in cells)
    assert grid.any_card(spread, 3) == table
    older = {tail[:-1] for tail in tails}
    assert grid.project_top(table, 2) == sum(1 << grid.index(cell) for cell in older)
    assert grid.broadcast(1 << grid.index((2,)), 1, 3) == sum(
        1 << grid.index((2, *rest)) for rest in itertools.product(atoms, repeat=2)
    )


class PrimesAlternate:
    """A rule the checker can only judge through `allows`: it reads an attribute cards lack."""

    depth, uses_position = 1, False
    references = frozenset({(0, "prime"), (1, "prime")})

    def allows(self, mainline: Sequence[Card], card: Card) -> bool:
        primes = {2, 3, 5, 7, 11, 13}
        return (card.rank in primes) != (mainline[-1].rank in primes)


def test_rules_without_a_tree_are_judged_one_card_at_a_time_with_the_same_verdicts() -> None:
    primes = "(card.rank in {2, 3, 5, 7, 11, 13}) != (prev.rank in {2, 3, 5, 7, 11, 13})"
    assert check_equivalence(PrimesAlternate(), primes).verdict == "same"
    assert check_equivalence(primes, PrimesAlternate()).verdict == "same"
    zigzag = compile_rule(
        "if prev.rank > prev2.rank then card.rank < prev.rank else card.rank > prev.rank"
    )
    other = "if prev.rank >= prev2.rank then card.rank < prev.rank else card.rank > prev.rank"
    plain, hidden = check_equivalence(zigzag, other), check_equivalence(WithoutTree(zigzag), other)
    assert plain == hidden and plain.verdict == "different"
