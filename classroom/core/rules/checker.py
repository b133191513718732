"""Type checking at compile time, so that nothing can go wrong while a class is playing.

Numbers also carry the range of values they can take; that is how `x % y` is refused when
`y` could be zero, instead of failing in the middle of a round.

Range ends are whole numbers within +-RANGE_BOUND or else infinite: an end beyond the bound is
widened to infinity, so a range only ever grows (the check stays sound) and no arithmetic on the
ends overflows, however many factors a rule multiplies.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from enum import Enum

from classroom.core.cards import Suit
from classroom.core.rules.errors import RuleError
from classroom.core.rules.syntax import (
    Arith,
    Attr,
    BoolLit,
    BoolOp,
    Compare,
    Const,
    If,
    Member,
    Neg,
    Node,
    Not,
    Num,
    Position,
)
from classroom.core.text import Text, _

__all__ = ["Type", "check"]

INF = math.inf
#: Range ends beyond this are widened to infinity (no rule needs to reason about larger values).
RANGE_BOUND = 10**15


class Type(Enum):
    """The four types of the rule language; each value names the type in a message."""

    NUMBER = _("a number")
    BOOLEAN = _("true or false")
    SUIT = _("a suit")
    COLOR = _("a color")


_ATTRIBUTE_TYPES = {
    "rank": Type.NUMBER,
    "suit": Type.SUIT,
    "color": Type.COLOR,
    "face": Type.BOOLEAN,
    "odd": Type.BOOLEAN,
    "even": Type.BOOLEAN,
}


@dataclass(frozen=True, slots=True)
class Typed:
    """The type of an expression and, for numbers, the range of its values."""

    type: Type
    low: float = -INF
    high: float = INF


def check(node: Node, source: str) -> None:
    """Raise RuleError unless `node` is a well-typed boolean rule."""
    result = _Checker(source).infer(node)
    if result.type is not Type.BOOLEAN:
        not_a_rule = _(
            "a rule must be true or false, but this is %(kind)s; "
            "compare it with something, e.g. card.rank > 7"
        )
        raise RuleError(not_a_rule % {"kind": result.type.value}, source, *node.span)


class _Checker:
    def __init__(self, source: str) -> None:
        self.source = source

    def fail(self, message: Text, node: Node) -> RuleError:
        return RuleError(message, self.source, *node.span)

    def infer(self, node: Node) -> Typed:
        match node:
            case Num(value):
                return Typed(Type.NUMBER, value, value)
            case BoolLit():
                return Typed(Type.BOOLEAN)
            case Const(value):
                return Typed(Type.SUIT if isinstance(value, Suit) else Type.COLOR)
            case Position():
                return Typed(Type.NUMBER, 2, INF)
            case Attr(_, name):
                kind = _ATTRIBUTE_TYPES[name]
                return Typed(kind, 1, 13) if kind is Type.NUMBER else Typed(kind)
            case Neg(operand):
                negated = self.number(operand, "'-'")
                return _number(-negated.high, -negated.low)
            case Not(operand):
                self.boolean(operand, "'not'")
                return Typed(Type.BOOLEAN)
            case BoolOp(op, operands):
                for operand in operands:
                    self.boolean(operand, f"'{op}'")
                return Typed(Type.BOOLEAN)
            case Arith():
                return self.arith(node)
            case Compare():
                return self.compare(node)
            case Member():
                return self.member(node)
            case If():
                return self.if_(node)
        raise AssertionError(f"unknown node {node!r}")

    def number(self, node: Node, where: Text | str) -> Typed:
        result = self.infer(node)
        if result.type is not Type.NUMBER:
            message = _("%(where)s needs a number, but this is %(kind)s")
            raise self.fail(message % {"where": where, "kind": result.type.value}, node)
        return result

    def boolean(self, node: Node, where: Text | str) -> None:
        result = self.infer(node)
        if result.type is not Type.BOOLEAN:
            message = _("%(where)s needs true or false, but this is %(kind)s")
            raise self.fail(message % {"where": where, "kind": result.type.value}, node)

    def arith(self, node: Arith) -> Typed:
        total = self.number(node.first, f"'{node.rest[0][0]}'")
        for op, operand in node.rest:
            value = self.number(operand, f"'{op}'")
            if op == "%" and value.low <= 0 <= value.high:
                raise self.fail(
                    _(
                        "the number after '%' can be zero here, "
                        "and a remainder by zero means nothing"
                    ),
                    operand,
                )
            total = _combine(op, total, value)
        return total

    def compare(self, node: Compare) -> Typed:
        left, right = self.infer(node.left), self.infer(node.right)
        if node.op in ("<", "<=", ">", ">="):
            for side, typed in ((node.left, left), (node.right, right)):
                if typed.type is not Type.NUMBER:
                    message = _("'%(operator)s' compares numbers, but this is %(kind)s")
                    raise self.fail(message % {"operator": node.op, "kind": typed.type.value}, side)
        elif left.type is not right.type:
            message = _(
                "'%(operator)s' compares %(left)s with %(right)s; "
                "both sides must be of the same kind"
            )
            values = {"operator": node.op, "left": left.type.value, "right": right.type.value}
            raise self.fail(message % values, node)
        return Typed(Type.BOOLEAN)

    def member(self, node: Member) -> Typed:
        item = self.infer(node.item)
        for option in node.options:
            typed = self.infer(option)
            if typed.type is not item.type:
                message = _(
                    "this set should hold %(expected)s like the value before 'in', "
                    "but this is %(kind)s"
                )
                values = {"expected": item.type.value, "kind": typed.type.value}
                raise self.fail(message % values, option)
        return Typed(Type.BOOLEAN)

    def if_(self, node: If) -> Typed:
        results = []
        for condition, then in node.branches:
            self.boolean(condition, _("the condition of 'if'"))
            results.append((then, self.infer(then)))
        results.append((node.otherwise, self.infer(node.otherwise)))
        first = results[0][1]
        for branch, typed in results[1:]:
            if typed.type is not first.type:
                message = _(
                    "every branch of this 'if' must give the same kind of value: the first "
                    "gives %(first)s, this one %(kind)s"
                )
                values = {"first": first.type.value, "kind": typed.type.value}
                raise self.fail(message % values, branch)
        if first.type is not Type.NUMBER:
            return first
        return _number(min(t.low for _, t in results), max(t.high for _, t in results))


def _number(low: float, high: float) -> Typed:
    """A number range, its ends widened to infinity beyond RANGE_BOUND (see the module doc)."""
    low = -INF if low < -RANGE_BOUND else min(low, RANGE_BOUND)
    high = INF if high > RANGE_BOUND else max(high, -RANGE_BOUND)
    return Typed(Type.NUMBER, low, high)


def _combine(op: str, a: Typed, b: Typed) -> Typed:
    """The range of `a op b`, widened to unbounded where infinity gets in the way."""
    if op == "+":
        return _number(a.low + b.low, a.high + b.high)
    if op == "-":
        return _number(a.low - b.high, a.high - b.low)
    if op == "*":
        ends = (a.low, a.high, b.low, b.high)
        if all(math.isfinite(end) for end in ends):
            products = [x * y for x in (a.low, a.high) for y in (b.low, b.high)]
            return _number(min(products), max(products))
        if a.low >= 0 and b.low >= 0:
            return _number(a.low * b.low, INF)
        return _number(-INF, INF)
    # Python's remainder takes the sign of the divisor.
    if b.low > 0:
        return _number(0, b.high - 1)
    return _number(b.low + 1, 0)
