"""Events as plain dicts, and the fold that refuses a log that is not a round's."""

from __future__ import annotations

import json
import random
from dataclasses import replace

import pytest

from classroom.core.games.express import (
    BadEvent,
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
    RoundEnded,
    apply,
    deal,
    event_from_dict,
    replay,
)
from tests.unit.test_game_support import cards, table

KH, TWO_H = cards("KH 2H")

SAMPLES: list[Event] = [
    deal(["Ana", "Ben", "Chen"], random.Random(1), options=Options(stock_out="end")),
    Played(seq=2, seat="Ana", card=KH),
    Judged(seq=3, seat="Ana", card=KH, correct=False),
    NoPlay(seq=4, seat="Ben"),
    NoPlayJudged(seq=5, seat="Ben", right=False, card=TWO_H),
    NoPlayJudged(seq=5, seat="Ben", right=True),
    Guessed(seq=6, seat="Ana", text="alternate colors"),
    GuessJudged(seq=7, seat="Ana", right=False),
    GuessPassed(seq=8, seat="Ana"),
    Hint(seq=9, text="look at the colors"),
    DeckAdded(seq=10, cards=cards("AS 2S 3S")),
    RoundEnded(seq=11, reason="teacher", note="bell rang"),
    RoundEnded(seq=11, reason="guessed", winner="Ana"),
]


@pytest.mark.parametrize("event", SAMPLES, ids=[e.kind for e in SAMPLES])
def test_every_event_survives_a_trip_through_json(event: Event) -> None:
    assert event_from_dict(json.loads(json.dumps(event.to_dict()))) == event


def test_cards_are_written_as_short_strings() -> None:
    assert Played(seq=2, seat="Ana", card=cards("10H")[0]).to_dict()["card"] == "10H"
    assert DeckAdded(seq=3, cards=cards("AS 10D")).to_dict()["cards"] == ["AS", "10D"]


def test_the_deal_writes_hands_in_seat_order() -> None:
    record = SAMPLES[0].to_dict()
    assert isinstance(SAMPLES[0], Dealt)
    assert record["hands"] == [[str(c) for c in hand] for hand in SAMPLES[0].hands]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"kind": "shuffled", "seq": 2}, "Unknown event kind 'shuffled'"),
        ({"seq": 2}, "Unknown event kind None"),
        ({"kind": "hint", "seq": 2, "text": "x", "extra": 1}, r"no field\(s\) \['extra'\]"),
        ({"kind": "played", "seq": 2, "seat": "Ana"}, "Bad 'played' event"),
        ({"kind": "played", "seq": 2, "seat": "Ana", "card": "11H"}, "Bad 'played' event"),
    ],
)
def test_a_dict_that_is_no_event_is_refused(data: dict[str, object], message: str) -> None:
    with pytest.raises(BadEvent, match=message):
        event_from_dict(data)


def test_a_log_must_start_with_the_deal() -> None:
    with pytest.raises(BadEvent, match="starts with its deal"):
        replay([Hint(seq=1, text="colors")])


def test_an_empty_log_is_no_round() -> None:
    with pytest.raises(BadEvent, match="empty log"):
        replay([])


def test_a_second_deal_is_refused() -> None:
    game = table()
    with pytest.raises(BadEvent, match="only once"):
        apply(game.state, replace(game.events[0], seq=2))


def test_the_deal_must_be_event_one() -> None:
    with pytest.raises(BadEvent, match="must be event 1"):
        apply(None, replace(SAMPLES[0], seq=3))


@pytest.mark.parametrize("seq", [1, 3, 7])
def test_events_must_come_in_sequence(seq: int) -> None:
    with pytest.raises(BadEvent, match=f"Event {seq} cannot follow event 1"):
        apply(table().state, Hint(seq=seq, text="colors"))


def test_no_event_after_the_end() -> None:
    game = table()
    game.end_round()
    with pytest.raises(BadEvent, match="after the end"):
        apply(game.state, Hint(seq=3, text="colors"))


@pytest.mark.parametrize(
    "event",
    [
        Judged(seq=2, seat="Ana", card=TWO_H, correct=True),
        GuessJudged(seq=2, seat="Ana", right=True),
        NoPlayJudged(seq=2, seat="Ana", right=True),
        Guessed(seq=2, seat="Ana", text="colors"),
    ],
    ids=lambda e: e.kind,
)
def test_a_verdict_or_guess_out_of_phase_is_refused(event: Event) -> None:
    with pytest.raises(BadEvent, match="cannot happen in phase 'playing'"):
        apply(table().state, event)


def test_a_verdict_on_another_card_is_refused() -> None:
    game = table()
    game.play("Ana", TWO_H)
    with pytest.raises(BadEvent, match="not played"):
        apply(game.state, Judged(seq=3, seat="Ana", card=KH, correct=True))


def test_a_play_of_a_card_not_held_is_refused() -> None:
    with pytest.raises(BadEvent, match="Ana does not hold KH"):
        apply(table().state, Played(seq=2, seat="Ana", card=KH))


@pytest.mark.parametrize(
    "event",
    [Played(seq=2, seat="Ben", card=KH), NoPlay(seq=2, seat="Zed")],
    ids=lambda e: e.kind,
)
def test_an_event_out_of_turn_is_refused(event: Event) -> None:
    with pytest.raises(BadEvent, match="out of turn"):
        apply(table().state, event)


def test_a_deal_without_a_hand_per_seat_is_refused() -> None:
    dealt = SAMPLES[0]
    assert isinstance(dealt, Dealt)
    with pytest.raises(BadEvent, match="one hand per seat"):
        apply(None, replace(dealt, hands=dealt.hands[:2]))
