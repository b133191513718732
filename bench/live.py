"""Helpers for benchmarks that drive a real server process with simulated tablets."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from classroom.core.games.express import Options
from classroom.store import connect, create_schema
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup

RULE = "card.color != prev.color"


@dataclass(frozen=True)
class Seating:
    """Seat tokens per group, for tablets to connect with."""

    groups: list[list[str]]


def free_port() -> int:
    """A port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def seat_school(url: str, tablets: int, per_group: int = 5) -> Seating:
    """Classes of up to 12 groups of `per_group` seats each, every round dealt."""
    sessions = connect(url)
    create_schema(sessions.kw["bind"])
    service = use_cases_for(sessions)
    teacher = service.teachers.create_teacher("bench", "bench-password")
    groups: list[list[str]] = []
    remaining = tablets // per_group
    while remaining:
        count = min(12, remaining)
        setups = [GroupSetup(f"Group {n + 1}", RULE) for n in range(count)]
        class_id = service.classes.create_class(teacher, "Bench class", setups, Options())
        snapshot = service.reading.class_snapshot(teacher, class_id)
        for group in snapshot.groups:
            tokens = [
                service.seats.join(snapshot.join_code, group.group_id, f"Tablet {i + 1}")[1]
                for i in range(per_group)
            ]
            service.rounds.start_round(teacher, group.group_id)
            groups.append(tokens)
        remaining -= count
    sessions.kw["bind"].dispose()
    return Seating(groups)


@contextmanager
def server(url: str, port: int) -> Iterator[subprocess.Popen[bytes]]:
    """`classroom serve` in a child process on loopback, stopped afterwards."""
    env = {**os.environ, "CLASSROOM_DATABASE_URL": url}
    with tempfile.TemporaryDirectory() as instance:
        env["CLASSROOM_INSTANCE"] = instance
        command = [sys.executable, "-m", "classroom", "serve", "--host", "127.0.0.1"]
        process = subprocess.Popen(
            [*command, "--port", str(port)],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        try:
            _wait_for_port(port, process)
            yield process
        finally:
            process.terminate()
            process.wait(timeout=10)


def _wait_for_port(port: int, process: subprocess.Popen[bytes], timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError("the server stopped while starting")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise RuntimeError("the server did not start in time")


def temporary_database() -> tuple[str, Path]:
    """A fresh SQLite URL in a temporary folder."""
    folder = Path(tempfile.mkdtemp(prefix="eleusis-bench-"))
    return f"sqlite:///{folder / 'bench.db'}", folder


def percentile(values: list[float], fraction: float) -> float:
    """The value below which `fraction` of the sorted values lie."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(fraction * len(ordered)))]
