"""Fixtures for scale-out tests: redis-server, optionally a throwaway PostgreSQL, and two real
`classroom serve` processes (A and B) sharing one database and one Redis.

Without redis-server the tests skip and say why, except under CI=true, where that is a failure.
The PostgreSQL variant skips while the project has no PostgreSQL driver (psycopg); once it has,
a missing PostgreSQL server fails under CI=true too.
"""

from __future__ import annotations

import contextlib
import importlib.util
import os
import shutil
import subprocess
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from sqlalchemy.orm import Session, sessionmaker

from classroom.core.games.express import Options
from classroom.store import connect, create_schema
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup, UseCases
from tests.scaleout.services import ROOT, Postgres, Redis, Server, postgres_binary

TEACHER = ("frizzle", "magic-school-bus-42")
RULE = "card.color != prev.color"


def require(ok: bool, reason: str) -> None:
    """Skip when something is missing; fail instead under CI=true."""
    if ok:
        return
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def redis_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Redis]:
    """redis-server on a free loopback port, nothing saved to disk."""
    require(
        shutil.which("redis-server") is not None,
        "redis-server is not installed (make system-packages installs it)",
    )
    require(importlib.util.find_spec("redis") is not None, "the redis package is not installed")
    server = Redis(tmp_path_factory.mktemp("redis"))
    try:
        yield server.start()
    finally:
        server.close()


@pytest.fixture(scope="session")
def postgres() -> Iterator[Postgres]:
    """A throwaway PostgreSQL cluster (only started for the postgresql variant)."""
    require(
        postgres_binary("initdb") is not None and postgres_binary("pg_ctl") is not None,
        "PostgreSQL's server programs (initdb, pg_ctl) are not installed",
    )
    cluster = Postgres()
    try:
        yield cluster.start()
    finally:
        cluster.close()


@dataclass
class Lesson:
    """A class set up through the services: one group, its seat tokens, the projector token."""

    class_id: int
    group_id: int
    tokens: list[str]
    projector_token: str


@dataclass
class Cluster:
    """Two server processes, A and B, on one database and one Redis."""

    database: str
    redis_url: str
    a: Server
    b: Server
    service: UseCases
    sessions: sessionmaker[Session]

    def teacher_id(self) -> int:
        found = self.service.teachers.teacher_id(TEACHER[0])
        assert found is not None
        return found

    def seat_class(self, tablets: int = 3) -> Lesson:
        """A class of one group with `tablets` seats, its round dealt."""
        teacher = self.teacher_id()
        setups = [GroupSetup("Otters", RULE)]
        class_id = self.service.classes.create_class(teacher, "Scale-out", setups, Options())
        snapshot = self.service.reading.class_snapshot(teacher, class_id)
        group_id = snapshot.groups[0].group_id
        tokens = [
            self.service.seats.join(snapshot.join_code, group_id, f"Tablet {n + 1}")[1]
            for n in range(tablets)
        ]
        self.service.rounds.start_round(teacher, group_id)
        projector = self.service.classes.projector_link_token(teacher, class_id)
        return Lesson(class_id, group_id, tokens, projector)


def _database(kind: str, request: pytest.FixtureRequest, folder: Path) -> str:
    if kind == "sqlite":
        return f"sqlite:///{folder / 'classroom.db'}"  # a WAL file both processes open
    cluster: Postgres = request.getfixturevalue("postgres")
    return cluster.new_database()


@pytest.fixture(scope="session", params=["sqlite", "postgresql"])
def cluster(
    request: pytest.FixtureRequest,
    redis_server: Redis,
    tmp_path_factory: pytest.TempPathFactory,
) -> Iterator[Cluster]:
    """Servers A and B started together once the schema and the teacher exist."""
    folder = tmp_path_factory.mktemp(f"cluster-{request.param}")
    database = _database(request.param, request, folder)
    with running_cluster(database, redis_server.url, folder) as started:
        yield started


@contextlib.contextmanager
def running_cluster(database: str, redis_url: str, folder: Path) -> Iterator[Cluster]:
    """Servers A and B on `database` and `redis_url`, with the schema and the teacher."""
    env = {
        **os.environ,
        "CLASSROOM_DATABASE_URL": database,
        "CLASSROOM_REDIS_URL": redis_url,
        # Every process must sign cookies alike: a teacher logged in on A is logged in on B.
        "CLASSROOM_SECRET_KEY": "scale-out-secret",
        "CLASSROOM_INSTANCE": str(folder / "instance-cli"),
        "PYTHONUNBUFFERED": "1",
    }
    username, password = TEACHER
    subprocess.run(
        [
            sys.executable,
            "-m",
            "classroom",
            "teacher",
            "password",
            username,
            "--password",
            password,
        ],
        env=env,
        check=True,
        capture_output=True,
        cwd=ROOT,
        timeout=60,
    )
    sessions = connect(database)
    create_schema(sessions.kw["bind"])
    a, b = Server("A", env, folder), Server("B", env, folder)
    try:
        a.start(), b.start()
        a.wait(), b.wait()
        yield Cluster(database, redis_url, a, b, use_cases_for(sessions), sessions)
    finally:
        a.close()
        b.close()
        sessions.kw["bind"].dispose()
