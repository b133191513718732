"""Databases for the tests: a SQLite file by default, PostgreSQL on request.

With `CLASSROOM_TEST_DATABASE=postgresql` every fixture that builds an app or a service gets a
fresh database on a throwaway PostgreSQL server that this file starts for the run (initdb into a
temporary folder, listening on 127.0.0.1 and a socket in that folder, run as the `postgres` user
when the tests run as root, since PostgreSQL refuses root). Unset, everything stays on SQLite.

`database_url` is the per-test database; `fresh_database_url(folder)` is the same for
fixtures of wider scope; `postgres_url` is a PostgreSQL database whatever the variable says,
for tests that compare both (it skips without PostgreSQL, and fails instead under CI=true).
"""

from __future__ import annotations

import itertools
import os
import pwd
import shutil
import socket
import subprocess
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from sqlalchemy import event
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import Pool

from classroom.store.unit_of_work import SqlUnitsOfWork
from classroom.usecases import UseCases

BACKEND_VARIABLE = "CLASSROOM_TEST_DATABASE"
SERVER_USER = "postgres"
SERVER_SETTINGS = {
    "listen_addresses": "127.0.0.1",
    "max_connections": "300",
    # A throwaway server: durability buys nothing, speed does.
    "fsync": "off",
    "synchronous_commit": "off",
    "full_page_writes": "off",
}


def wants_postgres() -> bool:
    """True when the run asks for PostgreSQL instead of SQLite."""
    backend = os.environ.get(BACKEND_VARIABLE, "sqlite").strip().lower()
    if backend not in ("sqlite", "postgresql", "postgres"):
        raise pytest.UsageError(f"{BACKEND_VARIABLE} is sqlite or postgresql, not {backend!r}")
    return backend != "sqlite"


def postgres_binaries() -> Path | None:
    """The folder of pg_ctl and initdb: on the PATH, or where Debian's package puts them."""
    found = shutil.which("pg_ctl")
    if found and shutil.which("initdb"):
        return Path(found).resolve().parent
    versions = sorted(
        Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"),
        key=lambda path: int(path.parts[-3]) if path.parts[-3].isdigit() else 0,
    )
    return versions[-1].parent if versions else None


class PostgresServer:
    """A PostgreSQL server in a temporary folder, for one test run."""

    def __init__(self, binaries: Path) -> None:
        self.binaries = binaries
        self.folder = Path(tempfile.mkdtemp(prefix="classroom-pg-"))
        self.data = self.folder / "data"
        self.port = _free_port()
        self.user = SERVER_USER if os.geteuid() == 0 else None
        self._names = itertools.count(1)
        self._admin: Any = None
        self._admin_lock = threading.Lock()

    def start(self) -> None:
        """initdb, then start the server and wait until it accepts connections."""
        if self.user is not None:
            _ensure_user(self.user)
            entry = pwd.getpwnam(self.user)
            os.chown(self.folder, entry.pw_uid, entry.pw_gid)
        self.folder.chmod(0o700)
        self._run(
            "initdb", "-D", str(self.data), "-U", "postgres", "--auth=trust", "-E", "UTF8",
            "--no-sync", "--no-instructions",
        )  # fmt: skip
        options = " ".join(f"-c {key}={value}" for key, value in SERVER_SETTINGS.items())
        options += f" -p {self.port} -k {self.folder}"
        self._run(
            "pg_ctl", "-D", str(self.data), "-l", str(self.folder / "server.log"),
            "-o", options, "-w", "-t", "60", "start",
        )  # fmt: skip

    def url(self, database: str) -> str:
        """The SQLAlchemy URL of one database on this server."""
        return f"postgresql+psycopg://postgres@127.0.0.1:{self.port}/{database}"

    def create_database(self) -> tuple[str, str]:
        """A new empty database: its name and URL."""
        name = f"test_{next(self._names)}"
        self._admin_sql(f"CREATE DATABASE {name}")
        return name, self.url(name)

    def drop_database(self, name: str) -> None:
        """Close the tests' connections to `name`, then drop it."""
        close_connections(name)
        self._admin_sql(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")

    def stop(self) -> None:
        """Stop the server and delete its folder."""
        close_connections(None)
        if self._admin is not None:
            self._admin.close()
        if (self.data / "postmaster.pid").exists():
            self._run("pg_ctl", "-D", str(self.data), "-m", "immediate", "-w", "stop")
        shutil.rmtree(self.folder, ignore_errors=True)

    def _admin_sql(self, sql: str) -> None:
        import psycopg

        with self._admin_lock:
            if self._admin is None:
                self._admin = psycopg.connect(
                    host="127.0.0.1", port=self.port, user="postgres", dbname="postgres",
                    autocommit=True,
                )  # fmt: skip
            self._admin.execute(sql)

    def _run(self, program: str, *args: str) -> None:
        command = [str(self.binaries / program), *args]
        if self.user is not None:
            command = ["runuser", "-u", self.user, "--", *command]
        result = subprocess.run(command, capture_output=True, text=True, cwd=self.folder)
        if result.returncode != 0:
            log = self.folder / "server.log"
            detail = log.read_text() if log.exists() else ""
            raise RuntimeError(f"{' '.join(command)} failed:\n{result.stderr}\n{detail}")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def _ensure_user(name: str) -> None:
    """PostgreSQL will not run as root: make its system user when the machine has none."""
    try:
        pwd.getpwnam(name)
    except KeyError:
        subprocess.run(
            ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", name],
            check=True,
        )


# --- connections the tests opened ------------------------------------------------------------
# Every PostgreSQL connection a pool opens is kept here and closed when its database goes away:
# an engine left to the garbage collector would otherwise drop open psycopg connections, which
# warn (and warnings are errors in this suite).
_OPENED: list[tuple[str, Any]] = []
_OPENED_LOCK = threading.Lock()


@event.listens_for(Pool, "connect")
def _remember_connection(dbapi_connection: Any, _record: Any) -> None:
    info = getattr(dbapi_connection, "info", None)
    database = getattr(info, "dbname", None)
    if database is not None and hasattr(dbapi_connection, "pgconn"):
        with _OPENED_LOCK:
            _OPENED.append((database, dbapi_connection))


def close_connections(database: str | None) -> None:
    """Close the connections to `database` (None: to every database)."""
    with _OPENED_LOCK:
        closing = [c for name, c in _OPENED if database is None or name == database]
        _OPENED[:] = [(n, c) for n, c in _OPENED if database is not None and n != database]
    for connection in closing:
        connection.close()


# --- the server, started on first use --------------------------------------------------------
_SERVER: PostgresServer | None = None
_SERVER_LOCK = threading.Lock()


def postgres_server() -> PostgresServer:
    """The run's PostgreSQL server, started on first use; fails when PostgreSQL is missing."""
    global _SERVER
    with _SERVER_LOCK:
        if _SERVER is None:
            binaries = postgres_binaries()
            if binaries is None:
                raise RuntimeError(
                    "PostgreSQL is not installed (initdb and pg_ctl not found; on Debian: "
                    "apt-get install postgresql)"
                )
            server = PostgresServer(binaries)
            try:
                server.start()
            except BaseException:
                server.stop()
                raise
            _SERVER = server
        return _SERVER


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """Stop the PostgreSQL server, if this run started one."""
    global _SERVER
    if _SERVER is not None:
        _SERVER.stop()
        _SERVER = None


#: Names a test module uses when it builds a store of its own, outside the fixtures below.
_STORE_BUILDERS = ("fresh_database_url", "live_service", "require_postgres", "connect")
#: Folders of pure tests and of tests on the in-memory store: their result cannot depend on
#: the database, so the PostgreSQL pass runs only those of their tests that open one.
_PURE_FOLDERS = ("unit", "usecases")


def _opens_a_database(item: pytest.Item) -> bool:
    if "database_url" in getattr(item, "fixturenames", ()):
        return True
    callspec = getattr(item, "callspec", None)
    if callspec is not None and "sql" in callspec.params.values():
        return True
    module = getattr(item, "module", None)
    if module is None:
        return True
    if any(name in vars(module) for name in _STORE_BUILDERS):
        return True
    # A fixture from a conftest.py may build the store for the module (tests/unit/conftest.py
    # builds the class pack's class): look at the names each fixture the test uses calls.
    info = getattr(item, "_fixtureinfo", None)
    definitions = info.name2fixturedefs.values() if info is not None else ()
    return any(
        name in fixtures[-1].func.__code__.co_names
        for fixtures in definitions
        for name in _STORE_BUILDERS
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """On PostgreSQL, leave out the pure tests: they ran on the SQLite pass already."""
    if not wants_postgres():
        return
    tests_root = Path(__file__).parent
    kept, left_out = [], []
    for item in items:
        folder = (
            item.path.relative_to(tests_root).parts[0] if tests_root in item.path.parents else ""
        )
        pure = folder in _PURE_FOLDERS and not _opens_a_database(item)
        (left_out if pure else kept).append(item)
    if left_out:
        config.hook.pytest_deselected(items=left_out)
        items[:] = kept


def pytest_report_header(config: pytest.Config) -> str:
    """Say which database the run uses."""
    return f"database: {'postgresql' if wants_postgres() else 'sqlite'} ({BACKEND_VARIABLE})"


def fresh_database_url(folder: Path) -> str:
    """A new empty database for a fixture of any scope: a SQLite file in `folder`, or a new
    PostgreSQL database (dropped when the run ends) under `CLASSROOM_TEST_DATABASE=postgresql`."""
    if not wants_postgres():
        return f"sqlite:///{folder / 'classroom.db'}"
    return postgres_server().create_database()[1]


def require_postgres() -> PostgresServer:
    """The server for a test that needs PostgreSQL: skip without it, fail under CI=true."""
    if postgres_binaries() is None and not wants_postgres():
        reason = "PostgreSQL is not installed (apt-get install postgresql)"
        if os.environ.get("CI") == "true":
            pytest.fail(reason)
        pytest.skip(reason)
    return postgres_server()


@pytest.fixture
def database_url(tmp_path: Path) -> Iterator[str]:
    """This test's own empty database (SQLite, or PostgreSQL on request)."""
    if not wants_postgres():
        yield f"sqlite:///{tmp_path / 'classroom.db'}"
        return
    server = postgres_server()
    name, url = server.create_database()
    yield url
    server.drop_database(name)


@pytest.fixture
def postgres_url() -> Iterator[str]:
    """An empty PostgreSQL database, whatever the run's backend."""
    server = require_postgres()
    name, url = server.create_database()
    yield url
    server.drop_database(name)


def sessions_of(use_cases: UseCases) -> sessionmaker[Session]:
    """The database sessions under use cases built over the SQL store (for the few tests that
    arrange or inspect rows no use case offers, such as a class's creation date)."""
    factory = use_cases.context.uow
    assert isinstance(factory, SqlUnitsOfWork), "these use cases do not run on the SQL store"
    return factory.sessions
