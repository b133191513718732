"""Schema migrations with Alembic, driven from code: no alembic.ini is needed at run time.

`upgrade(url)` brings any database to the newest revision. The app calls it on start, so
`classroom serve` and `make run` migrate by themselves; `classroom db upgrade` does it alone, and
`classroom db revision` writes a new revision with `write_revision`.
A database made by an earlier version of the kit with `create_all` (tables, no
`alembic_version`) is stamped at the initial revision first, then upgraded as usual.
The revisions live in `migrations/versions/` inside the package, so the wheel carries them.
"""

from __future__ import annotations

from pathlib import Path

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, inspect

from classroom.store.database import make_engine
from classroom.store.models import Base

__all__ = [
    "INITIAL_REVISION",
    "alembic_config",
    "current_revision",
    "head_revision",
    "run_migrations",
    "upgrade",
    "write_revision",
]

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
INITIAL_REVISION = "0001_initial"
# Any constant: two servers starting at once on one PostgreSQL database take turns migrating.
MIGRATION_LOCK_KEY = 0x454C4555  # "ELEU"


def alembic_config(connection: Connection | None = None, url: str | None = None) -> Config:
    """Alembic's settings, built in code; `connection` is the one the migrations run on."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    if url is not None:
        config.set_main_option("sqlalchemy.url", url.replace("%", "%%"))
    config.attributes["connection"] = connection
    return config


def head_revision() -> str:
    """The newest revision the package carries."""
    from alembic.script import ScriptDirectory

    head = ScriptDirectory.from_config(alembic_config()).get_current_head()
    if head is None:
        raise RuntimeError("the package carries no migrations")
    return head


def current_revision(engine: Engine) -> str | None:
    """The revision the database at `engine` is at (None: never migrated), without changing it."""
    from alembic.migration import MigrationContext

    with engine.connect() as connection:
        return MigrationContext.configure(connection).get_current_revision()


def upgrade(target: str | Engine, revision: str = "head") -> None:
    """Migrate the database at `target` (a URL or an engine) to `revision`, in one transaction
    where the database allows it, one migrating process at a time."""
    engine = make_engine(target) if isinstance(target, str) else target
    try:
        with engine.begin() as connection:
            _take_migration_lock(connection)
            config = alembic_config(connection)
            if _made_without_migrations(connection):
                _adopt(connection, config)
            command.upgrade(config, revision)
    finally:
        if isinstance(target, str):
            engine.dispose()


def _take_migration_lock(connection: Connection) -> None:
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_KEY})")
    elif connection.dialect.name == "sqlite":
        # pysqlite has not begun a transaction yet (nothing was written): begin one that holds
        # the write lock, so the DDL below is atomic and a second process waits its turn.
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def _made_without_migrations(connection: Connection) -> bool:
    """True for a database of an earlier version: the kit's tables, but no alembic_version."""
    tables = set(inspect(connection).get_table_names())
    return "alembic_version" not in tables and bool(tables & set(Base.metadata.tables))


def _adopt(connection: Connection, config: Config) -> None:
    """Stamp a `create_all` database at the initial revision. Earlier versions only ever lacked
    whole tables (they ran `create_all` on every start), so those are created first, as the
    earlier version itself would have done."""
    Base.metadata.create_all(connection)
    command.stamp(config, INITIAL_REVISION)


def run_migrations() -> None:
    """The body of `migrations/env.py`: run the revisions on the connection handed over by
    `upgrade` (or on `sqlalchemy.url` when Alembic's own command line is used)."""
    from alembic import context

    if context.is_offline_mode():
        context.configure(
            url=context.config.get_main_option("sqlalchemy.url"),
            target_metadata=Base.metadata,
            literal_binds=True,
        )
        with context.begin_transaction():
            context.run_migrations()
        return
    connection: Connection | None = context.config.attributes.get("connection")
    if connection is not None:
        _run_on(connection)
        return
    url = context.config.get_main_option("sqlalchemy.url")
    if not url:
        raise RuntimeError("no connection and no sqlalchemy.url to migrate")
    engine = make_engine(url)
    try:
        with engine.connect() as own:
            _run_on(own)
            own.commit()
    finally:
        engine.dispose()


def _run_on(connection: Connection) -> None:
    from alembic import context

    context.configure(
        connection=connection,
        target_metadata=Base.metadata,
        # SQLite alters tables by copying them; batch mode does that for future revisions.
        render_as_batch=connection.dialect.name == "sqlite",
        compare_type=True,
    )
    with context.begin_transaction():
        context.run_migrations()


def write_revision(target: str | Engine, message: str) -> None:
    """Write a new revision file with the models' changes since the newest revision, compared
    on the database at `target` (a URL or an engine), which is migrated first."""
    engine = make_engine(target) if isinstance(target, str) else target
    try:
        upgrade(engine)
        with engine.begin() as connection:
            command.revision(alembic_config(connection), message=message, autogenerate=True)
    finally:
        if isinstance(target, str):
            engine.dispose()
