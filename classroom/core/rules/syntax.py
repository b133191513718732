"""The syntax tree of a rule. Every node remembers its span in the source for error carets."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TypeAlias

from classroom.core.cards import Color, Suit

__all__ = [
    "ATTRIBUTES",
    "Arith",
    "Attr",
    "BoolLit",
    "BoolOp",
    "Compare",
    "Const",
    "If",
    "Member",
    "Neg",
    "Node",
    "Not",
    "Num",
    "Position",
    "walk",
]

ATTRIBUTES = ("rank", "suit", "color", "face", "odd", "even")
Span: TypeAlias = tuple[int, int]
_NO_SPAN = field(default=(0, 0), compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Num:
    """A number; `word` keeps ace/jack/queen/king so the canonical text reads the same."""

    value: int
    word: str | None = None
    span: Span = _NO_SPAN


@dataclass(frozen=True, slots=True)
class BoolLit:
    """`true` or `false`."""

    value: bool
    span: Span = _NO_SPAN


@dataclass(frozen=True, slots=True)
class Const:
    """A suit or a color constant."""

    value: Suit | Color
    span: Span = _NO_SPAN


@dataclass(frozen=True, slots=True)
class Position:
    """The 1-based mainline position the judged card would take."""

    span: Span = _NO_SPAN


@dataclass(frozen=True, slots=True)
class Attr:
    """`card.x` (ref 0), `prev.x` (ref 1) or `prevN.x` (ref N)."""

    ref: int
    name: str
    span: Span = _NO_SPAN


@dataclass(frozen=True, slots=True)
class Neg:
    """Unary minus."""

    operand: Node
    span: Span = _NO_SPAN


@dataclass(frozen=True, slots=True)
class Not:
    """Boolean negation."""

    operand: Node
    span: Span = _NO_SPAN


@dataclass(frozen=True, slots=True)
class Arith:
    """A flat chain `first (op operand)*` of one precedence level: + and -, or * and %."""

    first: Node
    rest: tuple[tuple[str, Node], ...]
    span: Span = _NO_SPAN


@dataclass(frozen=True, slots=True)
class Compare:
    """One comparison (comparisons do not chain)."""

    op: str
    left: Node
    right: Node
    span: Span = _NO_SPAN


@dataclass(frozen=True, slots=True)
class Member:
    """`item in {options}`."""

    item: Node
    options: tuple[Node, ...]
    span: Span = _NO_SPAN


@dataclass(frozen=True, slots=True)
class BoolOp:
    """A flat `and` or `or` of two or more operands."""

    op: str
    operands: tuple[Node, ...]
    span: Span = _NO_SPAN


@dataclass(frozen=True, slots=True)
class If:
    """`if c then x elif c2 then y else z`."""

    branches: tuple[tuple[Node, Node], ...]
    otherwise: Node
    span: Span = _NO_SPAN


Node: TypeAlias = (
    Num | BoolLit | Const | Position | Attr | Neg | Not | Arith | Compare | Member | BoolOp | If
)


def children(node: Node) -> tuple[Node, ...]:
    """The direct sub-expressions of `node`."""
    match node:
        case Neg(operand) | Not(operand):
            return (operand,)
        case Arith(first, rest):
            return (first, *(operand for _, operand in rest))
        case Compare(_, left, right):
            return (left, right)
        case Member(item, options):
            return (item, *options)
        case BoolOp(_, operands):
            return operands
        case If(branches, otherwise):
            return (*(part for branch in branches for part in branch), otherwise)
    return ()


def walk(node: Node) -> list[Node]:
    """Every node of the tree, `node` first (iterative: trees are shallow but be safe)."""
    found: list[Node] = []
    todo = [node]
    while todo:
        current = todo.pop()
        found.append(current)
        todo.extend(reversed(children(current)))
    return found
