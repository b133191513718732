"""Writes to one group serialized across processes, by a lock in the database itself.

Every use case that appends to a round's log calls `lock_group` first thing in its transaction:

* PostgreSQL: `SELECT id FROM groups WHERE id = :id FOR NO KEY UPDATE` locks the group's row
  until commit. (NO KEY UPDATE serializes the writers of the group exactly like FOR UPDATE, but
  lets other transactions keep inserting rows that merely reference the group, such as a
  student joining.) Under READ COMMITTED every later statement sees what the previous holder
  committed, so the round state is caught up from the log after the lock, never before.
* SQLite: the transaction begins with `BEGIN IMMEDIATE`, taking the database's write lock (the
  busy timeout makes a second writer wait). Only these transactions do: with pysqlite's usual
  behaviour every other transaction still begins at its first write and waits there, which is
  what lets concurrent joins and journal entries wait instead of failing with SQLITE_BUSY (a
  deferred `BEGIN` for every transaction, as in SQLAlchemy's recipe, would turn a read-then-write
  under contention into an immediate "database is locked"). WAL lets readers go on meanwhile.

With the lock in place two writers never compute the same next seq. Should the unique
(round_id, seq) key (or an action id applied twice) still reject a commit, `retry_once` runs the
whole use case again, once: the retry reads the log afresh, so it either applies the action
on top of the other writer's events or finds the action already applied.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import ParamSpec, TypeVar

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from classroom.store.models import Group

__all__ = ["lock_group", "retry_once"]

P = ParamSpec("P")
R = TypeVar("R")
# Constraints whose violation means "another writer got there first", not bad input.
RACE_TABLES = ("round_events", "applied_actions")


def lock_group(db: Session, group_id: int) -> None:
    """Hold the group's write lock until the session's transaction ends.

    Call it before the transaction reads anything: on SQLite the transaction must not have
    begun yet for `BEGIN IMMEDIATE` to be its start (should it have begun by writing, it holds
    the write lock already).
    """
    connection = db.connection()
    if connection.dialect.name == "sqlite":
        raw = connection.connection.dbapi_connection
        if not getattr(raw, "in_transaction", True):
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        return
    db.execute(select(Group.id).where(Group.id == group_id).with_for_update(key_share=True))


def retry_once(use_case: Callable[P, R]) -> Callable[P, R]:
    """Run `use_case` a second time if its commit lost a race on the round log's keys."""

    @functools.wraps(use_case)
    def run(*args: P.args, **kwargs: P.kwargs) -> R:
        try:
            return use_case(*args, **kwargs)
        except IntegrityError as error:
            if not any(table in str(error.orig) for table in RACE_TABLES):
                raise
            return use_case(*args, **kwargs)

    return run
