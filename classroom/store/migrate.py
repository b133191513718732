"""Schema migrations with Alembic, driven from code: no alembic.ini is needed at run time.

`upgrade(url)` brings any database to the newest revision. The app calls it on start, so
`classroom serve` and `make run` migrate by themselves; `classroom db upgrade` does it alone.
A database made by an earlier version of the kit with `create_all` (tables, no
`alembic_version`) is stamped at the initial revision first, then upgraded as usual.
The revisions live in `migrations/versions/` inside the package, so the wheel carries them.
"""

from __future__ import annotations

import argparse
import os
from gettext import gettext as _
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import Connection, Engine, inspect

from classroom.store.database import make_engine
from classroom.store.models import Base

__all__ = ["INITIAL_REVISION", "add_db_commands", "alembic_config", "run_migrations", "upgrade"]

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


def default_url() -> str:
    """The database the app would use: `CLASSROOM_DATABASE_URL`, else the instance folder's."""
    from flask import Flask

    from classroom.web.config import default_config

    url = os.environ.get("CLASSROOM_DATABASE_URL")
    if url:
        return url
    folder = Flask(
        "classroom.web",
        instance_relative_config=True,
        instance_path=os.environ.get("CLASSROOM_INSTANCE") or None,
    ).instance_path
    os.makedirs(folder, exist_ok=True)
    database: str = default_config(Path(folder))["DATABASE_URL"]
    return database


def _upgrade_command(args: argparse.Namespace) -> int:
    url = args.url or default_url()
    upgrade(url, args.revision)
    print(_("Database at the newest schema: %s") % url)
    return 0


def _revision_command(args: argparse.Namespace) -> int:
    """Write a new revision file comparing the models with an up-to-date database."""
    url = args.url or default_url()
    upgrade(url)
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            command.revision(alembic_config(connection), message=args.message, autogenerate=True)
    finally:
        engine.dispose()
    return 0


def add_db_commands(commands: Any) -> None:
    """Register `classroom db upgrade` and `classroom db revision`."""
    db = commands.add_parser("db", help=_("migrate the database schema"))
    actions = db.add_subparsers(metavar="ACTION", required=True)
    up = actions.add_parser("upgrade", help=_("bring the database to the newest schema"))
    up.add_argument("--url", help=_("database URL (default: as `classroom serve` uses)"))
    up.add_argument("--revision", default="head", help=_("target revision (default: head)"))
    up.set_defaults(handler=_upgrade_command)
    new = actions.add_parser(
        "revision", help=_("write a migration for the models' changes (developers)")
    )
    new.add_argument("message", help=_("what the migration does, in a few words"))
    new.add_argument("--url", help=_("database URL (default: as `classroom serve` uses)"))
    new.set_defaults(handler=_revision_command)
