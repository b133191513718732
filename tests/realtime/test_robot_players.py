"""A tablet at a table with two robot players: the robots' moves are made by the app through
the tablets' use cases and announced like any, so the student's tablet sees every robot play
and the round goes to its end."""

from __future__ import annotations

from dataclasses import replace

import pytest

from classroom.core.games.express import Options
from classroom.core.hypotheses import check_equivalence
from classroom.usecases import GroupSetup
from classroom.web.robot_names import robot_namer
from tests.realtime.conftest import EASY_RULE, Lesson, Tablet

RED = {"H", "D"}


def _my_move(tablet: Tablet, state: dict, turn: int) -> None:
    last_red = state["mainline"][-1][-1] in RED
    right = [c for c in state["hand"] if (c[-1] in RED) != last_red]
    if state["can"].get("pass"):
        assert tablet.act({"type": "pass", "action_id": f"pass-{turn}"})["ok"]
        return
    if right:
        assert tablet.act({"type": "play", "card": right[0], "action_id": f"play-{turn}"})["ok"]
    else:
        assert tablet.act({"type": "no_play", "action_id": f"none-{turn}"})["ok"]


def test_a_tablet_plays_a_round_with_two_robots_and_sees_them_play(lesson: Lesson) -> None:
    service, group_id = lesson.service, lesson.group_ids[0]
    ana = lesson.join("Ana")
    with lesson.app.app_context():
        for kind in ("ideal", "confirmer"):
            service.robots.add_robot(lesson.teacher_id, group_id, kind, robot_namer("en"))
    lesson.start()
    state = ana.last_state()
    names = {seat["nickname"] for seat in state["seats"]}
    assert {"Ideal scientist (program)", "Confirmer (program)"} <= names
    me, seen = state["me"], []
    for turn in range(600):
        batches = ana.received("events")
        seen += [e for batch in batches for e in batch]
        state = ana.last_state()
        if state["status"] == "over":
            break
        snapshot = service.reading.group_snapshot(group_id)
        round_state = snapshot.state
        if round_state.phase == "judging_guess":
            text = round_state.guesses[-1].text
            right = check_equivalence(text, EASY_RULE).verdict == "same"
            service.rounds.judge_guess(lesson.teacher_id, group_id, right)
        elif round_state.turn == me or round_state.guesser == me:
            _my_move(ana, state, turn)
        else:
            assert service.robots.step(group_id) is not None, round_state.phase
    assert state["status"] == "over"
    robot_plays = [e for e in seen if e["kind"] == "played" and e["seat"] != me]
    assert len(robot_plays) >= 2


HEARTS_AND_SPADES = "card.suit in {hearts, spades}"


def _follow_the_suits(tablet: Tablet, state: dict, turn: int) -> None:
    """A student who knows the rule: a heart or a spade, else no play; never guesses."""
    if state["can"].get("pass"):
        assert tablet.act({"type": "pass", "action_id": f"pass-{turn}"})["ok"]
        return
    right = [c for c in state["hand"] if c[-1] in {"H", "S"}]
    if right:
        assert tablet.act({"type": "play", "card": right[0], "action_id": f"play-{turn}"})["ok"]
    else:
        assert tablet.act({"type": "no_play", "action_id": f"none-{turn}"})["ok"]


@pytest.mark.parametrize(
    ("language", "words"),
    [
        ("ja", "♠ スペードか♥ ハートのカードだけ。"),
        ("pl", "Każda karta musi być: ♠ pik lub ♥ kier."),
    ],
)
def test_a_robots_guess_is_read_back_in_words_in_the_tablets_language(
    lesson: Lesson, language: str, words: str
) -> None:
    service = lesson.service
    class_id = service.classes.create_class(
        lesson.teacher_id, "8A", [GroupSetup("Owls", HEARTS_AND_SPADES)], Options()
    )
    service.classes.set_class_language(lesson.teacher_id, class_id, language)
    snapshot = service.reading.class_snapshot(lesson.teacher_id, class_id)
    group_id = snapshot.groups[0].group_id
    owls = replace(lesson, class_id=class_id, code=snapshot.join_code, group_ids=[group_id])
    ana = owls.join("Ana")
    with lesson.app.app_context():
        for kind in ("ideal", "ideal"):
            service.robots.add_robot(lesson.teacher_id, group_id, kind, robot_namer(language))
    owls.start()
    me, robot_guesses = ana.last_state()["me"], []
    for turn in range(400):
        state = ana.last_state()
        robot_guesses = [g for g in state["guesses"] if g["seat"] != me and g["right"]]
        if robot_guesses or state["status"] == "over":
            break
        round_state = service.reading.group_snapshot(group_id).state
        if round_state.turn == me or round_state.guesser == me:
            _follow_the_suits(ana, state, turn)
        else:
            assert service.robots.step(group_id) is not None, round_state.phase
    assert robot_guesses, "no robot found the rule"
    text = robot_guesses[0]["text"]
    # The library's wording is said as the builder says it, so that the tablet can read it.
    assert text != HEARTS_AND_SPADES
    answer = ana.socket.emit("builder_words", {"text": text}, namespace="/play", callback=True)
    assert answer == {"ok": True, "words": words}
    # The teacher's page, read in the same language, lists the guess in the same words.
    teacher = lesson.app.test_client()
    login = {"username": "frizzle", "password": "magic-school-bus"}
    assert teacher.post(f"/teacher/login?lang={language}", data=login).status_code == 302
    page = teacher.get(f"/teacher/classes/{class_id}").get_data(as_text=True)
    assert f"“{words}”" in page
