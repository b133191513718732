"""Engine and sessions: SQLite in the instance folder by default, any SQLAlchemy URL otherwise.

PostgreSQL (`postgresql+psycopg://...`) gets a pool sized for Flask-SocketIO's threading mode
and a liveness check on checkout, so a restarted database server costs one retry, not an error.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import Engine, create_engine, event
from sqlalchemy.orm import Session, sessionmaker

from classroom.store.models import Base

__all__ = ["connect", "create_schema", "make_engine"]

BUSY_TIMEOUT_MS = 10_000
# Threading mode runs one thread per socket event: a few at once per group, each brief.
POOL_SIZE = 10
MAX_OVERFLOW = 20
# SQLite connections cost a file handle each, and a new one costs its PRAGMAs: kept open for
# the dozens of handlers a bell runs at once (the default 5, with 10 more opened and closed
# again for each use beyond them, made connecting tablets wait for the pool).
SQLITE_POOL_SIZE = 32
SQLITE_MAX_OVERFLOW = 32


def make_engine(url: str) -> Engine:
    """An engine for `url`: SQLite gets WAL, a busy timeout and foreign keys; PostgreSQL a pool."""
    options: dict[str, Any] = {}
    if url.startswith("sqlite"):
        options["connect_args"] = {"check_same_thread": False, "timeout": BUSY_TIMEOUT_MS / 1000}
        options.update(pool_size=SQLITE_POOL_SIZE, max_overflow=SQLITE_MAX_OVERFLOW)
    elif url.startswith("postgresql"):
        options.update(pool_pre_ping=True, pool_size=POOL_SIZE, max_overflow=MAX_OVERFLOW)
    engine = create_engine(url, **options)
    if engine.dialect.name == "sqlite":
        event.listen(engine, "connect", _sqlite_pragmas)
    return engine


def connect(url: str) -> sessionmaker[Session]:
    """A session factory for `url` (see `make_engine`)."""
    return sessionmaker(make_engine(url), expire_on_commit=False)


def _sqlite_pragmas(connection: Any, _record: Any) -> None:
    cursor = connection.cursor()
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute(f"PRAGMA busy_timeout={BUSY_TIMEOUT_MS}")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.execute("PRAGMA synchronous=NORMAL")
    cursor.close()


def create_schema(engine: Engine) -> None:
    """Create every table that does not exist yet, without migrations (benchmarks, scratch
    databases); the app itself uses `classroom.store.migrate.upgrade`."""
    Base.metadata.create_all(engine)
