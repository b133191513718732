"""What every event-sourced round shares, whatever its rules (Express or New Eleusis).

An event is a frozen dataclass with a `kind` and a `seq`; `to_dict` gives its plain JSON-able
form (cards as '10H', tuples as lists, options through their own `to_dict`). An `EventCodec`
turns such a dict back into an event of one game's kinds. A `RecordedRound` keeps a log and
the state it folds to, and records what a command returns only if every event applies.

>>> from classroom.core.cards import Card
>>> @dataclass(frozen=True, slots=True, kw_only=True)
... class Shown(LoggedEvent):
...     kind: ClassVar[str] = "shown"
...     card: Card
>>> codec = EventCodec([Shown], CARD_FIELDS, ValueError)
>>> codec.from_dict(Shown(seq=3, card=Card.parse("QS")).to_dict())
Shown(seq=3, card=Card(rank=<Rank.QUEEN: 12>, suit=<Suit.SPADES: 'S'>))
>>> codec.from_dict({"kind": "lost"})
Traceback (most recent call last):
...
ValueError: Unknown event kind 'lost'.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from classroom.core.cards import Card

__all__ = ["CARD_FIELDS", "EventCodec", "Judge", "LoggedEvent", "RecordedRound", "encode"]


@dataclass(frozen=True, slots=True, kw_only=True)
class LoggedEvent:
    """One entry of a round's log; `seq` counts from 1 and is assigned by the round."""

    kind: ClassVar[str] = "event"
    seq: int = 0

    def to_dict(self) -> dict[str, object]:
        """A plain JSON-able dict, cards as '10H'-style strings."""
        body = {f.name: encode(getattr(self, f.name)) for f in fields(self)}
        return {"kind": self.kind, **body}


def encode(value: object) -> object:
    """`value` in its plain form: cards as text, tuples as lists, options as dicts."""
    if isinstance(value, Card):
        return str(value)
    if isinstance(value, tuple):
        return [encode(item) for item in value]
    to_dict = getattr(value, "to_dict", None)
    return to_dict() if callable(to_dict) else value


def _cards(texts: list[str]) -> tuple[Card, ...]:
    return tuple(Card.parse(text) for text in texts)


#: How the fields every game has are read back; a game adds its own (e.g. its options).
CARD_FIELDS: Mapping[str, Callable[[Any], Any]] = {
    "card": lambda text: None if text is None else Card.parse(text),
    "cards": _cards,
    "starter": Card.parse,
    "stock": _cards,
    "hands": lambda hands: tuple(_cards(hand) for hand in hands),
    "seats": tuple,
}


class Judge(Protocol):
    """What automatic verdicts need of a secret rule."""

    def allows(self, mainline: Sequence[Card], card: Card) -> bool:
        """True if `card` may follow `mainline` (the starter first)."""
        ...


EventT = TypeVar("EventT", bound=LoggedEvent)
StateT = TypeVar("StateT")


class EventCodec(Generic[EventT]):
    """Reads the `to_dict()` form of one game's events back; any mismatch raises `bad_event`."""

    def __init__(
        self,
        kinds: Iterable[type[EventT]],
        decoders: Mapping[str, Callable[[Any], Any]],
        bad_event: Callable[[str], Exception],
    ) -> None:
        self._kinds = {cls.kind: cls for cls in kinds}
        self._decoders = decoders
        self._bad_event = bad_event

    def from_dict(self, data: Mapping[str, Any]) -> EventT:
        """The event `data` describes."""
        cls = self._kinds.get(data.get("kind", ""))
        if cls is None:
            raise self._bad_event(f"Unknown event kind {data.get('kind')!r}.")
        names = {f.name for f in fields(cls)}
        given = set(data) - {"kind"}
        if not given <= names:
            raise self._bad_event(f"A {cls.kind!r} event has no field(s) {sorted(given - names)}.")
        try:
            return cls(**{name: self._decoders.get(name, _same)(data[name]) for name in given})
        except (TypeError, ValueError) as error:
            raise self._bad_event(f"Bad {cls.kind!r} event {dict(data)!r}: {error}") from error


def _same(value: Any) -> Any:
    return value


class RecordedRound(Generic[EventT, StateT]):
    """A round's log and the state it folds to. A game's `Round` says how it folds
    (`_replay`, `_apply`) and adds one verify / can / do method per command."""

    def __init__(
        self,
        events: Iterable[EventT],
        *,
        judge: Judge | None = None,
        rng: random.Random | None = None,
    ) -> None:
        self._events = tuple(events)
        self._state = self._replay(self._events)
        #: The automatic judge, or None: a person gives the verdicts.
        self.judge = judge
        #: Shuffles any deck added to a short stock (None: an unpredictable shuffle).
        self.rng = rng

    def _replay(self, events: tuple[EventT, ...]) -> StateT:
        raise NotImplementedError

    def _apply(self, state: StateT, event: EventT) -> StateT:
        raise NotImplementedError

    @property
    def state(self) -> StateT:
        """The current state."""
        return self._state

    @property
    def events(self) -> tuple[EventT, ...]:
        """The whole log, oldest first."""
        return self._events

    def _record(self, events: tuple[EventT, ...]) -> tuple[EventT, ...]:
        """Fold `events` in; if one does not apply, it raises and nothing is recorded."""
        state = self._state
        for event in events:
            state = self._apply(state, event)
        self._state, self._events = state, self._events + events
        return events
