"""Teacher controls and the journal over real sockets: pause, journal, totals, purging."""

from __future__ import annotations

from datetime import timedelta

from classroom.store.models import ClassPeriod
from tests.conftest import sessions_of
from tests.realtime.test_play import other_colour_card

RED = {"H", "D"}


def test_pause_blocks_every_tablet_until_resumed(lesson):
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    lesson.service.lesson.set_paused(lesson.teacher_id, lesson.group_ids[0], True)
    ana = tablets[0]
    state = ana.last_state()
    assert state["paused"] is True
    assert not any(state["can"].values())
    answer = ana.act({"type": "play", "card": state["hand"][0], "action_id": "p1"})
    assert answer["ok"] is False and "paused" in answer["error"]
    lesson.service.lesson.set_paused(lesson.teacher_id, lesson.group_ids[0], False)
    assert ana.last_state()["can"]["play"]
    assert ana.act({"type": "play", "card": state["hand"][0], "action_id": "p2"})["ok"]


def test_pausing_a_class_pauses_every_group(lesson):
    changes = lesson.service.lesson.set_class_paused(lesson.teacher_id, lesson.class_id, True)
    assert {c.group_id for c in changes} == set(lesson.group_ids)
    for group_id in lesson.group_ids:
        assert lesson.service.reading.group_snapshot(group_id).paused


def test_journal_reports_consistency_and_whether_the_prediction_came_true(lesson):
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    ana = tablets[0]
    state = ana.last_state()
    card = other_colour_card(state)
    answer = ana.socket.emit(
        "journal",
        {
            "text": "card.color != prev.color",
            "confidence": 7,
            "test_card": card,
            "predicted_accepted": True,
        },
        namespace="/play",
        callback=True,
    )
    assert answer == {"ok": True}
    (entry,) = ana.received("journal")[-1]
    assert entry["check"]["consistent"] is True
    assert entry["accepted"] is None
    assert ana.act({"type": "play", "card": card, "action_id": "test"})["ok"]
    (entry,) = ana.received("journal")[-1]
    assert entry["accepted"] is True and entry["came_true"] is True


def test_journal_names_the_card_that_contradicts_a_hypothesis(lesson):
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    ana = tablets[0]
    state = ana.last_state()
    assert ana.act({"type": "play", "card": other_colour_card(state), "action_id": "ok"})["ok"]
    ana.socket.emit(
        "journal", {"text": "card.color == prev.color"}, namespace="/play", callback=True
    )
    (entry,) = ana.received("journal")[-1]
    assert entry["check"]["consistent"] is False
    assert "but it was accepted" in entry["check"]["message"]


def test_plain_words_are_kept_without_a_check(lesson):
    lesson.join("Ana"), lesson.join("Ben"), lesson.join("Chen")
    lesson.start(0)
    ana = lesson.join("Dia")
    answer = ana.socket.emit(
        "journal", {"text": "red then black, I think"}, namespace="/play", callback=True
    )
    assert answer["ok"]
    assert ana.received("journal")[-1][0]["check"] is None


def test_journal_input_is_validated(lesson):
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    for bad, words in [
        ({"text": ""}, "Write your hypothesis"),
        ({"text": "x" * 301}, "at most 300"),
        ({"text": "x", "confidence": 11}, "0 to 10"),
        ({"text": "x", "confidence": "high"}, "0 to 10"),
        ({"text": "x", "test_card": "QX"}, "Choose the card"),
        ({"text": "x", "predicted_accepted": "yes"}, "accepted"),
        ("junk", "not understood"),
    ]:
        answer = tablets[0].socket.emit("journal", bad, namespace="/play", callback=True)
        assert answer["ok"] is False and words in answer["error"]
    assert (
        lesson.service.journal.journal(
            lesson.service.reading.group_snapshot(lesson.group_ids[0]).round_id
        )
        == []
    )


def test_totals_add_up_finished_rounds(lesson):
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    ana = tablets[0]
    card = other_colour_card(ana.last_state())
    ana.act({"type": "play", "card": card, "action_id": "a"})
    ana.act({"type": "guess", "text": "colours alternate", "action_id": "g"})
    lesson.service.rounds.judge_guess(lesson.teacher_id, lesson.group_ids[0], True)
    (otters, falcons) = lesson.service.lesson.class_totals(lesson.teacher_id, lesson.class_id)
    assert otters.totals == {"Ana": 7, "Ben": 0, "Chen": 0}
    assert otters.rounds[0].dealer is None and otters.rounds[0].dealer_score == 7
    assert falcons.rounds == ()


def test_purge_deletes_only_old_classes(lesson):
    with sessions_of(lesson.service).begin() as db:
        db.get(ClassPeriod, lesson.class_id).created_at -= timedelta(days=31)
    assert lesson.service.classes.purge(older_than_days=30) == 1
    assert lesson.service.classes.classes_of(lesson.teacher_id) == []
    assert lesson.service.classes.purge(older_than_days=30) == 0


def test_projector_link_opens_only_its_class_and_can_be_renewed(lesson):
    first = lesson.service.classes.projector_link_token(lesson.teacher_id, lesson.class_id)
    assert lesson.service.classes.class_for_projector(first) == lesson.class_id
    second = lesson.service.classes.projector_link_token(lesson.teacher_id, lesson.class_id)
    assert lesson.service.classes.class_for_projector(second) == lesson.class_id
    import pytest

    from classroom.usecases import NotFound

    with pytest.raises(NotFound):
        lesson.service.classes.class_for_projector(first)


def test_when_the_app_deals_a_different_tablet_plays_first_each_round(lesson):
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    firsts = []
    for _round in range(4):
        lesson.start(0)
        firsts += [t.nickname for t in tablets if t.last_state()["can"]["play"]]
        lesson.service.rounds.end_round(lesson.teacher_id, lesson.group_ids[0])
    assert firsts == ["Ana", "Ben", "Chen", "Ana"]
