"""What two decks can hold: at most two cards of each face, at most 104 cards in all.

A situation the rules judge is a window: the card and the last cards of the mainline. When the
window alone needs a third copy of a face (K♣ after K♣ K♣), no table with two decks ever sees
it, whatever came before. `playable_cells` marks the windows that fit; `faces_for` turns a
mainline of atoms into real cards, sharing the copies out.

>>> from classroom.core.hypotheses._grid import Grid
>>> atoms = Atoms({"rank", "suit"})
>>> grid = Grid(atoms.count)
>>> fits = playable_cells(grid, atoms, 3)
>>> [fits >> grid.index(cell) & 1 for cell in [(0, 0, 1), (0, 0, 0), (5, 5, 5)]]
[1, 0, 0]
>>> [str(card) for card in faces_for(atoms, (0, 0, 1))]
['AS', 'AS', '2S']
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence

from classroom.core.cards import Card
from classroom.core.hypotheses._atoms import COPIES, Atoms
from classroom.core.hypotheses._grid import Grid

__all__ = ["CARDS", "faces_for", "fits", "playable_cells"]

#: Cards in two decks: no mainline plus the card tried after it can be longer.
CARDS = 104


def playable_cells(grid: Grid, atoms: Atoms, dims: int) -> int:
    """The cells (card and `dims - 1` previous cards) that two decks can lay out."""
    if dims <= COPIES:
        return grid.valid(dims)
    width = grid.size(2) // 8
    full = grid.valid(2)
    card = [grid.broadcast(1 << atom, 1, 2) for atom in range(atoms.count)]
    prev = [grid.row << (grid.stride * atom) for atom in range(atoms.count)]
    parts = []
    for combo in itertools.product(range(grid.stride), repeat=dims - 2):
        if max(combo) >= atoms.count:
            parts.append(bytes(width))
            continue
        over = 0
        for atom, count in Counter(combo).items():
            room = atoms.capacity(atom) - count
            if room < 0:
                over = full
            elif room == 0:
                over |= card[atom] | prev[atom]
            elif room == 1:
                over |= card[atom] & prev[atom]
        parts.append((full ^ over).to_bytes(width, "little"))
    grid.meter.spend(len(parts))
    return int.from_bytes(b"".join(parts), "little")


def fits(atoms: Atoms, cells: Sequence[int]) -> bool:
    """True when two decks hold cards for all these atoms at once."""
    return all(count <= atoms.capacity(atom) for atom, count in Counter(cells).items())


def faces_for(atoms: Atoms, path: Sequence[int]) -> tuple[Card, ...]:
    """Real cards for a sequence of atoms: each time the least used face of the atom, the
    first in deck order among those (so cards repeat only when they must)."""
    used: Counter[Card] = Counter()
    cards = []
    for atom in path:
        card = min(atoms.faces[atom], key=lambda face: used[face])
        used[card] += 1
        cards.append(card)
    return tuple(cards)
