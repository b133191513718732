"""`classroom serve` (what `make run` starts) comes up as a production server: the page answers
and nothing tells the teacher it is "a development server"."""

from __future__ import annotations

import os
import subprocess
import sys
import urllib.request
from pathlib import Path

from tests.scaleout.services import ROOT, free_port, port_open, stop, wait_until

STARTUP_SECONDS = 30.0


def test_serve_answers_and_prints_no_development_server_warning(tmp_path: Path) -> None:
    port = free_port()
    log = tmp_path / "serve.log"
    env = {
        **os.environ,
        "CLASSROOM_DATABASE_URL": f"sqlite:///{tmp_path / 'classroom.db'}",
        "CLASSROOM_INSTANCE": str(tmp_path / "instance"),
        "PYTHONUNBUFFERED": "1",
    }
    command = [sys.executable, "-m", "classroom", "serve", "--host", "127.0.0.1"]
    with log.open("wb") as output:
        process = subprocess.Popen(
            [*command, "--port", str(port)],
            env=env,
            stdout=output,
            stderr=subprocess.STDOUT,
            cwd=ROOT,
        )
    try:
        wait_until(lambda: port_open(port), STARTUP_SECONDS, "classroom serve did not listen", log)
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/join", timeout=10) as page:
            assert page.status == 200
            assert "<form" in page.read().decode()
    finally:
        stop(process)
    printed = log.read_text(errors="replace")
    assert "Teacher:" in printed, printed  # the command did print its greeting
    assert "development server" not in printed.lower(), printed
    assert "Traceback" not in printed, printed


def test_the_robots_candidate_rules_are_built_while_the_server_starts() -> None:
    from classroom.cli.serve import warm_up
    from classroom.core.robots.candidates import candidate_set

    warm_up().join(timeout=120)
    assert candidate_set.cache_info().currsize == 1
    assert len(candidate_set()) > 1000
