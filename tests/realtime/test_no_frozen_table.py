"""No frozen table: a change committed but never announced (the announce failed after the
commit) still reaches every tablet, through the beacons that say where the group's log stands;
a resent action and a move refused on a stale view are answered with the table as it is."""

from __future__ import annotations

import time
from typing import Any

import pytest

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup
from classroom.web import create_app, socketio
from classroom.web.notifier import Notifier
from tests.realtime.conftest import Lesson, Tablet


def _seated(lesson: Lesson) -> list[Tablet]:
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    for tablet in tablets:
        tablet.received()
    return tablets


def _whose_turn(tablets: list[Tablet]) -> tuple[Tablet, list[Tablet]]:
    turn = tablets[0].last_state()["turn"]
    player = next(t for t in tablets if t.last_state()["me"] == turn)
    return player, [t for t in tablets if t is not player]


def _fail_next_announce(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The next announce raises, as the projector's redraw did while the database restarted."""
    failed: list[int] = []
    announce = Notifier.announce_group

    def once(self: Notifier, group_id: int, **kwargs: Any) -> None:
        if not failed:
            failed.append(group_id)
            raise ConnectionError("the database is restarting")
        announce(self, group_id, **kwargs)

    monkeypatch.setattr(Notifier, "announce_group", once)
    return failed


def test_a_play_whose_announce_failed_reaches_every_tablet_by_the_beacon(
    lesson: Lesson, monkeypatch: pytest.MonkeyPatch
) -> None:
    tablets = _seated(lesson)
    player, others = _whose_turn(tablets)
    before = others[0].last_state()["seq"]
    failed = _fail_next_announce(monkeypatch)
    card = player.last_state()["hand"][0]
    answer = player.act({"type": "play", "card": card, "action_id": "lost-announce"})
    assert answer["ok"] and failed == [lesson.group_ids[0]]  # committed, never announced
    assert others[0].received("events") == []

    lesson.app.extensions["beacons"].send_now()
    beacon = others[0].received("beacon")[-1]  # the task's own beacons may come too
    assert beacon == {"round": 1, "seq": answer["seq"]} and answer["seq"] > before
    # The tablet is behind the beacon, so it asks, as its page does.
    position = {"round": 1, "last_seq": before}
    assert others[0].socket.emit("resync", position, namespace="/play", callback=True)["ok"]
    missed = [event for batch in others[0].received("events") for event in batch]
    assert [event["kind"] for event in missed][:2] == ["played", "judged"]
    assert others[0].last_state()["seq"] == answer["seq"]


def test_beacons_reach_only_the_groups_with_a_tablet_here(lesson: Lesson) -> None:
    otters = _seated(lesson)
    falcon = lesson.join("Dia", group_index=1)
    falcon.received()
    lesson.app.extensions["beacons"].send_now()
    assert {b["round"] for b in otters[1].received("beacon")} == {1}
    assert falcon.received("beacon") == []  # the Falcons have not played: nothing to say


def test_a_resent_action_is_answered_with_the_table_as_it_is(lesson: Lesson) -> None:
    tablets = _seated(lesson)
    player, _others = _whose_turn(tablets)
    card = player.last_state()["hand"][0]
    first = player.act({"type": "play", "card": card, "action_id": "twice"})
    player.received()
    again = player.act({"type": "play", "card": card, "action_id": "twice"})
    assert again["ok"] and again["duplicate"] and again["seq"] == first["seq"]
    (state,) = player.received("state")
    assert state["seq"] == first["seq"]


def test_a_move_refused_on_a_stale_view_brings_the_table_as_it_is(lesson: Lesson) -> None:
    tablets = _seated(lesson)
    _player, others = _whose_turn(tablets)
    card = others[0].last_state()["hand"][0]
    answer = others[0].act({"type": "play", "card": card, "action_id": "not-my-turn"})
    assert not answer["ok"]
    states = others[0].received("state")
    assert states and states[-1]["turn"] != states[-1]["me"]


def test_a_message_the_tablet_got_wrong_brings_no_state(lesson: Lesson) -> None:
    tablets = _seated(lesson)
    answer = tablets[0].act({"type": "dance", "action_id": "x"})
    assert not answer["ok"]
    assert tablets[0].received("state") == []


def test_the_teachers_page_and_the_projector_hear_where_every_group_stands(
    lesson: Lesson, monkeypatch: pytest.MonkeyPatch
) -> None:
    teacher = lesson.app.test_client()
    login = {"username": "frizzle", "password": "magic-school-bus"}
    assert teacher.post("/teacher/login", data=login).status_code == 302
    watching = socketio.test_client(lesson.app, namespace="/teach", flask_test_client=teacher)
    watch = {"class_id": lesson.class_id}
    assert watching.emit("watch", watch, namespace="/teach", callback=True)["ok"]
    token = lesson.service.classes.projector_link_token(lesson.teacher_id, lesson.class_id)
    projector = socketio.test_client(lesson.app, namespace="/projector", auth={"token": token})
    tablets = _seated(lesson)
    player, _others = _whose_turn(tablets)
    _fail_next_announce(monkeypatch)
    card = player.last_state()["hand"][0]
    answer = player.act({"type": "play", "card": card, "action_id": "lost-on-the-projector"})
    assert answer["ok"]
    watching.get_received("/teach")
    projector.get_received("/projector")

    lesson.app.extensions["beacons"].send_now()
    otters, falcons = (str(group_id) for group_id in lesson.group_ids)
    expected = {otters: [1, answer["seq"]], falcons: [0, 0]}
    for client, namespace in ((watching, "/teach"), (projector, "/projector")):
        beacons = [m["args"][0] for m in client.get_received(namespace) if m["name"] == "beacon"]
        assert beacons[-1] == {"groups": expected}


def test_the_beacons_come_by_themselves_once_a_page_is_open(database: str) -> None:
    app = create_app(
        {
            "DATABASE_URL": database,
            "TESTING": True,
            "SECRET_KEY": "test",
            "WTF_CSRF_ENABLED": False,
            "BEACON_SECONDS": 0.1,
        }
    )
    service = app.extensions["use_cases"]
    teacher_id = service.teachers.create_teacher("frizzle", "magic-school-bus")
    class_id = service.classes.create_class(
        teacher_id, "7B", [GroupSetup("Otters", "card.color != prev.color")], Options()
    )
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    lesson = Lesson(
        app, service, teacher_id, class_id, snapshot.join_code, [snapshot.groups[0].group_id]
    )
    try:
        tablets = _seated(lesson)
        deadline = time.monotonic() + 10
        heard: list[Any] = []
        while not heard and time.monotonic() < deadline:
            # The beacons come from a background task every 0.1 s: read the socket until one
            # has (the deadline only bounds a machine that is very slow).
            time.sleep(0.05)
            heard = tablets[0].received("beacon")
        assert heard and heard[-1]["round"] == 1
    finally:
        app.extensions["beacons"].stop()
