"""`classroom check` on a broken setup: every problem is named with its fix, in the
administrator's language, nothing secret is printed, and the exit status says it failed.
(A setup where everything is right is checked by tests/deploy/test_guide.py, behind nginx.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from printables.kit.i18n import translations
from tests.scaleout.services import ROOT, free_port

pytestmark = pytest.mark.slow

REDIS_PASSWORD = "redis-pw-must-not-show"
FIXES = [
    "Stop the server processes, back up the database, then run: classroom db upgrade",
    "Start redis-server, and check CLASSROOM_REDIS_URL (the same for every server process).",
    "Check its name in DNS, that nginx and the server processes run, and that the firewall "
    "lets the tablets in.",
    "Set CLASSROOM_SECRET_KEY to the same long random value for every server process: "
    "openssl rand -hex 32",
]


def classroom(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", "classroom", *args],
        env=env,
        capture_output=True,
        text=True,
        cwd=ROOT,
        timeout=60,
    )


@pytest.fixture
def broken(tmp_path: Path) -> dict[str, str]:
    """An old schema, a Redis and a public address nobody answers at, a weak secret key."""
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("CLASSROOM_", "LC_"))},
        "CLASSROOM_DATABASE_URL": f"sqlite:///{tmp_path / 'old.db'}",
        "CLASSROOM_INSTANCE": str(tmp_path / "instance"),
        "CLASSROOM_REDIS_URL": f"redis://:{REDIS_PASSWORD}@127.0.0.1:{free_port()}/0",
        "CLASSROOM_PUBLIC_URL": f"http://127.0.0.1:{free_port()}",
        "CLASSROOM_SECRET_KEY": "changeme",
        "LANG": "C.UTF-8",
    }
    migrated = classroom("db", "upgrade", "--revision", "0004_languages", env=env)
    assert migrated.returncode == 0, migrated.stderr
    return env


@pytest.mark.parametrize("language", ["en", "ja", "pl", "ru"])
def test_a_broken_setup_is_told_each_fix_in_the_administrators_language(
    broken: dict[str, str], language: str
) -> None:
    checked = classroom("check", env={**broken, "LANG": f"{language}_XX.UTF-8"})
    assert checked.returncode == 1, checked.stdout + checked.stderr
    catalog = translations(language)
    for fix in FIXES:
        assert catalog.gettext(fix) in checked.stdout, (fix, checked.stdout)
    summary = catalog.ngettext("%d problem to fix.", "%d problems to fix.", 4) % 4
    assert summary in checked.stdout, checked.stdout
    assert checked.stdout.count("✗") == 4, checked.stdout
    assert "0004_languages" in checked.stdout  # where the schema stands
    assert REDIS_PASSWORD not in checked.stdout + checked.stderr
    assert "redis://:***@" in checked.stdout


def test_the_language_option_wins_over_the_locale(broken: dict[str, str]) -> None:
    checked = classroom("check", "--language", "ja", env={**broken, "LANG": "pl_PL.UTF-8"})
    assert translations("ja").gettext("Secret key: not set.") != "Secret key: not set."
    assert "秘密鍵" in checked.stdout, checked.stdout


def test_a_database_nobody_answers_at_is_a_problem_without_its_password(tmp_path: Path) -> None:
    password = "db-pw-must-not-show"
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith("CLASSROOM_")},
        "CLASSROOM_DATABASE_URL": (
            f"postgresql+psycopg://classroom:{password}@127.0.0.1:{free_port()}/classroom"
        ),
        "CLASSROOM_INSTANCE": str(tmp_path / "instance"),
        "CLASSROOM_PUBLIC_URL": "",
        "CLASSROOM_SECRET_KEY": "",
    }
    checked = classroom("check", "--language", "en", env=env)
    assert checked.returncode == 1
    assert "✗ Database: cannot connect to postgresql+psycopg://classroom:***@" in checked.stdout
    assert password not in checked.stdout + checked.stderr
    assert "Secret key: not set." in checked.stdout
    assert "Public address: not set." in checked.stdout
