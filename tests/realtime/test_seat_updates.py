"""After a change each tablet is sent only what changed in its view (`update`), drawn on the
view it was sent last; what cannot be drawn on it is sent whole (`state`)."""

from __future__ import annotations

import json

import pytest

from classroom.projections.group_views import student_view
from tests.realtime.conftest import Lesson, Tablet

PLAYS = 24


@pytest.fixture
def table(lesson: Lesson) -> list[Tablet]:
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen", "Dee")]
    lesson.start(0)
    for tablet in tablets:
        tablet.received()
    return tablets


def fresh_view(lesson: Lesson, tablet: Tablet) -> dict:
    """The tablet's view read afresh from the database, as a reconnect would send it."""
    snapshot = lesson.service.reading.group_snapshot(lesson.group_ids[0])
    seat = lesson.service.seats.seat_by_token(tablet.token)
    return student_view(snapshot, seat.key)


def next_move(lesson: Lesson, table: list[Tablet], step: int) -> tuple[Tablet, dict]:
    """Whoever may act now, and what they do: pass a guess window, else play (wrong and right
    plays mixed by the step number), now and then a no-play."""
    view = fresh_view(lesson, table[0])
    by_seat = {fresh_view(lesson, t)["me"]: t for t in table}
    if view["status"] == "guess_window":
        return by_seat[view["guesser"]], {"type": "pass"}
    tablet = by_seat[view["turn"]]
    if step % 7 == 6:
        return tablet, {"type": "no_play"}
    hand = tablet.last_state()["hand"]
    return tablet, {"type": "play", "card": hand[step % len(hand)]}


def test_every_tablet_holds_the_fresh_view_after_each_of_many_changes(lesson, table):
    kinds: set[str] = set()
    for step in range(PLAYS):
        tablet, action = next_move(lesson, table, step)
        answer = tablet.act({**action, "action_id": f"a{step}"})
        assert answer["ok"], answer
        for each in table:
            kinds |= {name for name, _ in each.received()}
            assert each.latest == fresh_view(lesson, each), (step, each.nickname)
        if fresh_view(lesson, table[0])["status"] == "over":
            break
    assert "update" in kinds and "state" not in kinds


def test_an_update_after_a_play_is_a_fraction_of_the_whole_view(lesson, table):
    for step in range(12):
        tablet, action = next_move(lesson, table, step)
        assert tablet.act({**action, "action_id": f"a{step}"})["ok"]
        for each in table:
            each.received()
    tablet, action = next_move(lesson, table, 1)
    watcher = next(each for each in table if each is not tablet)
    before = watcher.latest
    assert tablet.act({**action, "action_id": "measured"})["ok"]
    update = watcher.received("update")[-1]
    assert update["base"] == before["seq"] and update["seq"] > before["seq"]
    whole = len(json.dumps(fresh_view(lesson, watcher)))
    assert len(json.dumps(update)) < whole / 3
    # The player's own update carries their new hand too, and is still well under the view.
    own = tablet.received("update")[-1]
    assert len(json.dumps(own)) < len(json.dumps(fresh_view(lesson, tablet))) / 2


def test_a_change_outside_the_round_log_is_sent_whole(lesson, table):
    lesson.service.lesson.set_paused(lesson.teacher_id, lesson.group_ids[0], True)
    states = table[1].received("state")
    assert len(states) == 1 and states[0]["paused"] is True
    assert table[1].latest == fresh_view(lesson, table[1])


def test_a_hand_is_only_ever_sent_to_its_own_seat(lesson, table):
    tablet, action = next_move(lesson, table, 1)
    assert tablet.act({**action, "action_id": "p"})["ok"]
    for each in table:
        mine = fresh_view(lesson, each)
        for update in each.received("update"):
            others = [t for t in table if t is not each]
            for other in others:
                theirs = fresh_view(lesson, other)
                if "hand" in update["set"] and theirs["hand"] != mine["hand"]:
                    assert update["set"]["hand"] != theirs["hand"]
            assert update["set"].get("me", mine["me"]) == mine["me"]
