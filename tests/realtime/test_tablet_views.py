"""What a tablet is told of the revealed rule: its rule language, and where its plain words are."""

from __future__ import annotations

from classroom.core.games.express import Options
from classroom.core.rules.library import find_rule
from classroom.usecases import GroupSetup
from tests.realtime.conftest import Lesson, Tablet

LIBRARY_RULE = "alternate-colors"


def library_lesson(lesson: Lesson) -> tuple[Lesson, Tablet]:
    """A class whose one group plays a library rule, with one seated tablet and a round."""
    rule = find_rule(LIBRARY_RULE)
    class_id = lesson.service.classes.create_class(
        lesson.teacher_id,
        "8A Library",
        [GroupSetup("Herons", rule.rule_text, rule_id=rule.id)],
        Options(),
    )
    snapshot = lesson.service.reading.class_snapshot(lesson.teacher_id, class_id)
    herons = Lesson(
        lesson.app,
        lesson.service,
        lesson.teacher_id,
        class_id,
        snapshot.join_code,
        [g.group_id for g in snapshot.groups],
    )
    tablet = herons.join("Ana")
    herons.join("Ben")
    herons.join("Chen")
    herons.start()
    return herons, tablet


def test_a_revealed_library_rule_comes_in_plain_words_with_its_rule_language(lesson):
    herons, ana = library_lesson(lesson)
    before = ana.last_state()
    assert before["rule"] is None and before["rule_id"] is None and before["rule_words"] is None
    herons.service.rounds.set_revealed(herons.teacher_id, herons.group_ids[0], True)
    after = ana.last_state()
    rule = find_rule(LIBRARY_RULE)
    assert after["rule_id"] == rule.id  # the play page holds the library's words by id
    assert after["rule"] == rule.rule_text
    page = ana.http.get("/play").get_data(as_text=True)
    assert rule.text in page


def test_a_rule_written_in_the_rule_language_has_no_plain_words(lesson):
    ana = lesson.join("Ana")
    lesson.join("Ben")
    lesson.join("Chen")
    lesson.start()
    lesson.service.rounds.set_revealed(lesson.teacher_id, lesson.group_ids[0], True)
    state = ana.last_state()
    assert state["rule"] == "card.color != prev.color"
    assert state["rule_id"] is None and state["rule_words"] is None
