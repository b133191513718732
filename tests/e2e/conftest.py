"""End-to-end fixtures: the real server in a subprocess, Debian's Chromium driven by Playwright.

Without Chromium or the built Socket.IO client the tests skip and say why, except
under CI=true, where a missing piece is a failure: CI must never pass by skipping them.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import fresh_database_url

ROOT = Path(__file__).resolve().parents[2]
VENDOR_JS = ROOT / "classroom" / "static" / "vendor" / "socket.io.min.js"
SCREENSHOTS = ROOT / "tests" / "output" / "e2e"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TEACHER = ("frizzle", "magic-school-bus-42")
STARTUP_SECONDS = 30


def chromium_path() -> str | None:
    """Debian's Chromium (Playwright's own browser download does not work here)."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def missing_pieces() -> list[str]:
    """What the browser tests need and cannot find, in words."""
    missing = []
    if chromium_path() is None:
        missing.append("Chromium is not installed (make chromium)")
    if not VENDOR_JS.exists():
        missing.append(f"{VENDOR_JS.relative_to(ROOT)} is missing (make vendor)")
    return missing


def require_browser() -> None:
    """Skip when a piece is missing; fail instead under CI=true."""
    missing = missing_pieces()
    if not missing:
        return
    reason = "browser tests cannot run: " + "; ".join(missing)
    if os.environ.get("CI") == "true":
        pytest.fail(reason)
    pytest.skip(reason)


def free_port() -> int:
    """A port nobody listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def wait_for_port(port: int, process: subprocess.Popen[bytes], log: Path) -> None:
    """Return once the server accepts connections; fail with its log if it died or hung."""
    deadline = time.monotonic() + STARTUP_SECONDS
    while time.monotonic() < deadline:
        if process.poll() is not None:
            pytest.fail(f"the server exited with {process.returncode}:\n{log.read_text()}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return
        except OSError:
            time.sleep(0.05)  # polling the port, not waiting for a guessed duration
    pytest.fail(f"the server did not open port {port}:\n{log.read_text()}")


@dataclass
class Server:
    """The running classroom server and its database."""

    url: str
    database: str
    log: Path
    #: The server's process id (a test may freeze it, as a dead link would look to tablets).
    pid: int = 0


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Server]:
    """`classroom serve` on a free port with a fresh database and a known teacher."""
    require_browser()
    folder = tmp_path_factory.mktemp("e2e-server")
    database = fresh_database_url(folder)
    env = {
        **os.environ,
        "CLASSROOM_DATABASE_URL": database,
        "CLASSROOM_SECRET_KEY": "e2e-secret-key",
        "PYTHONUNBUFFERED": "1",
        # Every tablet of the run joins from 127.0.0.1: the per-address limit of a real school
        # would refuse the later tests' seats (tests/security checks the limit itself).
        "CLASSROOM_SEAT_CLAIM_LIMIT": "1000 per minute",
        # Robots think for a fraction of a second, not a child's few: rounds stay short.
        "CLASSROOM_ROBOT_PAUSE_SECONDS": "0.2-0.6",
        # The tests' second connections ask their seat's state before every fast move, far
        # more often than a tablet does (tests/security checks the budgets themselves).
        "CLASSROOM_SEAT_BUDGETS": "resync=6000/60",
    }
    command = [sys.executable, "-m", "classroom"]
    subprocess.run(
        [*command, "teacher", "password", TEACHER[0], "--password", TEACHER[1]],
        env=env,
        check=True,
        capture_output=True,
        cwd=ROOT,
    )
    port = free_port()
    log = folder / "server.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [*command, "serve", "--host", "127.0.0.1", "--port", str(port)],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
        )
        try:
            wait_for_port(port, process, log)
            yield Server(f"http://127.0.0.1:{port}", database, log, process.pid)
        finally:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()


@pytest.fixture(scope="session")
def browser() -> Iterator[Any]:
    """One headless Chromium for the whole run; every tablet is its own context."""
    require_browser()
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=10_000)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(
            executable_path=chromium_path(), headless=True, args=CHROMIUM_FLAGS
        )
        try:
            yield chromium
        finally:
            chromium.close()
