"""A seat's costly actions (checks, journal entries, guesses, resyncs, forecasts) have one
budget for the seat, whatever tabs or reconnections it uses: beyond it each is refused with
a clear message and changes nothing; other seats keep theirs."""

from __future__ import annotations

from typing import Any

import pytest
from flask_socketio import SocketIOTestClient

from classroom.web import socketio
from tests.realtime.conftest import Lesson, Tablet

SLOW_DOWN = "Slow down a little: wait a few seconds, then try again."
#: The budgets' sizes (per seat) as the server has them; the windows are made an hour long
#: here, so that however slowly the test runs nothing leaves its window.
SIZES = {"check": 30, "journal": 20, "guess": 10, "resync": 60, "predict": 30, "words": 60}
CHECK = {"template": "alternate", "choices": {"what": "color"}}


@pytest.fixture
def table(lesson: Lesson) -> list[Tablet]:
    """Three players of a started round, budgets counted over an hour."""
    lesson.app.config["SEAT_BUDGETS"] = {action: (n, 3600.0) for action, n in SIZES.items()}
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    return tablets


def tabs_of(lesson: Lesson, tablet: Tablet, more: int) -> list[SocketIOTestClient]:
    """The tablet's socket and `more` other tabs of the same seat."""
    others = [
        socketio.test_client(lesson.app, namespace="/play", auth={"token": tablet.token})
        for _ in range(more)
    ]
    assert all(tab.is_connected("/play") for tab in others)
    return [tablet.socket, *others]


def emit(tab: SocketIOTestClient, event: str, payload: Any) -> Any:
    return tab.emit(event, payload, namespace="/play", callback=True)


def test_checks_are_counted_per_seat_across_tabs_and_reconnections(
    lesson: Lesson, table: list[Tablet]
) -> None:
    ana, ben, _chen = table
    tabs = tabs_of(lesson, ana, 2)
    answers = [emit(tabs[n % 3], "builder_check", CHECK) for n in range(24)]
    # Tabs closed and opened again: the seat's budget does not start over.
    tabs[1].disconnect(namespace="/play")
    tabs[2].disconnect(namespace="/play")
    again = tabs_of(lesson, ana, 2)[1:]
    answers += [emit(again[n % 2], "builder_check", CHECK) for n in range(16)]
    assert [answer["ok"] for answer in answers] == [True] * 30 + [False] * 10
    assert {answer["error"] for answer in answers[30:]} == {SLOW_DOWN}
    # Another seat of the same table has its own budget.
    assert emit(ben.socket, "builder_check", CHECK)["ok"] is True


def spent_beyond(answers: list[Any], size: int) -> None:
    """The first `size` answers are the actions' own (whatever they say), the rest say to
    slow down."""
    assert all(answer.get("error") != SLOW_DOWN for answer in answers[:size])
    assert [answer.get("error") for answer in answers[size:]] == [SLOW_DOWN] * (len(answers) - size)


def test_journal_entries_have_a_seat_budget(lesson: Lesson, table: list[Tablet]) -> None:
    ana, ben, _chen = table
    tabs = tabs_of(lesson, ana, 1)
    size = SIZES["journal"]
    answers = [emit(tabs[n % 2], "journal", {"text": f"idea {n}"}) for n in range(size // 2)]
    built = {**CHECK, "to": "journal", "action_id": "b"}
    answers += [emit(tabs[n % 2], "builder_submit", built) for n in range(size // 2 + 5)]
    spent_beyond(answers, size)
    assert emit(ben.socket, "journal", {"text": "my idea"})["ok"] is True


def test_guesses_have_a_seat_budget(lesson: Lesson, table: list[Tablet]) -> None:
    ana, _ben, chen = table
    tabs = tabs_of(lesson, chen, 1)
    size = SIZES["guess"]
    answers = [
        emit(tabs[n % 2], "act", {"type": "guess", "text": "reds", "action_id": f"g{n}"})
        for n in range(size + 3)
    ]
    built = {**CHECK, "to": "guess", "action_id": "bg"}
    answers += [emit(tabs[n % 2], "builder_submit", built) for n in range(2)]
    spent_beyond(answers, size)
    answer = ana.act({"type": "guess", "text": "reds", "action_id": "a"})
    assert answer.get("error") != SLOW_DOWN


def test_resyncs_have_a_seat_budget(lesson: Lesson, table: list[Tablet]) -> None:
    ana, ben, _chen = table
    tabs = tabs_of(lesson, ana, 2)
    size = SIZES["resync"]
    position = {"round": 0, "last_seq": 0}
    answers = [emit(tabs[n % 3], "resync", position) for n in range(size + 5)]
    spent_beyond(answers, size)
    ana.received()
    assert emit(ana.socket, "resync", position)["ok"] is False
    assert ana.received("state") == []  # a refused resync sends nothing
    assert emit(ben.socket, "resync", position) == {"ok": True}


def test_forecasts_have_a_seat_budget(lesson: Lesson, table: list[Tablet]) -> None:
    _ana, ben, _chen = table
    tabs = tabs_of(lesson, ben, 1)
    size = SIZES["predict"]
    answers = [
        emit(tabs[n % 2], "act", {"type": kind, "accepted": True, "action_id": f"p{n}"})
        for n in range(size + 4)
        for kind in (("predict", "skip_predict")[n % 2],)
    ]
    spent_beyond(answers, size)


def test_a_guess_s_words_have_a_seat_budget(lesson: Lesson, table: list[Tablet]) -> None:
    ana, ben, _chen = table
    tabs = tabs_of(lesson, ana, 1)
    size = SIZES["words"]
    text = "card.color != prev.color"
    answers = [emit(tabs[n % 2], "builder_words", {"text": text}) for n in range(size + 3)]
    spent_beyond(answers, size)
    assert emit(ben.socket, "builder_words", {"text": text})["ok"] is True
