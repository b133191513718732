"""Helpers for the New Eleusis tests: tables dealt by hand, fake rules, turns played quickly."""

from __future__ import annotations

import random
from collections.abc import Sequence

from classroom.core.cards import DECK, Card
from classroom.core.games.express import Judge
from classroom.core.games.new_eleusis import Dealt, Event, Options, Round, RoundState

SEATS = ("Ana", "Ben", "Chen", "Dia")


def cards(text: str) -> tuple[Card, ...]:
    """'AH 2S 10D' as cards."""
    return tuple(Card.parse(word) for word in text.split())


class Alternate:
    """A fake secret rule: after red play black, after black play red."""

    def allows(self, mainline: Sequence[Card], card: Card) -> bool:
        return card.color != mainline[-1].color


class Anything:
    """A fake secret rule that accepts every card."""

    def allows(self, mainline: Sequence[Card], card: Card) -> bool:
        return True


class Nothing:
    """A fake secret rule that accepts no card at all."""

    def allows(self, mainline: Sequence[Card], card: Card) -> bool:
        return False


#: 26 cards each (two decks shared out), so that long stretches of play never empty a hand.
LONG_HANDS = {
    seat: " ".join(str(card) for card in (DECK + DECK)[26 * i : 26 * i + 26])
    for i, seat in enumerate(SEATS)
}


def table(
    hands: dict[str, str] | None = None,
    *,
    starter: str = "5C",
    stock: str = "KS KH KD KC QS QH QD QC JS JH JD JC",
    options: Options | None = None,
    judge: Judge | None = None,
) -> Round:
    """A round dealt by hand (Ana, Ben, Chen, Dia by default; a 5 starter: Ana plays first).
    The stock is written bottom first: its last card is drawn first."""
    chosen = hands or {
        "Ana": "2H 3S 4H 5S 6H",
        "Ben": "6D 7S 8D 9S 10D",
        "Chen": "9H 10S JH QS KH",
        "Dia": "AD 2S 3D 4S 5D",
    }
    event = Dealt(
        seq=1,
        seats=tuple(chosen),
        hands=tuple(cards(text) for text in chosen.values()),
        starter=Card.parse(starter),
        stock=cards(stock),
        decks=2,
        options=options or Options(),
    )
    return Round([event], judge=judge, rng=random.Random(0))


def long_table(*, options: Options | None = None, judge: Judge | None = None) -> Round:
    """Four hands of 26 cards, a 5♣ starter (Ana first), a stock of one deck."""
    stock = " ".join(str(card) for card in DECK)
    return table(dict(LONG_HANDS), stock=stock, options=options, judge=judge)


def play_right(game: Round, count: int) -> None:
    """Play `count` cards in strings of up to 4, each accepted (and called right by any
    prophet), whoever's turn it is; the table's own judge is back afterwards."""
    judge, game.judge = game.judge, Anything()
    try:
        while count > 0:
            seat = game.state.turn or ""
            size = min(4, count)
            game.play(seat, game.state.hand(seat)[:size])
            if game.state.phase == "calling":
                game.call(game.state.prophet or "", True)
            count -= size
    finally:
        game.judge = judge


def snapshot(game: Round) -> tuple[RoundState, tuple[Event, ...]]:
    """What must not change when a command is refused."""
    return game.state, game.events
