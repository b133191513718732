"""The hypothesis builder over real Socket.IO: templates in the class's language, a check
against the table that writes nothing, and the built hypothesis kept or guessed."""

from __future__ import annotations

import time
from typing import Any

from flask.testing import FlaskClient

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup
from classroom.web.seat_budgets import DEFAULT_BUDGETS
from tests.realtime.conftest import Lesson, Tablet
from tests.realtime.test_play import RED, other_colour_card

ALTERNATE = {"template": "alternate", "choices": {"what": "color"}}
SAME_COLOUR = {"template": "same", "choices": {"what": "color"}}


def check(tablet: Tablet, payload: Any) -> Any:
    return tablet.socket.emit("builder_check", payload, namespace="/play", callback=True)


def submit(tablet: Tablet, payload: dict[str, Any], to: str, action_id: str = "b-1") -> Any:
    message = {**payload, "to": to, "action_id": action_id}
    return tablet.socket.emit("builder_submit", message, namespace="/play", callback=True)


def teacher(lesson: Lesson) -> FlaskClient:
    http = lesson.app.test_client()
    login = {"username": "frizzle", "password": "magic-school-bus"}
    assert http.post("/teacher/login", data=login).status_code == 302
    return http


def settle(lesson: Lesson) -> None:
    assert lesson.app.extensions["checks"].wait_idle(30.0)


def play_right_card(lesson: Lesson) -> tuple[Tablet, str]:
    """Seat three, start the alternate-colours group, and let the first player play right."""
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    player = next(t for t in tablets if t.last_state()["turn"] == t.last_state()["me"])
    card = other_colour_card(player.last_state())
    assert card is not None
    assert player.act({"type": "play", "card": card, "action_id": "p-1"})["ok"]
    return player, card


def test_the_templates_come_in_the_classs_language(lesson: Lesson) -> None:
    lesson.service.classes.set_class_language(lesson.teacher_id, lesson.class_id, "ja")
    ana = lesson.join("Ana")
    answer = ana.socket.emit("builder_templates", {}, namespace="/play", callback=True)
    assert answer["ok"] and answer["open"] is False  # rules typed in: no age band known
    only = next(t for t in answer["templates"] if t["id"] == "only")
    assert only["sentence"] == "{kind}のカードだけ。"
    spades = next(c for c in only["blanks"][0]["choices"] if c["id"] == "spades")
    assert spades == {"id": "spades", "label": "♠ スペード", "picture": "♠", "swatch": None}


def test_a_class_of_young_children_gets_the_builder_open(database: str) -> None:
    from tests.realtime.conftest import make_app

    app = make_app(database)
    service = app.extensions["use_cases"]
    teacher_id = service.teachers.create_teacher("frizzle", "magic-school-bus")
    young = [GroupSetup("Otters", "card.color == red", "red-cards-only")]
    class_id = service.classes.create_class(teacher_id, "1A", young, Options())
    snapshot = service.reading.class_snapshot(teacher_id, class_id)
    lesson = Lesson(
        app, service, teacher_id, class_id, snapshot.join_code, [snapshot.groups[0].group_id]
    )
    ana = lesson.join("Ana")
    answer = ana.socket.emit("builder_templates", {}, namespace="/play", callback=True)
    assert answer["open"] is True


def test_a_check_names_the_first_card_that_does_not_fit_and_writes_nothing(lesson: Lesson) -> None:
    player, card = play_right_card(lesson)
    before = player.last_state()
    fits = check(player, ALTERNATE)
    assert fits["ok"] and fits["fits"] is True and fits["misfit"] is None
    assert fits["rule_text"] == "card.color != prev.color"
    assert fits["words"] == "Take turns: red and black."
    assert fits["message"] == "Your hypothesis fits every card so far."
    misfit = check(player, SAME_COLOUR)
    assert misfit["fits"] is False
    assert misfit["misfit"] == {"card": card, "after": before["mainline"][0], "accepted": True}
    suit = {"H": "hearts", "D": "diamonds", "S": "spades", "C": "clubs"}[card[-1]]
    assert misfit["message"].startswith(f"{card[:-1]}")
    assert (
        f"({suit}) does not fit: it was accepted, but your hypothesis says no." in misfit["message"]
    )
    # Nothing was written: no event, no journal entry, the same seq.
    assert player.received() == []
    assert player.last_state()["seq"] == before["seq"]
    snapshot = lesson.service.reading.group_snapshot(player.group_id)
    assert lesson.service.journal.journal(snapshot.round_id) == []


def test_a_rejected_card_that_the_hypothesis_allows_does_not_fit(lesson: Lesson) -> None:
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    player = next(t for t in tablets if t.last_state()["turn"] == t.last_state()["me"])
    state = player.last_state()
    last_red = state["mainline"][-1][-1] in RED
    wrong = next(c for c in state["hand"] if (c[-1] in RED) == last_red)
    assert player.act({"type": "play", "card": wrong, "action_id": "w-1"})["ok"]
    answer = check(player, SAME_COLOUR)
    assert answer["misfit"]["card"] == wrong and answer["misfit"]["accepted"] is False
    assert "it was not accepted, but your hypothesis says yes." in answer["message"]


def test_bad_input_is_refused_in_the_students_language_and_changes_nothing(lesson: Lesson) -> None:
    lesson.service.classes.set_class_language(lesson.teacher_id, lesson.class_id, "pl")
    player, _card = play_right_card(lesson)
    before = player.last_state()["seq"]
    cases = [
        ({"template": "nonsense", "choices": {}}, "Najpierw wybierz jedno ze zdań."),
        ({"template": "only", "choices": {}}, "Najpierw wybierz coś do każdej luki."),
        ({"template": "only", "choices": {"kind": "purple"}}, "Ten wybór nie pasuje do tej luki."),
        ("nonsense", "Najpierw wybierz jedno ze zdań."),
    ]
    for payload, message in cases:
        answer = check(player, payload)
        assert answer["ok"] is False and answer["error"].startswith(message)
        if isinstance(payload, dict):
            assert submit(player, payload, "guess")["ok"] is False
            assert submit(player, payload, "journal")["ok"] is False
    assert submit(player, ALTERNATE, "nowhere")["ok"] is False
    assert player.last_state()["seq"] == before and player.last_state()["can"]["guess"]
    snapshot = lesson.service.reading.group_snapshot(player.group_id)
    assert lesson.service.journal.journal(snapshot.round_id) == []


def test_a_built_guess_reaches_the_teacher_with_the_checkers_verdict(lesson: Lesson) -> None:
    player, _card = play_right_card(lesson)
    http = teacher(lesson)
    answer = submit(player, ALTERNATE, "guess")
    assert answer == {
        "ok": True,
        "rule_text": "card.color != prev.color",
        "words": "Take turns: red and black.",
    }
    guesses = f"/teacher/classes/{lesson.class_id}/guesses"
    page = http.get(guesses).get_data(as_text=True)
    assert "card.color != prev.color" in page
    assert "Built by taps: “Take turns: red and black.”" in page
    settle(lesson)
    assert "Checker: the same rule (proved)." in http.get(guesses).get_data(as_text=True)
    # Out of the guess window now: a second built guess is refused.
    again = submit(player, SAME_COLOUR, "guess", action_id="b-2")
    assert again["ok"] is False and again["error"]


def test_a_built_hypothesis_in_the_journal_is_checked_for_the_teacher(lesson: Lesson) -> None:
    player, _card = play_right_card(lesson)
    player.received()
    answer = submit(player, SAME_COLOUR, "journal")
    assert answer["ok"] and answer["rule_text"] == "card.color == prev.color"
    (entry,) = player.received("journal")[-1]
    assert entry["text"] == "card.color == prev.color"
    assert entry["words"] == "Match the last card: the same colour."
    assert entry["check"]["consistent"] is False
    http = teacher(lesson)
    debrief = f"/teacher/groups/{player.group_id}/debrief"
    http.get(debrief)
    settle(lesson)
    page = http.get(debrief).get_data(as_text=True)
    # The debrief tells the built hypothesis in the builder's words, with its check.
    assert "Match the last card: the same colour." in page
    assert 'data-verdict="different"' in page


def test_a_flood_of_checks_is_told_to_slow_down(lesson: Lesson) -> None:
    player, _card = play_right_card(lesson)
    checks, _window = DEFAULT_BUDGETS["check"]
    answers = [check(player, ALTERNATE) for _ in range(checks + 1)]
    assert all(answer["ok"] for answer in answers[:-1])
    assert answers[-1] == {
        "ok": False,
        "error": "Slow down a little: wait a few seconds, then try again.",
    }


def test_a_built_guess_can_be_read_in_words_and_a_typed_one_cannot(lesson: Lesson) -> None:
    lesson.service.classes.set_class_language(lesson.teacher_id, lesson.class_id, "ru")
    ana = lesson.join("Ana")

    def words(text: object) -> Any:
        return ana.socket.emit("builder_words", {"text": text}, namespace="/play", callback=True)

    assert words("card.color != prev.color") == {
        "ok": True,
        "words": "По очереди: красная и чёрная.",
    }
    assert words("card.color != prev.color and true") == {"ok": True, "words": None}
    assert words(None)["ok"] is False and words("x" * 301)["ok"] is False


def test_a_check_past_its_time_out_is_refused_in_the_students_language(lesson: Lesson) -> None:
    lesson.service.classes.set_class_language(lesson.teacher_id, lesson.class_id, "ru")
    player, _card = play_right_card(lesson)
    before = player.last_state()
    computing = lesson.service.context.computing
    assert not computing.in_process  # a worker process judges the table
    assert check(player, ALTERNATE)["fits"] is True
    player.received()
    # Every worker is busy for longer than the tablet waits: the check is queued behind.
    busy = [computing.submit(time.sleep, 3.0) for _ in range(computing.workers)]
    lesson.service.built.timeout_s = 0.5
    answer = check(player, ALTERNATE)
    assert answer["ok"] is False
    assert answer["error"] == (
        "Не удалось вовремя проверить твою гипотезу. Ничего не изменилось: "
        "попробуй ещё раз чуть позже."
    )
    # Told, and nothing changed: the same table, no event, no journal entry.
    assert [name for name, _payload in player.received()] == ["problem"]
    assert player.last_state() == before
    snapshot = lesson.service.reading.group_snapshot(player.group_id)
    assert lesson.service.journal.journal(snapshot.round_id) == []
    # Given time again, the same check is answered.
    lesson.service.built.timeout_s = 30.0
    assert all(future.result(30.0) is None for future in busy)
    assert check(player, ALTERNATE)["fits"] is True
