"""docs/deploy.md, run as written: its `sh step:NAME` blocks, in the guide's order, as root,
against a throwaway PostgreSQL, Redis, two gunicorn processes started from the guide's systemd
unit, and nginx with the guide's site file; then tablets play through nginx.

What cannot run here is stood in for, and only that: the settings block is replaced by this
machine's values (free ports, temporary folders, PGHOST/PGPORT of the throwaway server);
`systemctl` starts and stops the unit's ExecStart itself (tests/deploy/fake_systemctl.py);
`nginx -t` and `pip install` are no-ops (nginx is checked and started by the test, and the
package is this checkout: tests/deploy/test_wheel.py installs the real wheel). The database
starts as an older release left it (schema 0004 with a class in it), so the upgrade block runs
on real old data; the backup and restore blocks then bring back a deleted class.

Without PostgreSQL, redis-server, nginx or openssl the test skips and says why, except under
CI=true, where that is a failure.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
import requests

from classroom.store import connect
from classroom.store.composition import use_cases_for
from tests.conftest import PostgresServer, postgres_binaries
from tests.deploy.nginx_site import main_config, nginx_binary, on_free_ports, throwaway_certificate
from tests.scaleout.clients import Tablet, close_all
from tests.scaleout.conftest import require
from tests.scaleout.play import step
from tests.scaleout.services import ROOT, Redis, free_port, port_open, stop, wait_until

pytestmark = [
    pytest.mark.slow,
    pytest.mark.filterwarnings("ignore::urllib3.exceptions.InsecureRequestWarning"),
]

GUIDE = ROOT / "docs" / "deploy.md"
STEP = re.compile(r"^```sh step:(\S+)\n(.*?)^```", re.MULTILINE | re.DOTALL)
STEPS = [
    "settings", "database", "environment", "units", "schema", "first-teacher", "start", "nginx",
    "check", "backup", "restore", "upgrade",
]  # fmt: skip
OLD_REVISION = "0004_languages"
OLD_JOIN_CODE = "ABC234"
RULE = "card.color != prev.color"


def guide_steps() -> dict[str, str]:
    """Each `sh step:NAME` block of the guide, by name."""
    return dict(STEP.findall(GUIDE.read_text()))


def test_the_guide_names_every_step_in_order() -> None:
    assert list(guide_steps()) == STEPS


class Machine:
    """The stand-ins and folders the guide's commands run with, and a shell to run them."""

    def __init__(self, folder: Path, postgres: PostgresServer, redis: Redis) -> None:
        self.folder = folder
        folder.mkdir(parents=True)
        self.ports = [free_port(), free_port()]
        self.http_port, self.https_port = free_port(), free_port()
        self.certificate, self.key = throwaway_certificate(folder)
        for name in ("venv/bin", "stubs", "etc", "state", "systemd", "backups", "fake-systemd"):
            (folder / name).mkdir(parents=True)
        python = sys.executable
        self._script("venv/bin/classroom", f'PYTHONPATH="{ROOT}" exec {python} -m classroom "$@"')
        self._script("venv/bin/gunicorn", f'PYTHONPATH="{ROOT}" exec {python} -m gunicorn "$@"')
        self._script("venv/bin/pip", 'echo "pip $*" >> "$FAKE_SYSTEMD/calls.log"')
        fake = ROOT / "tests" / "deploy" / "fake_systemctl.py"
        self._script("stubs/systemctl", f'exec {python} {fake} "$@"')
        self._script("stubs/nginx", 'echo "nginx $*" >> "$FAKE_SYSTEMD/calls.log"')
        self.settings = "\n".join(
            f"export {name}={value}"
            for name, value in {
                "SITE": "localhost",
                "PUBLIC_URL": f"https://localhost:{self.https_port}",
                "PORTS": f'"{" ".join(map(str, self.ports))}"',
                "DB_ADDRESS": f"127.0.0.1:{postgres.port}",
                "REDIS_ADDRESS": f"127.0.0.1:{redis.port}",
                "FIRST_TEACHER": "admin",
                "VENV": folder / "venv",
                "CLASSROOM_ETC": folder / "etc",
                "STATE": folder / "state",
                "SYSTEMD_DIR": folder / "systemd",
                "NGINX_SITE": folder / "classroom.conf",
                "CERTIFICATE": self.certificate,
                "CERTIFICATE_KEY": self.key,
                "BACKUPS": folder / "backups",
                "PGHOST": postgres.folder,
                "PGPORT": postgres.port,
            }.items()
        )
        self.env = {
            **{k: v for k, v in os.environ.items() if not k.startswith(("CLASSROOM_", "PG"))},
            "PATH": f"{folder / 'stubs'}:{os.environ['PATH']}",
            "FAKE_SYSTEMD": str(folder / "fake-systemd"),
            "SYSTEMD_DIR": str(folder / "systemd"),
            "SSL_CERT_FILE": str(self.certificate),  # the school's CA, as the machine trusts it
            "PYTHONUNBUFFERED": "1",
        }

    def _script(self, name: str, body: str) -> None:
        path = self.folder / name
        path.write_text(f"#!/bin/sh\n{body}\n")
        path.chmod(0o755)

    def run(self, *names: str, **extra: str) -> subprocess.CompletedProcess[str]:
        """The settings, then the guide's blocks `names`, in one bash that stops at an error."""
        steps = guide_steps()
        script = "\n".join([self.settings, *(steps[name] for name in names)])
        done = subprocess.run(
            ["bash", "-euo", "pipefail", "-c", script],
            env={**self.env, **extra},
            capture_output=True,
            text=True,
            cwd=ROOT,
            timeout=180,
        )
        assert done.returncode == 0, f"{names}:\n{done.stdout}\n{done.stderr}"
        return done

    def settings_file(self) -> dict[str, str]:
        lines = (self.folder / "etc" / "classroom.env").read_text().splitlines()
        return dict(line.split("=", 1) for line in lines if "=" in line)

    def wait_for_processes(self) -> None:
        for port in self.ports:
            log = self.folder / "fake-systemd" / f"{port}.log"
            wait_until(lambda port=port: page_answers(port), 60, f"no page on {port}", log)

    def stop_processes(self) -> None:
        fake = ROOT / "tests" / "deploy" / "fake_systemctl.py"
        for port in self.ports:
            subprocess.run(
                [sys.executable, str(fake), "stop", f"classroom@{port}"], env=self.env, timeout=60
            )


def page_answers(port: int) -> bool:
    if not port_open(port):
        return False
    try:
        return requests.get(f"http://127.0.0.1:{port}/join", timeout=2).status_code == 200
    except requests.RequestException:
        return False


@pytest.fixture
def machine(tmp_path: Path) -> Iterator[Machine]:
    require(postgres_binaries() is not None, "PostgreSQL is not installed (make system-packages)")
    require(shutil.which("redis-server") is not None, "redis-server is not installed")
    require(nginx_binary() is not None, "nginx is not installed (make system-packages)")
    require(shutil.which("openssl") is not None, "openssl is not installed")
    require(shutil.which("runuser") is not None and os.geteuid() == 0, "the guide runs as root")
    binaries = postgres_binaries()
    assert binaries is not None
    postgres = PostgresServer(binaries)
    redis = Redis(tmp_path / "redis-data")
    (tmp_path / "redis-data").mkdir()
    machine = None
    try:
        postgres.start()
        redis.start()
        machine = Machine(tmp_path / "machine", postgres, redis)
        yield machine
    finally:
        if machine is not None:
            machine.stop_processes()
        redis.close()
        postgres.stop()


def an_older_release_left(machine: Machine) -> None:
    """The database as an older release leaves it: schema 0004, a teacher, a class, a group."""
    import psycopg

    url = machine.settings_file()["CLASSROOM_DATABASE_URL"]
    host, port = url.split("@")[1].split("/")[0].split(":")
    with psycopg.connect(
        host=host, port=int(port), user="postgres", dbname="classroom", autocommit=True
    ) as admin:
        admin.execute("DROP SCHEMA public CASCADE")
        admin.execute("CREATE SCHEMA public AUTHORIZATION classroom")
    old = subprocess.run(
        [str(machine.folder / "venv/bin/classroom"), "db", "upgrade", "--revision", OLD_REVISION],
        env={**machine.env, **machine.settings_file()},
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert old.returncode == 0, old.stderr
    with psycopg.connect(host=host, port=int(port), user="classroom", dbname="classroom") as db:
        db.execute(
            "INSERT INTO teachers (id, username, password_hash, created_at)"
            " VALUES (100, 'rivera', 'x', CURRENT_TIMESTAMP)"
        )
        db.execute(
            "INSERT INTO classes (id, teacher_id, name, join_code, joining_locked,"
            " wrong_guess_penalty, stock_out, projector_anonymous, created_at)"
            " VALUES (100, 100, '7B', %s, false, false, 'add_deck', false, CURRENT_TIMESTAMP)",
            (OLD_JOIN_CODE,),
        )
        db.execute(
            "INSERT INTO groups (id, class_id, position, name, rule_text, rule_revealed,"
            " paused, dealer_mode) VALUES (100, 100, 0, 'Otters', %s, false, false, 'app')",
            (RULE,),
        )


def start_nginx(machine: Machine) -> subprocess.Popen[bytes]:
    site = machine.folder / "classroom.conf"
    text = on_free_ports(site.read_text(), machine.ports, machine.http_port, machine.https_port)
    site.write_text(text.replace("/var/log/nginx/", f"{machine.folder}/"))
    config = main_config(machine.folder, site)
    nginx = nginx_binary()
    assert nginx is not None
    checked = subprocess.run(
        [nginx, "-t", "-c", str(config), "-e", str(machine.folder / "error.log")],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert checked.returncode == 0, checked.stderr
    command = [
        nginx,
        "-c",
        str(config),
        "-e",
        str(machine.folder / "error.log"),
        "-g",
        "daemon off;",
    ]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    wait_until(lambda: port_open(machine.https_port), 15, "nginx did not listen")
    return process


def play_in_the_old_class(machine: Machine) -> None:
    """Three tablets join the old release's group and play through nginx, long-polling first."""
    sessions = connect(machine.settings_file()["CLASSROOM_DATABASE_URL"])
    service = use_cases_for(sessions)
    tokens = [service.seats.join(OLD_JOIN_CODE, 100, f"Tablet {n}")[1] for n in (1, 2, 3)]
    service.rounds.start_round(100, 100)
    sessions.kw["bind"].dispose()
    public = f"https://localhost:{machine.https_port}"
    tablets = []
    try:
        for token in tokens:
            http = requests.Session()
            http.verify = str(machine.certificate)
            http.trust_env = False
            tablets.append(Tablet(token, ["polling", "websocket"], http_session=http).join(public))
        for _ in range(4):
            step(tablets)
    finally:
        close_all(tablets)


def assert_the_example_output_is_what_check_printed(printed: str) -> None:
    """The guide's example of `classroom check` has the lines the real one printed, each
    finding in the same order (the addresses and revision differ on this machine)."""
    (example,) = re.findall(r"^```text check-output\n(.*?)^```", GUIDE.read_text(), re.M | re.S)

    def heads(text: str) -> list[str]:
        return [line.split(":")[0] if ":" in line else line for line in text.splitlines()]

    assert heads(example) == heads(printed), (example, printed)
    assert "Schema: at the newest revision" in example
    from classroom.store.migrate import head_revision

    assert f"({head_revision()})" in example


def assert_no_projector_token_is_logged(machine: Machine) -> None:
    """A projector link opened over https, and typed with http://: both request lines are in
    the site's access log, without the token."""
    token = "projector-token-in-no-log"
    secure = requests.get(
        f"https://localhost:{machine.https_port}/projector/{token}",
        verify=str(machine.certificate),
        timeout=10,
    )
    assert secure.status_code == 404
    plain = requests.get(
        f"http://127.0.0.1:{machine.http_port}/projector/{token}",
        allow_redirects=False,
        timeout=10,
    )
    assert plain.status_code == 301
    logged = (machine.folder / "classroom.access.log").read_text()
    assert logged.count("GET /projector/***") == 2, logged
    for log in machine.folder.glob("*.log"):
        assert token not in log.read_text(errors="replace"), log


def classes_named(machine: Machine) -> list[str]:
    import psycopg

    url = machine.settings_file()["CLASSROOM_DATABASE_URL"]
    host, port = url.split("@")[1].split("/")[0].split(":")
    with psycopg.connect(host=host, port=int(port), user="classroom", dbname="classroom") as db:
        return [row[0] for row in db.execute("SELECT name FROM classes ORDER BY id")]


def test_the_guide_installs_upgrades_backs_up_and_restores(machine: Machine) -> None:
    machine.run("database", "environment")
    settings = machine.settings_file()
    assert settings["CLASSROOM_TRUSTED_PROXIES"] == "1"
    an_older_release_left(machine)
    # The fresh install's steps, with the upgrade run where an older release was installed.
    machine.run("units")
    upgraded = machine.run("upgrade", NEW_PACKAGE=str(machine.folder / "new.whl"))
    machine.run("schema")
    teacher = machine.run("first-teacher")
    assert "admin" in teacher.stdout
    machine.run("start")
    machine.wait_for_processes()
    machine.run("nginx")
    nginx = start_nginx(machine)
    try:
        checked = machine.run("check")
        assert "✗" not in checked.stdout, checked.stdout
        assert settings["CLASSROOM_SECRET_KEY"] not in checked.stdout + upgraded.stdout
        db_password = settings["CLASSROOM_DATABASE_URL"].split(":")[2].split("@")[0]
        assert db_password not in checked.stdout + upgraded.stdout + upgraded.stderr
        redirect = requests.get(
            f"http://127.0.0.1:{machine.http_port}/join", allow_redirects=False, timeout=10
        )
        assert redirect.status_code == 301
        assert redirect.headers["Location"] == f"https://127.0.0.1:{machine.https_port}/join"
        assert_the_example_output_is_what_check_printed(checked.stdout)
        assert_no_projector_token_is_logged(machine)
        play_in_the_old_class(machine)
        assert classes_named(machine) == ["7B"]
        machine.run("backup")
        (backup,) = (machine.folder / "backups").glob("classroom-*.dump")
        sessions = connect(settings["CLASSROOM_DATABASE_URL"])
        use_cases_for(sessions).classes.delete_class(100, 100)  # a slip of the hand
        sessions.kw["bind"].dispose()
        assert classes_named(machine) == []
        restored = machine.run("restore", BACKUP=str(backup))
        assert "error" not in restored.stderr.lower(), restored.stderr
        assert classes_named(machine) == ["7B"]
        machine.wait_for_processes()
    finally:
        stop(nginx)
    calls = (machine.folder / "fake-systemd" / "calls.log").read_text()
    assert "nginx -t" in calls and "reload nginx" in calls
    for port in machine.ports:
        assert f"enable classroom@{port}" in calls
        log = (machine.folder / "fake-systemd" / f"{port}.log").read_text(errors="replace")
        assert "Traceback" not in log, log
        assert db_password not in log
