"""A database connection that drops, as when the database server restarts: the connection
under the next statements on an engine is closed just before each runs, so the real driver
fails as it does when its server has gone (a fault put into the real driver's path, not a
stand-in for the store)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import Connection, Engine, event

__all__ = ["dropping"]


@contextmanager
def dropping(engine: Engine, statements: int = 1, matching: str = "") -> Iterator[list[int]]:
    """The next `statements` statements on `engine` (those whose SQL holds `matching`) lose
    their connection; yields [how many have]."""
    dropped = [0]

    def drop(connection: Connection, _cursor: Any, statement: str, *_args: Any) -> None:
        if dropped[0] < statements and matching in statement:
            dropped[0] += 1
            connection.connection.dbapi_connection.close()  # type: ignore[union-attr]

    event.listen(engine, "before_cursor_execute", drop)
    try:
        yield dropped
    finally:
        event.remove(engine, "before_cursor_execute", drop)
