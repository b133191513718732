"""Commands on a round: each returns its new events, numbered after `state.seq`.

Commands never change a state; `apply` folds their events in. Randomness and choices end up in
the events, so replaying a log needs neither an rng nor a judge.

>>> import random
>>> from classroom.core.games.express.state import replay
>>> state = replay([deal(["Ana", "Ben", "Chen"], random.Random(3))])
>>> [event.kind for event in no_play(state, "Ana")]
['no_play']
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

from classroom.core.cards import Card, new_stock, secure_random
from classroom.core.eventlog import Judge
from classroom.core.games.express.errors import NothingToJudge
from classroom.core.games.express.events import (
    Dealt,
    DeckAdded,
    Event,
    Guessed,
    GuessJudged,
    GuessPassed,
    Hint,
    Judged,
    NoPlay,
    NoPlayJudged,
    Options,
    Played,
    PlayerRemoved,
    Predicted,
    PredictionDeclined,
    RoundEnded,
    TurnSkipped,
)
from classroom.core.games.express.state import RoundState, apply
from classroom.core.games.express.verify import (
    owing,
    verify_deal,
    verify_end_round,
    verify_guess,
    verify_hint,
    verify_judge_guess,
    verify_judge_no_play,
    verify_judge_play,
    verify_no_play,
    verify_pass_guess,
    verify_play,
    verify_predict,
    verify_remove_player,
    verify_skip_turn,
)
from classroom.core.text import _

__all__ = [
    "DEFAULT_OPTIONS",
    "MIN_PLAYERS",
    "Judge",
    "deal",
    "decline_prediction",
    "end_round",
    "guess",
    "hint",
    "judge_guess",
    "judge_no_play",
    "judge_play",
    "no_play",
    "pass_guess",
    "play",
    "predict",
    "remove_player",
    "skip_turn",
]

#: Fewer players than this cannot go on with a round: removing one more ends it.
MIN_PLAYERS = 3

DEFAULT_OPTIONS = Options()


class _Batch:
    """The events of one command, numbered and applied as they are added."""

    def __init__(self, state: RoundState) -> None:
        self.state = state
        self.events: list[Event] = []

    def add(self, event: Event) -> tuple[Event, ...]:
        """Number and apply `event`; return all the events so far."""
        numbered = replace(event, seq=self.state.seq + 1)
        self.state = apply(self.state, numbered)
        self.events.append(numbered)
        return tuple(self.events)

    def add_drawing(self, count: int, verdict: Event, rng: random.Random | None) -> None:
        """Add `verdict`, which makes a player draw `count` cards, minding a short stock.

        "add_deck": a draw bigger than the stock shuffles a deck in first. "end": the draw
        takes what is left, and the round ends as soon as the stock is empty.
        """
        stock_out = self.state.options.stock_out
        if count > len(self.state.stock) and stock_out == "add_deck":
            self.add(DeckAdded(cards=tuple(new_stock(rng or secure_random(), decks=1))))
        self.add(verdict)
        if count > 0 and stock_out == "end" and not self.state.stock:
            self.add(RoundEnded(reason="stock_out"))


def deal(seats: Sequence[str], rng: random.Random, *, options: Options = DEFAULT_OPTIONS) -> Dealt:
    """Shuffle two decks with `rng`, deal a hand to each seat, turn up the starter."""
    verify_deal(seats)
    stock = new_stock(rng)
    hands: list[list[Card]] = [[] for _seat in seats]
    for _card in range(options.hand_size):
        for hand in hands:
            hand.append(stock.pop())
    starter = stock.pop()
    return Dealt(
        seq=1,
        seats=tuple(seats),
        hands=tuple(tuple(hand) for hand in hands),
        starter=starter,
        stock=tuple(stock),
        options=options,
    )


def _play_verdict(batch: _Batch, correct: bool, rng: random.Random | None) -> tuple[Event, ...]:
    pending = batch.state.pending
    if pending is None or pending.card is None:
        raise NothingToJudge(_("No play is waiting for a verdict."))
    verdict = Judged(seat=pending.seat, card=pending.card, correct=correct)
    if not correct:
        batch.add_drawing(1, verdict, rng)
        return tuple(batch.events)
    batch.add(verdict)
    if not batch.state.hand(pending.seat):
        batch.add(RoundEnded(reason="emptied", winner=pending.seat))
    return tuple(batch.events)


def play(
    state: RoundState,
    seat: str,
    card: Card,
    *,
    judge: Judge | None = None,
    rng: random.Random | None = None,
) -> tuple[Event, ...]:
    """`seat` plays `card`; with a judge the verdict follows at once, else a person owes it.

    `rng` shuffles a deck added when the stock runs out (None: an unpredictable shuffle).
    """
    verify_play(state, seat, card)
    batch = _Batch(state)
    batch.add(Played(seat=seat, card=card))
    if judge is None:
        return tuple(batch.events)
    return _play_verdict(batch, judge.allows(state.layout.mainline, card), rng)


def predict(state: RoundState, seat: str, accepted: bool) -> tuple[Event, ...]:
    """`seat` forecasts whether the card waiting for its verdict will be accepted."""
    verify_predict(state, seat)
    return _Batch(state).add(Predicted(seat=seat, accepted=accepted))


def decline_prediction(state: RoundState, seat: str) -> tuple[Event, ...]:
    """`seat` declines to forecast the waiting card (Skip): the window need not wait for it."""
    verify_predict(state, seat)
    return _Batch(state).add(PredictionDeclined(seat=seat))


def judge_play(
    state: RoundState, correct: bool, *, rng: random.Random | None = None
) -> tuple[Event, ...]:
    """The dealer's verdict on the pending play."""
    verify_judge_play(state)
    return _play_verdict(_Batch(state), correct, rng)


def _no_play_verdict(
    batch: _Batch, card: Card | None, rng: random.Random | None
) -> tuple[Event, ...]:
    seat = owing(batch.state)
    verdict = NoPlayJudged(seat=seat, right=card is None, card=card)
    if card is not None:
        batch.add_drawing(1, verdict, rng)
        return tuple(batch.events)
    size = len(batch.state.hand(seat))
    batch.add_drawing(size - 1, verdict, rng)
    if size == 1:
        batch.add(RoundEnded(reason="emptied", winner=seat))
    return tuple(batch.events)


def no_play(
    state: RoundState,
    seat: str,
    *,
    judge: Judge | None = None,
    rng: random.Random | None = None,
) -> tuple[Event, ...]:
    """`seat` declares no-play; a judge plays the first playable card of the hand if wrong."""
    verify_no_play(state, seat)
    batch = _Batch(state)
    batch.add(NoPlay(seat=seat))
    if judge is None:
        return tuple(batch.events)
    mainline = state.layout.mainline
    card = next((c for c in state.hand(seat) if judge.allows(mainline, c)), None)
    return _no_play_verdict(batch, card, rng)


def judge_no_play(
    state: RoundState, right: bool, card: Card | None = None, *, rng: random.Random | None = None
) -> tuple[Event, ...]:
    """The dealer's verdict on a no-play; when wrong, `card` is the correct card played."""
    verify_judge_no_play(state, right, card)
    return _no_play_verdict(_Batch(state), card, rng)


def guess(state: RoundState, seat: str, text: str) -> tuple[Event, ...]:
    """`seat` states the rule; a person judges it later."""
    verify_guess(state, seat, text)
    return _Batch(state).add(Guessed(seat=seat, text=text.strip()))


def pass_guess(state: RoundState, seat: str) -> tuple[Event, ...]:
    """`seat` lets the chance to guess go."""
    verify_pass_guess(state, seat)
    return _Batch(state).add(GuessPassed(seat=seat))


def judge_guess(
    state: RoundState, right: bool, *, rng: random.Random | None = None
) -> tuple[Event, ...]:
    """The dealer's verdict on the pending guess; a right guess ends the round."""
    verify_judge_guess(state)
    seat = state.guesses[-1].seat
    batch = _Batch(state)
    if right:
        batch.add(GuessJudged(seat=seat, right=True))
        return batch.add(RoundEnded(reason="guessed", winner=seat))
    penalty = 1 if state.options.wrong_guess_penalty else 0
    batch.add_drawing(penalty, GuessJudged(seat=seat, right=False), rng)
    return tuple(batch.events)


def hint(state: RoundState, text: str) -> tuple[Event, ...]:
    """The dealer gives a hint, logged with the round."""
    verify_hint(state, text)
    return _Batch(state).add(Hint(text=text.strip()))


def skip_turn(state: RoundState, seat: str) -> tuple[Event, ...]:
    """The teacher skips `seat`'s turn (an absent player): the next seat plays."""
    verify_skip_turn(state, seat)
    return _Batch(state).add(TurnSkipped(seat=seat))


def remove_player(state: RoundState, seat: str) -> tuple[Event, ...]:
    """`seat` leaves the round: their hand goes under the stock and they score nothing.

    A round left with fewer than three players ends there, scored as it stands.
    """
    verify_remove_player(state, seat)
    batch = _Batch(state)
    batch.add(PlayerRemoved(seat=seat))
    if len(batch.state.seats) < MIN_PLAYERS:
        batch.add(RoundEnded(reason="teacher", note="too few players"))
    return tuple(batch.events)


def end_round(state: RoundState, note: str = "") -> tuple[Event, ...]:
    """The teacher ends the round now; `note` says why."""
    verify_end_round(state)
    return _Batch(state).add(RoundEnded(reason="teacher", note=note))
