"""Helpers for the hypothesis checker tests: layouts written as plays, rules that zigzag
or alternate by position, and a brute-force search to hold the checker's counterexamples
to. No tests here."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from classroom.core.cards import DECK, Card
from classroom.core.hypotheses import Counterexample, JudgingRule
from classroom.core.layout import Layout

C = Card.parse
ZIGZAG = "if prev.rank > prev2.rank then card.rank < prev.rank else card.rank > prev.rank"
ZIGZAG_GE = "if prev.rank >= prev2.rank then card.rank < prev.rank else card.rank > prev.rank"
EVEN_RED = "if position % 2 == 0 then card.color == red else card.color == black"
ODD_BLACK = "if position % 2 == 1 then card.color == black else card.color == red"


def cards(text: str) -> tuple[Card, ...]:
    return tuple(C(word) for word in text.split())


def table(starter: str, plays: str) -> Layout:
    """A layout from plays like '7S +' (accepted) and '2C -' (rejected)."""
    layout = Layout.starting_with(C(starter))
    words = plays.split()
    for card, verdict in zip(words[::2], words[1::2], strict=True):
        layout = layout.accept(C(card)) if verdict == "+" else layout.reject(C(card))
    return layout


def is_producible(secret: JudgingRule, mainline: Sequence[Card]) -> bool:
    return all(secret.allows(mainline[:i], mainline[i]) for i in range(1, len(mainline)))


class Reference(NamedTuple):
    """What brute force found: the shortest differing mainline's length (0: none found), and
    whether every situation the secret rule can produce was seen."""

    shortest: int
    complete: bool


def reference_shortest(secret: JudgingRule, hypothesis: JudgingRule, longest: int) -> Reference:
    """Brute force over real mainlines of up to `longest` cards, every card judged by both
    rules with `allows`. Two mainlines count as one situation when their last cards agree on
    every attribute a rule reads where those cards will be read (the rules can see nothing
    else); the length counts too while it is short or when a rule reads the position."""
    depth = max(secret.depth, hypothesis.depth, 1)
    positional = secret.uses_position or hypothesis.uses_position
    reads = secret.references | hypothesis.references

    def seen_as(card: Card, offset: int) -> tuple[object, ...]:
        names = sorted({name for slot, name in reads if slot >= offset})
        return tuple(getattr(card, name) for name in names)

    def situation(mainline: tuple[Card, ...]) -> tuple[object, ...]:
        kept = mainline[max(0, len(mainline) - depth) :]
        length = len(mainline) if positional or len(mainline) < depth else -1
        return (length, *(seen_as(card, len(kept) - n) for n, card in enumerate(kept)))

    level: dict[tuple[object, ...], tuple[Card, ...]] = {}
    for starter in DECK:
        level.setdefault(situation((starter,)), (starter,))
    seen = set(level)
    length = 1
    while level and length <= longest:
        upcoming: dict[tuple[object, ...], tuple[Card, ...]] = {}
        for mainline in level.values():
            for card in DECK:
                accepted = secret.allows(mainline, card)
                if accepted != hypothesis.allows(mainline, card):
                    return Reference(length, True)
                key = situation((*mainline, card))
                if accepted and key not in seen:
                    seen.add(key)
                    upcoming[key] = (*mainline, card)
        level, length = upcoming, length + 1
    return Reference(0, not level)


def assert_real_counterexample(
    secret: JudgingRule, hypothesis: JudgingRule, found: Counterexample
) -> None:
    assert is_producible(secret, found.mainline)
    assert secret.allows(found.mainline, found.card) is found.secret_allows
    assert hypothesis.allows(found.mainline, found.card) is found.hypothesis_allows
    assert found.secret_allows is not found.hypothesis_allows
