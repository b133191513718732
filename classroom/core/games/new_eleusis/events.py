"""The events of a New Eleusis round's log and their plain JSON-able dict form.

>>> from classroom.core.cards import Card
>>> event = Played(seq=4, seat="Ana", cards=(Card.parse("10H"), Card.parse("JS")))
>>> event.to_dict()
{'kind': 'played', 'seq': 4, 'seat': 'Ana', 'cards': ['10H', 'JS']}
>>> event_from_dict(event.to_dict()) == event
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Literal

from classroom.core.cards import Card
from classroom.core.eventlog import CARD_FIELDS, EventCodec, LoggedEvent
from classroom.core.games.new_eleusis.errors import BadEvent
from classroom.core.games.new_eleusis.options import Options
from classroom.core.games.table_events import (
    TABLE_EVENTS,
    DeckAdded,
    EndReason,
    Hint,
    PlayerRemoved,
    RoundEnded,
    TurnSkipped,
)

__all__ = [
    "CallWaived",
    "Called",
    "Dealt",
    "DeckAdded",
    "Declared",
    "EndReason",
    "Event",
    "Expelled",
    "Hint",
    "Judged",
    "Marked",
    "NoPlay",
    "NoPlayJudged",
    "Overthrown",
    "Played",
    "PlayerRemoved",
    "Pointed",
    "RoundEnded",
    "TurnSkipped",
    "event_from_dict",
]


#: One entry of a New Eleusis round's log: its own kinds below, and the kinds every game
#: shares (`classroom.core.games.table_events`).
Event = LoggedEvent


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(Event):
    """The deal: hands in seat order from the dealer's left, the starter, the stock (top = end),
    and how many decks were shuffled (a third one when eight hands of 14 need it)."""

    kind: ClassVar[str] = "dealt"
    seats: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    starter: Card
    stock: tuple[Card, ...]
    decks: int
    options: Options


@dataclass(frozen=True, slots=True, kw_only=True)
class Played(Event):
    """A player laid a string of 1 to 4 cards, in order; a call or a verdict follows."""

    kind: ClassVar[str] = "played"
    seat: str
    cards: tuple[Card, ...]


@dataclass(frozen=True, slots=True, kw_only=True)
class NoPlay(Event):
    """A player showed the hand: no card in it is playable, they say."""

    kind: ClassVar[str] = "no_play"
    seat: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Called(Event):
    """The prophet's call, before the dealer's: the play is right, or (for a no-play) right
    means "no playable card"."""

    kind: ClassVar[str] = "called"
    seat: str
    right: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class CallWaived(Event):
    """The prophet `seat` did not make the call (or, in a no-play, did not point to the card)
    the turn waited for: their tablet was away, and the teacher (`by` "teacher") or the app
    as dealer (`by` "app") went on without it.

    The turn then goes on exactly as if there were no prophet call on it: the dealer judges it
    (a wrong no-play: the dealer plays a correct card and the player draws 5). The prophet stays
    in office with no penalty and no overthrow, since an absent tablet is not a wrong call;
    the turn simply has no call, so it is neither confirmed for the prophet nor refuted.
    """

    kind: ClassVar[str] = "call_waived"
    seat: str
    by: Literal["teacher", "app"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Judged(Event):
    """The dealer's verdict on a string: all to the mainline, or all to the sideline."""

    kind: ClassVar[str] = "judged"
    seat: str
    cards: tuple[Card, ...]
    correct: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class NoPlayJudged(Event):
    """The dealer's verdict on a no-play. Right: a new hand of 4 fewer. Wrong: `card` is the
    correct card played from the hand, or None when the dealer agrees with a prophet who said
    there is one (the prophet must then point to it)."""

    kind: ClassVar[str] = "no_play_judged"
    seat: str
    right: bool
    card: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Pointed(Event):
    """The prophet pointed to the playable card in the hand of the player who declared no-play."""

    kind: ClassVar[str] = "pointed"
    seat: str
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class Declared(Event):
    """`seat` became the prophet: a marker on the card just played, the hand set aside."""

    kind: ClassVar[str] = "declared"
    seat: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Overthrown(Event):
    """The dealer refuted the prophet's call: 5 penalty cards, the hand back, markers removed."""

    kind: ClassVar[str] = "overthrown"
    seat: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Expelled(Event):
    """A wrong play in sudden death: `seat` stops playing and keeps the hand for scoring."""

    kind: ClassVar[str] = "expelled"
    seat: str


@dataclass(frozen=True, slots=True, kw_only=True)
class Marked(Event):
    """A marker went on the `count`-th card played (every 10th, mainline and sideline)."""

    kind: ClassVar[str] = "marked"
    count: int


_CODEC: EventCodec[Event] = EventCodec(
    [
        Dealt,
        Played,
        NoPlay,
        Called,
        CallWaived,
        Judged,
        NoPlayJudged,
        Pointed,
        Declared,
        Overthrown,
        Expelled,
        Marked,
        *TABLE_EVENTS,
    ],
    {**CARD_FIELDS, "options": Options.from_dict},
    BadEvent,
)


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """The event a `to_dict()` dict describes; raise BadEvent for an unknown kind or fields."""
    return _CODEC.from_dict(data)
