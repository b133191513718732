"""Which positions a rule cannot tell apart: from some position on, its verdicts repeat.

Reading the syntax tree, every number is a polynomial in the position p, `c0 + c1*p + c2*p*p
...`, whose coefficients depend on the cards but stay within known bounds and, from some
position on, repeat with some period. Then:

- a remainder by a fixed number m repeats with period m (times the coefficients' period);
- a comparison is settled once p is large: where its polynomial has a non-zero coefficient
  above c0, the top one (a whole number, so at least 1 in size) outgrows all the others once p
  exceeds their bound plus one; where it has none, it repeats with c0.

So past `start` a position judges exactly like the one `period` before it: positions fall into
finitely many classes and the search over positions ends. Shapes outside this reading (a
remainder by a number that grows with the position, or classes too many to be worth it) give
no classes; the search then compares positions one by one up to a bound and says so.

>>> from classroom.core.rules import compile_rule
>>> analyze(compile_rule("position % 4 == card.rank % 4").tree)
(0, 4)
>>> analyze(compile_rule("position > 50 or card.face").tree)
(52, 1)
>>> analyze(compile_rule("position * position % 3 == prev.rank * position % 2").tree)
(0, 6)
>>> analyze(compile_rule("card.rank % position == 1").tree) is None
True
"""

from __future__ import annotations

import math
from dataclasses import dataclass

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

__all__ = ["MAX_PERIOD", "MAX_START", "PositionClasses", "analyze", "classes_for"]

#: Beyond these the classes are too many to be worth it: positions are then taken one by one.
MAX_PERIOD = 2520
MAX_START = 400
_MAX_DEGREE = 4

Interval = tuple[int, int]


class _NoPattern(Exception):
    """The tree uses the position in a way the analysis does not follow."""


@dataclass(frozen=True, slots=True)
class _Shape:
    """A value `sum(c[k] * p**k)`, each c[k] within `bounds[k]`, repeating past `start`."""

    bounds: tuple[Interval, ...] = ((0, 0),)
    start: int = 0
    period: int = 1


@dataclass(frozen=True, slots=True)
class PositionClasses:
    """Positions grouped so that two positions of a class get the same verdicts.

    >>> PositionClasses(5, 3).key(4), PositionClasses(5, 3).key(9), PositionClasses(5, 3).key(6)
    (4, 6, 6)
    """

    start: int
    period: int
    #: False when the analysis failed and every position is its own class.
    periodic: bool = True

    def key(self, position: int) -> int:
        """The class of a position (positions before `start` are classes of their own)."""
        if position < self.start:
            return position
        return self.start + (position - self.start) % self.period


def classes_for(*trees: Node | None) -> PositionClasses:
    """The classes of positions none of the trees can tell apart (None: a tree unknown)."""
    start, period = 0, 1
    for tree in trees:
        found = None if tree is None else analyze(tree)
        if found is None:
            return PositionClasses(10**9, 1, periodic=False)
        start, period = max(start, found[0]), math.lcm(period, found[1])
    if start > MAX_START or period > MAX_PERIOD:
        return PositionClasses(10**9, 1, periodic=False)
    return PositionClasses(start, period)


def analyze(tree: Node) -> tuple[int, int] | None:
    """(start, period) past which the rule's verdicts repeat, or None."""
    try:
        shape = _shape(tree)
    except _NoPattern:
        return None
    return shape.start, shape.period


def _shape(node: Node) -> _Shape:
    match node:
        case Num(value):
            return _Shape(((value, value),))
        case Position():
            return _Shape(((0, 0), (1, 1)))
        case Attr(_, "rank"):
            return _Shape(((1, 13),))
        case Attr() | BoolLit() | Const():
            return _Shape()
        case Neg(operand):
            return _times(_Shape(((-1, -1),)), _shape(operand))
        case Not(operand):
            return _shape(operand)
        case BoolOp(_, operands):
            return _repeat(*(_shape(operand) for operand in operands))
        case Arith(first, rest):
            total = _shape(first)
            for op, operand in rest:
                total = _arith(op, total, _shape(operand))
            return total
        case Compare(_, left, right):
            return _compare(_shape(left), _shape(right))
        case Member(item, options):
            shape = _shape(item)
            return _repeat(*(_compare(shape, _shape(option)) for option in options))
        case If(branches, otherwise):
            return _if(branches, otherwise)
    raise _NoPattern(type(node).__name__)


def _repeat(*shapes: _Shape, start: int = 0) -> _Shape:
    """A value made from these that repeats when they all do (its own bounds set apart)."""
    start = max(start, *(shape.start for shape in shapes))
    period = math.lcm(*(shape.period for shape in shapes))
    if start > MAX_START or period > MAX_PERIOD:
        raise _NoPattern("too many classes")
    return _Shape(start=start, period=period)


def _with(bounds: list[Interval], *shapes: _Shape, period: int = 1) -> _Shape:
    while len(bounds) > 1 and bounds[-1] == (0, 0):
        bounds.pop()
    if len(bounds) > _MAX_DEGREE + 1:
        raise _NoPattern("degree too high")
    joined = _repeat(*shapes, _Shape(period=period))
    return _Shape(tuple(bounds), joined.start, joined.period)


def _arith(op: str, left: _Shape, right: _Shape) -> _Shape:
    if op == "+":
        return _plus(left, right)
    if op == "-":
        return _plus(left, _times(_Shape(((-1, -1),)), right))
    if op == "*":
        return _times(left, right)
    return _remainder(left, right)


def _plus(left: _Shape, right: _Shape) -> _Shape:
    size = max(len(left.bounds), len(right.bounds))
    a, b = _padded(left, size), _padded(right, size)
    return _with([(x[0] + y[0], x[1] + y[1]) for x, y in zip(a, b, strict=True)], left, right)


def _times(left: _Shape, right: _Shape) -> _Shape:
    bounds = [(0, 0)] * (len(left.bounds) + len(right.bounds) - 1)
    for i, x in enumerate(left.bounds):
        for j, y in enumerate(right.bounds):
            ends = [a * b for a in x for b in y]
            bounds[i + j] = (bounds[i + j][0] + min(ends), bounds[i + j][1] + max(ends))
    return _with(bounds, left, right)


def _remainder(left: _Shape, right: _Shape) -> _Shape:
    if len(right.bounds) > 1:
        raise _NoPattern("a remainder by a number that grows with the position")
    low, high = right.bounds[0]
    period = 1
    if len(left.bounds) > 1:
        # A polynomial in p, taken mod m, repeats when p moves by a multiple of m.
        divisors = [abs(m) for m in range(low, high + 1) if m]
        if len(divisors) > 16:
            raise _NoPattern("too many divisors")
        period = math.lcm(*divisors)
    return _with([(min(0, low + 1), max(0, high - 1))], left, right, period=period)


def _compare(left: _Shape, right: _Shape) -> _Shape:
    difference = _plus(left, _times(_Shape(((-1, -1),)), right))
    if len(difference.bounds) == 1:
        return _repeat(difference)
    # Where a coefficient above c0 is non-zero, the top one outgrows the rest past this.
    bound = max(max(abs(low), abs(high)) for low, high in difference.bounds)
    return _repeat(difference, start=bound + 2)


def _if(branches: tuple[tuple[Node, Node], ...], otherwise: Node) -> _Shape:
    conditions = [_shape(condition) for condition, _ in branches]
    values = [_shape(then) for _, then in branches] + [_shape(otherwise)]
    size = max(len(value.bounds) for value in values)
    padded = [_padded(value, size) for value in values]
    bounds = [(min(b[k][0] for b in padded), max(b[k][1] for b in padded)) for k in range(size)]
    return _with(bounds, *conditions, *values)


def _padded(shape: _Shape, size: int) -> list[Interval]:
    return [*shape.bounds, *[(0, 0)] * (size - len(shape.bounds))]
