"""The events every game logs in the same words: a hint, a deck added, a turn skipped, a player
who left, the end of the round. A game's codec reads them with its own kinds, so a log of any
game holds them in one stored form.

>>> from classroom.core.cards import Card
>>> Hint(seq=5, text="Look at the colours.").to_dict()
{'kind': 'hint', 'seq': 5, 'text': 'Look at the colours.'}
>>> RoundEnded(seq=9, reason="teacher").to_dict()["reason"]
'teacher'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, Literal

from classroom.core.cards import Card
from classroom.core.eventlog import LoggedEvent

__all__ = [
    "TABLE_EVENTS",
    "DeckAdded",
    "EndReason",
    "Hint",
    "PlayerRemoved",
    "RoundEnded",
    "TurnSkipped",
]

#: Why a round ended: "emptied" a hand was emptied; "guessed" the rule was guessed (Express);
#: "stock_out" the stock ran out (Express's house option); "expelled" nobody but the prophet was
#: left playing (New Eleusis); "teacher" the teacher ended it.
EndReason = Literal["emptied", "guessed", "stock_out", "expelled", "teacher"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Hint(LoggedEvent):
    """A hint about the rule, given by the dealer or the teacher."""

    kind: ClassVar[str] = "hint"
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class DeckAdded(LoggedEvent):
    """A fresh deck, in its shuffled order, went under the empty or short stock."""

    kind: ClassVar[str] = "deck_added"
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class TurnSkipped(LoggedEvent):
    """The teacher skipped the turn of `seat` (an absent player): the next player plays."""

    kind: ClassVar[str] = "turn_skipped"
    seat: str


@dataclass(frozen=True, slots=True, kw_only=True)
class PlayerRemoved(LoggedEvent):
    """`seat` left the table mid-round (the teacher removed the student); the game says what
    becomes of the hand. Leaving is not losing: no penalty, no expulsion."""

    kind: ClassVar[str] = "player_removed"
    seat: str


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundEnded(LoggedEvent):
    """The end of the round; `winner` emptied the hand or guessed the rule."""

    kind: ClassVar[str] = "round_ended"
    reason: EndReason
    winner: str | None = None
    note: str = ""


#: The shared kinds, for a game's codec.
TABLE_EVENTS: tuple[type[LoggedEvent], ...] = (
    Hint,
    DeckAdded,
    TurnSkipped,
    PlayerRemoved,
    RoundEnded,
)
