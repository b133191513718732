"""Values over the cells of a chunk, and the operations of the rule language on them.

A boolean is the mask of the cells where it holds. Any other value (a number, a suit, a color)
is a dict from each value it takes to the mask of the cells where it takes it; those masks
split the chunk. Suits and colors appear as their notation ('H', 'red'), which hashes faster.

>>> ops = MaskOps(0b1111)
>>> ops.compare("<", {1: 0b0011, 5: 0b1100}, {3: 0b1111})
3
>>> ops.combine(operator.add, {1: 0b0011, 5: 0b1100}, {1: 0b0101, 2: 0b1010})
{2: 1, 3: 2, 6: 4, 7: 8}
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable
from typing import Any, TypeAlias

from classroom.core.hypotheses._atoms import Atoms, attribute
from classroom.core.hypotheses._grid import Grid
from classroom.core.hypotheses._meter import Meter
from classroom.core.rules.syntax import Attr, BoolLit, BoolOp, Compare, If, Member, Node, Not

__all__ = [
    "BOOLEAN_ATTRIBUTES",
    "OPERATORS",
    "Inner",
    "MaskOps",
    "Value",
    "Values",
    "is_boolean",
]

Values: TypeAlias = dict[Hashable, int]
Value: TypeAlias = int | Values

BOOLEAN_ATTRIBUTES = frozenset({"face", "odd", "even"})


def _remainder(dividend: int, divisor: int) -> int:
    # As the rule evaluator does: total, `x % 0 == x` (the type checker never lets it happen).
    return dividend % divisor if divisor else dividend


OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "==": operator.eq,
    "!=": operator.ne,
    "<": operator.lt,
    "<=": operator.le,
    ">": operator.gt,
    ">=": operator.ge,
    "+": operator.add,
    "-": operator.sub,
    "*": operator.mul,
    "%": _remainder,
}


def is_boolean(node: Node) -> bool:
    """True when the node's value is true or false (its vector form is a mask)."""
    match node:
        case Compare() | Member() | BoolOp() | Not() | BoolLit():
            return True
        case Attr(_, name):
            return name in BOOLEAN_ATTRIBUTES
        case If(_, otherwise):
            return is_boolean(otherwise)
    return False


class Inner:
    """The cells of a chunk: the card and the `dims - 1` newest previous cards."""

    __slots__ = ("_leaves", "atoms", "dims", "full", "grid")

    def __init__(self, grid: Grid, atoms: Atoms, dims: int) -> None:
        self.grid, self.atoms, self.dims = grid, atoms, dims
        self.full = grid.valid(dims)
        self._leaves: dict[tuple[int, str], Value] = {}

    def leaf(self, slot: int, name: str) -> Value:
        """`card.name` (slot 0), `prev.name` (slot 1)... over the chunk."""
        value = self._leaves.get((slot, name))
        if value is None:
            value = self._leaves[(slot, name)] = self._build(slot, name)
        return value

    def _build(self, slot: int, name: str) -> Value:
        values: Values = {}
        for atom in range(self.atoms.count):
            key = attribute(self.atoms.representative(atom), name)
            values[key] = values.get(key, 0) | self._cells(slot, atom)
        if name in BOOLEAN_ATTRIBUTES:
            return values.get(True, 0)
        return values

    def _cells(self, slot: int, atom: int) -> int:
        line = self.grid.valid(slot) << (atom * self.grid.size(slot))
        return self.grid.broadcast(line, slot + 1, self.dims)


class MaskOps:
    """The operations on values over a chunk whose cells are `full`, counting their work."""

    __slots__ = ("full", "meter")

    def __init__(self, full: int, meter: Meter | None = None) -> None:
        self.full = full
        self.meter = meter or Meter()

    def combine(self, function: Callable[[Any, Any], Any], left: Values, right: Values) -> Values:
        """`left op right` cell by cell, for an arithmetic operation `function`."""
        self.meter.spend(len(left) * len(right))
        if len(right) == 1 or len(left) == 1:
            return self.combine_one(function, left, right)
        out: Values = {}
        for left_key, left_mask in left.items():
            for right_key, right_mask in right.items():
                mask = left_mask & right_mask
                if mask:
                    key = function(left_key, right_key)
                    out[key] = out.get(key, 0) | mask
        return out

    def combine_one(
        self, function: Callable[[Any, Any], Any], left: Values, right: Values
    ) -> Values:
        """`combine` when one side takes a single value (its mask is then the whole chunk)."""
        out: Values = {}
        if len(right) == 1:
            ((constant, _),) = right.items()
            pairs = ((function(key, constant), mask) for key, mask in left.items())
        else:
            ((constant, _),) = left.items()
            pairs = ((function(constant, key), mask) for key, mask in right.items())
        for key, mask in pairs:
            out[key] = out.get(key, 0) | mask
        return out

    def negate(self, values: Values) -> Values:
        """`-values` cell by cell."""
        return self.combine_one(operator.sub, {0: self.full}, values)

    def compare(self, op: str, left: Values, right: Values) -> int:
        """The cells where `left op right` holds."""
        function = OPERATORS[op]
        self.meter.spend(len(left) * len(right))
        if op in ("==", "!=") and len(left) > 1 and len(right) > 1:
            same = 0
            for key, mask in left.items():
                if key in right:
                    same |= mask & right[key]
            return same if op == "==" else self.full ^ same
        result = 0
        for left_key, left_mask in left.items():
            for right_key, right_mask in right.items():
                if function(left_key, right_key):
                    result |= left_mask & right_mask
        return result

    def same_truth(self, op: str, left: int, right: int) -> int:
        """`left == right` (or `!=`) for two booleans."""
        differ = left ^ right
        return differ if op == "!=" else self.full ^ differ

    def select(self, mask: int, then: Value, otherwise: Value) -> Value:
        """`then` on the cells of `mask`, `otherwise` on the others."""
        rest = self.full ^ mask
        if isinstance(then, int) and isinstance(otherwise, int):
            return (mask & then) | (rest & otherwise)
        assert isinstance(then, dict) and isinstance(otherwise, dict)
        out: Values = {}
        for values, part in ((then, mask), (otherwise, rest)):
            for key, cells in values.items():
                if cells & part:
                    out[key] = out.get(key, 0) | (cells & part)
        return out
