"""The unit of work on SQLAlchemy: one transaction, callbacks after commit only, the store's
refusals as WriteRace and Clash, the group lock, and deleting a class with everything in it."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from sqlalchemy import func, select, text
from sqlalchemy.exc import DBAPIError, OperationalError
from sqlalchemy.orm import Session, sessionmaker

from classroom.core.games.express import Hint
from classroom.store.database import make_engine
from classroom.store.models import (
    AppliedAction,
    ClassPeriod,
    DealerVerdict,
    Group,
    JournalEntry,
    RoundEvent,
    Seat,
    StoredRound,
)
from classroom.store.models import utcnow as now
from classroom.store.unit_of_work import sql_unit_of_work_factory
from classroom.usecases.ports import (
    Clash,
    JournalRow,
    NewGroup,
    StoreUnavailable,
    VerdictRow,
    WriteRace,
)
from tests.dropping import dropping
from tests.integration.conftest import Lesson, NewUnitOfWork


def add_round(new_uow: NewUnitOfWork, group_id: int) -> int:
    with new_uow() as uow:
        round_id = uow.rounds.add(
            group_id=group_id,
            number=1,
            rule_text="color alternates",
            rule_kind="language",
            rule_id=None,
            dealer_seat_id=None,
        )
        uow.rounds.append(round_id, [Hint(seq=1, text="look at the colors")])
        uow.commit()
    return round_id


def test_nothing_is_kept_without_commit(new_uow: NewUnitOfWork, lesson: Lesson) -> None:
    with new_uow() as uow:
        uow.teachers.add("mr-okafor", "hash")
        uow.groups.update(lesson.group_ids[0], paused=True)
    with new_uow() as uow:
        assert uow.teachers.by_username("mr-okafor") is None
        group = uow.groups.get(lesson.group_ids[0])
        assert group is not None and group.paused is False


def test_an_error_in_the_block_rolls_everything_back(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    with pytest.raises(KeyError), new_uow() as uow:
        uow.classes.update(lesson.class_id, joining_locked=True)
        raise KeyError("a use case failed")
    with new_uow() as uow:
        found = uow.classes.get(lesson.class_id)
        assert found is not None and found.joining_locked is False


def test_what_is_committed_is_kept(new_uow: NewUnitOfWork, lesson: Lesson) -> None:
    with new_uow() as uow:
        uow.classes.update(lesson.class_id, joining_locked=True)
        uow.commit()
        uow.classes.update(lesson.class_id, projector_anonymous=True)
    with new_uow() as uow:
        found = uow.classes.get(lesson.class_id)
        assert found is not None
        assert (found.joining_locked, found.projector_anonymous) == (True, False)


def test_after_commit_callbacks_run_once_the_commit_succeeded(new_uow: NewUnitOfWork) -> None:
    ran: list[str] = []
    with new_uow() as uow:
        uow.teachers.add("mr-okafor", "hash")
        uow.after_commit(lambda: ran.append("first"))
        uow.after_commit(lambda: ran.append("second"))
        assert ran == []
        uow.commit()
        assert ran == ["first", "second"]
        uow.commit()
    assert ran == ["first", "second"]


def test_after_commit_callbacks_are_dropped_when_leaving_without_commit(
    new_uow: NewUnitOfWork,
) -> None:
    ran: list[str] = []
    with new_uow() as uow:
        uow.after_commit(lambda: ran.append("announced"))
    assert ran == []


def test_after_commit_callbacks_are_dropped_when_the_block_fails(new_uow: NewUnitOfWork) -> None:
    ran: list[str] = []
    with pytest.raises(RuntimeError, match="failed"), new_uow() as uow:
        uow.after_commit(lambda: ran.append("announced"))
        raise RuntimeError("a use case failed")
    assert ran == []


def test_a_unit_of_work_is_used_in_a_with_block(new_uow: NewUnitOfWork) -> None:
    uow = new_uow()
    with pytest.raises(RuntimeError):
        uow.commit()
    with uow, pytest.raises(RuntimeError):
        uow.__enter__()


def test_every_call_of_the_factory_is_a_fresh_unit_of_work(new_uow: NewUnitOfWork) -> None:
    with new_uow() as outer, new_uow() as inner:
        assert outer is not inner
        outer.teachers.add("mr-okafor", "hash")
        outer.commit()
        assert inner.teachers.by_username("mr-okafor") is not None


def test_a_taken_seq_is_a_write_race(new_uow: NewUnitOfWork, lesson: Lesson) -> None:
    round_id = add_round(new_uow, lesson.group_ids[0])
    with new_uow() as uow, pytest.raises(WriteRace):
        uow.rounds.append(round_id, [Hint(seq=1, text="a second writer's hint")])


def test_an_action_id_applied_twice_is_a_write_race(new_uow: NewUnitOfWork, lesson: Lesson) -> None:
    seat = lesson.seat_ids[0]
    with new_uow() as uow:
        uow.seats.remember_action(seat, "action-1", 4)
        uow.commit()
    with new_uow() as uow, pytest.raises(WriteRace):
        uow.seats.remember_action(seat, "action-1", 5)


def test_a_taken_nickname_is_a_clash(new_uow: NewUnitOfWork, lesson: Lesson) -> None:
    with new_uow() as uow, pytest.raises(Clash):
        uow.seats.add(lesson.group_ids[0], "ANA", "ana", "token-other")


def test_renaming_onto_a_taken_nickname_is_a_clash(new_uow: NewUnitOfWork, lesson: Lesson) -> None:
    with new_uow() as uow, pytest.raises(Clash):
        uow.seats.rename(lesson.seat_ids[1], "Ana", "ana")


def test_the_same_nickname_at_another_table_is_no_clash(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    with new_uow() as uow:
        seat_id = uow.seats.add(lesson.group_ids[1], "Ana", "ana", "token-other")
        uow.commit()
    with new_uow() as uow:
        assert uow.seats.names(lesson.group_ids[1]) == [(seat_id, "Ana")]


def test_a_taken_username_is_a_clash(new_uow: NewUnitOfWork, lesson: Lesson) -> None:
    with new_uow() as uow, pytest.raises(Clash):
        uow.teachers.add("ms-rivera", "another hash")


@pytest.mark.parametrize(
    ("repository", "column"),
    [("classes", "name"), ("classes", "teacher_id"), ("groups", "rule_text"), ("groups", "id")],
)
def test_update_refuses_columns_it_does_not_own(
    new_uow: NewUnitOfWork, lesson: Lesson, repository: str, column: str
) -> None:
    row_id = lesson.class_id if repository == "classes" else lesson.group_ids[0]
    with new_uow() as uow, pytest.raises(ValueError, match=column):
        getattr(uow, repository).update(row_id, paused=True, **{column: "x"})


def test_deleting_a_class_deletes_everything_in_it(
    new_uow: NewUnitOfWork, lesson: Lesson, sessions: sessionmaker[Session]
) -> None:
    other = _other_class(new_uow, lesson.teacher_id)
    round_id = add_round(new_uow, lesson.group_ids[0])
    _write_in_round(new_uow, round_id, lesson.seat_ids[0])
    before = _counts(sessions)
    with new_uow() as uow:
        uow.classes.delete([lesson.class_id])
        uow.commit()
    assert _counts(sessions) == {
        "classes": 1, "groups": 1, "seats": 1, "rounds": 0, "events": 0,
        "actions": 0, "journal": 0, "verdicts": 0,
    }  # fmt: skip
    assert (before["groups"], before["seats"], before["journal"]) == (3, 4, 1)
    with new_uow() as uow:
        assert uow.classes.get(lesson.class_id) is None
        assert uow.classes.get(other) is not None


def _other_class(new_uow: NewUnitOfWork, teacher_id: int) -> int:
    with new_uow() as uow:
        class_id = uow.classes.add(
            teacher_id=teacher_id,
            name="Period 4",
            join_code="PQR234",
            wrong_guess_penalty=True,
            stock_out="end_round",
            groups=[NewGroup("Comets", "rank up", "rank-up", "app")],
        )
        (group,) = uow.groups.of_class(class_id)
        uow.seats.add(group.id, "Ana", "ana", "token-comets")
        uow.commit()
    return class_id


def _write_in_round(new_uow: NewUnitOfWork, round_id: int, seat_id: int) -> None:
    with new_uow() as uow:
        uow.seats.remember_action(seat_id, "action-1", 1)
        uow.journal.add(round_id, JournalRow(seat_id, 1, "red, black", 5, None, None, now()))
        uow.rounds.add_verdict(round_id, VerdictRow(1, "10H", True, False))
        uow.commit()


def _counts(sessions: sessionmaker[Session]) -> dict[str, int]:
    tables = {
        "classes": ClassPeriod, "groups": Group, "seats": Seat, "rounds": StoredRound,
        "events": RoundEvent, "actions": AppliedAction, "journal": JournalEntry,
        "verdicts": DealerVerdict,
    }  # fmt: skip
    with sessions() as db:
        return {
            name: db.scalar(select(func.count()).select_from(table)) or 0
            for name, table in tables.items()
        }


def test_the_group_lock_holds_off_other_writers_until_the_unit_of_work_ends(
    new_uow: NewUnitOfWork, lesson: Lesson, sessions: sessionmaker[Session]
) -> None:
    group_id = lesson.group_ids[0]
    with new_uow() as uow:
        uow.groups.lock(group_id)
        assert uow.groups.get(group_id) is not None
        assert not _could_lock(sessions, group_id)
    assert _could_lock(sessions, group_id)


def _could_lock(sessions: sessionmaker[Session], group_id: int) -> bool:
    """Whether another connection can take the group's write lock without waiting."""
    engine = sessions.kw["bind"]
    if engine.dialect.name == "sqlite":
        other = sqlite3.connect(engine.url.database, timeout=0)
        try:
            other.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError:
            return False
        finally:
            other.close()
        return True
    with engine.connect() as connection:
        statement = text("SELECT id FROM groups WHERE id = :id FOR NO KEY UPDATE NOWAIT")
        try:
            connection.execute(statement, {"id": group_id})
        except OperationalError:
            return False
        finally:
            connection.rollback()
        return True


def test_a_dropped_connection_is_store_unavailable_and_nothing_is_kept(
    sessions: sessionmaker[Session], new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    engine = sessions.kw["bind"]
    with pytest.raises(StoreUnavailable), new_uow() as uow:
        uow.classes.update(lesson.class_id, joining_locked=True)
        with dropping(engine) as dropped:
            uow.classes.update(lesson.class_id, projector_anonymous=True)
    assert dropped == [1]
    with new_uow() as uow:  # the next unit of work gets a working connection
        found = uow.classes.get(lesson.class_id)
        assert found is not None
        assert (found.joining_locked, found.projector_anonymous) == (False, False)


def test_a_database_that_cannot_be_reached_is_store_unavailable(tmp_path: Path) -> None:
    nowhere = tmp_path / "no such folder" / "classroom.db"
    units = sql_unit_of_work_factory(sessionmaker(make_engine(f"sqlite:///{nowhere}")))
    with pytest.raises(StoreUnavailable), units() as uow:
        uow.teachers.by_username("ms-rivera")


def test_a_bad_statement_stays_a_bug_not_an_outage(new_uow: NewUnitOfWork) -> None:
    with pytest.raises(DBAPIError), new_uow() as uow:
        uow.teachers.by_username("ms-rivera")
        uow._open().execute(text("SELECT * FROM no_such_table"))


def test_a_read_whose_connection_drops_at_the_end_keeps_what_it_read(
    new_uow: NewUnitOfWork, lesson: Lesson
) -> None:
    with new_uow() as uow:
        found = uow.classes.get(lesson.class_id)
        # The server goes away before the block ends: the closing rollback meets a dead link.
        uow._open().connection.dbapi_connection.close()  # type: ignore[union-attr]
    assert found is not None and found.id == lesson.class_id
    with new_uow() as uow:  # and the next unit of work gets a working connection
        assert uow.classes.get(lesson.class_id) is not None
