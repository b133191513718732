"""No student can stall a New Eleusis table, over real sockets: a student dealer whose tablet
is gone has the verdict given by the app from the rule they chose once the away time has passed;
the teacher can remove the prophet whose call the table waits for, or the player whose card
waits, and the table goes on. (A prophet gone at a table the app deals:
tests/realtime/test_absent_prophet.py.)"""

from __future__ import annotations

from typing import Any

from tests.realtime.conftest import Lesson, Tablet
from tests.realtime.test_absent_prophet import _away_time, _prophet_and_a_waiting_play, _sweep
from tests.realtime.test_new_eleusis_play import EASY_RULE, _act, _cards, _table, _whose_turn


def _events(tablet: Tablet) -> list[dict[str, Any]]:
    return [event for batch in tablet.received("events") for event in batch]


def _student_dealt_table(lesson: Lesson) -> tuple[Tablet, list[Tablet]]:
    """A New Eleusis table whose dealer (a student) chose the rule; the dealer and the players."""
    tablets = _table(lesson, dealer_mode="student")
    dealing = lesson.service.reading.group_snapshot(lesson.group_ids[0]).dealing_seat
    dealer = next(t for t in tablets if t.last_state()["me"] == str(dealing))
    payload = {"kind": "language", "text": EASY_RULE, "action_id": "rule"}
    answer = dealer.socket.emit("choose_rule", payload, namespace="/play", callback=True)
    assert answer["ok"] is True, answer
    return dealer, [t for t in tablets if t is not dealer]


def _remove(lesson: Lesson, tablet: Tablet) -> None:
    seat_id = int(tablet.last_state()["me"])
    lesson.service.seats.remove_seat(lesson.teacher_id, seat_id)


def test_a_student_dealer_who_leaves_does_not_stall_the_table(lesson: Lesson) -> None:
    dealer, players = _student_dealt_table(lesson)
    player = _whose_turn(players)
    wrong = _cards(player.last_state(), False)[:1]
    assert _act(player, "play", cards=wrong)["ok"] is True
    assert player.last_state()["pending"] is not None  # the dealer's verdict waits
    _away_time(lesson, 0)
    _sweep(lesson)
    assert player.last_state()["pending"] is not None  # the dealer's tablet is still here
    dealer.socket.disconnect(namespace="/play")
    _sweep(lesson)
    assert "judged" in [event["kind"] for event in _events(player)]
    view = player.last_state()
    assert view["pending"] is None and wrong[0] not in view["mainline"]


def test_the_teacher_removes_the_prophet_the_table_waits_for(lesson: Lesson) -> None:
    tablets = _table(lesson)
    prophet, player = _prophet_and_a_waiting_play(tablets)
    _remove(lesson, prophet)
    view = player.last_state()
    assert view["pending"] is None and view["prophet"] is None
    assert _whose_turn([t for t in tablets if t is not prophet]) is not None


def test_the_teacher_removes_the_player_whose_card_waits_for_the_call(lesson: Lesson) -> None:
    tablets = _table(lesson)
    prophet, player = _prophet_and_a_waiting_play(tablets)
    _remove(lesson, player)
    view = prophet.last_state()
    assert view["pending"] is None and view["can"]["call"] is False
    assert view["prophet"] == prophet.last_state()["me"]
