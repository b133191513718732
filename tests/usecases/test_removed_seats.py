"""A removed student: out of the group at once (no token, no seat on any page, the nickname free
again), yet still named in the record of the rounds they played. Held on the fake store and the
SQL one alike."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, NotFound, SeatRef, UseCases
from classroom.usecases.ports import UnitOfWork
from tests.usecases.conftest import ALTERNATE_COLOURS


@pytest.fixture
def service(any_uow_factory: Callable[[], UnitOfWork], rng: random.Random) -> UseCases:
    """The use cases over the fake store, then over the SQL one."""
    return UseCases.over(any_uow_factory, rng=rng)


def _seated(service: UseCases) -> tuple[int, int, str, dict[str, tuple[SeatRef, str]]]:
    teacher = service.teachers.create_teacher("teacher", "long enough")
    setups = [GroupSetup("Otters", ALTERNATE_COLOURS)]
    class_id = service.classes.create_class(teacher, "Class 7b", setups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    seats = {
        name: service.seats.join(snapshot.join_code, group_id, name)
        for name in ("Ana", "Ben", "Chen", "Dan")
    }
    return teacher, group_id, snapshot.join_code, seats


def test_a_student_removed_after_a_round_keeps_their_name_in_its_record(
    service: UseCases,
) -> None:
    teacher, group_id, code, seats = _seated(service)
    service.rounds.start_round(teacher, group_id)
    service.rounds.end_round(teacher, group_id)
    dan, token = seats["Dan"]
    service.seats.remove_seat(teacher, dan.seat_id)
    record = service.records.group_record(teacher, group_id)
    assert record.nickname(dan.key) == "Dan"
    dealt = record.rounds[0].events[0]
    assert [record.nickname(seat) for seat in getattr(dealt, "seats", ())] == [
        "Ana",
        "Ben",
        "Chen",
        "Dan",
    ]
    # ...and nothing more: no token, no seat on the pages, no control over the seat.
    with pytest.raises(NotFound):
        service.seats.seat_by_token(token)
    seated = [seat.nickname for seat in service.reading.group_snapshot(group_id).seats]
    assert seated == ["Ana", "Ben", "Chen"]
    with pytest.raises(NotFound):
        service.seats.rename_seat(teacher, dan.seat_id, "Daniel")
    with pytest.raises(NotFound):
        service.seats.remove_seat(teacher, dan.seat_id)
    # The nickname is free again; the newcomer is another seat, with a name of their own in
    # the record.
    again, _token = service.seats.join(code, group_id, "Dan")
    assert again.seat_id != dan.seat_id
    assert service.records.group_record(teacher, group_id).nickname(again.key) == "Dan"


def test_a_student_removed_before_the_first_round_leaves_nothing(service: UseCases) -> None:
    teacher, group_id, _code, seats = _seated(service)
    dan, token = seats["Dan"]
    service.seats.remove_seat(teacher, dan.seat_id)
    record = service.records.group_record(teacher, group_id)
    assert sorted(record.names.values()) == ["Ana", "Ben", "Chen"]
    with pytest.raises(NotFound):
        service.seats.seat_by_token(token)
