"""A database migrated to the newest schema (SQLite, or PostgreSQL on request), units of work
on it, and a small class to work on: a teacher, two groups, three seats in the first."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from sqlalchemy.orm import Session, sessionmaker

from classroom.store.database import make_engine
from classroom.store.migrate import upgrade
from classroom.store.unit_of_work import SqlUnitOfWork, sql_unit_of_work_factory
from classroom.usecases.ports import NewGroup

NewUnitOfWork = Callable[[], SqlUnitOfWork]
NICKNAMES = ("Ana", "Ben", "Chen")


@dataclass(frozen=True)
class Lesson:
    """The ids of the class the tests start from."""

    teacher_id: int
    class_id: int
    group_ids: tuple[int, int]
    seat_ids: tuple[int, int, int]


@pytest.fixture
def sessions(database_url: str) -> Iterator[sessionmaker[Session]]:
    """Sessions on this test's own database, at the newest schema."""
    engine = make_engine(database_url)
    upgrade(engine)
    yield sessionmaker(engine, expire_on_commit=False)
    engine.dispose()


@pytest.fixture
def new_uow(sessions: sessionmaker[Session]) -> NewUnitOfWork:
    """What the use cases are given: each call a fresh unit of work."""
    return sql_unit_of_work_factory(sessions)


@pytest.fixture
def lesson(new_uow: NewUnitOfWork) -> Lesson:
    """A committed class with groups "Otters" and "Falcons"; Ana, Ben and Chen at the first."""
    with new_uow() as uow:
        teacher_id = uow.teachers.add("ms-rivera", "hash")
        class_id = uow.classes.add(
            teacher_id=teacher_id,
            name="Period 3",
            join_code="7HK2MQ",
            wrong_guess_penalty=False,
            stock_out="add_deck",
            groups=[
                NewGroup("Otters", "color alternates", None, "app"),
                NewGroup("Falcons", "rank up", "rank-up", "student"),
            ],
        )
        first, second = (group.id for group in uow.groups.of_class(class_id))
        seats = tuple(
            uow.seats.add(first, name, name.casefold(), f"token-{name}") for name in NICKNAMES
        )
        uow.commit()
    return Lesson(teacher_id, class_id, (first, second), (seats[0], seats[1], seats[2]))
