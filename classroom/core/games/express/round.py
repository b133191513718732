"""`Round`: a round's log and state, with verify / can / do methods for every command.

>>> import random
>>> class Alternate:
...     def allows(self, mainline, card):
...         return card.color != mainline[-1].color
>>> game = Round.deal(["Ana", "Ben", "Chen"], random.Random(5), judge=Alternate())
>>> game.state.turn, game.state.phase, len(game.state.hand("Ana"))
('Ana', 'playing', 12)
>>> game.can_play("Ben", game.state.hand("Ben")[0])
False
>>> [event.kind for event in game.play("Ana", game.state.hand("Ana")[0])]
['played', 'judged']
>>> Round(game.events).state == game.state
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from classroom.core.cards import Card
from classroom.core.eventlog import RecordedRound
from classroom.core.games.errors import GameError
from classroom.core.games.express import commands, verify
from classroom.core.games.express.commands import DEFAULT_OPTIONS, Judge
from classroom.core.games.express.events import Event, Options
from classroom.core.games.express.state import RoundState, apply, replay

__all__ = ["Round", "passes"]


def passes(check: Callable[[], None]) -> bool:
    """True when `check` (a verify_x call) raises no GameError: the `can_x` of every action."""
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

    def verify_play(self, seat: str, card: Card) -> None:
        """Raise the reason `seat` may not play `card` now."""
        verify.verify_play(self._state, seat, card)

    def can_play(self, seat: str, card: Card) -> bool:
        """True if `seat` may play `card` now."""
        return passes(lambda: self.verify_play(seat, card))

    def play(self, seat: str, card: Card) -> tuple[Event, ...]:
        """`seat` plays `card`; with a judge its verdict follows at once."""
        events = commands.play(self._state, seat, card, judge=self.judge, rng=self.rng)
        return self._record(events)

    def verify_no_play(self, seat: str) -> None:
        """Raise the reason `seat` may not declare no-play now."""
        verify.verify_no_play(self._state, seat)

    def can_no_play(self, seat: str) -> bool:
        """True if `seat` may declare no-play now."""
        return passes(lambda: self.verify_no_play(seat))

    def no_play(self, seat: str) -> tuple[Event, ...]:
        """`seat` declares no-play; with a judge its verdict follows at once."""
        return self._record(commands.no_play(self._state, seat, judge=self.judge, rng=self.rng))

    def verify_predict(self, seat: str) -> None:
        """Raise the reason `seat` may not predict the waiting card now."""
        verify.verify_predict(self._state, seat)

    def can_predict(self, seat: str) -> bool:
        """True if `seat` may predict the card that waits for its verdict."""
        return passes(lambda: self.verify_predict(seat))

    def predict(self, seat: str, accepted: bool) -> tuple[Event, ...]:
        """`seat` forecasts the verdict on the waiting card."""
        return self._record(commands.predict(self._state, seat, accepted))

    def verify_judge_play(self) -> None:
        """Raise the reason no verdict on a play can be given now."""
        verify.verify_judge_play(self._state)

    def can_judge_play(self) -> bool:
        """True if a play waits for a verdict."""
        return passes(self.verify_judge_play)

    def judge_play(self, correct: bool) -> tuple[Event, ...]:
        """A person's verdict on the pending play."""
        return self._record(commands.judge_play(self._state, correct, rng=self.rng))

    def verify_judge_no_play(self, right: bool, card: Card | None = None) -> None:
        """Raise the reason this verdict on a no-play cannot be given now."""
        verify.verify_judge_no_play(self._state, right, card)

    def can_judge_no_play(self, right: bool, card: Card | None = None) -> bool:
        """True if this verdict on a no-play can be given now."""
        return passes(lambda: self.verify_judge_no_play(right, card))

    def judge_no_play(self, right: bool, card: Card | None = None) -> tuple[Event, ...]:
        """A person's verdict on the pending no-play; when wrong, the card played for them."""
        events = commands.judge_no_play(self._state, right, card, rng=self.rng)
        return self._record(events)

    def verify_guess(self, seat: str, text: str) -> None:
        """Raise the reason `seat` may not guess now."""
        verify.verify_guess(self._state, seat, text)

    def can_guess(self, seat: str, text: str = "?") -> bool:
        """True if `seat` may guess now."""
        return passes(lambda: self.verify_guess(seat, text))

    def guess(self, seat: str, text: str) -> tuple[Event, ...]:
        """`seat` states the rule; a person judges it later."""
        return self._record(commands.guess(self._state, seat, text))

    def verify_pass_guess(self, seat: str) -> None:
        """Raise the reason `seat` has no guess to pass."""
        verify.verify_pass_guess(self._state, seat)

    def can_pass_guess(self, seat: str) -> bool:
        """True if `seat` may pass their chance to guess."""
        return passes(lambda: self.verify_pass_guess(seat))

    def pass_guess(self, seat: str) -> tuple[Event, ...]:
        """`seat` lets the chance to guess go."""
        return self._record(commands.pass_guess(self._state, seat))

    def verify_judge_guess(self) -> None:
        """Raise the reason no verdict on a guess can be given now."""
        verify.verify_judge_guess(self._state)

    def can_judge_guess(self) -> bool:
        """True if a guess waits for a verdict."""
        return passes(self.verify_judge_guess)

    def judge_guess(self, right: bool) -> tuple[Event, ...]:
        """A person's verdict on the pending guess; a right guess ends the round."""
        return self._record(commands.judge_guess(self._state, right, rng=self.rng))

    def verify_hint(self, text: str) -> None:
        """Raise the reason this hint cannot be given."""
        verify.verify_hint(self._state, text)

    def can_hint(self, text: str = "?") -> bool:
        """True if a hint can be given now."""
        return passes(lambda: self.verify_hint(text))

    def hint(self, text: str) -> tuple[Event, ...]:
        """The dealer gives a hint."""
        return self._record(commands.hint(self._state, text))

    def verify_skip_turn(self, seat: str) -> None:
        """Raise the reason `seat`'s turn cannot be skipped now."""
        verify.verify_skip_turn(self._state, seat)

    def can_skip_turn(self, seat: str) -> bool:
        """True if it is `seat`'s turn and it may be skipped."""
        return passes(lambda: self.verify_skip_turn(seat))

    def skip_turn(self, seat: str) -> tuple[Event, ...]:
        """Skip `seat`'s turn: the next seat plays."""
        return self._record(commands.skip_turn(self._state, seat))

    def verify_remove_player(self, seat: str) -> None:
        """Raise the reason `seat` cannot leave the round now."""
        verify.verify_remove_player(self._state, seat)

    def can_remove_player(self, seat: str) -> bool:
        """True if `seat` may leave the round now."""
        return passes(lambda: self.verify_remove_player(seat))

    def remove_player(self, seat: str) -> tuple[Event, ...]:
        """`seat` leaves: their hand goes under the stock (fewer than 3 left: the round ends)."""
        return self._record(commands.remove_player(self._state, seat))

    def verify_end_round(self) -> None:
        """Raise RoundOver if the round has already ended."""
        verify.verify_end_round(self._state)

    def can_end_round(self) -> bool:
        """True while the round is on."""
        return passes(self.verify_end_round)

    def end_round(self, note: str = "") -> tuple[Event, ...]:
        """The teacher ends the round now."""
        return self._record(commands.end_round(self._state, note))
