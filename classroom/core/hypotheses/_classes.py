"""Cards grouped by what two rules can see of them; accepted cards as 52-bit masks.

A rule reads only some attributes of each card (`rule.references`), so cards that agree on
those attributes are interchangeable: judging one representative per class judges them all.

>>> Partition({"color"}).size, Partition({"rank", "face"}).size, Partition(()).size
(2, 13, 1)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence

from classroom.core.cards import DECK, Card
from classroom.core.hypotheses._protocol import JudgingRule

__all__ = ["ALL_CARDS", "Partition", "RuleView", "attributes_read"]

#: The mask with every card's bit (`1 << card.index`) set.
ALL_CARDS = (1 << len(DECK)) - 1
# Fills the front of a mainline whose length matters (position) but whose old cards do not.
_FILLER = DECK[0]


def attributes_read(rule: JudgingRule, slots: Iterable[int]) -> set[str]:
    """The attributes `rule` reads on any of `slots` (0 is the card, 1 prev...)."""
    wanted = set(slots)
    return {name for slot, name in rule.references if slot in wanted}


class Partition:
    """The 52 cards grouped by their values of some attributes, classes numbered 0, 1..."""

    __slots__ = ("class_of", "masks", "representatives")

    def __init__(self, attributes: Iterable[str]) -> None:
        names = sorted(set(attributes))
        numbers: dict[tuple[object, ...], int] = {}
        class_of = [
            numbers.setdefault(tuple(getattr(card, name) for name in names), len(numbers))
            for card in DECK
        ]
        masks = [0] * len(numbers)
        representatives: list[Card | None] = [None] * len(numbers)
        for card, number in zip(DECK, class_of, strict=True):
            masks[number] |= 1 << card.index
            representatives[number] = representatives[number] or card
        #: The class of each card, by `card.index`.
        self.class_of = tuple(class_of)
        #: The cards of each class, as a mask.
        self.masks = tuple(masks)
        #: The first card (in deck order) of each class.
        self.representatives = tuple(card for card in representatives if card is not None)

    @property
    def size(self) -> int:
        """How many classes there are."""
        return len(self.masks)

    def translate(self, finer: Partition) -> tuple[int, ...]:
        """For each class of `finer` (which must refine this one), the class containing it."""
        return tuple(self.class_of[card.index] for card in finer.representatives)


class RuleView:
    """One rule's judgements of a situation class, as masks of the accepted cards, memoized.

    A situation class is a tail: the classes of the last cards of the mainline, most recent
    first, the one at offset n-1 taken from `tails[n - 1]`.
    """

    __slots__ = ("_cards", "_memo", "_translations", "candidates", "evaluations", "rule")

    def __init__(self, rule: JudgingRule, tails: Sequence[Partition]) -> None:
        self.rule = rule
        #: The cards the rule tells apart when judging them.
        self.candidates = Partition(attributes_read(rule, [0]))
        slots = [Partition(attributes_read(rule, [n])) for n in range(1, rule.depth + 1)]
        self._translations = [
            slot.translate(tail) for slot, tail in zip(slots, tails, strict=False)
        ]
        self._cards = [slot.representatives for slot in slots]
        self._memo: dict[tuple[int, ...], int] = {}
        #: How many times the rule was asked to judge a card.
        self.evaluations = 0

    def most_evaluations(self, max_position: int) -> int:
        """How many judgements judging every situation class could take, at most."""
        views = math.prod(len(cards) for cards in self._cards)
        positions = max_position - 1 if self.rule.uses_position else 1
        return views * positions * self.candidates.size

    def accepted(self, tail: tuple[int, ...], length: int) -> int:
        """The mask of cards the rule accepts after a mainline of `length` ending in `tail`."""
        if length < self.rule.depth:
            return ALL_CARDS
        key = tuple(
            translation[c] for translation, c in zip(self._translations, tail, strict=False)
        )
        if self.rule.uses_position:
            key += (length,)
        mask = self._memo.get(key)
        if mask is None:
            mask = self._memo[key] = self._judge_every_card(key, length)
        return mask

    def _judge_every_card(self, key: tuple[int, ...], length: int) -> int:
        recent = [cards[c] for cards, c in zip(self._cards, key, strict=False)]
        padding = length - len(recent) if self.rule.uses_position else 0
        mainline = [_FILLER] * padding + recent[::-1]
        mask = 0
        for card, cards in zip(self.candidates.representatives, self.candidates.masks, strict=True):
            if self.rule.allows(mainline, card):
                mask |= cards
        self.evaluations += self.candidates.size
        return mask
