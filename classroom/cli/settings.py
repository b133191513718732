"""What the commands share with `classroom serve`: its instance folder, its database, its address.

The commands that read or change stored classes (`purge`, `db`, `print class-pack`...) open the
database the server uses, without building the web app.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from sqlalchemy.orm import Session, sessionmaker

from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.store.migrate import upgrade
from classroom.usecases import UseCases

__all__ = [
    "APP_NAME",
    "database_url",
    "instance_folder",
    "open_database",
    "open_use_cases",
    "public_url",
]

#: The web app's import name: the instance folder is found from it, as the app finds it.
APP_NAME = "classroom.web"


def instance_folder() -> Path:
    """The server's instance folder: CLASSROOM_INSTANCE, else the one Flask gives the app."""
    configured = os.environ.get("CLASSROOM_INSTANCE")
    if configured:
        return Path(configured)
    # Flask alone knows where it puts an app's instance folder (next to the package, or under
    # the installation prefix): ask it, without building the app.
    from flask import Flask

    return Path(Flask(APP_NAME, instance_relative_config=True).instance_path)


def database_url() -> str:
    """The server's database: CLASSROOM_DATABASE_URL, else the SQLite file in the instance
    folder (the folder is made when missing, as the server makes it)."""
    configured = os.environ.get("CLASSROOM_DATABASE_URL")
    if configured:
        return configured
    folder = instance_folder()
    folder.mkdir(parents=True, exist_ok=True)
    return f"sqlite:///{folder / 'classroom.db'}"


def public_url() -> str:
    """The address students reach the server at, if the school set one (CLASSROOM_PUBLIC_URL)."""
    return os.environ.get("CLASSROOM_PUBLIC_URL", "")


@contextmanager
def open_database(url: str | None = None) -> Iterator[sessionmaker[Session]]:
    """Sessions on the server's database (or `url`), at the newest schema as the server would
    have it; the connections are closed on leaving."""
    sessions = connect(url or database_url())
    engine = sessions.kw["bind"]
    try:
        upgrade(engine)
        yield sessions
    finally:
        engine.dispose()


@contextmanager
def open_use_cases() -> Iterator[UseCases]:
    """The use cases over the server's database (see `open_database`)."""
    with open_database() as sessions:
        yield use_cases_for(sessions)
