"""Student dealers over real sockets: choosing the rule, judging, warnings, rotation."""

from __future__ import annotations

import pytest

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup
from tests.realtime.conftest import Lesson, Tablet

RED = {"H", "D"}


@pytest.fixture
def dealt(lesson: Lesson):
    """A student-dealer group of four: the first seat deals 'alternate colors'."""
    service = lesson.service
    class_id = service.classes.create_class(
        lesson.teacher_id, "8C", [GroupSetup("Ravens", "true", dealer_mode="student")], Options()
    )
    snapshot = service.reading.class_snapshot(lesson.teacher_id, class_id)
    lesson.code, lesson.group_ids = snapshot.join_code, [snapshot.groups[0].group_id]
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen", "Dia")]
    _start(lesson)
    return tablets


def _start(lesson: Lesson) -> None:
    lesson.service.rounds.start_round(lesson.teacher_id, lesson.group_ids[0])


def _choose(dealer: Tablet, kind: str, text: str, action: str = "rule") -> dict:
    payload = {"kind": kind, "text": text, "action_id": action}
    return dealer.socket.emit("choose_rule", payload, namespace="/play", callback=True)


def _verdict(dealer: Tablet, right: bool, action: str, **extra) -> dict:
    payload = {"kind": "play", "right": right, "action_id": action, **extra}
    return dealer.socket.emit("verdict", payload, namespace="/play", callback=True)


def test_the_first_seat_chooses_the_rule_and_the_others_wait(dealt):
    ana, ben = dealt[0], dealt[1]
    assert ana.last_state()["choose_rule"] is True
    assert ben.last_state()["choose_rule"] is False
    assert ben.last_state()["status"] == "choosing_rule"
    refused = _choose(ben, "library", "alternate-colors")
    assert refused["ok"] is False and "dealer" in refused["error"]


def test_a_bad_rule_is_refused_with_its_caret_and_nothing_is_dealt(dealt, lesson):
    answer = _choose(dealt[0], "language", "card.colour != prev.color")
    assert (
        answer["ok"] is False
        and "did you mean 'color'" in answer["error"]
        and "^" in answer["error"]
    )
    assert lesson.service.reading.group_snapshot(lesson.group_ids[0]).state is None


def test_the_dealer_judges_and_a_verdict_against_the_rule_needs_confirming(dealt, lesson):
    ana, ben = dealt[0], dealt[1]
    assert _choose(ana, "library", "alternate-colors")["ok"]
    dealer_view = ana.last_state()
    assert dealer_view["rule"] == "card.color != prev.color" and dealer_view["hand"] == []
    assert ben.last_state()["rule"] is None and ben.last_state()["turn"] == ben.last_state()["me"]
    state = ben.last_state()
    wrong_colour = state["mainline"][-1][-1] in RED
    card = next(c for c in state["hand"] if (c[-1] in RED) != wrong_colour)
    assert ana.act({"type": "play", "card": card, "action_id": "dealer-plays"})["ok"] is False
    assert ben.act({"type": "play", "card": card, "action_id": "b1"})["ok"]
    assert ana.last_state()["verdict_due"] is True
    check = _verdict(ana, False, "v1")
    assert check["ok"] is False and "Are you sure" in check["confirm"]
    assert lesson.service.reading.group_snapshot(lesson.group_ids[0]).state.phase == "judging_play"
    assert _verdict(ana, False, "v2", confirm=True)["ok"]
    after = ben.last_state()
    assert after["sidelines"][-1] == [card] and len(after["hand"]) == 12
    assert lesson.service.reading.group_snapshot(lesson.group_ids[0]).dealer_mismatches == 1


def test_a_plain_words_rule_leaves_the_dealers_word_standing(dealt, lesson):
    ana, ben = dealt[0], dealt[1]
    assert _choose(ana, "free", "Only cards I like")["ok"]
    assert ana.last_state()["rule_kind"] == "free"
    card = ben.last_state()["hand"][0]
    assert ben.act({"type": "play", "card": card, "action_id": "b1"})["ok"]
    assert _verdict(ana, True, "v1")["ok"]
    assert ben.last_state()["mainline"][-1] == card
    assert lesson.service.reading.group_snapshot(lesson.group_ids[0]).dealer_mismatches == 0


def test_the_dealer_rotates_each_round_and_scores_as_the_best_player(dealt, lesson):
    ana, ben = dealt[0], dealt[1]
    assert _choose(ana, "library", "alternate-colors")["ok"]
    lesson.service.rounds.end_round(lesson.teacher_id, lesson.group_ids[0])
    (totals,) = lesson.service.lesson.class_totals(lesson.teacher_id, lesson.class_id + 1)
    assert totals.rounds[0].dealer == "Ana"
    assert totals.totals["Ana"] == totals.rounds[0].dealer_score == 0
    _start(lesson)
    assert ben.last_state()["choose_rule"] is True
    assert ana.last_state()["choose_rule"] is False


def test_pause_also_stops_the_dealer(dealt, lesson):
    ana, ben = dealt[0], dealt[1]
    assert _choose(ana, "library", "alternate-colors")["ok"]
    ben.act({"type": "play", "card": ben.last_state()["hand"][0], "action_id": "b1"})
    lesson.service.lesson.set_paused(lesson.teacher_id, lesson.group_ids[0], True)
    answer = _verdict(ana, True, "v1", confirm=True)
    assert answer["ok"] is False and "paused" in answer["error"]
