"""`Round`: a round's log and state, a method for every command, and `check` / `allows` to
ask whether a command may be given now.

>>> import random
>>> class Alternate:
...     def allows(self, mainline, card):
...         return card.color != mainline[-1].color
>>> game = Round.deal(["Ana", "Ben", "Chen"], random.Random(5), judge=Alternate())
>>> game.state.turn, game.state.phase, len(game.state.hand("Ana"))
('Ana', 'playing', 12)
>>> game.allows("play", "Ben", game.state.hand("Ben")[0])
False
>>> [event.kind for event in game.play("Ana", game.state.hand("Ana")[0])]
['played', 'judged']
>>> Round(game.events).state == game.state
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from classroom.core.cards import Card
from classroom.core.eventlog import RecordedRound
from classroom.core.games.errors import GameError
from classroom.core.games.express import commands, verify
from classroom.core.games.express.commands import DEFAULT_OPTIONS, Judge
from classroom.core.games.express.events import Event, Options
from classroom.core.games.express.state import RoundState, apply, replay

__all__ = ["Round", "passes"]


def passes(check: Callable[[], None]) -> bool:
    """True when `check` (a verify_x call) raises no GameError."""
    try:
        check()
    except GameError:
        return False
    return True


class Round(RecordedRound[Event, RoundState]):
    """The events so far and the state they fold to; a judge makes verdicts automatic.

    Each command returns its new events (already recorded); an illegal one raises a GameError
    and records nothing. `rng` shuffles any deck added when the stock runs out.
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
        """A new round: shuffle with `rng`, deal to `seats` (first seat plays first)."""
        return cls([commands.deal(seats, rng, options=options)], judge=judge, rng=rng)

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

    def play(self, seat: str, card: Card) -> tuple[Event, ...]:
        """`seat` plays `card`; with a judge its verdict follows at once."""
        events = commands.play(self._state, seat, card, judge=self.judge, rng=self.rng)
        return self._record(events)

    def no_play(self, seat: str) -> tuple[Event, ...]:
        """`seat` declares no-play; with a judge its verdict follows at once."""
        return self._record(commands.no_play(self._state, seat, judge=self.judge, rng=self.rng))

    def predict(self, seat: str, accepted: bool) -> tuple[Event, ...]:
        """`seat` forecasts the verdict on the waiting card."""
        return self._record(commands.predict(self._state, seat, accepted))

    def judge_play(self, correct: bool) -> tuple[Event, ...]:
        """A person's verdict on the pending play."""
        return self._record(commands.judge_play(self._state, correct, rng=self.rng))

    def judge_no_play(self, right: bool, card: Card | None = None) -> tuple[Event, ...]:
        """A person's verdict on the pending no-play; when wrong, the card played for them."""
        events = commands.judge_no_play(self._state, right, card, rng=self.rng)
        return self._record(events)

    def guess(self, seat: str, text: str) -> tuple[Event, ...]:
        """`seat` states the rule; a person judges it later."""
        return self._record(commands.guess(self._state, seat, text))

    def pass_guess(self, seat: str) -> tuple[Event, ...]:
        """`seat` lets the chance to guess go."""
        return self._record(commands.pass_guess(self._state, seat))

    def judge_guess(self, right: bool) -> tuple[Event, ...]:
        """A person's verdict on the pending guess; a right guess ends the round."""
        return self._record(commands.judge_guess(self._state, right, rng=self.rng))

    def hint(self, text: str) -> tuple[Event, ...]:
        """The dealer gives a hint."""
        return self._record(commands.hint(self._state, text))

    def skip_turn(self, seat: str) -> tuple[Event, ...]:
        """Skip `seat`'s turn: the next seat plays."""
        return self._record(commands.skip_turn(self._state, seat))

    def remove_player(self, seat: str) -> tuple[Event, ...]:
        """`seat` leaves: their hand goes under the stock (fewer than 3 left: the round ends)."""
        return self._record(commands.remove_player(self._state, seat))

    def end_round(self, note: str = "") -> tuple[Event, ...]:
        """The teacher ends the round now."""
        return self._record(commands.end_round(self._state, note))
