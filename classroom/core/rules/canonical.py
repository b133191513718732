"""The canonical text of a rule: one line, lower case, no comments, only needed parentheses."""

from __future__ import annotations

from classroom.core.cards import Suit
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

__all__ = ["to_text"]

# Binding strength, loosest first; a child printed where a stronger one is needed gets parentheses.
_IF, _OR, _AND, _NOT, _COMPARE, _SUM, _PRODUCT, _UNARY, _ATOM = range(9)


def to_text(node: Node) -> str:
    """The canonical text of `node`; parsing it gives back the same tree."""
    return _text(node, _IF)


def _text(node: Node, needed: int) -> str:
    strength, text = _render(node)
    return f"({text})" if strength < needed else text


def _render(node: Node) -> tuple[int, str]:
    match node:
        case Num(value, word):
            return _ATOM, word or str(value)
        case BoolLit(value):
            return _ATOM, "true" if value else "false"
        case Const(value):
            return _ATOM, value.word if isinstance(value, Suit) else value.value
        case Position():
            return _ATOM, "position"
        case Attr(ref, name):
            card = {0: "card", 1: "prev"}.get(ref, f"prev{ref}")
            return _ATOM, f"{card}.{name}"
        case Neg(operand):
            return _UNARY, "-" + _text(operand, _UNARY)
        case Not(operand):
            return _NOT, "not " + _text(operand, _NOT)
        case BoolOp(op, operands):
            strength = _OR if op == "or" else _AND
            return strength, f" {op} ".join(_text(o, strength + 1) for o in operands)
        case Arith(first, rest):
            strength = _SUM if rest[0][0] in "+-" else _PRODUCT
            parts = [_text(first, strength + 1)]
            parts += [f"{op} {_text(o, strength + 1)}" for op, o in rest]
            return strength, " ".join(parts)
        case Compare(op, left, right):
            return _COMPARE, f"{_text(left, _SUM)} {op} {_text(right, _SUM)}"
        case Member(item, options):
            values = ", ".join(_text(o, _SUM) for o in options)
            return _COMPARE, f"{_text(item, _SUM)} in {{{values}}}"
        case If(branches, otherwise):
            words = ["if"]
            for n, (condition, then) in enumerate(branches):
                words += ["elif"] if n else []
                words += [_text(condition, _IF), "then", _text(then, _IF)]
            return _IF, " ".join([*words, "else", _text(otherwise, _IF)])
    raise AssertionError(f"unknown node {node!r}")
