"""How a rule plays: acceptance rates, dead ends and an example mainline, by seeded random play.

A situation is a mainline the rule could have produced. For each one we count how many of the
52 distinct cards the rule accepts; then play one of them at random and carry on.

The work is bounded whatever the rule: mainlines always grow long enough for the deepest `prevN`
to apply, and big rules play fewer games (JUDGED_NODES_BUDGET), so every analysis measures at
least one situation and finishes in about the same time as a small rule's.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from classroom.core.cards import DECK, Card
from classroom.core.rules.rule import Rule
from classroom.core.text import Text, _

__all__ = ["TOO_PERMISSIVE", "TOO_RESTRICTIVE", "RuleAnalysis", "analyze"]

TOO_RESTRICTIVE = 0.15
TOO_PERMISSIVE = 0.65
EXAMPLE_LENGTH = 10
#: Syntax-tree nodes an analysis may evaluate in all: the library's largest rules stay far below.
JUDGED_NODES_BUDGET = 2_500_000


@dataclass(frozen=True, slots=True)
class RuleAnalysis:
    """What random play measured about a rule; rates are fractions from 0 to 1."""

    depth: int
    acceptance_mean: float
    acceptance_min: float
    acceptance_max: float
    dead_end_rate: float
    situations: int
    example_mainline: tuple[Card, ...]

    @property
    def warnings(self) -> list[Text]:
        """Sentences for a teacher about what makes this rule a poor secret rule."""
        found: list[Text] = []
        if self.acceptance_mean < TOO_RESTRICTIVE:
            found.append(
                _(
                    "Too restrictive: only %(pct)d%% of cards are accepted on average; players "
                    "will rarely see the rule at work."
                )
                % {"pct": round(self.acceptance_mean * 100)}
            )
        if self.acceptance_mean > TOO_PERMISSIVE:
            found.append(
                _(
                    "Too permissive: %(pct)d%% of cards are accepted on average; players can "
                    "win without understanding it."
                )
                % {"pct": round(self.acceptance_mean * 100)}
            )
        if self.dead_end_rate > 0:
            found.append(
                _("Dead ends: in %(pct).1f%% of situations no card at all can be played.")
                % {"pct": self.dead_end_rate * 100}
            )
        return found


def analyze(rule: Rule, *, seed: int = 0, games: int = 120, length: int = 16) -> RuleAnalysis:
    """Play up to `games` random mainlines of up to `length` cards and measure the rule.

    Mainlines are lengthened to reach past the rule's deepest `prevN`, and a rule too big for
    the budget plays fewer games (never fewer than one).
    """
    if games < 1:
        raise ValueError("an analysis plays at least one game")
    # The first situation the rule judges has max(1, depth) cards; one more card must fit.
    length = max(length, rule.depth + 1, 2)
    per_game = (length - 1) * len(DECK) * rule.size
    games = max(1, min(games, JUDGED_NODES_BUDGET // per_game))
    rng = random.Random(seed)
    rates: list[float] = []
    dead_ends = 0
    example: list[Card] = []
    for _game in range(games):
        mainline = [rng.choice(DECK)]
        while len(mainline) < length:
            if len(mainline) < rule.depth:
                mainline.append(rng.choice(DECK))  # the rule does not apply yet
                continue
            accepted = [card for card in DECK if rule.allows(mainline, card)]
            rates.append(len(accepted) / len(DECK))
            if not accepted:
                dead_ends += 1
                break
            mainline.append(rng.choice(accepted))
        if len(mainline) > len(example) and len(example) < EXAMPLE_LENGTH:
            example = mainline[:EXAMPLE_LENGTH]
    return RuleAnalysis(
        depth=rule.depth,
        acceptance_mean=sum(rates) / len(rates),
        acceptance_min=min(rates),
        acceptance_max=max(rates),
        dead_end_rate=dead_ends / len(rates),
        situations=len(rates),
        example_mainline=tuple(example),
    )
