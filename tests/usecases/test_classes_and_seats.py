"""Class set-up, joining and the teacher's control over seats, on the in-memory store."""

from __future__ import annotations

import pytest

from classroom.core.games.express import Options
from classroom.usecases import Conflict, GroupSetup, Invalid, NotFound, UseCases

ALTERNATE = "card.color != prev.color"


def test_a_class_gets_its_groups_in_order_and_an_open_join_code(use_cases: UseCases) -> None:
    teacher = use_cases.teachers.create_teacher("mira", "long enough")
    class_id = use_cases.classes.create_class(
        teacher,
        "  Physics   7b ",
        [GroupSetup("Otters", ALTERNATE), GroupSetup("Comets", "true")],
        Options(),
    )
    snapshot = use_cases.reading.class_snapshot(teacher, class_id)
    assert snapshot.name == "Physics 7b"
    assert [g.group_name for g in snapshot.groups] == ["Otters", "Comets"]
    assert use_cases.seats.open_class_by_code(snapshot.join_code.lower()).class_id == class_id


@pytest.mark.parametrize(
    ("name", "groups"),
    [("", [GroupSetup("A", "true")]), ("x" * 121, [GroupSetup("A", "true")]), ("Class", [])],
)
def test_a_class_needs_a_name_and_one_to_twelve_groups(
    use_cases: UseCases, teacher: int, name: str, groups: list[GroupSetup]
) -> None:
    with pytest.raises(Invalid):
        use_cases.classes.create_class(teacher, name, groups, Options())
    assert use_cases.classes.classes_of(teacher) == []


def test_a_rule_that_does_not_compile_is_refused_with_its_group_named(
    use_cases: UseCases, teacher: int
) -> None:
    with pytest.raises(Invalid, match="Otters"):
        use_cases.classes.create_class(
            teacher, "Class", [GroupSetup("Otters", "card.color ==")], Options()
        )


def test_another_teachers_class_is_not_found(use_cases: UseCases, class_id: int) -> None:
    stranger = use_cases.teachers.create_teacher("someone", "long enough")
    with pytest.raises(NotFound):
        use_cases.reading.class_snapshot(stranger, class_id)
    with pytest.raises(NotFound):
        use_cases.classes.delete_class(stranger, class_id)


def test_joining_seats_a_student_whose_token_opens_the_seat(
    use_cases: UseCases, class_id: int, teacher: int
) -> None:
    code, group_id = _code_and_group(use_cases, teacher, class_id)
    seat, token = use_cases.seats.join(code, group_id, "  Zoë ")
    assert seat.nickname == "Zoë"
    assert use_cases.seats.seat_by_token(token) == seat
    with pytest.raises(NotFound):
        use_cases.seats.seat_by_token("not a token")


def test_a_nickname_is_taken_whatever_its_case(
    use_cases: UseCases, class_id: int, teacher: int
) -> None:
    code, group_id = _code_and_group(use_cases, teacher, class_id)
    use_cases.seats.join(code, group_id, "Ana")
    with pytest.raises(Conflict, match="already called"):
        use_cases.seats.join(code, group_id, "ANA")
    assert len(use_cases.reading.group_snapshot(group_id).seats) == 1


def test_a_group_seats_eight(use_cases: UseCases, class_id: int, teacher: int) -> None:
    code, group_id = _code_and_group(use_cases, teacher, class_id)
    for n in range(8):
        use_cases.seats.join(code, group_id, f"Kid {n}")
    with pytest.raises(Conflict, match="full"):
        use_cases.seats.join(code, group_id, "Ninth")


def test_locked_or_ended_classes_take_nobody(
    use_cases: UseCases, class_id: int, teacher: int
) -> None:
    code, group_id = _code_and_group(use_cases, teacher, class_id)
    use_cases.classes.set_joining_locked(teacher, class_id, True)
    with pytest.raises(Conflict, match="closed"):
        use_cases.seats.join(code, group_id, "Late")
    use_cases.classes.set_joining_locked(teacher, class_id, False)
    _seat, token = use_cases.seats.join(code, group_id, "Late")
    use_cases.classes.end_class(teacher, class_id)
    with pytest.raises(NotFound):
        use_cases.seats.open_class_by_code(code)
    with pytest.raises(NotFound, match="ended"):
        use_cases.seats.seat_by_token(token)


def test_rename_refuses_a_name_already_at_the_table(
    use_cases: UseCases, class_id: int, teacher: int
) -> None:
    code, group_id = _code_and_group(use_cases, teacher, class_id)
    ana, _ = use_cases.seats.join(code, group_id, "Ana")
    use_cases.seats.join(code, group_id, "Ben")
    with pytest.raises(Conflict):
        use_cases.seats.rename_seat(teacher, ana.seat_id, "ben")
    assert use_cases.seats.rename_seat(teacher, ana.seat_id, "Anna") == group_id
    names = [s.nickname for s in use_cases.reading.group_snapshot(group_id).seats]
    assert names == ["Anna", "Ben"]


def test_the_projector_link_opens_its_class_until_replaced(
    use_cases: UseCases, class_id: int, teacher: int
) -> None:
    first = use_cases.classes.projector_link_token(teacher, class_id)
    assert use_cases.classes.class_for_projector(first) == class_id
    second = use_cases.classes.projector_link_token(teacher, class_id)
    with pytest.raises(NotFound):
        use_cases.classes.class_for_projector(first)
    assert use_cases.classes.class_for_projector(second) == class_id


def test_deleting_a_class_forgets_its_seats(
    use_cases: UseCases, class_id: int, teacher: int
) -> None:
    code, group_id = _code_and_group(use_cases, teacher, class_id)
    _, token = use_cases.seats.join(code, group_id, "Ana")
    use_cases.classes.delete_class(teacher, class_id)
    assert use_cases.classes.classes_of(teacher) == []
    with pytest.raises(NotFound):
        use_cases.seats.seat_by_token(token)


def test_purge_deletes_only_classes_older_than_the_retention(
    use_cases: UseCases, class_id: int, teacher: int
) -> None:
    assert use_cases.classes.purge(30) == 0
    assert use_cases.classes.purge(0) == 1
    assert use_cases.classes.classes_of(teacher) == []


def test_teacher_passwords_are_checked_and_changed(use_cases: UseCases) -> None:
    assert not use_cases.teachers.has_teachers()
    with pytest.raises(Invalid):
        use_cases.teachers.create_teacher("mira", "short")
    teacher = use_cases.teachers.create_teacher("mira", "long enough")
    with pytest.raises(Conflict):
        use_cases.teachers.create_teacher("mira", "another one")
    assert use_cases.teachers.check_login("mira", "long enough") == teacher
    assert use_cases.teachers.check_login("mira", "wrong password") is None
    use_cases.teachers.set_password("mira", "a new password")
    assert use_cases.teachers.check_login("mira", "long enough") is None
    assert use_cases.teachers.teacher_name(teacher) == "mira"


def _code_and_group(use_cases: UseCases, teacher: int, class_id: int) -> tuple[str, int]:
    snapshot = use_cases.reading.class_snapshot(teacher, class_id)
    return snapshot.join_code, snapshot.groups[0].group_id
