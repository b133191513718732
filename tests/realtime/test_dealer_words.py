"""A student dealer reads their table in their class's language: the app's check of a verdict
and the secret rule they picked from the library, in words, not in the rule language."""

from __future__ import annotations

import pytest

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup
from tests.realtime.conftest import Lesson, Tablet

RED = {"H", "D"}


@pytest.fixture
def polish_dealer(lesson: Lesson) -> list[Tablet]:
    """A Polish class's student-dealer group of four; the first seat deals."""
    service = lesson.service
    setup = [GroupSetup("Kruki", "true", dealer_mode="student")]
    class_id = service.classes.create_class(
        lesson.teacher_id, "4a", setup, Options(), language="pl"
    )
    snapshot = service.reading.class_snapshot(lesson.teacher_id, class_id)
    lesson.code, lesson.group_ids = snapshot.join_code, [snapshot.groups[0].group_id]
    tablets = [lesson.join(name) for name in ("Ola", "Kuba", "Zosia", "Staś")]
    service.rounds.start_round(lesson.teacher_id, lesson.group_ids[0])
    return tablets


def choose(dealer: Tablet, rule_id: str) -> None:
    payload = {"kind": "library", "text": rule_id, "action_id": "rule"}
    assert dealer.socket.emit("choose_rule", payload, namespace="/play", callback=True)["ok"]


def test_the_dealer_is_asked_to_confirm_in_the_class_language(polish_dealer: list[Tablet]) -> None:
    dealer, player = polish_dealer[0], polish_dealer[1]
    choose(dealer, "alternate-colors")
    state = player.last_state()
    last_red = state["mainline"][-1][-1] in RED
    card = next(c for c in state["hand"] if (c[-1] in RED) != last_red)
    assert player.act({"type": "play", "card": card, "action_id": "p1"})["ok"]
    payload = {"kind": "play", "right": False, "action_id": "v1"}
    check = dealer.socket.emit("verdict", payload, namespace="/play", callback=True)
    assert check["ok"] is False
    assert check["confirm"].startswith("Według reguły"), check["confirm"]


def test_the_dealer_is_told_the_id_of_the_library_rule_they_picked(
    polish_dealer: list[Tablet],
) -> None:
    dealer = polish_dealer[0]
    choose(dealer, "even-cards-only")
    view = dealer.last_state()
    assert view["rule_id"] == "even-cards-only" and view["rule"] == "card.even"
