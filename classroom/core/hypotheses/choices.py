"""The choices that fill the blanks of a hypothesis template: each an id, a label, a picture.

A "kind" of card (red, ♠ spades, even, face...) is the building block of most templates: it
says something about one card, `card` or `prev`, in the rule language. Pictures are what a
tablet draws on a choice's button: suit symbols, colour swatches, numbers; suits always come
with their names, so that no child has to tell a suit by its colour.

>>> KINDS["low"].about("prev")
'prev.rank <= 7'
>>> [choice.id for choice in SUITS]
['spades', 'hearts', 'diamonds', 'clubs']
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from classroom.core.text import Text, _

__all__ = [
    "ANY",
    "COMPARISONS",
    "CYCLES",
    "KINDS",
    "PAIRS",
    "SAME",
    "SUITS",
    "Choice",
    "Kind",
]


@dataclass(frozen=True, slots=True)
class Choice:
    """One answer for a blank: its id (what a tablet sends), its words and its picture."""

    id: str
    label: Text
    #: Symbols or numbers drawn big on the button ("♠", "2 4 6", "↑").
    picture: str | Text
    #: A colour swatch drawn beside the picture ("red", "black"), or None.
    swatch: str | None = None


@dataclass(frozen=True, slots=True)
class Kind:
    """A kind of card, with the test of one card (`card`, `prev`) in the rule language."""

    choice: Choice
    test: str

    def about(self, ref: str) -> str:
        """The test of the card named `ref`, as rule-language text."""
        return self.test.format(c=ref)


def _kind(
    kind_id: str, label: Text, picture: str | Text, test: str, swatch: str | None = None
) -> Kind:
    return Kind(Choice(kind_id, label, picture, swatch), test)


_KINDS = (
    _kind("red", _("red"), "♥♦", "{c}.color == red", "red"),
    _kind("black", _("black"), "♠♣", "{c}.color == black", "black"),
    _kind("spades", _("♠ spades"), "♠", "{c}.suit == spades"),
    _kind("hearts", _("♥ hearts"), "♥", "{c}.suit == hearts"),
    _kind("diamonds", _("♦ diamonds"), "♦", "{c}.suit == diamonds"),
    _kind("clubs", _("♣ clubs"), "♣", "{c}.suit == clubs"),
    _kind("even", _("even"), "2 4 6", "{c}.even"),
    _kind("odd", _("odd"), "1 3 5", "{c}.odd"),
    _kind("face", _("face (J Q K)"), _("J Q K"), "{c}.face"),
    _kind("number", _("number (A to 10)"), _("A–10"), "not {c}.face"),
    _kind("low", _("low (A to 7)"), _("A–7"), "{c}.rank <= 7"),
    _kind("high", _("high (8 to K)"), _("8–K"), "{c}.rank >= 8"),
    _kind("threes", _("3, 6, 9 or Q"), _("3 6 9 Q"), "{c}.rank % 3 == 0"),
)
#: Every kind of card by id, in the order a tablet shows them.
KINDS: dict[str, Kind] = {kind.choice.id: kind for kind in _KINDS}
SUITS = tuple(KINDS[suit].choice for suit in ("spades", "hearts", "diamonds", "clubs"))

#: "Any card": the choice that lets every card through (the otherwise of "After a ...").
ANY = Choice("any", _("any card"), "★")

#: How a card compares with the last card: (choice, rule-language test).
COMPARISONS: dict[str, tuple[Choice, str]] = {
    choice.id: (choice, test)
    for choice, test in (
        (Choice("higher", _("higher"), "↑"), "card.rank > prev.rank"),
        (Choice("lower", _("lower"), "↓"), "card.rank < prev.rank"),
        (Choice("same_or_higher", _("the same or higher"), "=↑"), "card.rank >= prev.rank"),
        (Choice("same_or_lower", _("the same or lower"), "=↓"), "card.rank <= prev.rank"),
        (Choice("one_higher", _("exactly one higher"), "+1"), "card.rank == prev.rank + 1"),
        (Choice("one_lower", _("exactly one lower"), "−1"), "card.rank == prev.rank - 1"),
    )
}

#: What a card can share with the last card: (choice, attribute it compares).
SAME: dict[str, tuple[Choice, Callable[[str], str]]] = {
    choice.id: (choice, test)
    for choice, test in (
        (Choice("color", _("colour"), "♥♠", "red"), lambda op: f"card.color {op} prev.color"),
        (Choice("suit", _("suit"), "♠♥♦♣"), lambda op: f"card.suit {op} prev.suit"),
        (Choice("number", _("number"), "7 = 7"), lambda op: f"card.rank {op} prev.rank"),
        (
            Choice("parity", _("oddness (both odd or both even)"), "1 1"),
            lambda op: f"card.odd {op} prev.odd",
        ),
        (
            Choice("face", _("kind (both face or both number cards)"), _("J Q")),
            lambda op: f"card.face {op} prev.face",
        ),
        (
            Choice("low_high", _("height (both low or both high)"), _("8 K")),
            lambda op: f"(card.rank <= 7) {op} (prev.rank <= 7)",
        ),
    )
}

#: What takes turns card after card (the same tests as SAME, said as pairs).
PAIRS: dict[str, Choice] = {
    "color": Choice("color", _("red and black"), "♥♠", "red"),
    "suit": Choice("suit", _("suits (never the same suit twice)"), "♠♥♦♣"),
    "parity": Choice("parity", _("odd and even"), "1 2"),
    "face": Choice("face", _("face and number cards"), _("J 5")),
    "low_high": Choice("low_high", _("low and high"), _("A–7 8–K")),
}

_SUIT_WORDS = {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"}


def _cycle(order: str) -> tuple[Choice, tuple[str, ...]]:
    suits = tuple(_SUIT_WORDS[letter] for letter in order)
    labels = {name: KINDS[suit].choice.label for name, suit in zip("abcd", suits, strict=True)}
    label = _("%(a)s, then %(b)s, then %(c)s, then %(d)s") % labels
    picture = " → ".join(KINDS[suit].choice.picture for suit in (*suits, suits[0]))
    return Choice(order, label, picture), suits


#: The six orders in which the four suits can go round, each starting at ♠.
CYCLES: dict[str, tuple[Choice, tuple[str, ...]]] = {
    order: _cycle(order) for order in ("SHDC", "SHCD", "SDHC", "SDCH", "SCHD", "SCDH")
}
