"""What students write (journal entries, guesses) reaches the teacher's pages and the tablets as
text, never as markup, and never costs a page a comparison with the secret rule."""

from __future__ import annotations

from pathlib import Path

from flask.testing import FlaskClient

from tests.realtime.conftest import Lesson
from tests.realtime.test_play import other_colour_card

MARKUP = '<img src=x onerror="alert(1)">'
SCRIPT = "</q><script>alert(2)</script>"
JS = Path(__file__).parents[2] / "classroom" / "static" / "js" / "tablet"


def teacher_browser(lesson: Lesson) -> FlaskClient:
    http = lesson.app.test_client()
    login = {"username": "frizzle", "password": "magic-school-bus"}
    assert http.post("/teacher/login", data=login).status_code == 302
    return http


def test_markup_in_entries_and_guesses_is_shown_as_text_on_every_teacher_page(
    lesson: Lesson,
) -> None:
    tablets = [lesson.join(name) for name in ("Ana", "Ben", "Chen")]
    lesson.start(0)
    player = next(t for t in tablets if t.last_state()["turn"] == t.last_state()["me"])
    answer = player.socket.emit("journal", {"text": SCRIPT}, namespace="/play", callback=True)
    assert answer["ok"]
    card = other_colour_card(player.last_state())
    assert player.act({"type": "play", "card": card, "action_id": "p1"})["ok"]
    assert player.act({"type": "guess", "text": MARKUP, "action_id": "g1"})["ok"]
    http = teacher_browser(lesson)
    group = lesson.group_ids[0]
    pages = [
        f"/teacher/classes/{lesson.class_id}",
        f"/teacher/classes/{lesson.class_id}/guesses",
        f"/teacher/groups/{group}/debrief",
        f"/teacher/groups/{group}/timeline",
    ]
    for url in pages:
        page = http.get(url).get_data(as_text=True)
        assert MARKUP not in page and SCRIPT not in page, url
        assert "&lt;img src=x onerror=" in page or "&lt;/q&gt;&lt;script&gt;" in page, url
    (entry,) = player.received("journal")[-1]
    assert entry["text"] == SCRIPT  # data for the tablet, which writes it as text


def test_the_tablet_journal_writes_student_text_as_text() -> None:
    script = (JS / "journal.js").read_text(encoding="utf-8")
    assert "innerHTML" not in script and "insertAdjacentHTML" not in script
    assert "entry.text)" in script  # h("p", ..., entry.text): a text node
