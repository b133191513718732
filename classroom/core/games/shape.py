"""The one shape every game a table can play has: what the classroom asks of a game.

A game is an event-sourced state machine (its own events, fold and commands, in its own
folder) seen through one `Game` object. The use cases, the store, the sockets and the views
speak to a table's game only through it, and only `classroom.core.games.registry` picks a game
by name. A new way to play implements `Game` and registers it; nothing else changes.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from classroom.core.cards import Card
from classroom.core.eventlog import Judge, LoggedEvent
from classroom.core.games.errors import UnknownMove
from classroom.core.layout import Layout
from classroom.core.text import Text

__all__ = [
    "Awaited",
    "Game",
    "GameState",
    "Move",
    "Penalties",
    "UnknownMove",
    "Verdict",
    "VerdictCheck",
]


@dataclass(frozen=True, slots=True)
class Move:
    """A player's move from a tablet, checked for shape only: the table's game says whether it
    is one of its moves and whether it is allowed now.

    `kind` names the move ("play", "no_play", "guess", "declare", ...); `cards` the cards played
    or pointed to, in order; `text` a guess; `right` a forecast or a call: the play is right
    (will be accepted).
    """

    kind: str
    action_id: str
    cards: tuple[Card, ...] = ()
    text: str = ""
    right: bool = False

    @property
    def card(self) -> Card | None:
        """The one card of a single-card move (None when there is not exactly one)."""
        return self.cards[0] if len(self.cards) == 1 else None


@dataclass(frozen=True, slots=True)
class Verdict:
    """A student dealer's verdict on what waits: a play ("play"), a no-play ("no_play"), and
    whatever else the game has a dealer judge ("guess", the prophet's card "point")."""

    kind: str
    right: bool
    #: The right card the dealer plays from the hand, after a wrong no-play (or prophet's card).
    card: Card | None = None
    #: The dealer insists on a verdict the rule-language rule contradicts.
    confirmed: bool = False


@dataclass(frozen=True, slots=True)
class VerdictCheck:
    """The app disagrees with a dealer's verdict: ask before recording it."""

    expected: bool
    message: str
    #: The card the verdict is about, when it is about one.
    card: Card | None = None


@dataclass(frozen=True, slots=True)
class Awaited:
    """What a table waits for that is no player's turn: the call of a seat (`caller`, the New
    Eleusis prophet's call or point), or else the dealer's verdict of kind `verdict` (a
    `Verdict.kind`: "play", "no_play", "point"). An absent tablet there stops the table, so the
    teacher may settle it."""

    caller: str | None = None
    verdict: str | None = None


@dataclass(frozen=True, slots=True)
class Penalties:
    """What each mistake costs in this game, for the texts a player reads before and after."""

    #: Cards drawn for each card of a wrong play.
    per_wrong_card: int
    #: Cards drawn after a wrong no-play.
    wrong_no_play: int
    #: How many fewer cards the new hand of a right no-play holds (0: no new hand).
    new_hand_fewer: int
    #: The most cards one play may lay down.
    most_cards_per_play: int


class GameState(Protocol):
    """What every game's state says of a round at one moment."""

    @property
    def seats(self) -> tuple[str, ...]: ...
    @property
    def layout(self) -> Layout: ...
    @property
    def phase(self) -> str: ...
    @property
    def turn(self) -> str | None: ...
    @property
    def seq(self) -> int: ...
    @property
    def hints(self) -> tuple[str, ...]: ...
    @property
    def is_over(self) -> bool: ...
    def hand(self, seat: str) -> tuple[Card, ...]: ...
    def hand_sizes(self) -> dict[str, int]: ...


class Game(Protocol):
    """A way to play at a table: how it deals, reads its log, applies moves and controls."""

    #: The name the store keeps for the game ("express", "new_eleusis").
    name: str
    #: The game's name as people read it (said in each reader's language).
    title: Text
    #: How a round of it is scored, in one paragraph for the totals page.
    scoring: Text
    min_players: int
    max_players: int
    #: The moves a player's tablet may send.
    moves: frozenset[str]
    #: Whether the others at the table forecast each waiting play (everyone predicts).
    predictions: bool
    #: Whether a journal's test cards are judged from the round's log (one card a play); a
    #: game whose plays are strings checks its journals against the table alone.
    journals_read_log: bool
    penalties: Penalties
    #: The class's house options this game reads when it deals (by their names in the
    #: options `deal` is handed): the class page shows those its tables read.
    house_options: frozenset[str]

    def deal(
        self, players: Sequence[str], rng: random.Random, house: Mapping[str, Any]
    ) -> tuple[LoggedEvent, ...]:
        """The first events of a round for `players`, with the class's house options."""
        ...

    def event_from_dict(self, data: Mapping[str, Any]) -> LoggedEvent:
        """One event of this game's log read back from its stored form."""
        ...

    def replay(self, events: Iterable[LoggedEvent]) -> Any:
        """The state a whole log folds to."""
        ...

    def apply(self, state: Any, event: LoggedEvent) -> Any:
        """The state after one more event."""
        ...

    def move(
        self,
        state: Any,
        seat: str,
        move: Move,
        *,
        judge: Judge | None,
        rng: random.Random,
    ) -> tuple[LoggedEvent, ...]:
        """The events of a player's move; raise the game's error (or `UnknownMove`) if it is
        not allowed now. With a `judge` the app gives verdicts at once."""
        ...

    def verdict(
        self, state: Any, verdict: Verdict, *, rng: random.Random
    ) -> tuple[LoggedEvent, ...]:
        """The events of a student dealer's verdict on what waits."""
        ...

    def advice(self, state: Any, verdict: Verdict, rule: Judge) -> VerdictCheck | None:
        """What the secret rule says when a dealer's verdict contradicts it (None: it agrees,
        or the game has no advice to give)."""
        ...

    def awaited(self, state: Any) -> Awaited | None:
        """What the table waits for besides a player's turn (None: nothing, or a guess the
        teacher's own queue shows)."""
        ...

    def rule_verdict(self, state: Any, rule: Judge) -> Verdict | None:
        """The verdict `rule` gives on what waits for the dealer (None: nothing waits, or the
        rule cannot tell); with a wrong no-play, the card it would play."""
        ...

    def waive_call(
        self, state: Any, by: str, *, judge: Judge | None, rng: random.Random
    ) -> tuple[LoggedEvent, ...]:
        """Go on without the call an absent seat owes (`by` "teacher" or "app"); the turn then
        waits for the dealer, whom a `judge` replaces at once. Raise the game's error when no
        call waits (a game without calls: always)."""
        ...

    def hint(self, state: Any, text: str) -> tuple[LoggedEvent, ...]:
        """A hint for the table."""
        ...

    def scores(self, state: Any) -> tuple[dict[str, int], int]:
        """Each player's score for the round as it stands, and the dealer's."""
        ...

    def never_dealt(
        self, people: Sequence[str], rounds: Sequence[tuple[str | None, Mapping[str, int], int]]
    ) -> tuple[str, ...]:
        """Who would get a bonus for never having dealt if the game ended now, given its
        rounds as (dealer, scores, dealer's score); () for a game without such a bonus."""
        ...

    def skip_turn(self, state: Any, seat: str) -> tuple[LoggedEvent, ...]:
        """Skip an absent player's turn."""
        ...

    def remove_player(
        self, state: Any, seat: str, *, judge: Judge | None, rng: random.Random
    ) -> tuple[LoggedEvent, ...]:
        """A player leaves the round (removed by the teacher): never an expulsion. With a
        `judge` (the app deals) a turn left without its caller is judged at once."""
        ...

    def end_round(self, state: Any, note: str) -> tuple[LoggedEvent, ...]:
        """End the round now; `note` says why."""
        ...
