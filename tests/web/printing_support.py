"""Helpers for the printing blueprint's tests: an app with the blueprint, a teacher's browser,
the file name a download is sent under. The fixtures built on them are in conftest.py."""

from __future__ import annotations

import re
import time
from pathlib import Path
from typing import Any

from flask import Flask
from flask.testing import FlaskClient

from classroom.web import create_app
from classroom.web.printing import printing

PDF = "application/pdf"


def printing_app(folder: Path) -> Flask:
    """The app on a fresh database in `folder`, with the printing blueprint registered."""
    app = create_app(
        {
            "TESTING": True,
            "SECRET_KEY": "test secret",
            "DATABASE_URL": f"sqlite:///{folder / 'classroom.db'}",
            "SHUFFLE_SEED": 1,
            "PUBLIC_URL": "",
        }
    )
    if "printing" not in app.blueprints:
        app.register_blueprint(printing)
    return app


def logged_in(app: Flask, teacher_id: int) -> FlaskClient:
    """A browser whose session belongs to this teacher."""
    client = app.test_client()
    version = app.extensions["use_cases"].teachers.session_version(teacher_id)
    now = int(time.time())
    with client.session_transaction() as session:
        session.update(
            teacher_id=teacher_id, teacher_version=version, teacher_since=now, teacher_seen=now
        )
    return client


def disposition(response: Any) -> tuple[str, str]:
    """How the PDF is sent ('inline' or 'attachment') and its file name."""
    kind, _semicolon, rest = response.headers["Content-Disposition"].partition(";")
    found = re.search(r'filename="?([^";]+)"?', rest)
    assert found, response.headers["Content-Disposition"]
    return kind, found.group(1)
