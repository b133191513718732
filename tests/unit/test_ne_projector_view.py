"""The projector tile of a New Eleusis group: the prophet, the markers, sudden death and the
latest verdict for the room, and never a hand, the stock or the rule before its reveal."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from dataclasses import replace

from classroom.core.cards import Card
from classroom.core.games import new_eleusis as ne
from classroom.projections.games.new_eleusis.projector import latest_verdict
from classroom.projections.projector_view import projector_view
from classroom.projections.snapshots import ClassSnapshot, GroupSnapshot, SeatInfo

SECRET = "card.color != prev.color"
SEATS = (SeatInfo(11, "Zanzibar"), SeatInfo(12, "Quetzal"), SeatInfo(13, "Yolanda"))
SEATS += (SeatInfo(14, "Wilhelmina"), SeatInfo(15, "Xavier"))
CARD = re.compile(r'"((?:10|[2-9AJQK])[SHDC])"')


class Alternate:
    def allows(self, mainline: tuple[Card, ...], card: Card) -> bool:
        return card.color != mainline[-1].color


def long_round(at_least: int = 42) -> ne.Round:
    """A round with a prophet and `at_least` cards played: right cards when held, a wrong one
    every third turn (sidelines), the prophet calling every turn truly."""
    game = ne.Round.deal(
        [seat.key for seat in SEATS],
        random.Random(3),
        options=ne.LONG_SUDDEN_DEATH,
        judge=Alternate(),
    )
    turns = 0
    while game.state.cards_played < at_least:
        state = game.state
        seat = state.turn
        assert seat is not None and not state.is_over
        judge = Alternate()
        right = [c for c in state.hand(seat) if judge.allows(state.layout.mainline, c)]
        wrong = [c for c in state.hand(seat) if c not in right]
        turns += 1
        card = wrong[0] if (turns % 3 == 0 and wrong) or not right else right[0]
        game.play(seat, [card])
        if game.state.phase == "calling":
            assert game.state.prophet is not None
            game.call(game.state.prophet, card in right)
        if card in right and game.state.prophet is None and game.allows("declare", seat):
            game.declare(seat)
    return game


def snapshot_of(game: ne.Round, **changes: object) -> GroupSnapshot:
    snapshot = GroupSnapshot(
        class_id=1,
        class_name="7B",
        group_id=4,
        group_name="Owls",
        position=1,
        rule_text=SECRET,
        rule_id=None,
        rule_revealed=False,
        seats=SEATS,
        round_id=9,
        round_number=1,
        state=game.state,
        events=game.events,
        mode="new_eleusis",
    )
    return replace(snapshot, **changes)


def tile_of(snapshot: GroupSnapshot, *, anonymous: bool = False) -> dict[str, object]:
    class_snapshot = ClassSnapshot(1, "7B", "ABC234", False, False, False, "add_deck", (snapshot,))
    verdicts = {snapshot.group_id: latest_verdict(snapshot.events)}
    view = projector_view(
        class_snapshot, anonymous=anonymous, online={"11"}, join_url="", verdicts=verdicts
    )
    (tile,) = view["groups"]
    return tile


def test_a_long_round_shows_its_prophet_markers_and_sudden_death_count():
    game = long_round()
    state = game.state
    tile = tile_of(snapshot_of(game))
    assert tile["mode"] == "new_eleusis" and tile["status"] == "playing"
    assert state.prophet is not None and tile["prophet"] == state.prophet
    assert tile["prophet_marker"] == state.prophet_marker
    assert tile["markers"] == [10, 20, 30, 40][: state.cards_played // 10]
    assert tile["cards_played"] == state.cards_played >= 42
    # Every card on the table carries its number: the markers go on the 10th, 20th... card.
    numbers = tile["numbers"]
    assert numbers["mainline"][0] == 0
    flat = sorted(n for n in numbers["mainline"][1:]) + [n for s in numbers["sidelines"] for n in s]
    assert sorted(flat) == list(range(1, state.cards_played + 1))
    assert any(tile["sidelines"])
    expected = state.cards_played - (state.prophet_marker or 0)
    assert tile["sudden_death"] == {
        "count": expected,
        "threshold": 40,
        "left": max(0, 40 - expected),
        "on": expected >= 40,
    }
    (prophet,) = [seat for seat in tile["seats"] if seat["prophet"]]
    assert prophet["seat"] == state.prophet and prophet["name"]
    assert [seat["expelled"] for seat in tile["seats"]] == [s.key in state.expelled for s in SEATS]


def test_the_latest_verdict_says_where_the_string_went_and_the_prophets_call():
    game = long_round()
    tile = tile_of(snapshot_of(game))
    verdict = tile["verdict"]
    judged = [e for e in game.events if isinstance(e, ne.Judged)][-1]
    assert verdict["kind"] == "play" and verdict["seat"] == judged.seat
    assert verdict["cards"] == [str(c) for c in judged.cards]
    assert verdict["right"] == judged.correct
    assert verdict["call"] == {
        "seat": game.state.prophet,
        "right": judged.correct,
        "overthrown": False,
    }


def test_a_refuted_call_overthrows_the_prophet_and_sudden_death_expels():
    game = long_round()
    prophet = game.state.prophet
    seat = game.state.turn
    assert prophet is not None and seat is not None
    card = game.state.hand(seat)[0]
    right = Alternate().allows(game.state.layout.mainline, card)
    game.play(seat, [card])
    game.call(prophet, not right)
    tile = tile_of(snapshot_of(game))
    assert tile["prophet"] is None and tile["prophet_marker"] is None
    assert tile["verdict"]["call"] == {"seat": prophet, "right": not right, "overthrown": True}
    assert not any(seat["prophet"] for seat in tile["seats"])


def test_an_expelled_player_is_marked_and_sudden_death_is_on():
    game = long_round()
    state = game.state
    # Sudden death, as the house option of 40 cards would have it by now: the table is judged
    # with 10 (a multiple of the markers) so that the next wrong play expels.
    quick = replace(state.options, sudden_death=10, sudden_death_with_prophet=10)
    state = replace(state, options=quick)
    tile = tile_of(snapshot_of(game, state=replace(state, expelled=(SEATS[1].key,))))
    assert tile["sudden_death"]["on"] and tile["sudden_death"]["left"] == 0
    assert tile["expelled"] == [SEATS[1].key]
    assert [seat["expelled"] for seat in tile["seats"]] == [False, True, False, False, False]


def test_the_projector_never_shows_a_hand_the_stock_or_the_rule_before_its_reveal():
    # Judged by a person from here: a no-play waits, its hand shown to the table, not the room.
    game = ne.Round(long_round().events, rng=random.Random(1))
    seat, prophet = game.state.turn, game.state.prophet
    assert seat is not None and prophet is not None
    game.no_play(seat)
    game.call(prophet, True)
    state = game.state
    assert state.phase == "judging_no_play"
    tile = tile_of(snapshot_of(game))
    assert tile["status"] == "verdict"
    assert tile["pending"] == {
        "seat": seat,
        "cards": [],
        "card": None,
        "no_play": True,
        "call": True,
    }
    text = json.dumps(tile)
    on_table = [str(card) for card in state.layout.mainline]
    on_table += [str(card) for line in state.layout.sidelines for card in line]
    # Two decks hold each card twice: the cards named are exactly those on the table, as many
    # times (the latest verdict names some of them again).
    table = {key: value for key, value in tile.items() if key != "verdict"}
    assert Counter(CARD.findall(json.dumps(table))) == Counter(on_table)
    assert set(CARD.findall(text)) <= set(on_table)
    assert SECRET not in text and "stock" not in text and "hand" not in text
    assert SECRET in json.dumps(tile_of(snapshot_of(game, rule_revealed=True)))


def test_anonymous_mode_hides_every_nickname_the_prophet_included():
    game = long_round()
    text = json.dumps(tile_of(snapshot_of(game), anonymous=True))
    for seat in SEATS:
        assert seat.nickname not in text
    tile = tile_of(snapshot_of(game), anonymous=True)
    assert [seat["number"] for seat in tile["seats"]] == [1, 2, 3, 4, 5]
    assert any(seat["prophet"] for seat in tile["seats"])
