"""Breadth-first search over the situations a secret rule can produce, a whole level at a time.

A situation is the last D cards of the mainline (D the deeper rule's depth, at least 1), as
atoms, with the position of the next card when a rule reads it (as a class of positions, see
`_positions`). Level L holds the situations first reached by a mainline of L cards: level 1 is
every starter; a card the secret rule accepts moves a situation to the next level. Each level
is one set of cells (`_grid`), so a level costs a few big-integer operations however many
situations it holds. The first level where the two rules' verdict tables differ gives the
shortest counterexample; a level that adds nothing new ends the search: then every situation
the secret rule can produce has been compared.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from classroom.core.hypotheses._atoms import Atoms
from classroom.core.hypotheses._decks import CARDS, fits, playable_cells
from classroom.core.hypotheses._grid import BitView, Grid, TableCache, set_bits
from classroom.core.hypotheses._positions import PositionClasses
from classroom.core.hypotheses._tables import RuleTables

__all__ = ["Search", "Situations", "Witness"]

#: Backtracking steps allowed when looking for a path that fits two decks.
_STEPS = 20_000
#: Differing cells tried per level before looking further.
_ATTEMPTS = 64


@dataclass(frozen=True, slots=True)
class Witness:
    """A mainline of atoms (oldest first) and the atom of the card the rules disagree on."""

    mainline: tuple[int, ...]
    card: int


class Situations:
    """The two rules' tables per mainline length, as the search asks for them (memoized)."""

    def __init__(
        self, secret: RuleTables, hypothesis: RuleTables, positions: PositionClasses
    ) -> None:
        self.secret, self.hypothesis, self.positions = secret, hypothesis, positions
        self.grid, self.atoms = secret.grid, secret.atoms
        self.depth = max(1, secret.depth, hypothesis.depth)
        self._memo = TableCache()

    def dims(self, length: int) -> int:
        """How many cards of a mainline of `length` cards a situation keeps."""
        return min(length, self.depth)

    def key(self, length: int) -> tuple[int, int]:
        """Mainlines of lengths with the same key are judged alike when their tails agree."""
        return self.dims(length), self.positions.key(length + 1)

    def accepts(self, length: int, dims: int | None = None) -> int:
        """The cells (card, tail) the secret rule accepts after `length` cards."""
        dims = self.dims(length) + 1 if dims is None else dims
        return self._cached(("accepts", dims), length, lambda: self._at(self.secret, length, dims))

    def difference(self, length: int) -> int:
        """The cells the two rules judge differently after `length` cards."""
        dims = self.dims(length) + 1
        return self._cached(
            ("difference", None),
            length,
            lambda: self.accepts(length) ^ self._at(self.hypothesis, length, dims),
        )

    def differing(self, length: int, *, playable: bool) -> int:
        """The tails after which the rules differ on some card (that two decks can hold)."""
        dims = self.dims(length) + 1

        def build() -> int:
            cells = self.difference(length)
            if playable:
                cells &= self._cached(
                    ("playable", dims), 0, lambda: playable_cells(self.grid, self.atoms, dims)
                )
            return self.grid.any_card(cells, dims)

        return self._cached(("differing", playable), length, build)

    def _at(self, tables: RuleTables, length: int, dims: int) -> int:
        position = length + 1
        return tables.at(dims, length, position, self.positions.key(position))

    def _cached(self, what: tuple[str, Hashable], length: int, build: Callable[[], int]) -> int:
        key = (what[0], (what[1], self.key(length)))
        found = self._memo.get(key)
        if found is None:
            found = self._memo.keep(key, build())
        return found


class Search:
    """The search itself; its fields say what it found, also when stopped part way."""

    def __init__(self, situations: Situations, *, bound: int | None) -> None:
        self.situations, self.bound = situations, bound
        self.grid: Grid = situations.grid
        self.atoms: Atoms = situations.atoms
        #: A shortest difference, whatever the number of decks it needs.
        self.first: Witness | None = None
        #: A shortest difference that two decks can lay out.
        self.playable: Witness | None = None
        #: True once every situation the secret rule can produce has been compared.
        self.finished = False
        #: True when some difference fits two decks in its window (a playable one may exist).
        self.window_fits = False
        #: The longest mainline whose situations were (being) compared.
        self.longest = 0
        #: Situation classes times card classes compared.
        self.cells = 0
        self._steps = 0
        self._frontiers: list[int] = [0]
        self._views: dict[tuple[str, int], BitView] = {}

    def run(self) -> None:
        """Search level by level until decided, out of situations, or past the bound."""
        length, frontier = 1, self.grid.valid(1)
        visited: dict[tuple[int, int], int] = {}
        while frontier:
            if self.bound is not None and length + 1 > self.bound:
                return
            self._frontiers.append(frontier)
            self.longest = length
            self.cells += frontier.bit_count() * self.atoms.count
            if self._decided(length, frontier):
                return
            reached = self._advance(frontier, length)
            length += 1
            frontier = self._fresh(reached, length, visited)
        self.finished = True

    @property
    def needs_more_decks(self) -> bool:
        """True when the rules differ, but provably never at a table with two decks."""
        return self.first is not None and self.finished and not self.window_fits

    def _decided(self, length: int, frontier: int) -> bool:
        fits_two_decks = length + 1 <= CARDS
        if self.first is None:
            tails = frontier & self.situations.differing(length, playable=False)
            if not tails:
                return False
            self.first = self._witness(length, tails, playable=False)
            if fits_two_decks:
                # Usually the first differing cells fit two decks: no need to filter them.
                self.playable = self._witness(length, tails, playable=True, attempts=8)
        if self.playable is None and fits_two_decks:
            tails = frontier & self.situations.differing(length, playable=True)
            if tails:
                self.window_fits = True
                self.playable = self._witness(length, tails, playable=True)
        if self.playable is not None:
            return True
        if length + 1 >= CARDS:
            # Nothing longer fits two decks: the search for a playable difference is over.
            self.finished = True
            return True
        return False

    def _advance(self, frontier: int, length: int) -> int:
        """The tails (one card longer) that the secret rule lets `frontier` reach."""
        grid, situations = self.grid, self.situations
        dims, after = situations.dims(length), situations.dims(length + 1)
        if after > dims:
            return self._spread(frontier, dims) & situations.accepts(length)
        if situations.secret.depth < dims:
            # The oldest card is about to be dropped and the secret rule does not read it.
            older = grid.project_top(frontier, dims)
            return self._spread(older, dims - 1) & situations.accepts(length, dims)
        cells = self._spread(frontier, dims) & situations.accepts(length)
        return grid.project_top(cells, dims + 1)

    def _spread(self, tails: int, dims: int) -> int:
        if tails == self.grid.valid(dims):
            return self.grid.valid(dims + 1)
        return self.grid.stretch(tails, dims)

    def _fresh(self, reached: int, length: int, visited: dict[tuple[int, int], int]) -> int:
        if length < self.situations.depth:
            return reached
        key = self.situations.key(length)
        seen = visited.get(key, 0)
        visited[key] = seen | reached
        return reached & ~seen

    def _witness(
        self, length: int, tails: int, *, playable: bool, attempts: int = _ATTEMPTS
    ) -> Witness | None:
        """A mainline to one of `tails` and a card the rules disagree on after it."""
        dims = self.situations.dims(length)
        difference = self.situations.difference(length)
        for tail_index in set_bits(tails):
            row = difference >> (tail_index * self.grid.stride) & self.grid.row
            tail = self.grid.decode(tail_index, dims)
            for card in set_bits(row):
                path = self._path(length, tail, card, playable=playable)
                if path is not None:
                    return Witness(path, card)
                attempts -= 1
                if attempts <= 0:
                    return None
        return None

    def _path(
        self, length: int, tail: tuple[int, ...], card: int, *, playable: bool
    ) -> tuple[int, ...] | None:
        usage = Counter(tail)
        usage[card] += 1
        if playable and not fits(self.atoms, list(usage.elements())):
            return None
        if not playable:
            return self._any_path(length, tail)
        self._steps = _STEPS
        return self._playable_path(length, tail, usage)

    def _any_path(self, length: int, tail: tuple[int, ...]) -> tuple[int, ...]:
        """Back to the starter, taking the first predecessor each time (one always exists:
        every tail of a level was reached from the level before)."""
        newest: list[int] = []
        while length > len(tail):
            newest.append(tail[0])
            tail = (*tail[1:], self._predecessors(length, tail)[0])
            length -= 1
        return tail[::-1] + tuple(reversed(newest))

    def _playable_path(
        self, length: int, tail: tuple[int, ...], usage: Counter[int]
    ) -> tuple[int, ...] | None:
        """Back to the starter using no face more than two decks hold (depth-first)."""
        if length == len(tail):
            return tail[::-1]
        options = sorted(self._predecessors(length, tail), key=lambda atom: (usage[atom], atom))
        for atom in options:
            self._steps -= 1
            if self._steps < 0:
                return None
            if usage[atom] >= self.atoms.capacity(atom):
                continue
            usage[atom] += 1
            found = self._playable_path(length - 1, (*tail[1:], atom), usage)
            if found is not None:
                return (*found, tail[0])
            usage[atom] -= 1
        return None

    def _predecessors(self, length: int, tail: tuple[int, ...]) -> list[int]:
        """The oldest cards a tail one level back may have had (in the frontier, and the
        secret rule accepting `tail[0]` after it)."""
        frontier = self._view("frontier", length - 1, lambda: self._frontiers[length - 1])
        accepts = self._view("accepts", length - 1, lambda: self.situations.accepts(length - 1))
        rest = tail[1:]
        return [
            atom
            for atom in range(self.atoms.count)
            if self.grid.index((*rest, atom)) in frontier
            and self.grid.index((tail[0], *rest, atom)) in accepts
        ]

    def _view(self, what: str, length: int, table: Callable[[], int]) -> BitView:
        view = self._views.get((what, length))
        if view is None:
            view = self._views[(what, length)] = BitView(table())
        return view
