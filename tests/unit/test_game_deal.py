"""Setting up a round: seats, the deal, the starter, the options."""

from __future__ import annotations

import random

import pytest

from classroom.core.cards import new_stock
from classroom.core.games.express import BadSetup, Options, Round, deal, replay

SEATS = ("Ana", "Ben", "Chen", "Dia", "Eli", "Fay", "Gus", "Hal")


@pytest.mark.parametrize("players", range(3, 9))
def test_deal_gives_every_player_twelve_cards(players: int) -> None:
    state = replay([deal(SEATS[:players], random.Random(1))])
    assert state.hand_sizes() == dict.fromkeys(SEATS[:players], 12)


@pytest.mark.parametrize("players", range(3, 9))
def test_stock_keeps_what_the_deal_and_starter_left(players: int) -> None:
    state = replay([deal(SEATS[:players], random.Random(1))])
    assert len(state.stock) == 104 - 12 * players - 1


def test_deal_comes_from_the_top_of_the_stock_one_card_at_a_time() -> None:
    stock = new_stock(random.Random(9))
    event = deal(SEATS[:3], random.Random(9))
    assert event.hands[0][:2] == (stock[-1], stock[-4])
    assert event.hands[1][0] == stock[-2]
    assert event.starter == stock[-37]
    assert event.stock == tuple(stock[:-37])


def test_starter_starts_the_mainline_without_being_judged() -> None:
    event = deal(SEATS[:3], random.Random(4))
    state = replay([event])
    assert state.layout.mainline == (event.starter,)
    assert list(state.layout.judgements()) == []


def test_player_to_the_dealers_left_plays_first() -> None:
    state = replay([deal(["Chen", "Ana", "Ben"], random.Random(4))])
    assert (state.turn, state.phase, state.seq) == ("Chen", "playing", 1)


def test_the_same_seed_deals_the_same_round() -> None:
    assert deal(SEATS[:4], random.Random(7)) == deal(SEATS[:4], random.Random(7))


@pytest.mark.parametrize("size", [1, 5, 12])
def test_hand_size_option_sets_the_deal(size: int) -> None:
    game = Round.deal(SEATS[:3], random.Random(2), options=Options(hand_size=size))
    assert set(game.state.hand_sizes().values()) == {size}


def test_the_deal_records_seats_hands_starter_stock_and_options() -> None:
    options = Options(stock_out="end", wrong_guess_penalty=True)
    record = deal(SEATS[:3], random.Random(2), options=options).to_dict()
    assert set(record) == {"kind", "seq", "seats", "hands", "starter", "stock", "options"}
    assert record["options"] == {"wrong_guess_penalty": True, "stock_out": "end", "hand_size": 12}


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        (("Ana", "Ben"), "3 to 8 players, not 2"),
        ((*SEATS, "Ivy"), "3 to 8 players, not 9"),
        (("Ana", "Ben", "Ana"), "same name"),
        (("Ana", "Ben", " "), "needs a name"),
    ],
)
def test_bad_seats_are_refused(seats: tuple[str, ...], message: str) -> None:
    with pytest.raises(BadSetup, match=message):
        deal(seats, random.Random(1))


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"hand_size": 0}, "1 to 12 cards"),
        ({"hand_size": 13}, "1 to 12 cards"),
        ({"stock_out": "reshuffle"}, "add_deck"),
    ],
)
def test_bad_options_are_refused(options: dict[str, object], message: str) -> None:
    with pytest.raises(BadSetup, match=message):
        Options(**options)  # type: ignore[arg-type]


def test_options_read_back_from_their_dict() -> None:
    options = Options(stock_out="end", hand_size=7)
    assert Options.from_dict(options.to_dict()) == options


def test_unknown_option_is_refused() -> None:
    with pytest.raises(BadSetup, match="Unknown options"):
        Options.from_dict({"sudden_death": True})
