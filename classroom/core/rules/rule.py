"""A compiled secret rule: what the dealer knows."""

from __future__ import annotations

from collections.abc import Sequence

from classroom.core.cards import Card
from classroom.core.rules.canonical import to_text
from classroom.core.rules.checker import check
from classroom.core.rules.errors import RuleError
from classroom.core.rules.evaluator import compile_tree
from classroom.core.rules.parser import parse
from classroom.core.rules.syntax import Attr, Node, Position, walk
from classroom.core.rules.tokens import MAX_RULE_LENGTH
from classroom.core.text import _

__all__ = ["Rule", "compile_rule"]


class Rule:
    """A secret rule, checked and compiled; it judges whether a card may follow a mainline.

    >>> rule = compile_rule("Card.Color != prev.color  # alternate colors")
    >>> str(rule), rule.depth
    ('card.color != prev.color', 1)
    >>> rule.allows([Card.parse("4H")], Card.parse("7S"))
    True
    """

    __slots__ = (
        "_judge",
        "depth",
        "references",
        "size",
        "source",
        "text",
        "tree",
        "uses_position",
    )

    def __init__(self, source: str, tree: Node) -> None:
        self.source = source
        self.tree = tree
        self.text = to_text(tree)
        # The canonical text is what gets stored and compiled again: the limit applies to it.
        if len(self.text) > MAX_RULE_LENGTH:
            too_long = _(
                "written out in full, the rule is too long "
                "(%(length)d characters; at most %(most)d); make it shorter"
            )
            values = {"length": len(self.text), "most": MAX_RULE_LENGTH}
            raise RuleError(too_long % values, source, 0, len(source))
        nodes = walk(tree)
        #: How many nodes the syntax tree has: an upper bound on the work of one judgement.
        self.size = len(nodes)
        attributes = [node for node in nodes if isinstance(node, Attr)]
        #: (n, attribute) pairs the rule reads; n = 0 is the card, n = 1 prev, n = 2 prev2...
        self.references = frozenset((node.ref, node.name) for node in attributes)
        #: The deepest prevN the rule mentions; shorter mainlines accept every card.
        self.depth = max((node.ref for node in attributes), default=0)
        self.uses_position = any(isinstance(node, Position) for node in nodes)
        self._judge = compile_tree(tree)

    def allows(self, mainline: Sequence[Card], card: Card) -> bool:
        """True when `card` may follow `mainline` (oldest first, starter first)."""
        if len(mainline) < self.depth:
            return True
        return bool(self._judge(mainline, card))

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"compile_rule({self.text!r})"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Rule) and other.text == self.text

    def __hash__(self) -> int:
        return hash(self.text)


def compile_rule(source: str) -> Rule:
    """Compile rule-language text; raise RuleError (a ValueError) on any problem in it.

    Any text either compiles or raises RuleError, with no other exception, and the work is
    bounded by the limits on length, nesting, numbers and `prevN`. `str(rule)` compiles again
    to an equal rule and is never longer than MAX_RULE_LENGTH.
    """
    tree = parse(source)
    check(tree, source)
    return Rule(source, tree)
