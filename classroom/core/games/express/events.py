"""The events of a round's log, its house options, and their plain JSON-able dict form.

>>> from classroom.core.cards import Card
>>> event = Played(seq=2, seat="Ana", card=Card.parse("10H"))
>>> event.to_dict()
{'kind': 'played', 'seq': 2, 'seat': 'Ana', 'card': '10H'}
>>> event_from_dict(event.to_dict()) == event
True
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Literal, get_args

from classroom.core.cards import Card
from classroom.core.eventlog import CARD_FIELDS, EventCodec, LoggedEvent
from classroom.core.games.express.errors import BadEvent, BadSetup
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
    "Dealt",
    "DeckAdded",
    "EndReason",
    "Event",
    "GuessJudged",
    "GuessPassed",
    "Guessed",
    "Hint",
    "Judged",
    "NoPlay",
    "NoPlayJudged",
    "Options",
    "Played",
    "PlayerRemoved",
    "Predicted",
    "PredictionDeclined",
    "RoundEnded",
    "StockOut",
    "TurnSkipped",
    "event_from_dict",
]

StockOut = Literal["add_deck", "end"]


@dataclass(frozen=True, slots=True, kw_only=True)
class Options:
    """House options chosen before the deal."""

    wrong_guess_penalty: bool = False
    stock_out: StockOut = "add_deck"
    hand_size: int = 12

    def __post_init__(self) -> None:
        if self.stock_out not in get_args(StockOut):
            raise BadSetup(f"stock_out must be 'add_deck' or 'end', not {self.stock_out!r}.")
        if not 1 <= self.hand_size <= 12:
            raise BadSetup(f"A hand has 1 to 12 cards, not {self.hand_size}.")

    def to_dict(self) -> dict[str, object]:
        """The options as a plain dict."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Options:
        """Options from `to_dict()` output; raise BadSetup for unknown or bad values."""
        try:
            return cls(**data)
        except TypeError as error:
            raise BadSetup(f"Unknown options in {dict(data)!r}.") from error


#: One entry of an Express round's log: its own kinds below, and the kinds every game shares
#: (`classroom.core.games.table_events`).
Event = LoggedEvent


@dataclass(frozen=True, slots=True, kw_only=True)
class Dealt(Event):
    """The deal: hands in seat order, the starter, the stock after the deal (top = end)."""

    kind: ClassVar[str] = "dealt"
    seats: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    starter: Card
    stock: tuple[Card, ...]
    options: Options


@dataclass(frozen=True, slots=True, kw_only=True)
class Played(Event):
    """A player put a card on the table; the verdict follows."""

    kind: ClassVar[str] = "played"
    seat: str
    card: Card


@dataclass(frozen=True, slots=True, kw_only=True)
class Judged(Event):
    """The verdict on a play: mainline if correct, else sideline and one penalty card."""

    kind: ClassVar[str] = "judged"
    seat: str
    card: Card
    correct: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class Predicted(Event):
    """Another player's forecast, while a play waits for its verdict: will it be accepted?

    Predictions never change hands, turns or scores; they are the table's thinking made visible.
    """

    kind: ClassVar[str] = "predicted"
    seat: str
    accepted: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class PredictionDeclined(Event):
    """Another player chose not to forecast the waiting play (Skip): an answer that is no
    forecast, so the app's verdict need not wait for it; it is never right or wrong."""

    kind: ClassVar[str] = "prediction_declined"
    seat: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NoPlay(Event):
    """A player declared that no card in their hand is playable."""

    kind: ClassVar[str] = "no_play"
    seat: str


@dataclass(frozen=True, slots=True, kw_only=True)
class NoPlayJudged(Event):
    """The verdict on a no-play; when wrong, `card` is the correct card played for them."""

    kind: ClassVar[str] = "no_play_judged"
    seat: str
    right: bool
    card: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class Guessed(Event):
    """A player stated the rule right after their correct play."""

    kind: ClassVar[str] = "guessed"
    seat: str
    text: str


@dataclass(frozen=True, slots=True, kw_only=True)
class GuessJudged(Event):
    """The dealer's verdict on the last guess."""

    kind: ClassVar[str] = "guess_judged"
    seat: str
    right: bool


@dataclass(frozen=True, slots=True, kw_only=True)
class GuessPassed(Event):
    """The player who may guess chose not to."""

    kind: ClassVar[str] = "guess_passed"
    seat: str


_CODEC: EventCodec[Event] = EventCodec(
    [
        Dealt,
        Played,
        Predicted,
        PredictionDeclined,
        Judged,
        NoPlay,
        NoPlayJudged,
        Guessed,
        GuessJudged,
        GuessPassed,
        *TABLE_EVENTS,
    ],
    {**CARD_FIELDS, "options": Options.from_dict},
    BadEvent,
)


def event_from_dict(data: Mapping[str, Any]) -> Event:
    """The event a `to_dict()` dict describes; raise BadEvent for an unknown kind or fields."""
    return _CODEC.from_dict(data)
