"""Is a hypothesis the secret rule? Same (proved), different (with the shortest play that shows
it), or undecided within the time allowed (saying what was compared). See docs/hypotheses.md.

>>> check_equivalence("card.odd != prev.odd", "(card.rank + prev.rank) % 2 == 1").verdict
'same'
>>> result = check_equivalence("card.odd != prev.odd", "card.color != prev.color")
>>> result.verdict
'different'
>>> result.counterexample.describe()
'Your rule says 2♠ may not follow the starter A♠, but the secret rule says yes; try it.'
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Literal

from classroom.core.cards import Card
from classroom.core.hypotheses._atoms import COPIES, Atoms
from classroom.core.hypotheses._decks import CARDS, faces_for
from classroom.core.hypotheses._grid import Grid
from classroom.core.hypotheses._meter import Meter, OutOfBudget
from classroom.core.hypotheses._positions import classes_for
from classroom.core.hypotheses._protocol import JudgingRule, as_rule, tree_of
from classroom.core.hypotheses._sampling import sample
from classroom.core.hypotheses._search import Search, Situations, Witness
from classroom.core.hypotheses._tables import RuleTables
from classroom.core.text import _

__all__ = [
    "DEFAULT_BUDGET",
    "DEFAULT_BUDGET_S",
    "MAX_POSITION",
    "Counterexample",
    "Equivalence",
    "Verdict",
    "check_equivalence",
]

Verdict = Literal["same", "different", "undecided"]
#: The longest mainline two decks can make, plus the card tried after it. Positions are
#: compared one by one up to here when a rule uses the position in a way with no pattern.
MAX_POSITION = CARDS
#: Work units (about one operation on a 4096-bit set each) a check may spend; far more than
#: any pair of rules of depth 3 or less needs.
DEFAULT_BUDGET = 400_000_000
#: Seconds a check may take before it answers "undecided".
DEFAULT_BUDGET_S = 10.0
#: Cells (situations times cards) above which the exhaustive search is not tried.
MAX_CELLS = 1 << 24
_SHOWN = 6


@dataclass(frozen=True, slots=True)
class Counterexample:
    """A mainline the secret rule can produce and a card the two rules judge differently."""

    mainline: tuple[Card, ...]
    card: Card
    secret_allows: bool
    hypothesis_allows: bool

    @property
    def position(self) -> int:
        """The position the card would take (the starter is position 1)."""
        return len(self.mainline) + 1

    @property
    def two_decks(self) -> bool:
        """True when two decks hold the mainline and the card at the same time (no face more
        than twice, which also keeps it within 104 cards)."""
        return self._most_copies()[1] <= COPIES

    def describe(self) -> str:
        """One sentence a student can read."""
        values = {"card": self.card.label, "situation": self._situation()}
        if self.hypothesis_allows:
            claim = _(
                "Your rule says %(card)s may follow %(situation)s, but the secret rule says no"
            )
        else:
            claim = _(
                "Your rule says %(card)s may not follow %(situation)s, but the secret rule says yes"
            )
        if self.two_decks:
            return (claim + _("; try it.")) % values
        # One format for the two sentences: a language may join them its own way.
        return _("%(claim)s. %(why)s") % {
            "claim": claim % values,
            "why": self._why_not_playable(),
        }

    def _most_copies(self) -> tuple[Card, int]:
        return Counter((*self.mainline, self.card)).most_common(1)[0]

    def _why_not_playable(self) -> str:
        face, copies = self._most_copies()
        return _(
            "Only a table with more than two decks can get there: it takes %(n)d %(card)s."
        ) % {"n": copies, "card": face.label}

    def _situation(self) -> str:
        last = self.mainline[-1].label
        if len(self.mainline) == 1:
            return _("the starter %s") % last
        if len(self.mainline) <= _SHOWN:
            cards = " ".join(card.label for card in self.mainline)
            return _("%(last)s (after %(cards)s)") % {"last": last, "cards": cards}
        recent = " ".join(card.label for card in self.mainline[-_SHOWN:])
        return _("%(last)s (after … %(cards)s, at position %(position)d)") % {
            "last": last,
            "cards": recent,
            "position": self.position,
        }


@dataclass(frozen=True, slots=True)
class Equivalence:
    """The checker's verdict on two rules, the counterexample if they differ, and its limits."""

    #: True only when the two rules are proved to judge alike (verdict "same").
    equivalent: bool
    counterexample: Counterexample | None
    #: True when the search covered every situation: a "same" is proved and a counterexample
    #: is a shortest one. False for random play and for undecided checks.
    exact: bool
    #: Situations compared, counted as situation classes times card classes (cards and
    #: mainlines the two rules cannot tell apart count once).
    situations_checked: int
    #: What was compared when the answer is not exact; empty when it is.
    limit: str = ""
    #: True when the rules differ only in situations two decks cannot lay out (a third copy
    #: of a face, or more than 104 cards): at a table with two decks they always agree.
    needs_more_decks: bool = False

    @property
    def verdict(self) -> Verdict:
        """ "same" (proved), "different" (see the counterexample) or "undecided"."""
        if self.equivalent:
            return "same"
        return "different" if self.counterexample is not None else "undecided"

    def describe(self) -> str:
        """One or two sentences for the teacher: the verdict, and its limit if any."""
        if self.counterexample is not None:
            sentence = self.counterexample.describe()
            if self.needs_more_decks:
                sentence += " " + _(
                    "Every difference needs more cards than two decks hold, so at a table with "
                    "two decks the two rules always agree."
                )
            return sentence
        if self.equivalent:
            return _(
                "The two rules judge every card alike in every situation the secret rule "
                "can produce."
            )
        return _("Not decided: %s.") % self.limit


def check_equivalence(
    secret: JudgingRule | str,
    hypothesis: JudgingRule | str,
    *,
    max_position: int | None = None,
    budget: int | None = DEFAULT_BUDGET,
    budget_s: float | None = DEFAULT_BUDGET_S,
    seed: int = 0,
) -> Equivalence:
    """Compare two rules on every situation the secret rule can produce.

    Text on either side is compiled first and raises RuleError when it is not a rule.
    `max_position` stops the comparison at that position (the answer is then undecided unless
    a difference shows up or no new situation arises before it). Past `budget` work units or
    `budget_s` seconds (wall clock) the answer is undecided. Rules reading too far back for the
    exhaustive search are compared by random play seeded with `seed`.
    """
    if max_position is not None and max_position < 2:
        raise ValueError("max_position must be at least 2: the first card played is position 2")
    rules = (as_rule(secret), as_rule(hypothesis))
    meter = Meter(budget, budget_s)
    atoms = Atoms(name for rule in rules for _ref, name in rule.references)
    grid = Grid(atoms.count, meter)
    if grid.size(max(1, *(rule.depth for rule in rules)) + 1) > MAX_CELLS:
        return _sampled(rules, meter, seed)
    return _searched(rules, atoms, grid, max_position)


def _searched(
    rules: tuple[JudgingRule, JudgingRule], atoms: Atoms, grid: Grid, max_position: int | None
) -> Equivalence:
    positions = classes_for(*(tree_of(rule) for rule in rules if rule.uses_position))
    bound = max_position if max_position is not None or positions.periodic else MAX_POSITION
    search: Search | None = None
    try:
        tables = (RuleTables(rules[0], atoms, grid), RuleTables(rules[1], atoms, grid))
        search = Search(Situations(*tables, positions), bound=bound)
        search.run()
    except OutOfBudget:
        if search is None or search.longest <= 1:
            return Equivalence(
                False, None, False, 0, _("the time ran out before anything was compared")
            )
        return _verdict(search, rules, atoms, _ran_out(search.longest - 1))
    limit = _("the two rules agree at positions 2 to %d; later positions were not compared")
    return _verdict(search, rules, atoms, limit % (bound or 0))


def _ran_out(cards: int) -> str:
    return (
        _(
            "the two rules agree after every mainline of up to %d cards the secret rule can "
            "produce; the time ran out before longer ones were compared"
        )
        % cards
    )


def _verdict(
    search: Search, rules: tuple[JudgingRule, JudgingRule], atoms: Atoms, limit: str
) -> Equivalence:
    witness = search.playable or search.first
    if witness is not None:
        found = _concrete(witness, rules, atoms)
        return Equivalence(
            False, found, True, search.cells, needs_more_decks=search.needs_more_decks
        )
    if search.finished:
        return Equivalence(True, None, True, search.cells)
    return Equivalence(False, None, False, search.cells, limit)


def _concrete(
    witness: Witness, rules: tuple[JudgingRule, JudgingRule], atoms: Atoms
) -> Counterexample:
    """Real cards for a witness, judged again by the rules themselves."""
    *mainline, card = faces_for(atoms, (*witness.mainline, witness.card))
    secret, hypothesis = (rule.allows(mainline, card) for rule in rules)
    assert secret != hypothesis, "the search and the rules disagree"
    return Counterexample(tuple(mainline), card, secret, hypothesis)


def _sampled(rules: tuple[JudgingRule, JudgingRule], meter: Meter, seed: int) -> Equivalence:
    found, games = sample(*rules, rng=random.Random(seed), meter=meter)
    if found is None:
        limit = _(
            "random play, seed %(seed)d, found no difference in %(games)d games; these rules "
            "look back too far to compare every situation"
        ) % {"seed": seed, "games": games}
        return Equivalence(False, None, False, 0, limit)
    mainline, card = found
    secret, hypothesis = (rule.allows(mainline, card) for rule in rules)
    counterexample = Counterexample(mainline, card, secret, hypothesis)
    return Equivalence(False, counterexample, False, 0, _("random play, seed %d") % seed)
