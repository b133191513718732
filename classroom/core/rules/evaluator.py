"""Compile a checked syntax tree into nested closures: no eval, no tree walking at play time.

Evaluation is total: a compiled rule judges any mainline deep enough for it without raising.
The only partial operation of the language, the remainder, is made total by `remainder`.
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from typing import Any

from classroom.core.cards import Card
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
    walk,
)

__all__ = ["Evaluator", "compile_tree", "remainder"]

Evaluator = Callable[[Sequence[Card], Card], Any]


def remainder(dividend: int, divisor: int) -> int:
    """`dividend % divisor` as in Python, and `x % 0 == x` (the remainder of dividing by nothing).

    The type checker refuses any rule whose divisor can be zero, so play never meets `x % 0`;
    defining it anyway keeps evaluation total should a range ever be judged too narrowly.

    >>> remainder(-3, 13), remainder(7, 0)
    (10, 7)
    """
    return dividend % divisor if divisor else dividend


_OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "%": remainder,
}


def compile_tree(node: Node) -> Evaluator:
    """An evaluator `(mainline, card) -> value`; the mainline must be deep enough for the tree."""
    if _is_constant(node):
        value = _compile(node)((), _ANY_CARD)
        return lambda mainline, card: value
    return _compile(node)


_ANY_CARD = Card.ALL[0]


def _is_constant(node: Node) -> bool:
    return not any(isinstance(n, Attr | Position) for n in walk(node))


def _compile(node: Node) -> Evaluator:
    if _is_constant(node) and not isinstance(node, Num | BoolLit | Const):
        return _constant(_compile_variable(node)((), _ANY_CARD))
    return _compile_variable(node)


def _constant(value: Any) -> Evaluator:
    return lambda mainline, card: value


def _compile_variable(node: Node) -> Evaluator:
    match node:
        case Num(value) | BoolLit(value) | Const(value):
            return _constant(value)
        case Position():
            return lambda mainline, card: len(mainline) + 1
        case Attr(ref, name):
            return _attribute(ref, name)
        case Neg(operand):
            inner = _compile(operand)
            return lambda mainline, card: -inner(mainline, card)
        case Not(operand):
            inner = _compile(operand)
            return lambda mainline, card: not inner(mainline, card)
        case BoolOp(op, operands):
            return _bool_op(op, [_compile(o) for o in operands])
        case Arith(first, rest):
            return _arith(_compile(first), [(_OPERATORS[op], _compile(o)) for op, o in rest])
        case Compare(op, left, right):
            return _compare(_OPERATORS[op], left, right)
        case Member(item, options):
            return _member(_compile(item), options)
        case If(branches, otherwise):
            return _if([(_compile(c), _compile(t)) for c, t in branches], _compile(otherwise))
    raise AssertionError(f"unknown node {node!r}")


def _attribute(ref: int, name: str) -> Evaluator:
    # One closure per (reference, attribute): reading a slot is the cheapest thing we can do.
    if ref == 0:
        if name == "even":
            return lambda mainline, card: not card.odd
        getter = operator.attrgetter(name)
        return lambda mainline, card: getter(card)
    index = -ref
    if name == "even":
        return lambda mainline, card: not mainline[index].odd
    getter = operator.attrgetter(name)
    return lambda mainline, card: getter(mainline[index])


def _bool_op(op: str, parts: list[Evaluator]) -> Evaluator:
    # Chains become a balanced tree of two-way closures: faster than any()/all() over a
    # generator, and only log2(n) calls deep however long the chain.
    if len(parts) == 1:
        return parts[0]
    if len(parts) > 2:
        half = len(parts) // 2
        return _bool_op(op, [_bool_op(op, parts[:half]), _bool_op(op, parts[half:])])
    a, b = parts
    if op == "and":
        return lambda mainline, card: a(mainline, card) and b(mainline, card)
    return lambda mainline, card: a(mainline, card) or b(mainline, card)


def _arith(first: Evaluator, rest: list[tuple[Callable[[Any, Any], Any], Evaluator]]) -> Evaluator:
    if len(rest) == 1:
        ((op, second),) = rest
        return lambda mainline, card: op(first(mainline, card), second(mainline, card))

    def evaluate(mainline: Sequence[Card], card: Card) -> Any:
        total = first(mainline, card)
        for op, operand in rest:
            total = op(total, operand(mainline, card))
        return total

    return evaluate


def _compare(op: Callable[[Any, Any], Any], left: Node, right: Node) -> Evaluator:
    lhs = _compile(left)
    if _is_constant(right):
        constant = _compile(right)((), _ANY_CARD)
        return lambda mainline, card: op(lhs(mainline, card), constant)
    rhs = _compile(right)
    return lambda mainline, card: op(lhs(mainline, card), rhs(mainline, card))


def _member(item: Evaluator, options: tuple[Node, ...]) -> Evaluator:
    if all(_is_constant(o) for o in options):
        values = frozenset(_compile(o)((), _ANY_CARD) for o in options)
        return lambda mainline, card: item(mainline, card) in values
    parts = [_compile(o) for o in options]
    return lambda mainline, card: item(mainline, card) in [p(mainline, card) for p in parts]


def _if(branches: list[tuple[Evaluator, Evaluator]], otherwise: Evaluator) -> Evaluator:
    if len(branches) == 1:
        ((condition, then),) = branches

        def one(mainline: Sequence[Card], card: Card) -> Any:
            return then(mainline, card) if condition(mainline, card) else otherwise(mainline, card)

        return one

    def chain(mainline: Sequence[Card], card: Card) -> Any:
        for condition, then in branches:
            if condition(mainline, card):
                return then(mainline, card)
        return otherwise(mainline, card)

    return chain
