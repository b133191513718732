"""No secret in what the commands print or log: a database password given in the URL, the
secret key, a projector link's token. Each command runs for real, on PostgreSQL with a password
in its URL (the throwaway server trusts local connections, so any password logs in), through
gunicorn's access log as deploy/gunicorn.conf.py sets it, and against a database that does not
answer or an address that cannot be read, whose errors would otherwise quote the URL."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import require_postgres
from tests.deploy.test_gunicorn_recipe import APP, RECIPE, page_answers
from tests.scaleout.conftest import require
from tests.scaleout.services import ROOT, free_port, port_open, stop, wait_until

pytestmark = pytest.mark.slow

PASSWORD = "pg-pw-must-never-show"
SECRET_KEY = "0123456789abcdef-secret-key-must-never-show"
PROJECTOR_TOKEN = "projector-token-must-never-show"
#: A password the driver reads whole though it holds characters that end a URL's parts (an
#: unencoded @ would end it: the driver would take the rest for the host, and say so).
ODD_PASSWORD = "pg/pw?must#never:show"


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
    for secret in (PASSWORD, SECRET_KEY, PROJECTOR_TOKEN, ODD_PASSWORD, "pg/pw", "never:show"):
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


def request_the_projector(url: str) -> None:
    """Ask for a projector page with an unknown token: 404, and the request line is logged."""
    try:
        urllib.request.urlopen(f"{url}/projector/{PROJECTOR_TOKEN}")
    except urllib.error.HTTPError as error:
        assert error.code == 404


def test_gunicorn_access_log_hides_a_projector_token(env: dict[str, str], tmp_path: Path) -> None:
    require(importlib.util.find_spec("gunicorn") is not None, "gunicorn is not installed")
    port = free_port()
    log = tmp_path / "gunicorn.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(RECIPE), APP],
            env={**env, "CLASSROOM_PORT": str(port), "CLASSROOM_ACCESS_LOG": "-"},
            stdout=output,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
        )
    url = f"http://127.0.0.1:{port}"
    try:
        wait_until(lambda: page_answers(url), 60, "gunicorn did not answer", log)
        request_the_projector(url)
        wait_until(lambda: "/projector/***" in log.read_text(), 10, "no access log line", log)
    finally:
        stop(process)
    printed = log.read_text(errors="replace")
    assert '"GET /projector/*** HTTP/1.1" 404' in printed, printed
    assert_no_secret(printed)


UNREACHABLE = f"postgresql+psycopg://classroom:{ODD_PASSWORD}@127.0.0.1:1/classroom"
NO_DRIVER = f"postgresql+nodriver://classroom:{ODD_PASSWORD}@127.0.0.1/classroom"


def failing_env(url: str, tmp_path: Path) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if not k.startswith("CLASSROOM_")},
        "CLASSROOM_DATABASE_URL": url,
        "CLASSROOM_SECRET_KEY": SECRET_KEY,
        "CLASSROOM_INSTANCE": str(tmp_path / "instance"),
    }


@pytest.mark.parametrize(
    ("url", "command", "shown"),
    [
        # Nothing listens on port 1: the driver's error names the address, not the password.
        (UNREACHABLE, ["serve", "--host", "127.0.0.1", "--port", "1"], '"127.0.0.1", port 1'),
        (UNREACHABLE, ["db", "upgrade"], '"127.0.0.1", port 1'),
        (UNREACHABLE, ["teacher", "password", "admin", "--password", "long-pw-1"], "port 1"),
        (UNREACHABLE, ["purge"], "port 1"),
        # A driver that is not installed: SQLAlchemy's own error, raised before connecting.
        (NO_DRIVER, ["serve", "--host", "127.0.0.1", "--port", "1"], "postgresql.nodriver"),
    ],
)
def test_a_database_that_fails_is_reported_without_its_password(
    url: str, command: list[str], shown: str, tmp_path: Path
) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "classroom", *command],
        env=failing_env(url, tmp_path),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    printed = done.stdout + done.stderr
    assert done.returncode == 1, printed
    assert "Traceback" not in printed, printed
    assert "error: " in done.stderr and "classroom check" in done.stderr, printed
    assert shown in done.stderr, printed
    assert_no_secret(printed)


@pytest.mark.parametrize("url", [UNREACHABLE, NO_DRIVER])
def test_check_names_a_failing_database_without_its_password(url: str, tmp_path: Path) -> None:
    checked = subprocess.run(
        [sys.executable, "-m", "classroom", "check", "--language", "en"],
        env=failing_env(url, tmp_path),
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )
    assert checked.returncode == 1, checked.stdout + checked.stderr
    assert "✗ Database: cannot connect to postgresql+" in checked.stdout, checked.stdout
    assert "classroom:***@127.0.0.1" in checked.stdout, checked.stdout
    assert_no_secret(checked.stdout + checked.stderr)
