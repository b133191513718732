"""The 52 card faces grouped by what two rules can see of them.

Two faces that agree on every attribute either rule reads (at any slot) are interchangeable:
swapping one for the other anywhere on a mainline changes no verdict of either rule. Such a
group is an *atom*; the search works on atoms, and only turns them into faces at the end.

>>> Atoms({"color"}).count, Atoms({"rank", "face"}).count, Atoms(()).count
(2, 13, 1)
>>> Atoms({"suit", "rank"}).capacity(0)
2
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum

from classroom.core.cards import DECK, Card

__all__ = ["ATTRIBUTES", "Atoms", "attribute", "plain"]

#: The card attributes the checker understands; a rule reading anything else is still judged
#: correctly, only more slowly (every face is then its own atom).
ATTRIBUTES = frozenset({"rank", "suit", "color", "face", "odd", "even"})
#: Copies of each face in the stock: two decks.
COPIES = 2


def attribute(card: Card, name: str) -> object:
    """`card.name` as a rule reads it, as a plain value (numbers, letters, true or false),
    which hashes faster than the enumerations."""
    return plain(getattr(card, name))


def plain(value: object) -> object:
    """A rank as a number, a suit or color as its notation; booleans and numbers unchanged."""
    if isinstance(value, Enum):
        return value.value
    return value


class Atoms:
    """Faces grouped by their values of some attributes, atoms numbered 0, 1... in deck order."""

    __slots__ = ("count", "faces", "of")

    def __init__(self, names: Iterable[str]) -> None:
        wanted = set(names)
        if not wanted <= ATTRIBUTES:
            wanted = {"rank", "suit"}
        ordered = sorted(wanted)
        groups: dict[tuple[object, ...], list[Card]] = {}
        for card in DECK:
            key = tuple(attribute(card, name) for name in ordered)
            groups.setdefault(key, []).append(card)
        #: The faces of each atom, in deck order.
        self.faces = tuple(tuple(faces) for faces in groups.values())
        self.count = len(self.faces)
        of = [0] * len(DECK)
        for number, faces in enumerate(self.faces):
            for card in faces:
                of[card.index] = number
        #: The atom of each face, by `card.index`.
        self.of = tuple(of)

    def representative(self, atom: int) -> Card:
        """The first face of an atom in deck order."""
        return self.faces[atom][0]

    def capacity(self, atom: int) -> int:
        """How many cards of this atom two decks hold."""
        return COPIES * len(self.faces[atom])
