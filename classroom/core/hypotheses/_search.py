"""Searching the mainlines a secret rule can produce for a card two rules judge differently.

Both rules judge a situation from the last D cards of the mainline (D the deeper rule's depth),
from the mainline's length while it is shorter than D, and from the position when a rule reads
it. So the search walks *tails* (the last D cards, each reduced to the class of cards the rules
cannot tell apart there) instead of whole mainlines, and judges all 52 cards at once per tail.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from classroom.core.cards import DECK, Card
from classroom.core.hypotheses._classes import Partition, RuleView, attributes_read
from classroom.core.hypotheses._protocol import JudgingRule

__all__ = ["Found", "Space", "explore_randomly", "pick", "search_exhaustively"]

Tail = tuple[int, ...]
Key = tuple[int, Tail]


@dataclass(frozen=True, slots=True)
class Found:
    """What a search saw: the first (shortest) disagreement, if any, and the tails compared."""

    mainline: tuple[Card, ...] | None
    card: Card | None
    tails_checked: int


class Space:
    """The situation classes of a secret rule and a hypothesis, and the moves between them."""

    def __init__(self, secret: JudgingRule, hypothesis: JudgingRule) -> None:
        self.depth = max(secret.depth, hypothesis.depth)
        self.positional = secret.uses_position or hypothesis.uses_position
        rules = (secret, hypothesis)
        # The card at offset n will be read at slots n, n+1 ... as the mainline grows.
        self.tails = [
            Partition(set().union(*(attributes_read(r, range(n, self.depth + 1)) for r in rules)))
            for n in range(1, max(self.depth, 1) + 1)
        ]
        self._ageing = [
            older.translate(newer) for newer, older in zip(self.tails, self.tails[1:], strict=False)
        ]
        self.secret = RuleView(secret, self.tails)
        self.hypothesis = RuleView(hypothesis, self.tails)
        self._moves: dict[int, tuple[tuple[int, int], ...]] = {}
        self._cards: dict[int, tuple[Card, ...]] = {}

    @property
    def evaluations(self) -> int:
        """How many single-card judgements both rules have made so far."""
        return self.secret.evaluations + self.hypothesis.evaluations

    def starters(self) -> list[tuple[Tail, int]]:
        """The tail of each class of 1-card mainlines, with the mask of starters making it."""
        return [((j,)[: self.depth], cards) for j, cards in enumerate(self.tails[0].masks)]

    def moves(self, accepted: int) -> tuple[tuple[int, int], ...]:
        """For each card class with accepted cards: its number and the mask of those cards."""
        moves = self._moves.get(accepted)
        if moves is None:
            moves = self._moves[accepted] = tuple(
                (j, accepted & cards)
                for j, cards in enumerate(self.tails[0].masks)
                if accepted & cards
            )
        return moves

    def too_big_to_search(self, max_position: int, budget: int) -> bool:
        """True when exhaustive search surely costs more than `budget` evaluations.

        Only sure when the secret rule is the deeper one and positions do not matter: then
        every situation class is reachable (the rule accepts anything on shorter mainlines).
        """
        views = (self.secret, self.hypothesis)
        most = sum(view.most_evaluations(max_position) for view in views)
        sure = self.secret.rule.depth == self.depth and not self.positional
        return sure and most > budget

    def longest_mainline(self, max_position: int) -> int:
        """The longest mainline worth judging after: any tail a longer one ends in already
        ends a D-card mainline (see docs/hypotheses.md), unless positions matter."""
        return max_position - 1 if self.positional else max(self.depth, 1)

    def cards_in(self, mask: int) -> tuple[Card, ...]:
        """The cards of a mask, in deck order."""
        cards = self._cards.get(mask)
        if cards is None:
            cards = self._cards[mask] = tuple(card for card in DECK if mask >> card.index & 1)
        return cards

    def aged(self, tail: Tail) -> Tail:
        """The tail's cards one step older, ready for a new card in front."""
        return tuple(ageing[c] for ageing, c in zip(self._ageing, tail, strict=False))

    def tail_of(self, mainline: list[Card]) -> Tail:
        """The tail of a concrete mainline."""
        recent = mainline[: -self.depth - 1 : -1] if self.depth else []
        return tuple(
            tail.class_of[card.index] for tail, card in zip(self.tails, recent, strict=False)
        )


def pick(options: int, mainline: tuple[Card, ...]) -> Card:
    """A card of the mask, preferring one not yet on the mainline (easier to read, and true
    to a two-deck stock); the lowest in deck order among those."""
    used = 0
    for card in mainline:
        used |= 1 << card.index
    mask = options & ~used or options
    return DECK[(mask & -mask).bit_length() - 1]


def search_exhaustively(space: Space, *, max_position: int, budget: int) -> Found | None:
    """Breadth-first over reachable tails, shortest mainline first; None past the budget."""
    parents: dict[Key, tuple[Key | None, int]] = {}
    level: list[Key] = []
    for tail, starters in space.starters():
        _visit(parents, level, (1, tail), None, starters)
    checked, length, last = 0, 1, space.longest_mainline(max_position)
    while level:
        upcoming: list[Key] = []
        for key in level:
            secret = space.secret.accepted(key[1], length)
            differ = secret ^ space.hypothesis.accepted(key[1], length)
            checked += 1
            if differ:
                mainline = _mainline(parents, key)
                return Found(mainline, pick(differ, mainline), checked)
            if space.evaluations + checked > budget:
                return None
            if length < last:
                older = space.aged(key[1])
                for j, cards in space.moves(secret):
                    _visit(parents, upcoming, (length + 1, (j, *older)[: space.depth]), key, cards)
        level, length = upcoming, length + 1
    return Found(None, None, checked)


def _visit(
    parents: dict[Key, tuple[Key | None, int]],
    level: list[Key],
    key: Key,
    parent: Key | None,
    cards: int,
) -> None:
    if key not in parents:
        parents[key] = (parent, cards)
        level.append(key)


def _mainline(parents: dict[Key, tuple[Key | None, int]], key: Key | None) -> tuple[Card, ...]:
    """A concrete mainline along the path to `key`: any card of each step's mask will do."""
    steps = []
    while key is not None:
        key, cards = parents[key]
        steps.append(cards)
    mainline: tuple[Card, ...] = ()
    for cards in reversed(steps):
        mainline = (*mainline, pick(cards, mainline))
    return mainline


def explore_randomly(space: Space, *, max_length: int, budget: int, rng: random.Random) -> Found:
    """Random producible mainlines up to `max_length` cards; the shortest disagreement seen."""
    best: Found = Found(None, None, 0)
    checked: set[Key] = set()
    steps, spent_before = 0, space.evaluations
    while space.evaluations - spent_before + steps < budget:
        limit = max_length if best.mainline is None else len(best.mainline) - 1
        if limit < 1:
            break
        mainline = [rng.choice(DECK)]
        while len(mainline) <= limit:
            tail = space.tail_of(mainline)
            secret = space.secret.accepted(tail, len(mainline))
            differ = secret ^ space.hypothesis.accepted(tail, len(mainline))
            checked.add((len(mainline) if space.positional else len(tail), tail))
            steps += 1
            if differ:
                best = Found(tuple(mainline), pick(differ, tuple(mainline)), 0)
                break
            if not secret:
                break
            mainline.append(rng.choice(space.cards_in(secret)))
    return Found(best.mainline, best.card, len(checked))
