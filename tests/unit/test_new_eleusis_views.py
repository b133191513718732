"""What each viewer sees of a New Eleusis table: a student their own hand (and a no-play's
shown hand), never another hand, the stock or the rule before it is revealed; markers, the
prophet and the sudden-death count for everyone; the dealer's owed verdict for the dealer."""

from __future__ import annotations

import random
from dataclasses import replace

from classroom.core.cards import Card
from classroom.core.games import new_eleusis as ne
from classroom.core.rules import compile_rule
from classroom.projections.group_views import public_event, student_view, teacher_group_view
from classroom.projections.snapshots import GroupSnapshot, SeatInfo

RULE_TEXT = "card.color != prev.color"
RULE = compile_rule(RULE_TEXT)
SEATS = ("1", "2", "3", "4", "5")


def _snapshot(game: ne.Round, **fields: object) -> GroupSnapshot:
    snapshot = GroupSnapshot(
        class_id=1,
        class_name="Club",
        group_id=1,
        group_name="Owls",
        position=0,
        rule_text=RULE_TEXT,
        rule_id=None,
        rule_revealed=False,
        seats=tuple(SeatInfo(int(key), f"P{key}") for key in SEATS),
        round_id=1,
        round_number=1,
        state=game.state,
        events=(),
        mode="new_eleusis",
    )
    return replace(snapshot, **fields)  # type: ignore[arg-type]


def _game(seed: int = 3) -> ne.Round:
    return ne.Round.deal(SEATS, random.Random(seed), judge=RULE)


def _playable(state: ne.RoundState, seat: str, right: bool) -> list[Card]:
    return [c for c in state.hand(seat) if RULE.allows(state.layout.mainline, c) is right]


def test_a_student_sees_only_their_own_hand_and_no_secret():
    game = _game()
    view = student_view(_snapshot(game), "2")
    assert view["hand"] == [str(card) for card in game.state.hand("2")]
    text = str(view)
    for seat in SEATS:
        if seat != "2":
            hand = [str(card) for card in game.state.hand(seat)]
            assert str(hand)[1:-1] not in text
    assert view["rule"] is None and view["stock"] == len(game.state.stock)
    assert "options" not in view and RULE_TEXT not in text


def test_the_deal_reaches_the_table_without_hands_or_stock():
    dealt = public_event(_game().events[0])
    assert dealt.keys() == {"kind", "seq", "starter"}


def test_markers_numbers_and_sudden_death_are_in_every_view():
    game = _game()
    while game.state.cards_played < 12:
        seat = game.state.turn
        assert seat is not None
        game.play(seat, game.state.hand(seat)[:3])
    view = student_view(_snapshot(game), "1")
    assert view["markers"] == [10]
    sidelines = [n for line in view["numbers"]["sidelines"] for n in line]
    numbers = view["numbers"]["mainline"] + sidelines
    assert sorted(numbers) == list(range(game.state.cards_played + 1))
    assert view["sudden_death"] == {
        "count": game.state.cards_played,
        "threshold": 30,
        "on": False,
    }


def test_only_the_player_who_just_played_right_may_declare_and_only_the_prophet_calls():
    game = _game()
    while True:
        seat = game.state.turn
        assert seat is not None
        right = _playable(game.state, seat, True)
        if right:
            game.play(seat, right[:1])
            break
        game.no_play(seat)
    others = [s for s in SEATS if s != seat]
    assert student_view(_snapshot(game), seat)["can"]["declare"] is True
    assert not any(student_view(_snapshot(game), s)["can"]["declare"] for s in others)
    game.declare(seat)
    player = game.state.turn
    assert player is not None
    game.judge = None  # a student dealer: the play waits for the prophet, then the dealer
    game.play(player, game.state.hand(player)[:1])
    assert student_view(_snapshot(game), seat)["can"]["call"] is True
    assert student_view(_snapshot(game), player)["can"]["call"] is False
    view = teacher_group_view(_snapshot(game))
    assert view["prophet"] == seat and view["rule"] == RULE_TEXT
    assert view["pending"]["cards"] == [str(game.state.pending.cards[0])]  # type: ignore[union-attr]


def test_a_no_play_shows_the_hand_to_everybody_and_the_dealer_owes_a_verdict():
    game = ne.Round.deal(SEATS[1:], random.Random(5))
    seat = game.state.turn
    assert seat is not None
    game.no_play(seat)
    dealer = student_view(_snapshot(game, dealer_seat="1"), "1")
    assert dealer["verdict_kind"] == "no_play" and dealer["rule"] == RULE_TEXT
    other = next(s for s in SEATS[1:] if s != seat)
    pending = student_view(_snapshot(game, dealer_seat="1"), other)["pending"]
    assert pending["no_play"] is True
    assert pending["hand"] == [str(card) for card in game.state.hand(seat)]
    assert "verdict_kind" not in student_view(_snapshot(game, dealer_seat="1"), other)


def test_a_paused_table_offers_nothing_and_a_revealed_rule_is_shown():
    game = _game()
    seat = game.state.turn
    assert seat is not None
    view = student_view(_snapshot(game, paused=True, rule_revealed=True), seat)
    assert not any(view["can"].values()) and view["rule"] == RULE_TEXT
