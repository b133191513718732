"""Writes to one group serialized across processes, by a lock in the database itself.

Every use case that appends to a round's log calls `Groups.lock` (`lock_group` below) first
thing in its unit of work:

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
(round_id, seq) key (or an action id applied twice) still reject a write or a commit, the store
raises `WriteRace` (`write_error` tells it from other integrity errors) and the use case runs
again, once: the retry reads the log afresh, so it either applies the action on top of the
other writer's events or finds the action already applied.
"""

from __future__ import annotations

from sqlalchemy import Connection, bindparam, select
from sqlalchemy.exc import IntegrityError

from classroom.store.models import Group
from classroom.usecases.ports import Clash, WriteRace

__all__ = ["lock_group", "write_error"]

# Constraints whose violation means "another writer got there first", not bad input.
RACE_TABLES = ("round_events", "applied_actions")
# The unique keys a user's choice can collide with: a nickname at a table, a username.
CLASH_COLUMNS = ("nickname_key", "username")
_LOCK_GROUP = (
    select(Group.id).where(Group.id == bindparam("group_id")).with_for_update(key_share=True)
)


def lock_group(connection: Connection, group_id: int) -> None:
    """Hold the group's write lock until the session's transaction ends.

    Call it before the transaction reads anything: on SQLite the transaction must not have
    begun yet for `BEGIN IMMEDIATE` to be its start (should it have begun by writing, it holds
    the write lock already).
    """
    if connection.dialect.name == "sqlite":
        raw = connection.connection.dbapi_connection
        if not getattr(raw, "in_transaction", True):
            connection.exec_driver_sql("BEGIN IMMEDIATE")
        return
    connection.execute(_LOCK_GROUP, {"group_id": group_id})


def write_error(error: IntegrityError) -> WriteRace | Clash | None:
    """What a refused write means to the use cases: a lost race on the round log, a clash
    with a taken name, or None (anything else is a programming error)."""
    # The first line names the constraint; PostgreSQL's next ones quote the values, which a
    # nickname could make look like anything.
    message = str(error.orig).partition("\n")[0]
    if any(table in message for table in RACE_TABLES):
        return WriteRace(message)
    if any(column in message for column in CLASH_COLUMNS):
        return Clash(message)
    return None
