"""Setting up a New Eleusis round: players, decks, the 14-card deal, the first player, options,
and events that read back from their dicts."""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from classroom.core.cards import DECK, Card
from classroom.core.games.new_eleusis import (
    LONG_SUDDEN_DEATH,
    BadEvent,
    BadSetup,
    Options,
    Round,
    event_from_dict,
    first_player,
    replay,
)
from tests.unit.test_new_eleusis_support import SEATS, table

EIGHT = ("Ana", "Ben", "Chen", "Dia", "Eli", "Fay", "Gus", "Hal")


@pytest.mark.parametrize("players", [4, 7])
def test_the_deal_gives_14_cards_each_from_two_decks(players: int) -> None:
    state = Round.deal(EIGHT[:players], random.Random(1)).state
    assert all(len(hand) == 14 for hand in state.hands)
    assert state.decks == 2
    assert len(state.stock) == 104 - 14 * players - 1
    assert state.layout.mainline and state.layout.sideline_count == 0


def test_eight_hands_of_14_shuffle_in_a_third_deck_at_the_deal() -> None:
    state = Round.deal(EIGHT, random.Random(2)).state
    every = [c for hand in state.hands for c in hand] + [*state.stock, *state.layout.mainline]
    assert state.decks == 3 and len(every) == 156
    assert Counter(every) == Counter({card: 3 for card in DECK})


@pytest.mark.parametrize("players", [3, 9])
def test_a_table_has_4_to_8_players(players: int) -> None:
    with pytest.raises(BadSetup, match="4 to 8 players"):
        Round.deal([f"P{n}" for n in range(players)], random.Random(0))


def test_seats_need_distinct_names() -> None:
    with pytest.raises(BadSetup, match="same name"):
        Round.deal(["Ana", "Ben", "Ana", "Dia"], random.Random(0))
    with pytest.raises(BadSetup, match="needs a name"):
        Round.deal(["Ana", "Ben", " ", "Dia"], random.Random(0))


@pytest.mark.parametrize(
    ("starter", "first"),
    [("AS", "Ana"), ("2H", "Ben"), ("4D", "Dia"), ("5C", "Ana"), ("7S", "Chen"), ("KH", "Ana")],
)
def test_first_player_is_counted_clockwise_from_the_dealers_left_by_the_starter(
    starter: str, first: str
) -> None:
    # The dealer's left counts 1: a 7 with four players goes round once and stops at Chen.
    assert first_player(SEATS, Card.parse(starter), Options()) == first
    assert table(starter=starter).state.turn == first


def test_house_option_the_dealers_left_plays_first() -> None:
    options = Options(first_player="left")
    assert table(starter="7S", options=options).state.turn == "Ana"
    assert first_player(SEATS, Card.parse("QD"), options) == "Ana"


def test_options_default_to_30_and_20_and_offer_40_and_40() -> None:
    assert (Options().sudden_death, Options().sudden_death_with_prophet) == (30, 20)
    assert (LONG_SUDDEN_DEATH.sudden_death, LONG_SUDDEN_DEATH.sudden_death_with_prophet) == (40, 40)


@pytest.mark.parametrize(
    "data",
    [{"first_player": "right"}, {"sudden_death": 25}, {"sudden_death_with_prophet": 0}, {"x": 1}],
)
def test_bad_options_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(BadSetup):
        Options.from_dict(data)


def test_every_kind_of_event_reads_back_from_json() -> None:
    game = table(stock="")
    game.play("Ana", [Card.parse("2H"), Card.parse("3S")])
    game.judge_play(True)
    game.declare("Ana")
    game.hint("colours")
    game.no_play("Ben")
    game.call("Ana", False)
    game.judge_no_play(False)
    game.point("Ana", Card.parse("7S"))
    game.judge_point(False, Card.parse("6D"))
    game.end_round("bell")
    kinds = {event.kind for event in game.events}
    assert {"declared", "called", "pointed", "overthrown", "deck_added", "round_ended"} <= kinds
    stored = json.loads(json.dumps([event.to_dict() for event in game.events]))
    assert [event_from_dict(data) for data in stored] == list(game.events)
    assert replay(event_from_dict(data) for data in stored) == game.state


@pytest.mark.parametrize(
    "data",
    [{"kind": "shuffled"}, {"kind": "expelled", "seat": "Ana", "hat": 1}, {"kind": "marked"}],
)
def test_unknown_or_broken_events_are_refused(data: dict[str, object]) -> None:
    with pytest.raises(BadEvent):
        event_from_dict(data)
