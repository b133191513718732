"""The servers behind a scaled-out classroom, as child processes: redis-server, a throwaway
PostgreSQL, and `classroom serve` processes. Every wait polls with a deadline."""

from __future__ import annotations

import os
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
STARTUP_SECONDS = 30.0


class StartupError(RuntimeError):
    """A server did not come up; the message carries its log."""


def free_port() -> int:
    """A loopback port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def port_open(port: int) -> bool:
    """Whether something accepts connections on the loopback port."""
    try:
        with socket.create_connection(("127.0.0.1", port), timeout=0.5):
            return True
    except OSError:
        return False


def wait_until(
    condition: Callable[[], bool], timeout: float, what: str, log: Path | None = None
) -> None:
    """Poll `condition` until true; a StartupError (with the log's tail) after `timeout`."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.05)  # polling the condition until the deadline, not a guessed wait
    tail = log.read_text(errors="replace")[-3000:] if log and log.exists() else ""
    raise StartupError(f"{what} within {timeout:.0f} s\n{tail}")


def stop(process: subprocess.Popen[bytes], timeout: float = 10) -> None:
    """Terminate a child (then kill it) and reap it."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=timeout)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=timeout)


@dataclass
class Redis:
    """redis-server on a free loopback port, no persistence, in a temporary folder."""

    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> Redis:
        log = self.folder / "redis.log"
        command = [
            shutil.which("redis-server") or "redis-server",
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--save", "",
            "--appendonly", "no",
            "--dir", str(self.folder),
            "--logfile", str(log),
        ]  # fmt: skip
        self.process = subprocess.Popen(
            command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT
        )
        wait_until(self._pong, STARTUP_SECONDS, "redis-server did not answer PING", log)
        return self

    def _pong(self) -> bool:
        if self.process is not None and self.process.poll() is not None:
            raise StartupError(f"redis-server exited with {self.process.returncode}")
        try:
            with socket.create_connection(("127.0.0.1", self.port), timeout=0.5) as conn:
                conn.sendall(b"PING\r\n")
                return conn.recv(16).startswith(b"+PONG")
        except OSError:
            return False

    def kill(self) -> None:
        """kill -9: every connection to it drops at once, nothing is saved."""
        assert self.process is not None
        self.process.kill()
        self.process.wait(timeout=10)

    def close(self) -> None:
        if self.process is not None:
            stop(self.process)


def postgres_binary(name: str) -> str | None:
    """A PostgreSQL program: on PATH, or in Debian's versioned folder."""
    found = shutil.which(name)
    if found:
        return found
    versions = sorted(Path("/usr/lib/postgresql").glob(f"*/bin/{name}"), reverse=True)
    return str(versions[0]) if versions else None


@dataclass
class Postgres:
    """A throwaway PostgreSQL cluster; as root it runs as the `postgres` user (it refuses root).

    Its folder is made directly under the system temporary folder, because pytest's own is
    private to root and `postgres` could not enter it.
    """

    port: int = field(default_factory=free_port)
    folder: Path = field(default_factory=lambda: Path(tempfile.mkdtemp(prefix="eleusis-pg-")))
    databases: int = 0

    def _as_owner(self, command: list[str]) -> list[str]:
        if os.geteuid() != 0:
            return command
        return ["runuser", "-u", "postgres", "--", *command]

    def start(self) -> Postgres:
        initdb, pg_ctl = postgres_binary("initdb"), postgres_binary("pg_ctl")
        if not initdb or not pg_ctl:
            raise StartupError("PostgreSQL's initdb and pg_ctl were not found")
        data, sockets = self.folder / "data", self.folder / "sockets"
        sockets.mkdir()
        if os.geteuid() == 0:
            shutil.chown(self.folder, "postgres")
            shutil.chown(sockets, "postgres")
        self.folder.chmod(0o755)
        init = [initdb, "-D", str(data), "-U", "classroom", "-A", "trust", "-E", "UTF8"]
        subprocess.run(self._as_owner(init), check=True, capture_output=True, timeout=120)
        options = f"-p {self.port} -k {sockets} -c listen_addresses=127.0.0.1 -c fsync=off"
        start = [pg_ctl, "-D", str(data), "-l", str(self.folder / "pg.log"), "-o", options]
        subprocess.run(
            self._as_owner([*start, "-w", "-t", "60", "start"]),
            check=True,
            capture_output=True,
            timeout=90,
        )
        return self

    def restart(self, mode: str) -> None:
        """`pg_ctl restart -m fast` (sessions ended cleanly) or `-m immediate` (a crash:
        recovery on start); returns once the server accepts connections again."""
        pg_ctl = postgres_binary("pg_ctl")
        assert pg_ctl is not None
        data = str(self.folder / "data")
        log = str(self.folder / "pg.log")  # without it the server would hold our pipe open
        restart = [pg_ctl, "-D", data, "-l", log, "-m", mode, "-w", "-t", "60", "restart"]
        subprocess.run(self._as_owner(restart), check=True, capture_output=True, timeout=90)

    def new_database(self) -> str:
        """A fresh empty database; its SQLAlchemy URL."""
        import psycopg

        self.databases += 1
        name = f"db{self.databases}"
        admin = f"host=127.0.0.1 port={self.port} user=classroom dbname=postgres"
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f'CREATE DATABASE "{name}"')
        return f"postgresql+psycopg://classroom@127.0.0.1:{self.port}/{name}"

    def close(self) -> None:
        pg_ctl = postgres_binary("pg_ctl")
        if pg_ctl and (self.folder / "data" / "postmaster.pid").exists():
            stopping = [pg_ctl, "-D", str(self.folder / "data"), "-m", "immediate", "stop"]
            subprocess.run(self._as_owner(stopping), capture_output=True, timeout=60)
        shutil.rmtree(self.folder, ignore_errors=True)


@dataclass
class Server:
    """One `classroom serve` process on a fixed port (a restart reuses it)."""

    name: str
    env: dict[str, str]
    folder: Path
    port: int = field(default_factory=free_port)
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log(self) -> Path:
        return self.folder / f"server-{self.name}-{self.starts}.log"

    def start(self) -> Server:
        """Start and return at once; `wait` for the port."""
        self.starts += 1
        command = [sys.executable, "-m", "classroom", "serve", "--host", "127.0.0.1"]
        instance = self.folder / f"instance-{self.name}"
        instance.mkdir(exist_ok=True)
        with self.log.open("wb") as output:
            self.process = subprocess.Popen(
                [*command, "--port", str(self.port)],
                env={**self.env, "CLASSROOM_INSTANCE": str(instance)},
                stdout=output,
                stderr=subprocess.STDOUT,
                cwd=ROOT,
            )
        return self

    def wait(self) -> Server:
        """Return once the port accepts connections; StartupError if it died or hung."""
        wait_until(self._listening, STARTUP_SECONDS, f"server {self.name} did not listen", self.log)
        return self

    def _listening(self) -> bool:
        assert self.process is not None
        if self.process.poll() is not None:
            raise StartupError(
                f"server {self.name} exited with {self.process.returncode}:\n"
                + self.log.read_text(errors="replace")[-3000:]
            )
        return port_open(self.port)

    def kill(self) -> None:
        """kill -9: no clean shutdown at all."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait(timeout=10)
        wait_until(lambda: not port_open(self.port), 10, f"port of {self.name} still open")

    def pause(self) -> None:
        """SIGSTOP: the process holds its connections but answers nothing."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGSTOP)

    def resume(self) -> None:
        """SIGCONT after `pause`."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGCONT)

    def close(self) -> None:
        if self.process is not None:
            stop(self.process)
