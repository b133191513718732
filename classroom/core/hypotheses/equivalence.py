"""Is a hypothesis the secret rule? If not, the shortest play that shows the difference.

>>> from classroom.core.rules import compile_rule
>>> secret = compile_rule("card.odd != prev.odd")
>>> check_equivalence(secret, "(card.rank + prev.rank) % 2 == 1").equivalent
True
>>> result = check_equivalence(secret, "card.color != prev.color")
>>> result.exact, result.counterexample.describe()
(True, 'Your rule says 2♠ may not follow the starter A♠, but the secret rule says yes; try it.')
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from gettext import gettext as _

from classroom.core.cards import Card
from classroom.core.hypotheses._protocol import JudgingRule, as_rule
from classroom.core.hypotheses._search import Found, Space, explore_randomly, search_exhaustively

__all__ = [
    "DEFAULT_BUDGET",
    "MAX_POSITION",
    "Counterexample",
    "Equivalence",
    "check_equivalence",
]

#: Rules reading `position` are compared at positions 2..MAX_POSITION: one two-deck stock
#: (104 cards) can never make a longer mainline.
MAX_POSITION = 104
#: Rule evaluations (plus tails compared) an exact search may spend before sampling instead.
DEFAULT_BUDGET = 600_000
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

    def describe(self) -> str:
        """One sentence a student can read."""
        values = {"card": self.card.label, "situation": self._situation()}
        if self.hypothesis_allows:
            return (
                _(
                    "Your rule says %(card)s may follow %(situation)s, but the secret rule "
                    "says no; try it."
                )
                % values
            )
        return (
            _(
                "Your rule says %(card)s may not follow %(situation)s, but the secret rule "
                "says yes; try it."
            )
            % values
        )

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
    """Whether two rules judge alike wherever the secret rule can lead, and how sure we are."""

    equivalent: bool
    counterexample: Counterexample | None
    #: False when only positions up to a bound, or only a random sample, were compared.
    exact: bool
    #: Situations compared: tails of producible mainlines (each standing for every mainline
    #: the two rules cannot tell apart) times the 52 cards judged on each.
    situations_checked: int
    #: Why the answer is not exact; empty when it is.
    limit: str = ""

    def describe(self) -> str:
        """One sentence for the teacher: the verdict, and its limit if any."""
        if self.counterexample is not None:
            return self.counterexample.describe()
        if self.exact:
            return _(
                "The two rules judge every card alike in every situation the secret rule "
                "can produce."
            )
        return _("The two rules judge every card alike in every situation compared (%s).") % (
            self.limit
        )


def check_equivalence(
    secret: JudgingRule,
    hypothesis: JudgingRule | str,
    *,
    max_position: int = MAX_POSITION,
    budget: int = DEFAULT_BUDGET,
    seed: int = 0,
) -> Equivalence:
    """Compare two rules on every producible situation; the shortest counterexample if any.

    When exhaustive search would cost more than `budget` rule evaluations, plays random
    mainlines (seeded by `seed`) for a third of that instead, and says so in `limit`.
    Text is compiled first and raises RuleError when it is not a rule.
    """
    if max_position < 2:
        raise ValueError("max_position must be at least 2: the first card played is position 2")
    space = Space(secret, as_rule(hypothesis))
    found = None
    if not space.too_big_to_search(max_position, budget):
        found = search_exhaustively(space, max_position=max_position, budget=budget)
    bound = f"positions 2 to {max_position} only" if space.positional else ""
    if found is not None:
        return _verdict(space, found, bound)
    longest = space.longest_mainline(max_position)
    rng = random.Random(seed)
    found = explore_randomly(space, max_length=longest, budget=budget // 3, rng=rng)
    return _verdict(space, found, ", ".join(filter(None, [f"random play, seed {seed}", bound])))


def _verdict(space: Space, found: Found, limit: str) -> Equivalence:
    checked = found.tails_checked * 52
    if found.mainline is None or found.card is None:
        return Equivalence(True, None, not limit, checked, limit)
    tail, length = space.tail_of(list(found.mainline)), len(found.mainline)
    bit = 1 << found.card.index
    counterexample = Counterexample(
        found.mainline,
        found.card,
        secret_allows=bool(space.secret.accepted(tail, length) & bit),
        hypothesis_allows=bool(space.hypothesis.accepted(tail, length) & bit),
    )
    return Equivalence(False, counterexample, not limit, checked, limit)
