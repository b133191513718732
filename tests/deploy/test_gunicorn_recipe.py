"""The production recipe, run as docs/deploy.md says: gunicorn with deploy/gunicorn.conf.py on
a temporary database; a group's three tablets join through Socket.IO (one starting with
long-polling as browsers do), each plays in turn and the others see the card arrive.

Without gunicorn (or the worker the recipe names) the test skips and says why, except under
CI=true, where that is a failure.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from classroom.core.games.express import Options
from classroom.store import connect, create_schema
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup
from tests.scaleout.clients import Tablet, close_all
from tests.scaleout.conftest import RULE, require
from tests.scaleout.play import step
from tests.scaleout.services import ROOT, free_port, port_open, stop, wait_until

RECIPE = ROOT / "deploy" / "gunicorn.conf.py"
APP = "classroom.web:create_app()"
STARTUP_SECONDS = 60.0


@dataclass
class Recipe:
    """gunicorn serving the app on `url`, its log, and one class's seat tokens."""

    url: str
    log: Path
    tokens: list[str]


def recipe_setting(name: str) -> object:
    """A setting of deploy/gunicorn.conf.py as gunicorn reads it (the file is Python)."""
    settings: dict[str, object] = {}
    exec(compile(RECIPE.read_text(), str(RECIPE), "exec"), settings)
    return settings[name]


def seat_class(url: str) -> list[str]:
    """A class of one group of three tablets (a round's fewest) with its round dealt; the seat
    tokens."""
    sessions = connect(url)
    create_schema(sessions.kw["bind"])
    service = use_cases_for(sessions)
    teacher = service.teachers.create_teacher("recipe", "recipe-password-1")
    class_id = service.classes.create_class(
        teacher, "Recipe", [GroupSetup("Otters", RULE)], Options()
    )
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    tokens = [service.seats.join(snapshot.join_code, group_id, f"Tablet {n}")[1] for n in (1, 2, 3)]
    service.rounds.start_round(teacher, group_id)
    sessions.kw["bind"].dispose()
    return tokens


def page_answers(url: str) -> bool:
    """Whether the join page comes back (a refused or unanswered request is a no)."""
    if not port_open(int(url.rsplit(":", 1)[1])):
        return False
    try:
        with urllib.request.urlopen(f"{url}/join", timeout=2) as page:
            return bool(page.status == 200)
    except OSError:
        return False


@pytest.fixture
def recipe(tmp_path: Path) -> Iterator[Recipe]:
    """gunicorn started exactly as docs/deploy.md says, on a free port."""
    require(
        importlib.util.find_spec("gunicorn") is not None,
        "gunicorn is not installed (the `gunicorn` extra; make test installs it)",
    )
    if recipe_setting("worker_class") == "gevent":
        require(importlib.util.find_spec("gevent") is not None, "gevent is not installed")
    database = f"sqlite:///{tmp_path / 'classroom.db'}"
    tokens = seat_class(database)
    port = free_port()
    env = {
        **os.environ,
        "CLASSROOM_PORT": str(port),
        "CLASSROOM_DATABASE_URL": database,
        "CLASSROOM_INSTANCE": str(tmp_path / "instance"),
        "PYTHONUNBUFFERED": "1",
    }
    log = tmp_path / "gunicorn.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [sys.executable, "-m", "gunicorn", "-c", str(RECIPE), APP],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
        )
    try:
        url = f"http://127.0.0.1:{port}"
        # gunicorn's master listens before its worker has loaded the app: wait for a page.
        wait_until(lambda: page_answers(url), STARTUP_SECONDS, "gunicorn did not answer", log)
        yield Recipe(url, log, tokens)
    finally:
        stop(process)


def test_a_play_on_one_tablet_reaches_the_other_through_gunicorn(recipe: Recipe) -> None:
    # Browsers open with long-polling and then upgrade: every request of a session must reach
    # the process that opened it, which the recipe's one worker ensures.
    polling = Tablet(recipe.tokens[0], transports=["polling", "websocket"]).join(recipe.url)
    tablets = [polling, *(Tablet(token).join(recipe.url) for token in recipe.tokens[1:])]
    plays = 0
    try:
        while plays < 4:  # every tablet sees each play, whoever made it
            mover, action, seq = step(tablets)
            if action["type"] != "play":
                continue
            plays += 1
            for other in tablets:
                if other is not mover:
                    assert other.state["seq"] == seq
                    sidelines = [card for line in other.state["sidelines"] for card in line]
                    laid = other.state["mainline"] + sidelines
                    assert action["card"] in laid, (action, other.state)
                    assert seq - 1 in other.seqs or seq in other.seqs, other.seqs
    finally:
        close_all(tablets)
    printed = recipe.log.read_text(errors="replace")
    assert "Booting worker" in printed, printed  # gunicorn it was
    assert "Traceback" not in printed, printed
