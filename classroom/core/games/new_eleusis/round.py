"""`Round`: a New Eleusis round's log and state, a method per command, and `check` /
`allows` to ask whether a command may be given now.

>>> import random
>>> class Alternate:
...     def allows(self, mainline, card):
...         return card.color != mainline[-1].color
>>> game = Round.deal(["Ana", "Ben", "Chen", "Dia"], random.Random(5), judge=Alternate())
>>> game.state.turn, len(game.state.hand("Ana"))
('Ben', 14)
>>> game.allows("play", "Ana", game.state.hand("Ana")[:1])
False
>>> [event.kind for event in game.play("Ben", game.state.hand("Ben")[:2])]
['played', 'judged']
>>> Round(game.events).state == game.state
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any, Literal

from classroom.core.cards import Card
from classroom.core.eventlog import Judge, RecordedRound
from classroom.core.games.express.round import passes
from classroom.core.games.new_eleusis import prophet, turns, verify
from classroom.core.games.new_eleusis.events import Event
from classroom.core.games.new_eleusis.fold import apply, replay
from classroom.core.games.new_eleusis.options import DEFAULT_OPTIONS, Options
from classroom.core.games.new_eleusis.state import RoundState

__all__ = ["Round"]


class Round(RecordedRound[Event, RoundState]):
    """The events so far and the state they fold to; a judge (the app as God) gives verdicts,
    and confirms or refutes the prophet's calls, at once.

    Each command returns its new events (already recorded); an illegal one raises a
    NewEleusisError and records nothing. `rng` shuffles any deck added to a short stock.
    """

    @classmethod
    def deal(
        cls,
        seats: Sequence[str],
        rng: random.Random,
        *,
        options: Options = DEFAULT_OPTIONS,
        judge: Judge | None = None,
    ) -> Round:
        """A new round: shuffle with `rng`, deal to `seats` (the first at the dealer's left)."""
        return cls([turns.deal(seats, rng, options=options)], judge=judge, rng=rng)

    def _replay(self, events: tuple[Event, ...]) -> RoundState:
        return replay(events)

    def _apply(self, state: RoundState, event: Event) -> RoundState:
        return apply(state, event)

    def check(self, command: str, *args: Any) -> None:
        """Raise the reason `command` may not be given now, with the arguments it takes after
        the state (`game.check("play", seat, card)`, `game.check("judge_play")`)."""
        getattr(verify, f"verify_{command}")(self._state, *args)

    def allows(self, command: str, *args: Any) -> bool:
        """True if `command` may be given now (see `check`)."""
        return passes(lambda: self.check(command, *args))

    def play(self, seat: str, cards: Sequence[Card]) -> tuple[Event, ...]:
        """`seat` plays a string of 1-4 cards, in order."""
        return self._record(turns.play(self._state, seat, cards, judge=self.judge, rng=self.rng))

    def no_play(self, seat: str) -> tuple[Event, ...]:
        """`seat` shows the hand: no card in it is playable, they say."""
        return self._record(turns.no_play(self._state, seat, judge=self.judge, rng=self.rng))

    def judge_play(self, correct: bool) -> tuple[Event, ...]:
        """A person's verdict on the pending string."""
        return self._record(turns.judge_play(self._state, correct, rng=self.rng))

    def judge_no_play(self, right: bool, card: Card | None = None) -> tuple[Event, ...]:
        """A person's verdict on the pending no-play (see `turns.judge_no_play`)."""
        return self._record(turns.judge_no_play(self._state, right, card, rng=self.rng))

    def declare(self, seat: str) -> tuple[Event, ...]:
        """`seat` becomes the prophet."""
        return self._record(prophet.declare(self._state, seat))

    def call(self, seat: str, right: bool) -> tuple[Event, ...]:
        """The prophet calls the pending turn right or wrong; a judge settles it at once."""
        events = prophet.call(self._state, seat, right, judge=self.judge, rng=self.rng)
        return self._record(events)

    def point(self, seat: str, card: Card) -> tuple[Event, ...]:
        """The prophet points to the playable card of a no-play's hand."""
        events = prophet.point(self._state, seat, card, judge=self.judge, rng=self.rng)
        return self._record(events)

    def judge_point(self, correct: bool, card: Card | None = None) -> tuple[Event, ...]:
        """A person's verdict on the prophet's card; when wrong, the card played instead."""
        return self._record(prophet.judge_point(self._state, correct, card, rng=self.rng))

    def waive_call(self, by: Literal["teacher", "app"] = "teacher") -> tuple[Event, ...]:
        """The turn goes on without the absent prophet's call or point; a judge judges it."""
        events = prophet.waive_call(self._state, by, judge=self.judge, rng=self.rng)
        return self._record(events)

    def hint(self, text: str) -> tuple[Event, ...]:
        """The dealer gives a hint."""
        return self._record(turns.hint(self._state, text))

    def end_round(self, note: str = "") -> tuple[Event, ...]:
        """The teacher ends the round now."""
        return self._record(turns.end_round(self._state, note))
