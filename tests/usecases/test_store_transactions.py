"""Transactions and unique keys of the storage ports, held by the fake and the SQL store alike.

Every test runs on both implementations (`any_uow_factory`): one failing on just one of them
found a difference, a bug in that one.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sqlalchemy.exc import IntegrityError

from classroom.usecases.ports import Clash, UnitOfWork, WriteRace
from tests.fakes import SchemaViolation
from tests.fakes.seeding import hints, seed_class, seed_round

Factory = Callable[[], UnitOfWork]
#: What each store raises for a write its schema refuses for a reason the ports do not name.
NOT_A_PORT_ERROR = (IntegrityError, SchemaViolation)


# --- transactions ------------------------------------------------------------------------
def test_writes_are_kept_only_once_committed(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        uow.teachers.add("ada", "hash")
        assert uow.teachers.count() == 1
    with any_uow_factory() as uow:
        assert uow.teachers.count() == 0
        uow.teachers.add("ada", "hash")
        uow.commit()
    with any_uow_factory() as uow:
        assert uow.teachers.by_username("ada") is not None


def test_an_error_in_the_block_discards_the_writes(any_uow_factory: Factory):
    with pytest.raises(KeyError), any_uow_factory() as uow:
        uow.teachers.add("ada", "hash")
        raise KeyError("boom")
    with any_uow_factory() as uow:
        assert uow.teachers.count() == 0


def test_writes_not_yet_committed_are_invisible_to_another_unit_of_work(
    any_uow_factory: Factory,
):
    with any_uow_factory() as writer:
        writer.teachers.add("ada", "hash")
        with any_uow_factory() as reader:
            assert reader.teachers.by_username("ada") is None


def test_callbacks_run_once_after_the_commit_and_see_its_data(any_uow_factory: Factory):
    seen: list[int] = []

    def count_teachers() -> None:
        with any_uow_factory() as other:
            seen.append(other.teachers.count())

    with any_uow_factory() as uow:
        uow.after_commit(count_teachers)
        uow.teachers.add("ada", "hash")
        assert seen == []
        uow.commit()
        assert seen == [1]
        uow.teachers.add("bob", "hash")
        uow.commit()
    assert seen == [1]


def test_callbacks_never_run_without_a_commit(any_uow_factory: Factory):
    called: list[str] = []
    with any_uow_factory() as uow:
        uow.after_commit(lambda: called.append("rolled back"))
        uow.teachers.add("ada", "hash")
    with pytest.raises(WriteRace), any_uow_factory() as uow:
        uow.after_commit(lambda: called.append("refused"))
        round_id = seed_round(uow, uow.groups.of_class(seed_class(uow))[0].id)
        uow.rounds.append(round_id, hints(1))
        uow.rounds.append(round_id, hints(1))
        uow.commit()
    assert called == []


# --- unique keys -------------------------------------------------------------------------
def test_a_nickname_key_is_unique_within_its_group_only(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        first, second = uow.groups.of_class(seed_class(uow))
        uow.seats.add(first.id, "Ana", "ana", "t1")
        uow.seats.add(second.id, "ana", "ana", "t2")
        uow.commit()
    with pytest.raises(Clash), any_uow_factory() as uow:
        uow.seats.add(first.id, "ANA", "ana", "t3")
        uow.commit()
    with any_uow_factory() as uow:
        assert [key for _, key in uow.seats.keys(first.id)] == ["ana"]


def test_renaming_to_a_taken_nickname_key_clashes(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        group = uow.groups.of_class(seed_class(uow))[0]
        uow.seats.add(group.id, "Ana", "ana", "t1")
        ben = uow.seats.add(group.id, "Ben", "ben", "t2")
        uow.commit()
    with pytest.raises(Clash), any_uow_factory() as uow:
        uow.seats.rename(ben, "Ana", "ana")
        uow.commit()
    with any_uow_factory() as uow:
        uow.seats.rename(ben, "Benjamin", "benjamin")
        uow.commit()
    with any_uow_factory() as uow:
        assert [name for _, name in uow.seats.names(group.id)] == ["Ana", "Benjamin"]


def test_an_event_seq_written_twice_is_a_write_race(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        round_id = seed_round(uow, uow.groups.of_class(seed_class(uow))[0].id)
        uow.rounds.append(round_id, hints(1, 2))
        uow.commit()
    with pytest.raises(WriteRace), any_uow_factory() as uow:
        uow.rounds.append(round_id, hints(2))
        uow.commit()
    with any_uow_factory() as uow:
        assert [event.seq for event in uow.rounds.events(round_id)] == [1, 2]


def test_an_action_id_applied_twice_is_a_write_race(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        group = uow.groups.of_class(seed_class(uow))[0]
        seat = uow.seats.add(group.id, "Ana", "ana", "t1")
        assert uow.seats.seated_and_applied(seat, group.id, "a1") == (True, None)
        uow.seats.remember_action(seat, "a1", 7)
        uow.commit()
    with pytest.raises(WriteRace), any_uow_factory() as uow:
        uow.seats.remember_action(seat, "a1", 9)
        uow.commit()
    with any_uow_factory() as uow:
        assert uow.seats.seated_and_applied(seat, group.id, "a1") == (True, 7)
        assert uow.seats.seated_and_applied(seat, group.id, "a2") == (True, None)
        assert uow.seats.seated_and_applied(seat, group.id + 1, "a1") == (False, None)


def test_a_username_is_unique(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        uow.teachers.add("ada", "hash")
        uow.commit()
    with pytest.raises(Clash), any_uow_factory() as uow:
        uow.teachers.add("ada", "other hash")
        uow.commit()


def test_writing_to_a_round_or_seat_removed_meanwhile_is_a_write_race(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        class_id = seed_class(uow)
        group_id = uow.groups.of_class(class_id)[0].id
        seat_id = uow.seats.add(group_id, "Ana", "ana", "t1")
        round_id = seed_round(uow, group_id)
        uow.commit()
    with any_uow_factory() as uow:
        uow.classes.delete([class_id])
        uow.commit()
    with pytest.raises(WriteRace), any_uow_factory() as uow:
        uow.rounds.append(round_id, hints(1))
        uow.commit()
    with pytest.raises(WriteRace), any_uow_factory() as uow:
        uow.seats.remember_action(seat_id, "a1", 1)
        uow.commit()


def test_a_round_number_taken_twice_in_a_group_is_refused(any_uow_factory: Factory):
    with any_uow_factory() as uow:
        group = uow.groups.of_class(seed_class(uow))[0]
        seed_round(uow, group.id, 1)
        uow.commit()
    with pytest.raises(NOT_A_PORT_ERROR), any_uow_factory() as uow:
        seed_round(uow, group.id, 1)
        uow.commit()
    with any_uow_factory() as uow:
        assert [r.number for r in uow.rounds.of_group(group.id)] == [1]
