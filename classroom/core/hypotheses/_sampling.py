"""Random play, for rules that look back too far to compare every situation.

Each game starts from a random starter and plays random cards the secret rule accepts, never
more than two copies of a face; after each card every face still in the stock is tried on both
rules. A difference found this way is real, but not necessarily the shortest.
"""

from __future__ import annotations

import random
from collections import Counter

from classroom.core.cards import DECK, Card
from classroom.core.hypotheses._atoms import COPIES
from classroom.core.hypotheses._meter import Meter, OutOfBudget
from classroom.core.hypotheses._protocol import JudgingRule

__all__ = ["GAMES", "LONGEST", "sample"]

GAMES = 200
LONGEST = 24

Found = tuple[tuple[Card, ...], Card]


def sample(
    secret: JudgingRule, hypothesis: JudgingRule, *, rng: random.Random, meter: Meter
) -> tuple[Found | None, int]:
    """The shortest difference random games found (or None), and how many games were played."""
    best: Found | None = None
    played = 0
    try:
        for _ in range(GAMES):
            limit = LONGEST if best is None else len(best[0]) - 1
            if limit < 1:
                break
            best = _game(secret, hypothesis, rng, meter, limit) or best
            played += 1
    except OutOfBudget:
        pass
    return best, played


def _game(
    secret: JudgingRule, hypothesis: JudgingRule, rng: random.Random, meter: Meter, limit: int
) -> Found | None:
    mainline = [rng.choice(DECK)]
    used = Counter(mainline)
    while len(mainline) <= limit:
        meter.spend(4 * len(DECK))
        accepted = []
        for card in DECK:
            if used[card] >= COPIES:
                continue
            allowed = secret.allows(mainline, card)
            if allowed != hypothesis.allows(mainline, card):
                return tuple(mainline), card
            if allowed:
                accepted.append(card)
        if not accepted:
            return None
        card = rng.choice(accepted)
        mainline.append(card)
        used[card] += 1
    return None
