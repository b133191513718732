"""Configuration: defaults, the instance folder, and environment overrides."""

from __future__ import annotations

import os
import secrets
from pathlib import Path
from typing import Any

DEFAULT_LESSON_SECONDS = 8 * 60 * 60
DEFAULT_PORT = 5000


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
        # One token for the whole lesson: a form left open on a tablet still works at the bell.
        "WTF_CSRF_TIME_LIMIT": DEFAULT_LESSON_SECONDS,
        "MAX_CONTENT_LENGTH": 64 * 1024,
        "BABEL_DEFAULT_LOCALE": "en",
        "PUBLIC_URL": os.environ.get("CLASSROOM_PUBLIC_URL", ""),
        # The port `classroom serve` listens on (it sets it): join links made outside a request,
        # such as a projector redrawn by a timer, are built on it.
        "LISTEN_PORT": DEFAULT_PORT,
        "LOGIN_ATTEMPTS": 5,
        # How many reverse proxies (nginx) stand in front of the server; 0 when none.
        "TRUSTED_PROXIES": _count(os.environ.get("CLASSROOM_TRUSTED_PROXIES", "0")),
        "LOGIN_WINDOW_SECONDS": 300,
    }


def _count(text: str) -> int:
    """A small non-negative number from the environment; anything else counts as 0."""
    return int(text) if text.isdigit() and int(text) < 10 else 0
