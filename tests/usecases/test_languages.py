"""Languages as the use cases keep them: a class's (set at creation, changeable), a teacher's
(none: the browser's), and what a page about a class, group, seat or projector link speaks."""

from __future__ import annotations

import pytest

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, Invalid, NotFound, UseCases

RULE = "card.color != prev.color"


def new_class(use_cases: UseCases, teacher: int, language: str = "en") -> int:
    groups = [GroupSetup("Herons", RULE)]
    return use_cases.classes.create_class(teacher, "Class 7c", groups, Options(), language=language)


def language_of(use_cases: UseCases, teacher: int, class_id: int) -> str:
    (period,) = [c for c in use_cases.classes.classes_of(teacher) if c.id == class_id]
    return period.language


def test_a_class_speaks_the_language_it_was_created_in(use_cases: UseCases, teacher: int):
    english, polish = new_class(use_cases, teacher), new_class(use_cases, teacher, "pl")
    assert language_of(use_cases, teacher, english) == "en"
    assert language_of(use_cases, teacher, polish) == "pl"
    assert use_cases.preferences.class_language(polish) == "pl"


def test_a_class_in_an_unknown_language_is_refused_and_not_created(
    use_cases: UseCases, teacher: int
):
    with pytest.raises(Invalid, match="en, ja, pl, ru"):
        new_class(use_cases, teacher, "de")
    assert use_cases.classes.classes_of(teacher) == []


def test_the_teacher_changes_a_class_language(use_cases: UseCases, teacher: int):
    class_id = new_class(use_cases, teacher, "pl")
    use_cases.classes.set_class_language(teacher, class_id, "ja")
    assert language_of(use_cases, teacher, class_id) == "ja"


def test_an_unknown_class_language_changes_nothing(use_cases: UseCases, teacher: int):
    class_id = new_class(use_cases, teacher, "pl")
    with pytest.raises(Invalid, match="not xx"):
        use_cases.classes.set_class_language(teacher, class_id, "xx")
    assert language_of(use_cases, teacher, class_id) == "pl"


def test_only_the_classes_teacher_changes_its_language(use_cases: UseCases, teacher: int):
    class_id = new_class(use_cases, teacher, "pl")
    other = use_cases.teachers.create_teacher("other", "long enough")
    with pytest.raises(NotFound):
        use_cases.classes.set_class_language(other, class_id, "ru")
    assert language_of(use_cases, teacher, class_id) == "pl"


def test_a_teacher_follows_the_browser_until_choosing(use_cases: UseCases, teacher: int):
    assert use_cases.preferences.teacher_language(teacher) is None
    use_cases.preferences.set_teacher_language(teacher, "ja")
    assert use_cases.preferences.teacher_language(teacher) == "ja"
    use_cases.preferences.set_teacher_language(teacher, None)
    assert use_cases.preferences.teacher_language(teacher) is None


def test_an_unknown_teacher_language_changes_nothing(use_cases: UseCases, teacher: int):
    use_cases.preferences.set_teacher_language(teacher, "ru")
    with pytest.raises(Invalid):
        use_cases.preferences.set_teacher_language(teacher, "klingon")
    assert use_cases.preferences.teacher_language(teacher) == "ru"
    with pytest.raises(NotFound):
        use_cases.preferences.set_teacher_language(teacher + 99, "pl")


def test_a_group_seat_and_projector_link_speak_their_class_language(
    use_cases: UseCases, teacher: int
):
    class_id = new_class(use_cases, teacher, "ru")
    info = use_cases.seats.open_class_by_code(use_cases.classes.classes_of(teacher)[0].join_code)
    group_id = info.groups[0][0]
    _seat, token = use_cases.seats.join(info.join_code, group_id, "Вася")
    link = use_cases.classes.projector_link_token(teacher, class_id)
    preferences = use_cases.preferences
    assert preferences.group_language(group_id) == "ru"
    assert preferences.seat_language(token) == "ru"
    assert preferences.projector_language(link) == "ru"
    assert preferences.join_code_language(info.join_code.lower()) == "ru"


def test_unknown_things_speak_no_language(use_cases: UseCases):
    preferences = use_cases.preferences
    assert preferences.class_language(404) is None and preferences.group_language(404) is None
    assert preferences.seat_language("nope") is None and preferences.seat_language("") is None
    assert preferences.projector_language("x" * 200) is None
    assert preferences.teacher_language(404) is None
    assert preferences.join_code_language("ZZZZZZ") is None
