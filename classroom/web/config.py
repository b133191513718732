"""Configuration: defaults, the instance folder, and environment overrides."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

DEFAULT_LESSON_SECONDS = 8 * 60 * 60
# A teacher's session ends after this long unused: longer than a lesson's quiet stretch.
DEFAULT_IDLE_SECONDS = 2 * 60 * 60
DEFAULT_PORT = 5000
#: The largest id a row can have (a signed 64-bit integer in SQLite and PostgreSQL): a larger
#: number names nothing, and handing it to the database would overflow instead.
MAX_ROW_ID = 2**63 - 1


def load_secret_key(instance: Path) -> str:
    """A secret key kept in the instance folder, made on first start, so sessions survive."""
    path = instance / "secret_key"
    if not path.exists():
        path.write_text(secrets.token_hex(32))
        path.chmod(0o600)
    return path.read_text().strip()


def default_config(instance: Path) -> dict[str, Any]:
    """The settings a school laptop needs; `CLASSROOM_*` environment variables override."""
    database = os.environ.get("CLASSROOM_DATABASE_URL") or f"sqlite:///{instance / 'classroom.db'}"
    return {
        "SECRET_KEY": os.environ.get("CLASSROOM_SECRET_KEY") or load_secret_key(instance),
        "DATABASE_URL": database,
        "SESSION_COOKIE_HTTPONLY": True,
        "SESSION_COOKIE_SAMESITE": "Lax",
        "SESSION_COOKIE_SECURE": os.environ.get("CLASSROOM_HTTPS") == "1",
        "PERMANENT_SESSION_LIFETIME": DEFAULT_LESSON_SECONDS,
        # The session cookie is written only when the session changes (a login, a message
        # to show, the note of its use once a minute), never re-sent by every answer: the
        # class page fetches its panels in the background, and such an answer, made from the
        # cookie as it was when it was asked for, could otherwise arrive after a button's
        # answer and put back the session without that button's message.
        "SESSION_REFRESH_EACH_REQUEST": False,
        # One token for the whole lesson: a form left open on a tablet still works at the bell.
        "WTF_CSRF_TIME_LIMIT": DEFAULT_LESSON_SECONDS,
        "MAX_CONTENT_LENGTH": 64 * 1024,
        "BABEL_DEFAULT_LOCALE": "en",
        "PUBLIC_URL": os.environ.get("CLASSROOM_PUBLIC_URL", ""),
        # The port `classroom serve` listens on (it sets it): join links made outside a request,
        # such as a projector redrawn by a timer, are built on it.
        "LISTEN_PORT": DEFAULT_PORT,
        "LOGIN_ATTEMPTS": 5,
        # How often every open page hears where its groups' logs stand (seconds; 0: never,
        # for tests that send the beacons themselves). See classroom/web/beacon.py.
        "BEACON_SECONDS": 2.0,
        # How often the robot players' tables are looked at, and the pause (seconds, drawn
        # between the two) a robot takes before each move, as a child would.
        "ROBOT_SWEEP_SECONDS": 0.5,
        "ROBOT_PAUSE_SECONDS": _pause(os.environ.get("CLASSROOM_ROBOT_PAUSE_SECONDS", "")),
        # How many reverse proxies (nginx) stand in front of the server; 0 when none.
        "TRUSTED_PROXIES": _count(os.environ.get("CLASSROOM_TRUSTED_PROXIES", "0")),
        "LOGIN_WINDOW_SECONDS": 300,
        # A teacher's session: ended by logout or a new password, and by time (docs/security.md).
        "TEACHER_SESSION_SECONDS": DEFAULT_LESSON_SECONDS,
        "TEACHER_IDLE_SECONDS": DEFAULT_IDLE_SECONDS,
        # Seats taken (docs/security.md): one browser takes a few; one class fills at the pace
        # of a whole class joining at once; one address carries a whole school behind its NAT
        # (a backstop against a script that drops its cookies).
        "SEAT_CLAIMS_PER_BROWSER": "3 per minute",
        "SEAT_CLAIMS_PER_CLASS": os.environ.get("CLASSROOM_SEAT_CLAIMS_PER_CLASS", "60 per minute"),
        "SEAT_CLAIM_LIMIT": os.environ.get("CLASSROOM_SEAT_CLAIM_LIMIT", "300 per minute"),
        # Wrong join codes (right ones are given back): the browser that typed them is slowed
        # down, its classmates are not; the address's ceiling stops a script, not a class.
        "JOIN_CODES_PER_BROWSER": "10 per minute",
        "JOIN_CODE_LIMIT": os.environ.get("CLASSROOM_JOIN_CODE_LIMIT", "120 per minute"),
        # Practice tables opened (docs/security.md): a student practising at home opens a
        # few; a school's address opens one per student who practises.
        "PRACTICE_TABLES_PER_BROWSER": "5 per hour",
        "PRACTICE_TABLE_LIMIT": os.environ.get("CLASSROOM_PRACTICE_TABLE_LIMIT", "60 per hour"),
        # Open tablets (sockets) per seat: a second tab or a reconnecting tablet fit.
        "MAX_TABS_PER_SEAT": 3,
        # A seat's costly actions, action -> (times, in seconds), shared by its tabs: only
        # sizes set here differ from classroom/web/seat_budgets.py's DEFAULT_BUDGETS.
        "SEAT_BUDGETS": _budgets(os.environ.get("CLASSROOM_SEAT_BUDGETS", "")),
        # Worker processes for rule checks and other long pure computations (0: in the
        # server's own threads), and how long a tablet or a page waits for one (seconds).
        "COMPUTE_WORKERS": _workers(os.environ.get("CLASSROOM_COMPUTE_WORKERS", "")),
        "COMPUTE_TIMEOUT_S": 5.0,
    }


#: A robot's pause before each move, in seconds (shortest, longest): a child's pace.
ROBOT_PAUSE = (1.5, 4.0)


def _pause(text: str) -> tuple[float, float]:
    """'0.2-0.6' from the environment (browser tests play faster); a child's pace otherwise."""
    low, _dash, high = text.partition("-")
    try:
        pause = (float(low), float(high))
    except ValueError:
        return ROBOT_PAUSE
    return pause if 0 <= pause[0] <= pause[1] <= 60 else ROBOT_PAUSE


def _budgets(text: str) -> dict[str, tuple[int, float]]:
    """Budgets from the environment, 'resync=600/60,check=30/10' (times/seconds per action);
    what is not written so is left out.

    >>> _budgets("resync=600/60, check=30/10, guess=lots")
    {'resync': (600, 60.0), 'check': (30, 10.0)}
    """
    budgets = {}
    for item in text.split(","):
        action, _equals, size = item.strip().partition("=")
        times, _slash, seconds = size.partition("/")
        if action.isidentifier() and times.isdigit() and seconds.replace(".", "", 1).isdigit():
            budgets[action] = (int(times), float(seconds))
    return budgets


def _workers(text: str) -> int:
    """Worker processes from the environment, or the machine's default when unset or wrong."""
    from classroom.usecases.computing import default_workers

    return int(text) if text.isdigit() and int(text) <= 64 else default_workers()


def _count(text: str) -> int:
    """A small non-negative number from the environment; anything else counts as 0."""
    return int(text) if text.isdigit() and int(text) < 10 else 0
