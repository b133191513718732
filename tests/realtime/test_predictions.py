"""Everyone predicts over real Socket.IO: the others forecast a waiting card from their tablets;
the app's verdict arrives when all have predicted, when the window ends, or (a timer lost to a
restart) when a tablet connects after the window."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from sqlalchemy import create_engine, text

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup
from tests.realtime.conftest import EASY_RULE, Lesson, Tablet, make_app

#: Long enough for a slow machine; never asserted on.
PATIENCE_S = 30


@pytest.fixture
def predicting(database: str) -> Iterator[Lesson]:
    """A class where everyone predicts, with the shortest window. Afterwards, waits for the
    windows' timers: one firing later would speak to the next test's app (Socket.IO is one
    object for every app made in this process)."""
    app = make_app(database)
    service = app.extensions["use_cases"]
    teacher_id = service.teachers.create_teacher("frizzle", "magic-school-bus")
    class_id = service.classes.create_class(
        teacher_id,
        "7P Science",
        [GroupSetup("Otters", EASY_RULE)],
        Options(),
        everyone_predicts=True,
        predict_seconds=3,
    )
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    groups = [g.group_id for g in snapshot.groups]
    yield Lesson(app, service, teacher_id, class_id, snapshot.join_code, groups)
    until(lambda: app.extensions["alarms"].running() == 0)


def seated(lesson: Lesson, names: tuple[str, ...] = ("Ana", "Ben", "Chen", "Dia")) -> list[Tablet]:
    tablets = [lesson.join(name) for name in names]
    lesson.start()
    for tablet in tablets:
        tablet.received()
    return tablets


def play_first_card(tablets: list[Tablet]) -> tuple[Tablet, list[Tablet]]:
    """Whoever's turn it is plays; the player and the others."""
    turn = tablets[0].last_state()["turn"]
    player = next(t for t in tablets if t.last_state()["me"] == turn)
    card = player.last_state()["hand"][0]
    assert player.act({"type": "play", "card": card, "action_id": "play-1"})["ok"]
    return player, [t for t in tablets if t is not player]


def until(check: Callable[[], Any]) -> Any:
    """Wait, reading the sockets, until `check` holds (a background timer is at work)."""
    deadline = time.monotonic() + PATIENCE_S
    while time.monotonic() < deadline:
        found = check()
        if found:
            return found
        time.sleep(0.05)  # polling the sockets until the timer has rung, within the deadline
    raise AssertionError("waited in vain")


def judged(tablet: Tablet) -> bool:
    return tablet.last_state()["status"] != "judging_play"


def predict(tablet: Tablet, accepted: Any, action_id: str = "guess-1") -> dict[str, Any]:
    return tablet.act({"type": "predict", "accepted": accepted, "action_id": action_id})


def the_rest_predict(others: list[Tablet]) -> None:
    """Everyone who has not predicted yet does: the verdict comes, and the window's timer ends
    now rather than at the end of the window (the fixture waits for it)."""
    for tablet in others:
        predict(tablet, True, action_id="the-rest")
    until(lambda: others[0].last_state()["predict"]["waiting"] is None)


def test_three_tablets_predict_and_the_verdict_arrives_when_all_have(predicting):
    tablets = seated(predicting)
    player, others = play_first_card(tablets)
    for tablet in others:
        waiting = tablet.last_state()["predict"]["waiting"]
        assert waiting["can"] and waiting["seconds"] == 3
    assert player.last_state()["predict"]["waiting"]["mine"] is True
    assert predict(others[0], True)["ok"]
    assert predict(others[1], False)["ok"]
    assert not judged(player)  # one still to predict, and the window is seconds long
    assert others[0].last_state()["predict"]["waiting"]["said"] is True
    assert others[2].last_state()["predict"]["waiting"]["said"] is None  # not the others'
    assert predict(others[2], True)["ok"]
    assert judged(player)
    last = others[1].last_state()["predict"]["last"]
    assert last["of"] == 3 and last["mine"] is not None
    assert others[1].last_state()["predict"]["mine"]["of"] == 1


def test_the_window_ends_and_the_verdict_arrives_without_everyone(predicting):
    tablets = seated(predicting)
    player, others = play_first_card(tablets)
    assert predict(others[0], True)["ok"]
    until(lambda: judged(player))
    view = others[0].last_state()["predict"]
    assert view["mine"]["of"] == 1 and view["table"]["of"] == 1 and view["waiting"] is None


def test_a_play_left_waiting_by_a_restart_is_judged_when_a_tablet_connects(
    predicting, database, monkeypatch
):
    # The window's alarm is lost, as a restarted server loses it.
    monkeypatch.setattr(predicting.app.extensions["alarms"], "set", lambda *args: None)
    tablets = seated(predicting)
    play_first_card(tablets)
    engine = create_engine(database)
    with engine.begin() as connection:  # the server was down for a minute
        connection.execute(text("UPDATE round_events SET created_at = '2020-01-01 00:00:00'"))
    engine.dispose()
    restarted = Lesson(
        make_app(database),
        predicting.service,
        predicting.teacher_id,
        predicting.class_id,
        predicting.code,
        predicting.group_ids,
    )
    restarted.service = restarted.app.extensions["use_cases"]
    late = restarted.join("Eve")  # the restarted server's first tablet
    state = late.last_state()
    assert state["status"] != "judging_play" and state["predict"]["waiting"] is None
    assert len(state["mainline"]) + sum(len(s) for s in state["sidelines"]) == 2


def test_a_window_whose_alarm_was_lost_is_closed_by_the_beacons_sweep(
    predicting, database, monkeypatch
):
    # The alarm is lost, as when its database connection dropped while it rang.
    monkeypatch.setattr(predicting.app.extensions["alarms"], "set", lambda *args: None)
    tablets = seated(predicting)
    player, others = play_first_card(tablets)
    engine = create_engine(database)
    with engine.begin() as connection:  # the window has long passed
        connection.execute(text("UPDATE round_events SET created_at = '2020-01-01 00:00:00'"))
    engine.dispose()
    assert not judged(player)  # nobody acts, nobody connects: the table waits
    beacons = predicting.app.extensions["beacons"]
    beacons.send_now()  # the group's log has not moved since: the next beacon sweeps it
    beacons.send_now()
    assert judged(player) and judged(others[0])


@pytest.mark.parametrize(
    ("who", "payload"),
    [
        ("player", {"accepted": True}),
        ("other", {"accepted": "yes"}),
        ("other", {}),
    ],
)
def test_bad_predictions_are_refused_with_a_reason_and_change_nothing(predicting, who, payload):
    tablets = seated(predicting)
    player, others = play_first_card(tablets)
    tablet = player if who == "player" else others[0]
    seq = tablet.last_state()["seq"]
    answer = tablet.act({"type": "predict", "action_id": "bad-1", **payload})
    assert answer["ok"] is False and answer["error"]
    assert tablet.last_state()["seq"] == seq
    the_rest_predict(others)


def test_a_second_prediction_is_refused(predicting):
    tablets = seated(predicting)
    _player, others = play_first_card(tablets)
    assert predict(others[0], True)["ok"]
    again = predict(others[0], False, action_id="guess-2")
    assert again["ok"] is False and "already" in again["error"]
    the_rest_predict(others)


def test_a_class_without_the_option_refuses_predictions(lesson):
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start()
    player, others = play_first_card(tablets)
    assert judged(player)
    answer = predict(others[0], True)
    assert answer["ok"] is False and answer["error"]
    assert others[0].last_state()["predict"] is None
