"""An absent prophet at a table the app deals, over real sockets: once the prophet's tablet has
been gone for the away time, the beacon's sweep waives the call, the app judges the play, and
every tablet hears it. A prophet still connected is waited for."""

from __future__ import annotations

from tests.realtime.conftest import Lesson, Tablet
from tests.realtime.test_new_eleusis_play import _act, _cards, _table, _whose_turn


def _prophet_and_a_waiting_play(tablets: list[Tablet]) -> tuple[Tablet, Tablet]:
    """A right single card makes its player prophet; the next player's card waits for the
    call. The prophet's tablet and the player's."""
    while True:
        player = _whose_turn(tablets)
        right = _cards(player.last_state(), True)
        if right:
            break
        assert _act(player, "no_play")["ok"] is True
    assert _act(player, "play", cards=right[:1])["ok"] is True
    assert _act(player, "declare")["ok"] is True
    prophet = player
    player = _whose_turn(tablets)
    assert _act(player, "play", cards=_cards(player.last_state(), False)[:1])["ok"] is True
    assert prophet.last_state()["can"]["call"] is True
    return prophet, player


def _away_time(lesson: Lesson, seconds: int) -> None:
    """The away time of the table's class (how long a call waits on an offline tablet)."""
    class_id = lesson.service.reading.group_snapshot(lesson.group_ids[0]).class_id
    lesson.service.classes.set_away_seconds(lesson.teacher_id, class_id, seconds)


def _sweep(lesson: Lesson) -> None:
    """Two beacons: the second finds the group's log where the first left it (a table that
    waits), which is when the sweep looks at it."""
    beacons = lesson.app.extensions["beacons"]
    beacons.send_now()
    beacons.send_now()


def test_the_app_waives_the_call_of_a_prophet_whose_tablet_is_gone(lesson: Lesson) -> None:
    tablets = _table(lesson)
    prophet, player = _prophet_and_a_waiting_play(tablets)
    _away_time(lesson, 0)
    _sweep(lesson)
    assert player.last_state()["pending"] is not None  # the prophet's tablet is still here
    prophet_seat = prophet.last_state()["me"]
    prophet.socket.disconnect(namespace="/play")
    _sweep(lesson)
    events = [event for batch in player.received("events") for event in batch]
    kinds = [event["kind"] for event in events]
    assert kinds[:2] == ["call_waived", "judged"]
    assert events[0]["seat"] == prophet_seat and events[0]["by"] == "app"
    view = player.last_state()
    assert view["pending"] is None and view["prophet"] == prophet_seat
    assert view["turn"] != player.last_state()["me"]


def test_a_prophet_gone_for_less_than_the_away_time_is_waited_for(lesson: Lesson) -> None:
    tablets = _table(lesson)
    prophet, player = _prophet_and_a_waiting_play(tablets)
    _away_time(lesson, 120)
    prophet.socket.disconnect(namespace="/play")
    _sweep(lesson)
    assert player.last_state()["pending"] is not None
