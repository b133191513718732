"""The projector view: what the room sees of each group, and what it must never see."""

from __future__ import annotations

import json
import random
import re
from dataclasses import replace
from typing import Any

import pytest

from classroom.core.cards import Card
from classroom.core.games.express import GuessJudged, Hint, Judged, NoPlayJudged, Round, RoundState
from classroom.projections.games.express.projector import latest_verdict
from classroom.projections.projector_view import (
    projector_view,
    with_group,
    with_presence,
)
from classroom.projections.snapshots import ClassSnapshot, GroupSnapshot, SeatInfo

SECRET = "card.color != prev.color"
GUESS_WORDS = "zebra stripes alternate"
HINT_WORDS = "look at the colours"
CARD = re.compile(r'"((?:10|[2-9AJQK])[SHDC])"')


def group(group_id: int, *, paused: bool = False, **changes: Any) -> GroupSnapshot:
    snapshot = GroupSnapshot(
        class_id=1,
        class_name="7B",
        group_id=group_id,
        group_name=f"G{group_id}",
        position=group_id,
        rule_text=SECRET,
        rule_id=None,
        rule_revealed=False,
        seats=(SeatInfo(10 * group_id, "Ana"),),
        round_id=None,
        round_number=0,
        state=None,
        events=(),
        paused=paused,
    )
    return replace(snapshot, **changes)


def class_of(*groups: GroupSnapshot) -> ClassSnapshot:
    return ClassSnapshot(1, "7B", "ABC234", False, False, False, "add_deck", groups)


class Alternate:
    def allows(self, mainline: tuple[Card, ...], card: Card) -> bool:
        return card.color != mainline[-1].color


def test_with_group_rebuilds_one_tile_and_keeps_the_rest():
    view = projector_view(class_of(group(1), group(2)), anonymous=False, online=set(), join_url="")
    changed = with_group(view, group(2, paused=True), online={"20"})
    assert [g["status"] for g in changed["groups"]] == ["lobby", "paused"]
    assert changed["groups"][0] is view["groups"][0]
    assert changed["groups"][1]["seats"][0]["online"] is True
    assert changed["joining"] is True


def test_an_ended_class_shows_every_group_as_ended_never_as_paused():
    dealt = Round.deal(("1", "2", "3"), random.Random(4)).state
    # An ended class freezes its groups as a pause does; the room must not read "paused".
    ended = [
        group(1, paused=True, class_ended=True),
        group(2, paused=True, class_ended=True, state=dealt, round_number=1),
    ]
    view = projector_view(class_of(*ended), anonymous=False, online=set(), join_url="")
    assert [g["status"] for g in view["groups"]] == ["ended", "ended"]


def test_with_group_hides_the_join_code_once_no_group_waits():
    view = projector_view(class_of(group(1)), anonymous=True, online=set(), join_url="/join")
    assert view["joining"] is True
    assert with_group(view, replace(group(1), paused=True), online=set())["joining"] is False


def test_with_presence_redraws_every_dot_of_every_group():
    seated = (SeatInfo(11, "Ana"), SeatInfo(12, "Ben"))
    view = projector_view(
        class_of(group(1, seats=seated), group(2)), anonymous=False, online={"11"}, join_url=""
    )
    redrawn = with_presence(view, {"12", "20"})
    dots = [[s["online"] for s in g["seats"]] for g in redrawn["groups"]]
    assert dots == [[False, True], [True]]


def played_round(seed: int = 4) -> list[tuple[RoundState, tuple[Any, ...]]]:
    """Every state of a round with plays, wrong plays, a no-play, hints and guesses, and the
    events up to it."""
    game = Round.deal(["11", "12", "13"], random.Random(seed), judge=Alternate())
    moments = [(game.state, game.events)]
    for turn in range(30):
        state = game.state
        if state.is_over:
            break
        if turn == 5:
            game.hint(HINT_WORDS)
        elif state.phase == "guess_window":
            guesser = state.guesser or ""
            game.guess(guesser, f"{GUESS_WORDS} {turn}") if turn % 3 else game.pass_guess(guesser)
        elif state.phase == "judging_guess":
            game.judge_guess(False)
        elif turn == 9:
            game.no_play(state.turn or "")
        else:
            seat = state.turn or ""
            game.play(seat, state.hand(seat)[turn % len(state.hand(seat))])
        moments.append((game.state, game.events))
    return moments


@pytest.mark.parametrize("anonymous", [False, True])
def test_no_payload_of_a_round_carries_a_hand_a_guess_a_hint_or_the_unrevealed_rule(anonymous):
    seats = (SeatInfo(11, "Ana"), SeatInfo(12, "Ben"), SeatInfo(13, "Chen"))
    moments = played_round()
    assert any(state.guesses for state, _ in moments) and any(state.hints for state, _ in moments)
    for state, events in moments:
        snapshot = group(1, seats=seats, state=state, round_id=5, round_number=1)
        verdicts = {1: latest_verdict(events)}
        view = projector_view(
            class_of(snapshot), anonymous=anonymous, online={"11"}, join_url="", verdicts=verdicts
        )
        patched = with_group(view, snapshot, online=set(), verdict=verdicts[1])
        for payload in (view, patched):
            text = json.dumps(payload)
            assert SECRET not in text and GUESS_WORDS not in text and HINT_WORDS not in text
            assert '"hand"' not in text and '"hands"' not in text and '"stock"' not in text
            assert ("Ana" in text) is not anonymous
            tile = payload["groups"][0]
            on_table = {*tile["mainline"], *(c for line in tile["sidelines"] for c in line)}
            shown = set(CARD.findall(text))
            pending = {tile["pending"]["card"]} if tile["pending"] else set()
            assert shown <= on_table | pending, "a card from a hand reached the projector"
            assert all(
                set(seat) <= {"seat", "number", "cards", "score", "online", "name"}
                for seat in tile["seats"]
            )


def test_a_revealed_rule_is_shown_and_only_then():
    state, _ = played_round()[3]
    hidden = projector_view(
        class_of(group(1, state=state)), anonymous=False, online=set(), join_url=""
    )
    assert hidden["groups"][0]["rule"] is None
    shown = with_group(hidden, group(1, state=state, rule_revealed=True), online=set())
    assert shown["groups"][0]["rule"] == SECRET


def test_a_tile_shows_the_whole_table_counts_and_scores():
    state, events = played_round()[-1]
    seats = (SeatInfo(11, "Ana"), SeatInfo(12, "Ben"), SeatInfo(13, "Chen"))
    snapshot = group(1, seats=seats, state=state, round_id=5, round_number=1)
    tile = projector_view(
        class_of(snapshot),
        anonymous=False,
        online=set(),
        join_url="",
        verdicts={1: latest_verdict(events)},
    )["groups"][0]
    assert tile["mainline"] == [str(card) for card in state.layout.mainline]
    assert tile["sidelines"] == [[str(c) for c in line] for line in state.layout.sidelines]
    assert tile["sideline_total"] == state.layout.sideline_count > 0
    assert tile["hints"] == 1 and tile["guesses"] == len(state.guesses) > 0
    assert [s["cards"] for s in tile["seats"]] == [len(state.hand(k)) for k in ("11", "12", "13")]
    assert [s["score"] for s in tile["seats"]] == [12 - s["cards"] for s in tile["seats"]]
    assert tile["verdict"] is not None


@pytest.mark.parametrize(
    ("event", "verdict"),
    [
        (
            Judged(seq=3, seat="4", card=Card.parse("7H"), correct=True),
            {"kind": "play", "seat": "4", "card": "7H", "right": True},
        ),
        (
            NoPlayJudged(seq=3, seat="4", right=False, card=Card.parse("4C")),
            {"kind": "no_play", "seat": "4", "card": "4C", "right": False},
        ),
        (
            NoPlayJudged(seq=3, seat="4", right=True),
            {"kind": "no_play", "seat": "4", "card": None, "right": True},
        ),
        (
            GuessJudged(seq=3, seat="4", right=False),
            {"kind": "guess", "seat": "4", "card": None, "right": False},
        ),
    ],
)
def test_the_latest_verdict_says_whose_action_and_whether_it_was_right(event, verdict):
    older = Judged(seq=2, seat="9", card=Card.parse("2S"), correct=False)
    assert latest_verdict([older, event, Hint(seq=4, text=HINT_WORDS)]) == verdict
    assert latest_verdict([Hint(seq=4, text=HINT_WORDS)]) is None


def test_while_a_student_dealer_chooses_the_old_table_is_not_shown():
    state, _ = played_round()[-1]
    seats = (SeatInfo(11, "Ana"), SeatInfo(12, "Ben"))
    snapshot = group(1, seats=seats, state=state, round_number=1, dealing_seat="12")
    tile = projector_view(
        class_of(snapshot),
        anonymous=False,
        online=set(),
        join_url="",
        verdicts={1: {"kind": "play"}},
    )["groups"][0]
    assert tile["status"] == "choosing_rule" and tile["dealing"] == "12"
    assert tile["mainline"] == [] and tile["sidelines"] == [] and tile["verdict"] is None
    assert [s["cards"] for s in tile["seats"]] == [None, None]


def test_a_student_dealers_score_shows_beside_the_players_at_the_round_end():
    table = Round.deal(("1", "2", "3"), random.Random(4))
    table.end_round("ended by the teacher")
    seats = (SeatInfo(1, "Ana"), SeatInfo(2, "Ben"), SeatInfo(3, "Chen"), SeatInfo(4, "Dana"))
    snapshot = group(1, seats=seats, state=table.state, round_number=1, dealer_seat="4")
    tile = projector_view(class_of(snapshot), anonymous=False, online=set(), join_url="")
    scores = {seat["seat"]: seat["score"] for seat in tile["groups"][0]["seats"]}
    # The dealer scores as the best player (12 cards left each: 0 points all round).
    assert scores == {"1": 0, "2": 0, "3": 0, "4": 0}
    assert tile["groups"][0]["seats"][3]["cards"] is None
