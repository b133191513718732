"""Commands for a turn: the deal, a string, a no-play, the dealer's verdicts, hints, the end.

Each command returns its new events, numbered after `state.seq`, and never changes a state;
`apply` folds them in. Randomness and choices end up in the events, so replaying a log needs
neither an rng nor a judge. With a `judge` (the app as God) verdicts follow at once; with a
prophet in office they wait for the prophet's call (see `prophet`).

>>> import random
>>> from classroom.core.games.new_eleusis.fold import replay
>>> state = replay([deal(["Ana", "Ben", "Chen", "Dia"], random.Random(3))])
>>> [event.kind for event in play(state, "Ben", state.hand("Ben")[:2])]
['played']
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from classroom.core.cards import Card, new_stock
from classroom.core.eventlog import Judge
from classroom.core.games.new_eleusis.events import (
    Dealt,
    Event,
    Hint,
    NoPlay,
    Played,
    PlayerRemoved,
    RoundEnded,
    TurnSkipped,
)
from classroom.core.games.new_eleusis.options import DEFAULT_OPTIONS, HAND_SIZE, Options
from classroom.core.games.new_eleusis.state import RoundState
from classroom.core.games.new_eleusis.verdicts import (
    Batch,
    first_playable,
    settle_no_play,
    settle_play,
    string_is_right,
)
from classroom.core.games.new_eleusis.verify import (
    verify_deal,
    verify_end_round,
    verify_hint,
    verify_judge_no_play,
    verify_judge_play,
    verify_no_play,
    verify_play,
    verify_remove_player,
    verify_skip_turn,
)

__all__ = [
    "deal",
    "decks_for",
    "end_round",
    "hint",
    "judge_no_play",
    "judge_play",
    "no_play",
    "play",
    "remove_player",
    "skip_turn",
]

_DECK = 52


def decks_for(players: int) -> int:
    """Two decks, and another shuffled in when the hands and the starter need more cards.

    >>> decks_for(7), decks_for(8)
    (2, 3)
    """
    decks = 2
    while players * HAND_SIZE + 1 > decks * _DECK:
        decks += 1
    return decks


def deal(seats: Sequence[str], rng: random.Random, *, options: Options = DEFAULT_OPTIONS) -> Dealt:
    """Shuffle the decks with `rng`, deal 14 cards to each seat (the first one at the dealer's
    left), turn up the starter."""
    verify_deal(seats)
    decks = decks_for(len(seats))
    stock = new_stock(rng, decks=decks)
    hands: list[list[Card]] = [[] for _seat in seats]
    for _card in range(HAND_SIZE):
        for hand in hands:
            hand.append(stock.pop())
    starter = stock.pop()
    return Dealt(
        seq=1,
        seats=tuple(seats),
        hands=tuple(tuple(hand) for hand in hands),
        starter=starter,
        stock=tuple(stock),
        decks=decks,
        options=options,
    )


def play(
    state: RoundState,
    seat: str,
    cards: Sequence[Card],
    *,
    judge: Judge | None = None,
    rng: random.Random | None = None,
) -> tuple[Event, ...]:
    """`seat` plays a string of 1-4 cards, in order. A judge gives the verdict at once, unless
    a prophet must call first; `rng` shuffles any deck added to a short stock."""
    verify_play(state, seat, cards)
    batch = Batch(state, rng)
    batch.add(Played(seat=seat, cards=tuple(cards)))
    if judge is None or state.prophet is not None:
        return tuple(batch.events)
    return settle_play(batch, string_is_right(judge, state.layout.mainline, cards))


def no_play(
    state: RoundState,
    seat: str,
    *,
    judge: Judge | None = None,
    rng: random.Random | None = None,
) -> tuple[Event, ...]:
    """`seat` shows the hand, saying no card is playable; a judge that finds one plays the
    first playable card of the hand for them."""
    verify_no_play(state, seat)
    batch = Batch(state, rng)
    batch.add(NoPlay(seat=seat))
    if judge is None or state.prophet is not None:
        return tuple(batch.events)
    card = first_playable(judge, state.layout.mainline, state.hand(seat))
    return settle_no_play(batch, card is None, card)


def judge_play(
    state: RoundState, correct: bool, *, rng: random.Random | None = None
) -> tuple[Event, ...]:
    """The dealer's verdict on the pending string; with a prophet it confirms the call when it
    agrees with it, else it refutes the call and overthrows the prophet."""
    verify_judge_play(state)
    return settle_play(Batch(state, rng), correct)


def judge_no_play(
    state: RoundState, right: bool, card: Card | None = None, *, rng: random.Random | None = None
) -> tuple[Event, ...]:
    """The dealer's verdict on a no-play. Wrong: `card` is the correct card played for the
    player, or None to agree with a prophet who said there is one (the prophet then points)."""
    verify_judge_no_play(state, right, card)
    return settle_no_play(Batch(state, rng), right, card)


def hint(state: RoundState, text: str) -> tuple[Event, ...]:
    """The dealer gives a hint, logged with the round."""
    verify_hint(state, text)
    return Batch(state).add(Hint(text=text.strip()))


def end_round(state: RoundState, note: str = "") -> tuple[Event, ...]:
    """The teacher ends the round now; `note` says why."""
    verify_end_round(state)
    return Batch(state).add(RoundEnded(reason="teacher", note=note))


def skip_turn(state: RoundState, seat: str) -> tuple[Event, ...]:
    """The teacher skips `seat`'s turn (an absent player): the next player plays."""
    verify_skip_turn(state, seat)
    return Batch(state).add(TurnSkipped(seat=seat))


def remove_player(
    state: RoundState,
    seat: str,
    *,
    judge: Judge | None = None,
    rng: random.Random | None = None,
) -> tuple[Event, ...]:
    """`seat` leaves the round (not an expulsion): the hand goes under the stock and they score
    nothing. A prophet who leaves while a call is owed leaves the turn to the dealer: a judge
    gives its verdict at once. A round left with nobody to take turns ends there, scored as it
    stands."""
    verify_remove_player(state, seat)
    batch = Batch(state, rng)
    batch.add(PlayerRemoved(seat=seat))
    left = batch.state
    if judge is not None and left.pending is not None and left.phase == "judging_play":
        settle_play(batch, string_is_right(judge, left.layout.mainline, left.pending.cards))
    elif judge is not None and left.pending is not None and left.phase == "judging_no_play":
        card = first_playable(judge, left.layout.mainline, left.hand(left.pending.seat))
        settle_no_play(batch, card is None, card)
    if not batch.state.is_over and not batch.state.players():
        batch.add(RoundEnded(reason="teacher", note="too few players"))
    return tuple(batch.events)
