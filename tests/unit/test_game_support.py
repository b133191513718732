"""Helpers for the game tests: rounds dealt by hand, a fake rule, a snapshot for 'unchanged'."""

from __future__ import annotations

import random
from collections.abc import Sequence

from classroom.core.cards import Card
from classroom.core.games.express import Dealt, Event, Options, Round, RoundState, StockOut


def cards(text: str) -> tuple[Card, ...]:
    """'AH 2S 10D' as cards."""
    return tuple(Card.parse(word) for word in text.split())


class Alternate:
    """A fake secret rule: after red play black, after black play red."""

    def allows(self, mainline: Sequence[Card], card: Card) -> bool:
        return card.color != mainline[-1].color


class Nothing:
    """A fake secret rule that accepts no card at all."""

    def allows(self, mainline: Sequence[Card], card: Card) -> bool:
        return False


def dealt(
    hands: dict[str, str],
    *,
    starter: str = "5C",
    stock: str = "",
    wrong_guess_penalty: bool = False,
    stock_out: StockOut = "add_deck",
) -> Dealt:
    """A deal by hand; the stock is written bottom first, so its last card is drawn first."""
    dealt_hands = tuple(cards(text) for text in hands.values())
    options = Options(
        wrong_guess_penalty=wrong_guess_penalty,
        stock_out=stock_out,
        hand_size=max(len(hand) for hand in dealt_hands),
    )
    return Dealt(
        seq=1,
        seats=tuple(hands),
        hands=dealt_hands,
        starter=Card.parse(starter),
        stock=cards(stock),
        options=options,
    )


def table(
    ana: str = "2H 3S 4H",
    ben: str = "6D 7S 8D",
    chen: str = "9S 10H JS",
    *,
    automatic: bool = False,
    starter: str = "5C",
    stock: str = "KS KH KD KC QS QH QD QC",
    wrong_guess_penalty: bool = False,
    stock_out: StockOut = "add_deck",
) -> Round:
    """A three-seat round (Ana, Ben, Chen) on a black starter, judged by a person by default."""
    event = dealt(
        {"Ana": ana, "Ben": ben, "Chen": chen},
        starter=starter,
        stock=stock,
        wrong_guess_penalty=wrong_guess_penalty,
        stock_out=stock_out,
    )
    return Round([event], judge=Alternate() if automatic else None, rng=random.Random(0))


def snapshot(game: Round) -> tuple[RoundState, tuple[Event, ...]]:
    """What must not change when a command is refused."""
    return game.state, game.events
