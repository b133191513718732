"""A rule's syntax tree evaluated on bit masks: one pass judges every cell of a chunk.

The cells of a chunk are the atoms of the card and of the newest previous cards (see `_grid`);
older cards and the position are fixed for the chunk and passed in `env`. Values are masks and
value dicts (see `_masks`). Every node remembers its value per combination of the outer values
it reads, so a node that only reads the card and prev is computed once.

>>> from classroom.core.hypotheses._atoms import Atoms
>>> from classroom.core.hypotheses._grid import Grid
>>> from classroom.core.hypotheses._masks import Inner
>>> from classroom.core.rules import compile_rule
>>> atoms = Atoms({"color"})
>>> rule = compile_rule("card.color != prev.color")
>>> bin(VectorRule(rule.tree, Inner(Grid(2), atoms, 2)).chunk(()))
'0b100000010'
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Hashable
from typing import Any, TypeAlias

from classroom.core.hypotheses._atoms import plain
from classroom.core.hypotheses._masks import (
    BOOLEAN_ATTRIBUTES,
    OPERATORS,
    Inner,
    MaskOps,
    Value,
    Values,
    is_boolean,
)
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
    children,
)

__all__ = ["POSITION", "Env", "EnvKey", "Unsupported", "VectorRule"]

#: An outer value a node reads: (n, attribute) for prevN with n >= 2, or POSITION.
EnvKey: TypeAlias = tuple[int, str]
Env: TypeAlias = tuple[Any, ...]
POSITION: EnvKey = (-1, "position")
_Term: TypeAlias = tuple[str, Node]


class Unsupported(Exception):
    """A node or attribute this evaluator does not know; the caller judges cell by cell."""


class VectorRule:
    """One rule judging whole chunks; `chunk(env)` is the mask of the cells it accepts.

    `env` holds the outer values the rule reads, in the order of `reads`.
    """

    __slots__ = (
        "_nodes",
        "_position",
        "_positional",
        "_prefixes",
        "_terms",
        "full",
        "inner",
        "ops",
        "reads",
        "tree",
    )

    def __init__(self, tree: Node, inner: Inner) -> None:
        self.tree, self.inner, self.full = tree, inner, inner.full
        self.ops = MaskOps(inner.full, inner.grid.meter)
        found: dict[int, frozenset[EnvKey]] = {}
        self._collect_reads(tree, found)
        #: The outer values the rule reads: (n, attribute) for each prevN outside the chunk,
        #: then POSITION if the rule reads it.
        self.reads = tuple(sorted(found[id(tree)], key=lambda read: (read == POSITION, read)))
        self._nodes: dict[int, tuple[Callable[[Env], Hashable] | None, dict[Hashable, Value]]]
        self._nodes = {node: (self._keyer(reads), {}) for node, reads in found.items()}
        self._terms: dict[int, tuple[list[_Term], list[_Term]]] = {}
        self._prefixes: dict[int, Values] = {}
        #: The memos of the nodes that read the position, and the position they hold.
        self._positional = [
            self._nodes[node][1] for node, reads in found.items() if POSITION in reads
        ]
        self._position = 0

    def move_to(self, position: int) -> None:
        """Forget what depended on another position (keeps memory flat over many positions)."""
        if position != self._position:
            for memo in self._positional:
                memo.clear()
            self._position = position

    def chunk(self, env: Env) -> int:
        """The cells of the chunk the rule accepts, outer values as in `env`."""
        value = self.value(self.tree, env)
        assert isinstance(value, int)
        return value

    def value(self, node: Node, env: Env) -> Value:
        """The vector value of `node`, memoized per outer values it reads."""
        keyer, memo = self._nodes[id(node)]
        key = None if keyer is None else keyer(env)
        found = memo.get(key)
        if found is None:
            found = memo[key] = self._compute(node, env)
        return found

    def _keyer(self, reads: frozenset[EnvKey]) -> Callable[[Env], Hashable] | None:
        if not reads:
            return None
        return operator.itemgetter(*(self.reads.index(read) for read in sorted(reads)))

    def _collect_reads(self, node: Node, found: dict[int, frozenset[EnvKey]]) -> frozenset[EnvKey]:
        reads: set[EnvKey] = set()
        for child in children(node):
            reads |= self._collect_reads(child, found)
        if isinstance(node, Attr):
            if node.name not in BOOLEAN_ATTRIBUTES | {"rank", "suit", "color"}:
                raise Unsupported(node.name)
            if node.ref >= self.inner.dims:
                reads.add((node.ref, node.name))
        elif isinstance(node, Position):
            reads.add(POSITION)
        found[id(node)] = frozenset(reads)
        return found[id(node)]

    def _compute(self, node: Node, env: Env) -> Value:
        match node:
            case BoolLit(value):
                return self.full if value else 0
            case Num(value) | Const(value):
                return {plain(value): self.full}
            case Position():
                return {env[self.reads.index(POSITION)]: self.full}
            case Attr(ref, name):
                return self._attribute(ref, name, env)
            case Neg(operand):
                return self.ops.negate(self._values(operand, env))
            case Not(operand):
                return self.full ^ self._mask(operand, env)
            case BoolOp(op, operands):
                return self._bool_op(op, operands, env)
            case Arith():
                return self._arith(node, env)
            case Compare(op, left, right) if is_boolean(left):
                return self.ops.same_truth(op, self._mask(left, env), self._mask(right, env))
            case Compare(op, left, right):
                return self.ops.compare(op, self._values(left, env), self._values(right, env))
            case Member(item, options):
                return self._member(item, options, env)
            case If():
                return self._if(node, env)
        raise Unsupported(type(node).__name__)

    def _mask(self, node: Node, env: Env) -> int:
        value = self.value(node, env)
        assert isinstance(value, int)
        return value

    def _values(self, node: Node, env: Env) -> Values:
        value = self.value(node, env)
        assert isinstance(value, dict)
        return value

    def _attribute(self, ref: int, name: str, env: Env) -> Value:
        if ref < self.inner.dims:
            return self.inner.leaf(ref, name)
        value = env[self.reads.index((ref, name))]
        if name in BOOLEAN_ATTRIBUTES:
            return self.full if value else 0
        return {value: self.full}

    def _bool_op(self, op: str, operands: tuple[Node, ...], env: Env) -> int:
        if op == "and":
            result = self.full
            for operand in operands:
                result &= self._mask(operand, env)
                if not result:
                    break
            return result
        result = 0
        for operand in operands:
            result |= self._mask(operand, env)
            if result == self.full:
                break
        return result

    def _arith(self, node: Arith, env: Env) -> Values:
        """A chain of + and - (or * and %), its terms that read no outer value folded once."""
        terms = self._terms.get(id(node))
        if terms is None:
            terms = self._terms[id(node)] = self._plan(node)
        static, rest = terms
        total = self._prefixes.get(id(node))
        if total is None:
            total = self._prefixes[id(node)] = self._fold(None, static, env)
        return self._fold(total, rest, env)

    def _plan(self, node: Arith) -> tuple[list[_Term], list[_Term]]:
        terms: list[_Term] = [("+", node.first), *node.rest]
        if node.rest[0][0] in "+-":
            static = [term for term in terms if not self._reads_outer(term[1])]
            return static, [term for term in terms if self._reads_outer(term[1])]
        # Products and remainders keep their order: only a leading run can be folded early.
        count = 0
        while count < len(terms) and not self._reads_outer(terms[count][1]):
            count += 1
        return terms[:count], terms[count:]

    def _reads_outer(self, node: Node) -> bool:
        return self._nodes[id(node)][0] is not None

    def _fold(self, total: Values | None, terms: list[_Term], env: Env) -> Values:
        for op, operand in terms:
            values = self._values(operand, env)
            if total is None:
                total = values if op == "+" else self.ops.negate(values)
            else:
                total = self.ops.combine(OPERATORS[op], total, values)
        return {0: self.full} if total is None else total

    def _member(self, item: Node, options: tuple[Node, ...], env: Env) -> int:
        result = 0
        if is_boolean(item):
            truth = self._mask(item, env)
            for option in options:
                result |= self.ops.same_truth("==", truth, self._mask(option, env))
            return result
        values = self._values(item, env)
        for option in options:
            result |= self.ops.compare("==", values, self._values(option, env))
        return result

    def _if(self, node: If, env: Env) -> Value:
        chosen: list[tuple[int, Node]] = []
        for condition, then in node.branches:
            mask = self._mask(condition, env)
            if mask:
                chosen.append((mask, then))
                if mask == self.full:
                    break
        else:
            chosen.append((self.full, node.otherwise))
        result = self.value(chosen[-1][1], env)
        for mask, then in reversed(chosen[:-1]):
            result = self.ops.select(mask, self.value(then, env), result)
        return result
