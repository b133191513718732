"""The session version of a teacher, held alike by the SQL store and the in-memory fake."""

from __future__ import annotations

from collections.abc import Callable

from classroom.usecases.ports import UnitOfWork
from tests.usecases import conftest as usecases

store, any_uow_factory = usecases.store, usecases.any_uow_factory


def test_a_teachers_session_version_starts_at_zero_and_only_rises(
    any_uow_factory: Callable[[], UnitOfWork],
) -> None:
    with any_uow_factory() as uow:
        ada = uow.teachers.add("ada", "hash")
        bob = uow.teachers.add("bob", "hash")
        uow.commit()
    with any_uow_factory() as uow:
        uow.teachers.bump_session_version(ada)
        uow.teachers.bump_session_version(ada)
        uow.teachers.bump_session_version(ada + bob + 1)  # nobody: nothing happens
        uow.commit()
    with any_uow_factory() as uow:
        versions = [account.session_version for account in map(uow.teachers.get, (ada, bob))]
        assert versions == [2, 0]
    with any_uow_factory() as uow:
        uow.teachers.bump_session_version(bob)  # not committed: forgotten
    with any_uow_factory() as uow:
        assert uow.teachers.get(bob).session_version == 0
