"""One rule's verdicts on every cell (card, prev ... prevN), for one position at a time.

A table over `d + 1` dimensions (d the rule's depth) is assembled from chunks. A chunk covers
every combination of the card and the newest previous cards at once (see `inner_dims`); there
is one chunk per combination of atoms of the older cards. Chunks are byte-aligned, so
assembling is a join of byte strings.

>>> from classroom.core.rules import compile_rule
>>> grid = Grid(2)
>>> rule = compile_rule("card.color == prev2.color")
>>> table = RuleTables(rule, Atoms({"color"}), grid).table(4, None)
>>> [table >> grid.index(cell) & 1 for cell in [(0, 1, 0), (1, 1, 0), (1, 0, 1)]]
[1, 0, 1]
"""

from __future__ import annotations

import itertools
from collections.abc import Hashable, Sequence

from classroom.core.hypotheses._atoms import ATTRIBUTES, Atoms, attribute
from classroom.core.hypotheses._grid import Grid, TableCache
from classroom.core.hypotheses._masks import Inner
from classroom.core.hypotheses._protocol import JudgingRule, tree_of
from classroom.core.hypotheses._vector import POSITION, Env, Unsupported, VectorRule

__all__ = ["INNER", "RuleTables", "inner_dims"]

#: Slots a chunk covers at most: card, prev and prev2.
INNER = 3


def inner_dims(depth: int) -> int:
    """How many slots a chunk covers: all of them for depth 0 and 1, all but the oldest card
    beyond. Fewer, larger chunks cost fewer Python steps, each on a larger integer; measured
    (bench_hypotheses), leaving one slot out of the chunk is the better trade from depth 2 on.
    """
    return depth + 1 if depth <= 1 else min(depth, INNER)


class RuleTables:
    """The tables of one rule, memoized per position class (once when it ignores position)."""

    __slots__ = (
        "_cells",
        "_same",
        "_tables",
        "_values",
        "_vector",
        "atoms",
        "depth",
        "grid",
        "inner",
        "positional",
    )

    def __init__(self, rule: JudgingRule, atoms: Atoms, grid: Grid) -> None:
        self.atoms, self.grid = atoms, grid
        self.depth, self.positional = rule.depth, rule.uses_position
        self.inner = Inner(grid, atoms, inner_dims(self.depth))
        self._cells = _CellByCell(rule, self.inner)
        self._vector = _vector_rule(rule, self.inner)
        reads = () if self._vector is None else self._vector.reads
        #: For each outer value the rule reads, its value for each atom (None: the position).
        self._values = [
            None if read == POSITION else [attribute(face, read[1]) for face, *_ in atoms.faces]
            for read in reads
        ]
        #: For each outer slot (oldest first), each atom's stand-in: the first atom the rule
        #: cannot tell from it there.
        self._same = [
            _stand_ins(atoms, {name for ref, name in rule.references if ref == slot})
            for slot in range(self.depth, self.inner.dims - 1, -1)
        ]
        self._tables = TableCache()

    def table(self, position: int, key: Hashable) -> int:
        """Verdicts over `depth + 1` dimensions for a card at `position` (of class `key`)."""
        key = key if self.positional else None
        table = self._tables.get(key)
        if table is None:
            table = self._tables.keep(key, self._assemble(position))
        return table

    def at(self, dims: int, length: int, position: int, key: Hashable) -> int:
        """Verdicts after a mainline of `length` cards, over `dims` (card, then last cards)."""
        if length < self.depth:
            return self.grid.valid(dims)
        return self.grid.broadcast(self.table(position, key), self.depth + 1, dims)

    def _assemble(self, position: int) -> int:
        if self._vector is not None:
            self._vector.move_to(position)
        if self.depth + 1 <= self.inner.dims:
            return self._chunk((), position)
        blocks: dict[tuple[int, ...], bytes] = {}
        data = self._block((), position, blocks)
        self.grid.meter.spend(len(data) // 512 + 1)
        return int.from_bytes(data, "little")

    def _block(
        self, older: tuple[int, ...], position: int, blocks: dict[tuple[int, ...], bytes]
    ) -> bytes:
        """The bytes of every cell whose oldest cards are the stand-ins `older` (oldest first)."""
        found = blocks.get(older)
        if found is not None:
            return found
        if len(older) == len(self._same):
            chunk = self._chunk(older[::-1], position)
            found = chunk.to_bytes(self.grid.size(self.inner.dims) // 8, "little")
        else:
            same = self._same[len(older)]
            parts = [
                self._block((*older, same[atom]), position, blocks) for atom in range(len(same))
            ]
            found = b"".join(parts) + bytes(len(parts[0]) * (self.grid.stride - len(parts)))
        blocks[older] = found
        return found

    def _chunk(self, older: tuple[int, ...], position: int) -> int:
        """The chunk with the outer cards `older` (the newest of them first)."""
        if self._vector is None:
            return self._cells.chunk(older, position)
        return self._vector.chunk(self._env(older, position))

    def _env(self, older: Sequence[int], position: int) -> Env:
        reads, first = self._vector.reads if self._vector else (), self.inner.dims
        return tuple(
            position if values is None else values[older[read[0] - first]]
            for read, values in zip(reads, self._values, strict=True)
        )


def _stand_ins(atoms: Atoms, names: set[str]) -> list[int]:
    if not names <= ATTRIBUTES:
        return list(range(atoms.count))
    first: dict[tuple[object, ...], int] = {}
    return [
        first.setdefault(tuple(attribute(faces[0], name) for name in sorted(names)), atom)
        for atom, faces in enumerate(atoms.faces)
    ]


def _vector_rule(rule: JudgingRule, inner: Inner) -> VectorRule | None:
    tree = tree_of(rule)
    if tree is None:
        return None
    try:
        return VectorRule(tree, inner)
    except Unsupported:
        return None


class _CellByCell:
    """Chunks judged one cell at a time with `rule.allows`: slow, for rules whose tree the
    vector evaluator cannot read."""

    __slots__ = ("_memo", "_position", "inner", "rule")

    def __init__(self, rule: JudgingRule, inner: Inner) -> None:
        self.rule, self.inner = rule, inner
        self._memo: dict[tuple[int, ...], int] = {}
        self._position = 0

    def chunk(self, older: tuple[int, ...], position: int) -> int:
        """The cells accepted with the outer cards `older` (the newest of them first)."""
        if self.rule.uses_position and position != self._position:
            self._memo.clear()
            self._position = position
        key = older
        found = self._memo.get(key)
        if found is None:
            found = self._memo[key] = self._judge(older, position)
        return found

    def _judge(self, older: tuple[int, ...], position: int) -> int:
        atoms, grid, dims = self.inner.atoms, self.inner.grid, self.inner.dims
        faces = [atoms.representative(atom) for atom in reversed(older)]
        padding = position - 1 - self.rule.depth if self.rule.uses_position else 0
        filler = [atoms.representative(0)] * max(0, padding)
        mask = 0
        for cell in itertools.product(range(atoms.count), repeat=dims):
            recent = [
                atoms.representative(atom) for atom in reversed(cell[1 : self.rule.depth + 1])
            ]
            if self.rule.allows(filler + faces + recent, atoms.representative(cell[0])):
                mask |= 1 << grid.index(cell)
        grid.meter.spend(4 * atoms.count**dims)
        return mask
