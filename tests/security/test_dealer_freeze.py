"""A student dealer can never freeze their group: a rule that would not compile again is refused
when chosen, a stored rule that cannot judge leaves the verdict to the dealer, and a failure
while judging answers the dealer clearly and leaves the round as it was."""

from __future__ import annotations

import pytest
import sqlalchemy as sa

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup
from tests.realtime.conftest import Lesson, Tablet

#: Typed in 3,822 characters; written out in full (as stored) it would take 4,322.
LONG_RULE = " or ".join(f"card.rank>{n % 13 + 1}" for n in range(250))
TROUBLE = "Something went wrong on the server. Try again; if it happens again, tell your teacher."


@pytest.fixture
def dealt(lesson: Lesson) -> list[Tablet]:
    """A student-dealer group of four whose dealer (Ana) has not chosen a rule yet."""
    service = lesson.service
    setups = [GroupSetup("Ravens", "true", dealer_mode="student")]
    class_id = service.classes.create_class(lesson.teacher_id, "8C", setups, Options())
    snapshot = service.reading.class_snapshot(lesson.teacher_id, class_id)
    lesson.code, lesson.group_ids = snapshot.join_code, [snapshot.groups[0].group_id]
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen", "Dia")]
    service.rounds.start_round(lesson.teacher_id, lesson.group_ids[0])
    return tablets


def choose(dealer: Tablet, kind: str, text: str) -> dict:
    payload = {"kind": kind, "text": text, "action_id": "rule"}
    return dealer.socket.emit("choose_rule", payload, namespace="/play", callback=True)


def verdict(dealer: Tablet, right: bool, action: str) -> dict:
    payload = {"kind": "play", "right": right, "action_id": action, "confirm": True}
    return dealer.socket.emit("verdict", payload, namespace="/play", callback=True)


def state_of(lesson: Lesson):
    return lesson.service.reading.group_snapshot(lesson.group_ids[0]).state


def someone_plays(lesson: Lesson, tablets: list[Tablet]) -> None:
    """The player whose turn it is plays their first card; the dealer must now judge."""
    for tablet in tablets[1:]:
        view = tablet.last_state()
        if view["turn"] == view["me"]:
            answer = tablet.act({"type": "play", "card": view["hand"][0], "action_id": "b1"})
            assert answer["ok"], answer
    assert state_of(lesson).phase == "judging_play"


def test_a_rule_too_long_once_written_out_is_refused_and_nothing_is_dealt(
    dealt: list[Tablet], lesson: Lesson
) -> None:
    assert len(LONG_RULE) < 4000
    answer = choose(dealt[0], "language", LONG_RULE)
    assert answer["ok"] is False and "too long" in answer["error"]
    assert state_of(lesson) is None
    assert choose(dealt[0], "library", "alternate-colors")["ok"]  # the dealer can go on


def test_a_stored_rule_that_no_longer_compiles_leaves_the_verdict_to_the_dealer(
    dealt: list[Tablet], lesson: Lesson, database: str
) -> None:
    assert choose(dealt[0], "library", "alternate-colors")["ok"]
    # A rule stored by an older version of the kit, before limits applied to stored text.
    engine = sa.create_engine(database)
    with engine.begin() as connection:
        connection.execute(sa.text("UPDATE rounds SET rule_text = :t"), {"t": LONG_RULE + "!"})
    engine.dispose()
    someone_plays(lesson, dealt)
    answer = verdict(dealt[0], True, "v1")
    assert answer["ok"] is True and answer["duplicate"] is False
    assert state_of(lesson).phase != "judging_play"


def test_a_failure_while_judging_answers_the_dealer_and_changes_nothing(
    dealt: list[Tablet], lesson: Lesson, monkeypatch: pytest.MonkeyPatch
) -> None:
    ana = dealt[0]
    assert choose(ana, "library", "alternate-colors")["ok"]
    someone_plays(lesson, dealt)
    before = state_of(lesson)
    ana.received()

    def broken(*args: object) -> None:
        raise RuntimeError("the disk is full")

    monkeypatch.setattr("classroom.usecases.dealing._advice", broken)
    assert verdict(ana, True, "v1") == {"ok": False, "error": TROUBLE}
    assert [problem["message"] for problem in ana.received("problem")] == [TROUBLE]
    assert state_of(lesson) == before
    monkeypatch.undo()
    assert verdict(ana, True, "v2")["ok"]  # the same verdict, again, goes through
    assert state_of(lesson).phase != "judging_play"


def test_a_failure_while_choosing_answers_the_dealer_and_deals_nothing(
    dealt: list[Tablet], lesson: Lesson, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> None:
        raise OverflowError("a number too large")

    monkeypatch.setattr("classroom.usecases.dealing._checked_rule", broken)
    assert choose(dealt[0], "language", "card.rank > 1") == {"ok": False, "error": TROUBLE}
    assert state_of(lesson) is None
