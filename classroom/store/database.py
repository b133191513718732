"""Engine and sessions: SQLite in the instance folder by default, any SQLAlchemy URL otherwise."""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

from classroom.store.models import Base

__all__ = ["connect", "create_schema"]

BUSY_TIMEOUT_MS = 10_000


def connect(url: str) -> sessionmaker[Session]:
    """A session factory for `url`; SQLite gets WAL, a busy timeout and foreign keys."""
    options: dict[str, Any] = {}
    if url.startswith("sqlite"):
        options["connect_args"] = {"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000}
    engine = create_engine(url, **options)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return sessionmaker(engine, expire_on_commit=False)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def create_schema(engine: Engine) -> None:
    """Create every table that does not exist yet."""
    Base.metadata.create_all(engine)
