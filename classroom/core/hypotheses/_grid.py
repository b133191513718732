"""Sets of cells (card, prev, prev2 ...) as the bits of one integer, and the few bulk operations
the search needs, each a handful of big-integer or byte-string operations (no loop per cell).

A cell is a tuple of atom numbers (see `_atoms`), the card first; its bit is the tuple read as a
number in base `stride`. The stride is the number of atoms rounded up to a multiple of 8, so
that every "row" of the card dimension starts on a byte: spreading and gathering rows is then
done with byte slicing, which Python does at C speed.

>>> grid = Grid(3)
>>> grid.stride, bin(grid.valid(1)), grid.index((2, 1))
(8, '0b111', 10)
>>> bin(grid.stretch(0b10, 1) >> 8)
'0b111'
>>> grid.any_card(grid.stretch(0b10, 1), 2), grid.project_top(grid.stretch(0b10, 1), 2)
(2, 7)
"""

from __future__ import annotations

from collections.abc import Hashable, Iterator, Sequence

from classroom.core.hypotheses._meter import Meter

__all__ = ["BitView", "Grid", "TableCache", "set_bits"]

_BIT_TO_FLAG = bytes.maketrans(b"01", b"\x00\x01")
_FLAG_TO_BIT = bytes(ord("1") if byte & 1 else ord("0") for byte in range(256))


class Grid:
    """The geometry of cell sets for `atoms` atoms per dimension."""

    __slots__ = ("_masks", "_valid", "atoms", "meter", "row", "stride")

    def __init__(self, atoms: int, meter: Meter | None = None) -> None:
        self.atoms = atoms
        self.stride = 8 * -(-atoms // 8)
        #: Every atom of one dimension.
        self.row = (1 << atoms) - 1
        self.meter = meter or Meter()
        self._valid: dict[int, int] = {0: 1, 1: self.row}
        self._masks: dict[int, int] = {}

    def size(self, dims: int) -> int:
        """Bits in a set over `dims` dimensions (padding included)."""
        return int(self.stride**dims)

    def valid(self, dims: int) -> int:
        """Every cell of `dims` dimensions."""
        table = self._valid.get(dims)
        if table is None:
            table = self._valid[dims] = self.broadcast(self.valid(dims - 1), dims - 1, dims)
        return table

    def index(self, atoms: Sequence[int]) -> int:
        """The bit of a cell (card first)."""
        return sum(atom * self.stride**n for n, atom in enumerate(atoms))

    def decode(self, index: int, dims: int) -> tuple[int, ...]:
        """The cell of a bit, card first."""
        cell = []
        for _ in range(dims):
            index, atom = divmod(index, self.stride)
            cell.append(atom)
        return tuple(cell)

    def broadcast(self, table: int, dims: int, to: int) -> int:
        """A set over `dims` dimensions extended to `to`: newer dimensions take any atom."""
        for n in range(dims, to):
            if n == 0:
                table = self.row if table else 0
                continue
            width = self.size(n) // 8
            self._spend(self.size(n + 1))
            data = table.to_bytes(width, "little") * self.atoms
            table = int.from_bytes(data + bytes(width * (self.stride - self.atoms)), "little")
        return table

    def stretch(self, tails: int, dims: int) -> int:
        """Cells (card, *tail) for every tail of `tails` (over `dims`) and every card."""
        if dims == 0:
            return self.row if tails else 0
        count = self.size(dims)
        self._spend(count * self.stride)
        flags = format(tails, f"0{count}b")[::-1].encode().translate(_BIT_TO_FLAG)
        spread = bytearray(count * self.stride // 8)
        spread[:: self.stride // 8] = flags
        return int.from_bytes(spread, "little") * self.row

    def any_card(self, table: int, dims: int) -> int:
        """The tails (over `dims - 1`) having at least one card in `table` (over `dims`)."""
        if dims == 1:
            return 1 if table else 0
        self._spend(self.size(dims) * 3)
        covered = 1
        while covered < self.atoms:
            step = min(covered, self.atoms - covered)
            table |= table >> step
            covered += step
        firsts = table.to_bytes(self.size(dims) // 8, "little")[:: self.stride // 8]
        return int(firsts.translate(_FLAG_TO_BIT)[::-1], 2)

    def project_top(self, table: int, dims: int) -> int:
        """Forget the oldest dimension: cells over `dims - 1` that some cell of `table` extends."""
        block = self.size(dims - 1)
        self._spend(self.size(dims) * 3)
        covered = 1
        while covered < self.atoms:
            step = min(covered, self.atoms - covered)
            table |= table >> (step * block)
            covered += step
        return table & self._low(block)

    def _low(self, bits: int) -> int:
        mask = self._masks.get(bits)
        if mask is None:
            mask = self._masks[bits] = (1 << bits) - 1
        return mask

    def _spend(self, bits: int) -> None:
        self.meter.spend(bits // 4096 + 1)


class TableCache:
    """Sets kept for reuse, all forgotten at once past `limit` bytes: any of them can be built
    again, and rules that read the position can ask for thousands of them."""

    __slots__ = ("_bytes", "_tables", "limit")

    def __init__(self, limit: int = 48 << 20) -> None:
        self.limit = limit
        self._tables: dict[Hashable, int] = {}
        self._bytes = 0

    def get(self, key: Hashable) -> int | None:
        """The set kept under `key`, if still kept."""
        return self._tables.get(key)

    def keep(self, key: Hashable, table: int) -> int:
        """Keep `table` under `key` (forgetting everything first if full); return it."""
        size = table.bit_length() // 8 + 1
        if self._bytes + size > self.limit:
            self._tables.clear()
            self._bytes = 0
        self._tables[key] = table
        self._bytes += size
        return table


class BitView:
    """Fast membership tests on a large set (shifting a megabyte integer per test is slow)."""

    __slots__ = ("_data",)

    def __init__(self, table: int) -> None:
        self._data = table.to_bytes(table.bit_length() // 8 + 1, "little")

    def __contains__(self, index: int) -> bool:
        byte = index >> 3
        return byte < len(self._data) and bool(self._data[byte] >> (index & 7) & 1)


def set_bits(mask: int) -> Iterator[int]:
    """The numbers of the set bits of `mask`, lowest first."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low
