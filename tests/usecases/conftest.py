"""Fixtures for the use-case tests: units of work over an in-memory store, a seeded shuffle.

`uow_factory` makes fake units of work sharing one store, for the use cases' own tests.
`any_uow_factory` is the same over each implementation of the ports in turn (the fake, then
the SQL store on this test's database), for the tests that hold both to one behaviour.
"""

from __future__ import annotations

import functools
import importlib
import random
from collections.abc import Callable, Iterator

import pytest

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, UseCases
from classroom.usecases.ports import UnitOfWork
from tests.fakes import FakeStore, FakeUnitOfWork
from tests.usecases.tables import Table

RNG_SEED = 20_240_607
ALTERNATE_COLOURS = "card.color != prev.color"
SQL_MODULE = "classroom.store.unit_of_work"


@pytest.fixture
def store() -> FakeStore:
    """An empty in-memory store."""
    return FakeStore()


@pytest.fixture
def uow_factory(store: FakeStore) -> Callable[[], FakeUnitOfWork]:
    """A new fake unit of work on each call, all over the same store."""
    return functools.partial(FakeUnitOfWork, store)


@pytest.fixture
def rng() -> random.Random:
    """The same shuffles on every run."""
    return random.Random(RNG_SEED)


@pytest.fixture(params=["fake", "sql"])
def any_uow_factory(
    request: pytest.FixtureRequest, store: FakeStore
) -> Iterator[Callable[[], UnitOfWork]]:
    """New units of work over one empty store: the fake one, then the SQL one."""
    if request.param == "fake":
        yield functools.partial(FakeUnitOfWork, store)
        return
    yield from _sql_factory(request.getfixturevalue("database_url"))


def _sql_factory(url: str) -> Iterator[Callable[[], UnitOfWork]]:
    try:
        module = importlib.import_module(SQL_MODULE)
    except ImportError as error:
        pytest.fail(f"{SQL_MODULE} cannot be imported, so the SQL store is untested: {error}")
    from classroom.store.database import connect, create_schema

    sessions = connect(url)
    engine = sessions.kw["bind"]
    create_schema(engine)
    yield functools.partial(module.SqlUnitOfWork, sessions)
    engine.dispose()


@pytest.fixture
def use_cases(uow_factory: Callable[[], UnitOfWork], rng: random.Random) -> UseCases:
    """Every use case over the in-memory store."""
    return UseCases.over(uow_factory, rng=rng)


@pytest.fixture
def teacher(use_cases: UseCases) -> int:
    """A teacher account."""
    return use_cases.teachers.create_teacher("teacher", "long enough")


@pytest.fixture
def class_id(use_cases: UseCases, teacher: int) -> int:
    """A class of two groups playing alternating colours."""
    groups = [GroupSetup("Otters", ALTERNATE_COLOURS), GroupSetup("Comets", ALTERNATE_COLOURS)]
    return use_cases.classes.create_class(teacher, "Class 7b", groups, Options())


@pytest.fixture
def table(use_cases: UseCases, teacher: int, class_id: int) -> Table:
    """Four students at the first group, the app dealing round 1."""
    table = Table.seated(use_cases, teacher, class_id, players=4)
    use_cases.rounds.start_round(teacher, table.group_id)
    return table
