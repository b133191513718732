"""Playing cards as values: ranks, suits, colors, cards and the two-deck stock.

>>> card = Card.parse("10♥")
>>> str(card), card.rank, card.color, card.face
('10H', <Rank.TEN: 10>, <Color.RED: 'red'>, False)
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from enum import Enum, IntEnum
from typing import ClassVar

__all__ = [
    "DECK",
    "PRINTED_RANKS",
    "Card",
    "CardError",
    "Color",
    "Rank",
    "Suit",
    "new_stock",
    "printed_label",
    "printed_rank",
]


class CardError(ValueError):
    """Text that does not name a card."""


class Color(Enum):
    """Hearts and diamonds are red; spades and clubs are black."""

    RED = "red"
    BLACK = "black"

    def __str__(self) -> str:
        return self.value


class Suit(Enum):
    """The four suits; the value is the one-letter notation."""

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def glyph(self) -> str:
        """The suit symbol, e.g. '♠'."""
        return _GLYPHS[self]

    @property
    def color(self) -> Color:
        """Red for hearts and diamonds, black for spades and clubs."""
        return Color.RED if self in (Suit.HEARTS, Suit.DIAMONDS) else Color.BLACK

    @property
    def word(self) -> str:
        """The plural English name used in the rule language, e.g. 'spades'."""
        return self.name.lower()

    def __str__(self) -> str:
        return self.value


_GLYPHS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_BY_SYMBOL = {s.value: s for s in Suit} | {g: s for s, g in _GLYPHS.items()}


class Rank(IntEnum):
    """Card values: ace is 1, jack 11, queen 12, king 13."""

    ACE = 1
    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13

    @property
    def symbol(self) -> str:
        """The printed index: 'A', '2' ... '10', 'J', 'Q', 'K'."""
        return _RANK_SYMBOLS.get(self, str(self.value))

    @property
    def face(self) -> bool:
        """True for jack, queen and king."""
        return self >= Rank.JACK

    def __str__(self) -> str:
        return self.symbol


_RANK_SYMBOLS = {Rank.ACE: "A", Rank.JACK: "J", Rank.QUEEN: "Q", Rank.KING: "K"}
_RANK_BY_SYMBOL = {r.symbol: r for r in Rank} | {"1": Rank.ACE}


@dataclass(frozen=True, slots=True, order=False)
class Card:
    """One card. Cards from the two decks of the stock are equal as values."""

    rank: Rank
    suit: Suit
    # Derived once, because the rule evaluator reads them millions of times.
    color: Color = field(init=False, compare=False, repr=False)
    face: bool = field(init=False, compare=False, repr=False)
    odd: bool = field(init=False, compare=False, repr=False)

    ALL: ClassVar[tuple[Card, ...]]

    def __post_init__(self) -> None:
        object.__setattr__(self, "rank", Rank(self.rank))
        object.__setattr__(self, "color", self.suit.color)
        object.__setattr__(self, "face", self.rank.face)
        object.__setattr__(self, "odd", self.rank % 2 == 1)

    @property
    def even(self) -> bool:
        """True when the rank is even (a queen is even, an ace odd)."""
        return not self.odd

    @property
    def index(self) -> int:
        """A dense number 0-51, suit-major, for tables and bit sets."""
        return _SUIT_ORDER[self.suit] * 13 + self.rank - 1

    @property
    def label(self) -> str:
        """Rank and suit glyph, e.g. '10♥', for people to read."""
        return f"{self.rank.symbol}{self.suit.glyph}"

    @classmethod
    def parse(cls, text: str) -> Card:
        """Read '10H', 'QS', 'ad', '7♠' or '10♥'; raise CardError for anything else.

        >>> Card.parse("qs")
        Card(rank=<Rank.QUEEN: 12>, suit=<Suit.SPADES: 'S'>)
        """
        cleaned = text.strip().upper()
        if len(cleaned) < 2:
            raise CardError(f"{text!r} is not a card; write rank then suit, like 10H or Q♠")
        rank = _RANK_BY_SYMBOL.get(cleaned[:-1])
        suit = _SUIT_BY_SYMBOL.get(cleaned[-1])
        if rank is None or suit is None:
            raise CardError(f"{text!r} is not a card; write rank then suit, like 10H or Q♠")
        return _CANONICAL[(rank, suit)]

    @classmethod
    def from_code(cls, code: object) -> Card:
        """The card whose code is exactly `code` ('10H', 'QS'), as the protocol writes cards;
        CardError for any other spelling, even one a person would read as the same card
        ('qs', ' QS', 'Q♠', 'TH'): what a machine sends is checked, not guessed at.

        >>> Card.from_code("10H") == Card.parse("10h")
        True
        >>> Card.from_code("10h")
        Traceback (most recent call last):
        ...
        classroom.core.cards.CardError: '10h' is not a card code; codes are written like 10H or QS
        """
        card = _BY_CODE.get(code) if isinstance(code, str) else None
        if card is None:
            raise CardError(f"{code!r} is not a card code; codes are written like 10H or QS")
        return card

    def __str__(self) -> str:
        return f"{self.rank.symbol}{self.suit.value}"


#: The letters in the corners of an ace and the court cards, as printed on each country's decks
#: (Polish: As, Walet, Dama, Król; Russian: Туз, Валет, Дама, Король). Only what people read
#: changes: cards are still written 'JH' or 'KS' in the rule language and in input.
PRINTED_RANKS: dict[str, dict[Rank, str]] = {
    "en": dict(_RANK_SYMBOLS),
    "ja": dict(_RANK_SYMBOLS),
    "pl": {Rank.ACE: "A", Rank.JACK: "W", Rank.QUEEN: "D", Rank.KING: "K"},
    "ru": {Rank.ACE: "Т", Rank.JACK: "В", Rank.QUEEN: "Д", Rank.KING: "К"},
}


def printed_rank(rank: Rank, language: str = "en") -> str:
    """The rank as printed on a deck of that language's country; English decks otherwise.

    >>> printed_rank(Rank.QUEEN, "pl"), printed_rank(Rank.ACE, "ru"), printed_rank(Rank.TEN, "ru")
    ('D', 'Т', '10')
    """
    letters = PRINTED_RANKS.get(language.replace("_", "-").split("-")[0].lower(), _RANK_SYMBOLS)
    return letters.get(rank, rank.symbol)


def printed_label(card: Card, language: str = "en") -> str:
    """Rank and suit glyph as people of `language` read them, e.g. 'В♥' in Russian."""
    return f"{printed_rank(card.rank, language)}{card.suit.glyph}"


_SUIT_ORDER = {suit: n for n, suit in enumerate(Suit)}
_CANONICAL = {(rank, suit): Card(rank, suit) for suit in Suit for rank in Rank}
#: Each card by its code, the one spelling the protocol takes.
_BY_CODE = {str(card): card for card in _CANONICAL.values()}
#: The 52 distinct cards, suit-major, in `Card.index` order.
DECK: tuple[Card, ...] = tuple(_CANONICAL.values())
Card.ALL = DECK


def new_stock(rng: random.Random, *, decks: int = 2) -> list[Card]:
    """Shuffle `decks` full decks together with `rng`; the top of the stock is the end."""
    stock = [card for _ in range(decks) for card in DECK]
    rng.shuffle(stock)
    return stock


def secure_random() -> random.Random:
    """The random source for real classes: shuffles nobody can predict."""
    return random.SystemRandom()
