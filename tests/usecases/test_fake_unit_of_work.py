"""The in-memory fake alone: it is a unit of work to the type checker, interleaved units of
work and threads lose nothing, a refused write ends its transaction, and deletes leave no
row the ports cannot show. (What it shares with the SQL store is in test_store_*.py.)
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from datetime import datetime

import pytest

from classroom.usecases.ports import Clash, JournalRow, UnitOfWork, VerdictRow, WriteRace
from tests.fakes import FakeStore, FakeUnitOfWork
from tests.fakes.seeding import hints, seed_class, seed_round

FakeFactory = Callable[[], FakeUnitOfWork]


def test_the_fake_is_a_unit_of_work_to_the_type_checker(store: FakeStore):
    uow: UnitOfWork = FakeUnitOfWork(store)
    with uow:
        assert uow.teachers.count() == 0


@pytest.fixture
def played(uow_factory: FakeFactory) -> tuple[int, int]:
    """A group and its committed round with its first event: (group id, round id)."""
    with uow_factory() as uow:
        group_id = uow.groups.of_class(seed_class(uow))[0].id
        round_id = seed_round(uow, group_id)
        uow.rounds.append(round_id, hints(1))
        uow.commit()
    return group_id, round_id


def test_the_second_of_two_interleaved_writers_of_a_seq_loses_at_commit(
    uow_factory: FakeFactory, played: tuple[int, int]
):
    _, round_id = played
    with uow_factory() as first, uow_factory() as second:
        first.rounds.append(round_id, hints(2))
        second.rounds.append(round_id, hints(2))
        second.teachers.add("bob", "hash")
        first.commit()
        with pytest.raises(WriteRace):
            second.commit()
    with uow_factory() as uow:
        assert [event.seq for event in uow.rounds.events(round_id)] == [1, 2]
        assert uow.teachers.by_username("bob") is None


def test_a_group_lock_reads_what_was_committed_before_it(
    uow_factory: FakeFactory, played: tuple[int, int]
):
    group_id, round_id = played
    with uow_factory() as late:
        late.teachers.add("bob", "hash")
        with uow_factory() as early:
            early.rounds.append(round_id, hints(2))
            early.commit()
        assert [event.seq for event in late.rounds.events(round_id)] == [1]
        late.groups.lock(group_id)
        assert [event.seq for event in late.rounds.events(round_id)] == [1, 2]
        assert late.teachers.by_username("bob") is not None


def test_interleaved_writers_of_different_rows_both_keep_theirs(uow_factory: FakeFactory):
    with uow_factory() as uow:
        first, second = (g.id for g in uow.groups.of_class(seed_class(uow)))
        uow.commit()
    with uow_factory() as one, uow_factory() as other:
        one.seats.add(first, "Ana", "ana", "t1")
        other.seats.add(second, "Ben", "ben", "t2")
        other.commit()
        one.commit()
    with uow_factory() as uow:
        assert [n for _, n in uow.seats.names(first) + uow.seats.names(second)] == ["Ana", "Ben"]


def test_threads_joining_one_group_at_once_lose_no_seat(uow_factory: FakeFactory):
    with uow_factory() as uow:
        group_id = uow.groups.of_class(seed_class(uow))[0].id
        uow.commit()

    def join(n: int) -> None:
        with uow_factory() as uow:
            uow.seats.add(group_id, f"Kid {n}", f"kid {n}", f"token {n}")
            uow.commit()

    threads = [threading.Thread(target=join, args=(n,)) for n in range(8)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    with uow_factory() as uow:
        assert sorted(name for _, name in uow.seats.names(group_id)) == [
            f"Kid {n}" for n in range(8)
        ]


def test_the_store_clock_stamps_classes_rounds_and_events():
    moment = datetime(2030, 9, 1, 8, 30)
    with FakeUnitOfWork(FakeStore(clock=lambda: moment)) as uow:
        class_id = seed_class(uow)
        group_id = uow.groups.of_class(class_id)[0].id
        uow.rounds.append(seed_round(uow, group_id), hints(1))
        period, latest = uow.classes.get(class_id), uow.rounds.latest(group_id)
        assert period is not None and latest is not None
        written = uow.rounds.stored_events(latest.id)[0].written_at
    assert (period.created_at, latest.started_at, written) == (moment, moment, moment)


def test_a_unit_of_work_refuses_use_outside_its_with_block(uow_factory: FakeFactory):
    uow = uow_factory()
    with pytest.raises(RuntimeError):
        uow.teachers.count()
    with pytest.raises(RuntimeError):
        uow.after_commit(lambda: None)
    with pytest.raises(RuntimeError):
        uow.commit()


def test_a_refused_write_ends_the_transaction(uow_factory: FakeFactory):
    with uow_factory() as uow:
        uow.teachers.add("ada", "hash")
        with pytest.raises(Clash):
            uow.teachers.add("ada", "hash")
        with pytest.raises(RuntimeError):
            uow.teachers.count()
        with pytest.raises(RuntimeError):
            uow.commit()
    with uow_factory() as uow:
        assert uow.teachers.count() == 0


def test_deleting_a_class_leaves_no_row_of_it(uow_factory: FakeFactory, store: FakeStore):
    with uow_factory() as uow:
        kept = seed_class(uow, groups=1, join_code="KEPT22")
        doomed = seed_class(uow, groups=1)
        for class_id in (kept, doomed):
            group = uow.groups.of_class(class_id)[0]
            seat = uow.seats.add(group.id, "Ana", "ana", f"token {class_id}")
            round_id = seed_round(uow, group.id, dealer_seat_id=seat)
            uow.rounds.append(round_id, hints(1))
            uow.seats.remember_action(seat, "a1", 1)
            uow.journal.add(round_id, JournalRow(seat, 1, "reds", None, None, None, datetime.now()))
            uow.rounds.add_verdict(round_id, VerdictRow(1, "5H", True, False))
        uow.commit()
    with uow_factory() as uow:
        uow.classes.delete([doomed])
        uow.commit()
    tables = store.snapshot()
    assert set(tables.classes) == {kept}
    assert {g.class_id for g in tables.groups.values()} == {kept}
    for table in (tables.seats, tables.rounds, tables.events, tables.applied):
        assert len(table) == 1
    assert len(tables.journal) == len(tables.verdicts) == 1


def test_deleting_a_seat_forgets_its_applied_actions(uow_factory: FakeFactory, store: FakeStore):
    with uow_factory() as uow:
        group_id = uow.groups.of_class(seed_class(uow))[0].id
        seat = uow.seats.add(group_id, "Ana", "ana", "t1")
        uow.seats.remember_action(seat, "a1", 1)
        uow.commit()
    with uow_factory() as uow:
        uow.seats.delete(seat)
        uow.commit()
    assert store.snapshot().applied == {}
    assert store.commits == 2
