"""What the hypothesis checker needs from a rule, and the text-to-rule convenience."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Protocol

from classroom.core.cards import Card
from classroom.core.rules import compile_rule
from classroom.core.rules.syntax import Node

__all__ = ["JudgingRule", "as_rule", "tree_of"]


class JudgingRule(Protocol):
    """A compiled rule as the checker sees it (`classroom.core.rules.Rule` is one).

    A rule that also has a `tree` (its syntax tree) is judged in bulk; one without is judged
    card by card through `allows`, which is correct but much slower.
    """

    @property
    def depth(self) -> int:
        """The deepest prevN the rule reads; shorter mainlines accept every card."""
        ...

    @property
    def uses_position(self) -> bool:
        """True when the rule reads `position`."""
        ...

    @property
    def references(self) -> frozenset[tuple[int, str]]:
        """The (n, attribute) pairs the rule reads: n = 0 is the card, n = 1 prev..."""
        ...

    def allows(self, mainline: Sequence[Card], card: Card) -> bool:
        """True when `card` may follow `mainline` (oldest first, starter first)."""
        ...


def as_rule(rule: JudgingRule | str) -> JudgingRule:
    """Compile rule text (raising RuleError), or pass a compiled rule through."""
    return compile_rule(rule) if isinstance(rule, str) else rule


def tree_of(rule: JudgingRule) -> Node | None:
    """The rule's syntax tree, when it has one."""
    tree: Node | None = getattr(rule, "tree", None)
    return tree
