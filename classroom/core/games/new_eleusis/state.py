"""The state of a New Eleusis round at one moment, and what the rules read from it.

Cards are counted as they were played, mainline and sideline, the starter left out: the table's
markers, the sudden-death count and the prophet's marker all use that count.

>>> import random
>>> from classroom.core.games.new_eleusis.fold import replay
>>> from classroom.core.games.new_eleusis.turns import deal
>>> state = replay([deal(["Ana", "Ben", "Chen", "Dia"], random.Random(1))])
>>> state.phase, len(state.hand("Ben")), len(state.stock), state.cards_played
('playing', 14, 47, 0)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from classroom.core.cards import Card
from classroom.core.games.new_eleusis.events import EndReason
from classroom.core.games.new_eleusis.options import Options
from classroom.core.layout import Layout

__all__ = ["OWED", "Pending", "Phase", "RoundState"]

Phase = Literal[
    "playing",
    "calling",
    "judging_play",
    "judging_no_play",
    "pointing",
    "judging_point",
    "over",
]
#: Phases in which a call, a point or a verdict is owed and nobody may play.
OWED: frozenset[Phase] = frozenset(
    {"calling", "judging_play", "judging_no_play", "pointing", "judging_point"}
)


@dataclass(frozen=True, slots=True)
class Pending:
    """The turn that waits: a string (`cards`) or a no-play (no cards), the prophet's call on
    it once made, and the card the prophet pointed to in a no-play's hand."""

    seat: str
    cards: tuple[Card, ...] = ()
    call: bool | None = None
    pointed: Card | None = None


@dataclass(frozen=True, slots=True, kw_only=True)
class RoundState:
    """Everything about a round at one moment. Hands are in seat order from the dealer's left
    (the prophet's set-aside hand stays in `hands`); the stock's top is its last card."""

    seats: tuple[str, ...]
    hands: tuple[tuple[Card, ...], ...]
    stock: tuple[Card, ...]
    layout: Layout
    options: Options
    decks: int
    phase: Phase = "playing"
    turn: str | None = None
    pending: Pending | None = None
    #: Who just played a correct string and may declare themselves prophet until the next turn.
    may_declare: str | None = None
    prophet: str | None = None
    #: The number of the card that carries the current prophet's marker.
    prophet_marker: int | None = None
    former_prophets: tuple[str, ...] = ()
    expelled: tuple[str, ...] = ()
    #: The numbers of the cards that carry a marker (every 10th card played).
    markers: tuple[int, ...] = ()
    #: The number of cards played when the sudden-death count without a prophet last started.
    count_from: int = 0
    last: str | None = None
    discards: int = 0
    hints: tuple[str, ...] = ()
    end_reason: EndReason | None = None
    winner: str | None = None
    seq: int = 0

    def hand(self, seat: str) -> tuple[Card, ...]:
        """The cards `seat` holds (set aside, for the prophet), in the order received."""
        return self.hands[self.seats.index(seat)]

    def hand_sizes(self) -> dict[str, int]:
        """How many cards each seat holds, the prophet's set-aside hand included."""
        return {seat: len(hand) for seat, hand in zip(self.seats, self.hands, strict=True)}

    @property
    def is_over(self) -> bool:
        """True once the round has ended."""
        return self.phase == "over"

    @property
    def cards_played(self) -> int:
        """Cards on the table, mainline and sideline, the starter left out."""
        return len(self.layout.mainline) - 1 + self.layout.sideline_count

    def is_playing(self, seat: str) -> bool:
        """True if `seat` takes turns: neither expelled nor the prophet."""
        return seat in self.seats and seat not in self.expelled and seat != self.prophet

    def players(self) -> tuple[str, ...]:
        """The seats that take turns, in seat order."""
        return tuple(seat for seat in self.seats if self.is_playing(seat))

    def next_player(self, seat: str) -> str | None:
        """The first seat after `seat`, clockwise, that takes turns (maybe `seat` itself)."""
        at = self.seats.index(seat)
        around = self.seats[at + 1 :] + self.seats[: at + 1]
        return next((other for other in around if self.is_playing(other)), None)

    @property
    def sudden_death_threshold(self) -> int:
        """How many counted cards bring sudden death: fewer once a prophet is marked."""
        if self.prophet is not None:
            return self.options.sudden_death_with_prophet
        return self.options.sudden_death

    @property
    def sudden_death_count(self) -> int:
        """Cards counted towards sudden death: after the prophet's marker, or else since the
        round began or the last prophet was overthrown."""
        start = self.prophet_marker if self.prophet_marker is not None else self.count_from
        return self.cards_played - start

    @property
    def sudden_death(self) -> bool:
        """True when a wrong play or a wrong no-play now expels the player."""
        return self.sudden_death_count >= self.sudden_death_threshold

    def played_in_order(self) -> tuple[tuple[Card, bool], ...]:
        """Every card played, in the order played, with True if it went to the mainline."""
        return tuple((j.card, j.accepted) for j in self.layout.judgements())

    def prophet_bonus(self) -> int:
        """+1 per mainline card and +2 per sideline card played after the prophet's marker."""
        if self.prophet_marker is None:
            return 0
        after = self.played_in_order()[self.prophet_marker :]
        return sum(1 if accepted else 2 for _card, accepted in after)
