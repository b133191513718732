"""Everyone predicts is a class's option, but not every game predicts: the class page names the
tables whose game (this round's or the next) has none, in the teacher's language."""

from __future__ import annotations

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, UseCases
from tests.web.conftest import Browser, text

RULE = "card.color != prev.color"
NOTICE = "These tables play a game without predictions, so they do not predict: Owls."


def _class(service: UseCases, teacher: int, *, predicting: bool) -> int:
    groups = [GroupSetup("Otters", RULE), GroupSetup("Owls", RULE, mode="new_eleusis")]
    return service.classes.create_class(
        teacher, "8B", groups, Options(), everyone_predicts=predicting
    )


def test_the_class_page_names_the_tables_that_do_not_predict(
    client: Browser, service: UseCases, teacher: int
) -> None:
    class_id = _class(service, teacher, predicting=True)
    page = text(client.get(f"/teacher/classes/{class_id}"))
    assert NOTICE in page
    service.preferences.set_teacher_language(teacher, "pl")
    page = text(client.get(f"/teacher/classes/{class_id}"))
    assert "Te stoły grają w grę bez przewidywania, więc nie przewidują: Owls." in page


def test_nothing_is_said_when_the_class_does_not_predict_or_every_table_does(
    client: Browser, service: UseCases, teacher: int
) -> None:
    quiet = _class(service, teacher, predicting=False)
    assert "without predictions" not in text(client.get(f"/teacher/classes/{quiet}"))
    groups = [GroupSetup("Otters", RULE)]
    express = service.classes.create_class(teacher, "8C", groups, Options(), everyone_predicts=True)
    assert "without predictions" not in text(client.get(f"/teacher/classes/{express}"))


def test_a_table_whose_next_round_is_new_eleusis_is_named_too(
    client: Browser, service: UseCases, teacher: int
) -> None:
    class_id = service.classes.create_class(
        teacher, "8D", [GroupSetup("Owls", RULE)], Options(), everyone_predicts=True
    )
    group_id = service.reading.class_snapshot(teacher, class_id).groups[0].group_id
    service.lesson.set_mode(teacher, group_id, "new_eleusis")
    assert NOTICE in text(client.get(f"/teacher/classes/{class_id}"))
