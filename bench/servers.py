"""The classroom app under each server Flask-SocketIO supports, for the school benchmark.

- `threading`: `classroom serve` (werkzeug, a thread per connection, simple-websocket).
- `gevent`: gevent's pywsgi server, the standard library monkey-patched, simple-websocket on
  greenlets (bench/gevent_server.py).
- `gunicorn-gthread`: gunicorn with `deploy/gunicorn.conf.py` (one worker, threads).
- `gunicorn-gevent`: the same configuration with gunicorn's gevent worker.

Each is a child process on loopback; the probe watches the process that serves (gunicorn's
worker, not its master).
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from bench.live import _wait_for_port

ROOT = Path(__file__).resolve().parent.parent
GUNICORN_CONF = ROOT / "deploy" / "gunicorn.conf.py"
APP = "classroom.web:create_app()"
KINDS = ("threading", "gevent", "gunicorn-gthread", "gunicorn-gevent")


@dataclass(frozen=True)
class Served:
    """The process that serves the app (its pid is what the probe samples)."""

    pid: int


def command(kind: str, port: int) -> list[str]:
    """The command line that serves the app on 127.0.0.1:`port` under `kind`."""
    if kind == "threading":
        serve = [sys.executable, "-m", "classroom", "serve", "--host", "127.0.0.1"]
        return [*serve, "--port", str(port)]
    if kind == "gevent":
        return [sys.executable, "-m", "bench.gevent_server", "--port", str(port)]
    if kind.startswith("gunicorn-"):
        gunicorn = [sys.executable, "-m", "gunicorn", "-c", str(GUNICORN_CONF)]
        return [*gunicorn, "--worker-class", kind.removeprefix("gunicorn-"), APP]
    raise ValueError(f"unknown server {kind!r}; have: {', '.join(KINDS)}")


def _worker(master: int, timeout: float = 30) -> int:
    """gunicorn's one worker: the master's child (the master listens before it forks it)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        children = Path(f"/proc/{master}/task/{master}/children").read_text().split()
        if children:
            return int(children[0])
        time.sleep(0.05)
    raise RuntimeError("gunicorn started no worker in time")


@contextmanager
def serving(kind: str, url: str, port: int) -> Iterator[Served]:
    """The app on `url`'s database under server `kind`, stopped afterwards."""
    if "gevent" in kind and importlib.util.find_spec("gevent") is None:
        raise SystemExit(f"--server {kind} needs gevent: pip install -e '.[gevent,gunicorn]'")
    env = {**os.environ, "CLASSROOM_DATABASE_URL": url, "CLASSROOM_PORT": str(port)}
    with tempfile.TemporaryDirectory() as instance:
        env["CLASSROOM_INSTANCE"] = instance
        log = Path(instance) / "server.log"
        with log.open("wb") as output:
            process = subprocess.Popen(
                command(kind, port), env=env, stdout=output, stderr=subprocess.STDOUT
            )
        served = Served(process.pid)
        try:
            _wait_for_port(port, process)
            if kind.startswith("gunicorn-"):
                served = Served(_worker(process.pid))
            yield served
        finally:
            if not Path(f"/proc/{served.pid}").exists():
                # The serving process died under the load: say why, not just that it is gone.
                print(f"{kind}: the server process {served.pid} ended; its log ends with:")
                print(log.read_text(errors="replace")[-2000:])
            process.terminate()
            process.wait(timeout=15)
