"""No secret in what the commands print or log: a database password given in the URL, the
secret key, a projector link's token. Each command runs for real, on PostgreSQL with a password
in its URL (the throwaway server trusts local connections, so any password logs in)."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import require_postgres
from tests.scaleout.services import ROOT, free_port, port_open, stop, wait_until

pytestmark = pytest.mark.slow

PASSWORD = "pg-pw-must-never-show"
SECRET_KEY = "0123456789abcdef-secret-key-must-never-show"
PROJECTOR_TOKEN = "projector-token-must-never-show"


@pytest.fixture
def env(tmp_path: Path) -> Iterator[dict[str, str]]:
    server = require_postgres()
    name, url = server.create_database()
    with_password = url.replace("postgres@", f"postgres:{PASSWORD}@", 1)
    assert PASSWORD in with_password
    yield {
        **{k: v for k, v in os.environ.items() if not k.startswith("CLASSROOM_")},
        "CLASSROOM_DATABASE_URL": with_password,
        "CLASSROOM_SECRET_KEY": SECRET_KEY,
        "CLASSROOM_INSTANCE": str(tmp_path / "instance"),
        "CLASSROOM_PUBLIC_URL": f"http://127.0.0.1:{free_port()}",
        "PYTHONUNBUFFERED": "1",
    }
    server.drop_database(name)


def assert_no_secret(printed: str) -> None:
    for secret in (PASSWORD, SECRET_KEY, PROJECTOR_TOKEN):
        assert secret not in printed, printed


def test_db_upgrade_and_check_show_the_database_without_its_password(env: dict[str, str]) -> None:
    command = [sys.executable, "-m", "classroom"]
    upgraded = subprocess.run(
        [*command, "db", "upgrade"], env=env, capture_output=True, text=True, cwd=ROOT
    )
    assert upgraded.returncode == 0, upgraded.stderr
    assert "postgresql+psycopg://postgres:***@" in upgraded.stdout
    checked = subprocess.run(
        [*command, "check", "--language", "en"], env=env, capture_output=True, text=True, cwd=ROOT
    )
    assert "✓ Database: reachable at postgresql+psycopg://postgres:***@" in checked.stdout
    assert_no_secret(upgraded.stdout + upgraded.stderr + checked.stdout + checked.stderr)


def test_serve_logs_neither_the_password_nor_a_projector_token(
    env: dict[str, str], tmp_path: Path
) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    command = [sys.executable, "-m", "classroom", "serve", "--host", "127.0.0.1", "--log-requests"]
    with log.open("wb") as output:
        process = subprocess.Popen(
            [*command, "--port", str(port)],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
        )
    try:
        wait_until(lambda: port_open(port), 30, "classroom serve did not listen", log)
        # An unknown token: the page answers 404, and its request line is logged all the same.
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/projector/{PROJECTOR_TOKEN}")
        except urllib.error.HTTPError as error:
            assert error.code == 404
        wait_until(lambda: "/projector/***" in log.read_text(), 10, "no request line", log)
    finally:
        stop(process)
    printed = log.read_text(errors="replace")
    assert "Database:  postgresql+psycopg://postgres:***@" in printed, printed
    assert_no_secret(printed)
