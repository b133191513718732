"""Bad input, repeated actions, sleeping tablets and restarts change nothing they should not."""

from __future__ import annotations

import pytest

from classroom.core.cards import DECK
from classroom.web import socketio
from tests.realtime.conftest import Lesson, make_app


@pytest.fixture
def table(lesson: Lesson):
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    return tablets


@pytest.mark.parametrize(
    ("payload", "words"),
    [
        (None, "not understood"),
        ("play 7H", "not understood"),
        ([1, 2, 3], "not understood"),
        ({"type": "fly", "action_id": "x"}, "not understood"),
        ({"type": "play"}, "not understood"),
        ({"type": "play", "action_id": "x" * 65, "card": "7H"}, "not understood"),
        ({"type": "play", "action_id": "x"}, "Choose a card"),
        ({"type": "play", "action_id": "x", "card": "ZZ"}, "Choose a card"),
        ({"type": "play", "action_id": "x", "card": "10HHHH"}, "Choose a card"),
        ({"type": "guess", "action_id": "x", "text": "   "}, "Write your guess"),
        ({"type": "guess", "action_id": "x", "text": "a" * 301}, "at most 300"),
        ({"type": "guess", "action_id": "x", "text": "red"}, "guess"),
        ({"type": "pass", "action_id": "x"}, ""),
    ],
)
def test_malformed_or_illegal_actions_get_a_message_and_change_nothing(
    table, lesson, payload, words
):
    ana = table[0]
    before = lesson.service.reading.group_snapshot(lesson.group_ids[0]).state
    answer = ana.act(payload)
    assert answer["ok"] is False
    assert words in answer["error"]
    assert ana.received("problem")[-1]["message"] == answer["error"]
    assert lesson.service.reading.group_snapshot(lesson.group_ids[0]).state == before


def test_a_card_not_in_your_hand_is_refused(table, lesson):
    ana = table[0]
    hand = ana.last_state()["hand"]
    missing = next(str(card) for card in DECK if str(card) not in hand)
    answer = ana.act({"type": "play", "card": missing, "action_id": "x"})
    assert answer == {"ok": False, "error": answer["error"]}
    assert "do not hold" in answer["error"]
    assert lesson.service.reading.group_snapshot(lesson.group_ids[0]).state.seq == 1


def test_nobody_can_act_for_another_seat(table, lesson):
    ben = table[1]
    card = ben.last_state()["hand"][0]
    answer = ben.act({"type": "play", "card": card, "action_id": "x", "seat": "1"})
    assert answer["ok"] is False
    assert "turn" in answer["error"]
    assert lesson.service.reading.group_snapshot(lesson.group_ids[0]).state.seq == 1


def test_a_repeated_action_id_is_applied_once(table, lesson):
    ana = table[0]
    card = ana.last_state()["hand"][0]
    first = ana.act({"type": "play", "card": card, "action_id": "same"})
    again = ana.act({"type": "play", "card": card, "action_id": "same"})
    assert first["ok"] and not first["duplicate"]
    assert again == {"ok": True, "duplicate": True, "seq": first["seq"]}
    state = lesson.service.reading.group_snapshot(lesson.group_ids[0]).state
    assert state.seq == first["seq"]


def test_a_sleeping_tablet_gets_the_events_it_missed(table, lesson):
    ana, ben = table[0], table[1]
    ben.received()
    ben.socket.disconnect(namespace="/play")
    card = ana.last_state()["hand"][0]
    assert ana.act({"type": "play", "card": card, "action_id": "while-asleep"})["ok"]
    back = socketio.test_client(
        lesson.app,
        namespace="/play",
        auth={"token": ben.token, "round": 1, "last_seq": 1},
        flask_test_client=ben.http,
    )
    messages = back.get_received("/play")
    names = [m["name"] for m in messages]
    assert names == ["events", "state"]  # no journal written: no journal message
    assert [e["seq"] for e in messages[0]["args"][0]] == [2, 3]
    assert messages[1]["args"][0]["seq"] == 3


def test_resync_after_waking_sends_only_newer_events(table, lesson):
    ana, ben = table[0], table[1]
    card = ana.last_state()["hand"][0]
    ana.act({"type": "play", "card": card, "action_id": "p"})
    ben.received()
    assert ben.socket.emit("resync", {"round": 1, "last_seq": 2}, namespace="/play", callback=True)
    names = [name for name, _ in ben.received()]
    assert names == ["events", "state"]


def test_a_tablet_with_a_journal_gets_it_on_resync(table, lesson):
    ben = table[1]
    answer = ben.socket.emit(
        "journal", {"text": "red after black", "confidence": 5}, namespace="/play", callback=True
    )
    assert answer["ok"]
    ben.received()
    assert ben.socket.emit("resync", {"round": 1, "last_seq": 1}, namespace="/play", callback=True)
    journals = ben.received("journal")
    assert len(journals) == 1 and journals[0][0]["text"] == "red after black"


def test_an_unknown_or_removed_seat_cannot_connect(table, lesson):
    stranger = socketio.test_client(lesson.app, namespace="/play", auth={"token": "guess"})
    assert not stranger.is_connected("/play")
    nobody = socketio.test_client(lesson.app, namespace="/play")
    assert not nobody.is_connected("/play")


def test_a_tablet_whose_seat_was_removed_while_connected_cannot_act(table, lesson):
    late = lesson.join("Dan")
    seat_id = lesson.service.seats.seat_by_token(late.token).seat_id
    # Removed through another server process: this one is never told to let the tablet go.
    lesson.service.context.effects.clear()
    lesson.service.seats.remove_seat(lesson.teacher_id, seat_id)
    before = lesson.service.reading.group_snapshot(lesson.group_ids[0]).state
    answer = late.act({"type": "guess", "text": "red after black", "action_id": "g"})
    assert not answer["ok"] and "no seat" in answer["error"]
    assert lesson.service.reading.group_snapshot(lesson.group_ids[0]).state == before


def test_a_restarted_server_continues_every_round_where_it_was(table, lesson, database):
    ana = table[0]
    card = ana.last_state()["hand"][0]
    assert ana.act({"type": "play", "card": card, "action_id": "before-restart"})["ok"]
    before = lesson.service.reading.group_snapshot(lesson.group_ids[0]).state
    restarted = make_app(database)
    service = restarted.extensions["use_cases"]
    assert service.reading.group_snapshot(lesson.group_ids[0]).state == before
    ben = table[1]
    back = socketio.test_client(
        restarted, namespace="/play", auth={"token": ben.token}, flask_test_client=ben.http
    )
    state = [m["args"][0] for m in back.get_received("/play") if m["name"] == "state"][-1]
    assert state["turn"] == state["me"]
    answer = back.emit(
        "act",
        {"type": "play", "card": state["hand"][0], "action_id": "after"},
        namespace="/play",
        callback=True,
    )
    assert answer["ok"] and answer["seq"] > before.seq
    ana_back = socketio.test_client(
        restarted, namespace="/play", auth={"token": ana.token}, flask_test_client=ana.http
    )
    again = ana_back.emit(
        "act",
        {"type": "play", "card": card, "action_id": "before-restart"},
        namespace="/play",
        callback=True,
    )
    assert again["duplicate"]
