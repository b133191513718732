"""New Eleusis over real sockets: strings played in the order chosen, the prophet's calls
confirmed or refuted by the app at once, a student dealer's verdicts, and what each tablet may
see (its own hand, a no-play's shown hand, never another hand, the stock or the rule)."""

from __future__ import annotations

import itertools
from typing import Any

import pytest

from classroom.core.cards import Card
from classroom.core.games.express import Options
from classroom.core.rules import compile_rule
from classroom.usecases import GroupSetup
from tests.realtime.conftest import EASY_RULE, Lesson, Tablet

NAMES = ("Ana", "Ben", "Chen", "Dia", "Emil")
RULE = compile_rule(EASY_RULE)
_ids = (f"ne{n}" for n in itertools.count())


def _table(lesson: Lesson, dealer_mode: str = "app") -> list[Tablet]:
    service = lesson.service
    group = GroupSetup("Owls", EASY_RULE, dealer_mode=dealer_mode, mode="new_eleusis")
    class_id = service.classes.create_class(lesson.teacher_id, "Club", [group], Options())
    snapshot = service.reading.class_snapshot(lesson.teacher_id, class_id)
    lesson.code, lesson.group_ids = snapshot.join_code, [snapshot.groups[0].group_id]
    tablets = [lesson.join(name) for name in NAMES]
    service.rounds.start_round(lesson.teacher_id, lesson.group_ids[0])
    return tablets


def _act(tablet: Tablet, kind: str, **fields: Any) -> dict[str, Any]:
    payload = {"type": kind, "action_id": next(_ids), **fields}
    answer: dict[str, Any] = tablet.socket.emit("act", payload, namespace="/play", callback=True)
    return answer


def _whose_turn(tablets: list[Tablet]) -> Tablet:
    turn = tablets[0].last_state()["turn"]
    return next(t for t in tablets if t.last_state()["me"] == turn)


def _cards(view: dict[str, Any], right: bool) -> list[str]:
    mainline = tuple(Card.parse(text) for text in view["mainline"])
    return [c for c in view["hand"] if RULE.allows(mainline, Card.parse(c)) is right]


@pytest.fixture
def table(lesson: Lesson) -> list[Tablet]:
    return _table(lesson)


def test_every_tablet_sees_its_own_fourteen_cards_and_nothing_secret(table):
    for tablet in table:
        view = tablet.last_state()
        assert view["mode"] == "new_eleusis" and len(view["hand"]) == 14
        assert view["rule"] is None and isinstance(view["stock"], int)
        others = [seat for seat in view["seats"] if seat["seat"] != view["me"]]
        assert all(seat["cards"] == 14 for seat in others)
        assert "hands" not in str(view) and "options" not in str(view)


def test_a_string_reaches_the_table_in_the_order_chosen(table):
    player = _whose_turn(table)
    view = player.last_state()
    string = view["hand"][:3]
    answer = _act(player, "play", cards=list(reversed(string)))
    assert answer["ok"] is True
    after = table[0].last_state()
    placed = after["mainline"][1:] or after["sidelines"][0]
    assert placed == list(reversed(string))
    assert after["cards_played"] == 3


def test_the_app_confirms_a_right_call_and_overthrows_a_wrong_one(table):
    # Single cards until a right one lands; its player declares.
    while True:
        player = _whose_turn(table)
        right = _cards(player.last_state(), True)
        if right:
            break
        assert _act(player, "no_play")["ok"] is True
    assert _act(player, "play", cards=right[:1])["ok"] is True
    assert player.last_state()["can"]["declare"] is True
    assert _act(player, "declare")["ok"] is True
    prophet = player
    view = table[0].last_state()
    assert view["prophet"] == prophet.last_state()["me"] and view["prophet_marker"] == 1
    # A wrong card, called wrong: confirmed; the prophet stays.
    player = _whose_turn(table)
    wrong = _cards(player.last_state(), False)[0]
    _act(player, "play", cards=[wrong])
    assert prophet.last_state()["can"]["call"] is True
    assert player.last_state()["can"]["call"] is False
    assert _act(player, "call", right=False)["ok"] is False  # only the prophet calls
    assert _act(prophet, "call", right=False)["ok"] is True
    view = table[0].last_state()
    assert view["prophet"] == prophet.last_state()["me"] and wrong in view["sidelines"][-1]
    # A right card called wrong: refuted; the prophet is overthrown.
    player = _whose_turn(table)
    right_card = _cards(player.last_state(), True)[0]
    _act(player, "play", cards=[right_card])
    assert _act(prophet, "call", right=False)["ok"] is True
    view = table[0].last_state()
    assert view["prophet"] is None and view["mainline"][-1] == right_card
    assert prophet.last_state()["me"] in view["former_prophets"]


def test_bad_messages_are_refused_in_words_and_change_nothing(table):
    player = _whose_turn(table)
    before = table[0].last_state()["seq"]
    for payload in (
        {"type": "play", "cards": []},
        {"type": "play", "cards": ["AS", "2S", "3S", "4S", "5S"]},
        {"type": "play", "cards": ["ZZ"]},
        {"type": "call"},
        {"type": "point", "card": 7},
        {"type": "teleport"},
    ):
        sent = {**payload, "action_id": next(_ids)}
        answer = player.socket.emit("act", sent, namespace="/play", callback=True)
        assert answer["ok"] is False and answer["error"]
    other = next(t for t in table if t is not player)
    assert _act(other, "play", cards=other.last_state()["hand"][:1])["ok"] is False
    assert (
        player.socket.emit(
            "act",
            {"type": "play", "card": "AS", "action_id": "x1"},
            namespace="/play",
            callback=True,
        )["ok"]
        is False
    )
    assert table[0].last_state()["seq"] == before


def test_a_no_play_shows_the_hand_to_the_table_and_the_student_dealer_judges(lesson):
    tablets = _table(lesson, dealer_mode="student")
    dealer = next(t for t in tablets if t.last_state()["choose_rule"])
    answer = dealer.socket.emit(
        "choose_rule",
        {"kind": "language", "text": EASY_RULE, "action_id": "rule"},
        namespace="/play",
        callback=True,
    )
    assert answer["ok"] is True
    players = [t for t in tablets if t is not dealer]
    player = _whose_turn(players)
    hand = player.last_state()["hand"]
    assert _act(player, "no_play")["ok"] is True
    pending = players[0].last_state()["pending"]
    assert pending["no_play"] is True and pending["hand"] == hand
    assert dealer.last_state()["verdict_kind"] == "no_play"
    right = _cards({"mainline": dealer.last_state()["mainline"], "hand": hand}, True)
    verdict = {"kind": "no_play", "right": not right, "action_id": "v1"}
    if right:
        verdict["card"] = right[0]
    answer = dealer.socket.emit("verdict", verdict, namespace="/play", callback=True)
    assert answer["ok"] is True
    view = players[0].last_state()
    assert view["pending"] is None and view["status"] == "playing"
    assert len(player.last_state()["hand"]) == (len(hand) - 1 + 5 if right else len(hand) - 4)
    refused = player.socket.emit(
        "verdict",
        {"kind": "play", "right": True, "action_id": "v2"},
        namespace="/play",
        callback=True,
    )
    assert refused["ok"] is False


def test_a_waking_tablet_catches_up_with_public_events_only(table):
    player = _whose_turn(table)
    _act(player, "play", cards=player.last_state()["hand"][:2])
    sleeper = table[-1]
    sleeper.received()
    sleeper.socket.emit("resync", {"round": 1, "last_seq": 0}, namespace="/play", callback=True)
    messages = sleeper.received()
    events = next(args for name, args in messages if name == "events")
    assert [event["kind"] for event in events][:2] == ["dealt", "played"]
    assert all("hands" not in event and "stock" not in event for event in events)
    assert sleeper.last_state()["cards_played"] == 2


def test_a_tablet_that_reconnects_mid_round_gets_its_seat_back(lesson, table):
    player = _whose_turn(table)
    _act(player, "play", cards=player.last_state()["hand"][:1])
    hand = table[-1].last_state()["hand"]
    table[-1].socket.disconnect(namespace="/play")
    from classroom.web import socketio

    again = socketio.test_client(
        lesson.app,
        namespace="/play",
        auth={"token": table[-1].token},
        flask_test_client=table[-1].http,
    )
    assert again.is_connected("/play")
    states = [m["args"][0] for m in again.get_received("/play") if m["name"] == "state"]
    assert states[-1]["hand"] == hand and states[-1]["cards_played"] == 1


def test_a_hypothesis_is_kept_in_the_journal_at_a_new_eleusis_table(table):
    tablet = table[0]
    answer = tablet.socket.emit(
        "journal", {"text": "colours alternate"}, namespace="/play", callback=True
    )
    assert answer["ok"] is True
    (journal,) = tablet.received("journal")[-1:]
    assert "colours alternate" in str(journal)
