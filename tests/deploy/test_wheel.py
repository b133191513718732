"""The package, built as a district would get it: from the files git keeps (no node_modules, no
compiled catalogs), with no node on the PATH, into an sdist and a wheel built from that sdist;
installed into a fresh virtual environment; `classroom serve` from it gives tablets the
Socket.IO client and the translations, and three tablets play through it.

The build tools named in pyproject.toml's [build-system] come from the package index into a
throwaway environment (as any PEP 517 build does); the app's own dependencies are this
environment's (a .pth file), so only the package itself is new.
"""

from __future__ import annotations

import subprocess
import sys
import sysconfig
import tomllib
from pathlib import Path

import pytest
import requests

from tests.deploy.test_gunicorn_recipe import seat_class
from tests.scaleout.clients import Tablet, close_all
from tests.scaleout.conftest import require
from tests.scaleout.play import step
from tests.scaleout.services import ROOT, free_port, port_open, stop, wait_until

pytestmark = pytest.mark.slow


def run(command: list[str], **options: object) -> subprocess.CompletedProcess[str]:
    done = subprocess.run(
        command,
        capture_output=True,
        text=True,
        timeout=300,
        **options,  # type: ignore[call-overload]
    )
    assert done.returncode == 0, f"{command}:\n{done.stdout}\n{done.stderr}"
    return done


def test_the_wheel_built_without_node_serves_tablets(tmp_path: Path) -> None:
    source = tmp_path / "checkout"
    listed = run(["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"], cwd=ROOT)
    for name in filter(None, listed.stdout.split("\0")):
        if (ROOT / name).is_file():
            (source / name).parent.mkdir(parents=True, exist_ok=True)
            (source / name).write_bytes((ROOT / name).read_bytes())
    assert not (source / "node_modules").exists()
    assert not list(source.glob("classroom/translations/*/LC_MESSAGES/*.mo"))
    builder = tmp_path / "build-env"
    run([sys.executable, "-m", "venv", str(builder)])
    requires = tomllib.loads((ROOT / "pyproject.toml").read_text())["build-system"]["requires"]
    fetched = subprocess.run(
        [str(builder / "bin/python"), "-m", "pip", "install", "-q", "build", *requires],
        capture_output=True,
        text=True,
        timeout=300,
    )
    require(fetched.returncode == 0, f"the build tools could not be fetched: {fetched.stderr}")
    no_node = {"PATH": str(builder / "bin"), "HOME": str(tmp_path)}
    run(
        [
            str(builder / "bin/python"),
            "-m",
            "build",
            "--no-isolation",
            "--outdir",
            str(tmp_path / "dist"),
            ".",
        ],
        cwd=source,
        env=no_node,
    )
    (wheel,) = (tmp_path / "dist").glob("*.whl")
    target = tmp_path / "site"
    run([sys.executable, "-m", "venv", "--without-pip", str(target)])
    purelib = run(
        [
            str(target / "bin/python"),
            "-c",
            "import sysconfig; print(sysconfig.get_paths()['purelib'])",
        ]
    ).stdout.strip()
    Path(purelib, "_dependencies.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    run(
        [
            str(builder / "bin/python"),
            "-m",
            "pip",
            "--python",
            str(target / "bin/python"),
            "install",
            "--no-deps",
            "-q",
            str(wheel),
        ]
    )
    env = {
        "PATH": str(target / "bin"),
        "HOME": str(tmp_path),
        "CLASSROOM_DATABASE_URL": f"sqlite:///{tmp_path / 'classroom.db'}",
        "CLASSROOM_INSTANCE": str(tmp_path / "instance"),
        "PYTHONUNBUFFERED": "1",
    }
    where = run(
        [str(target / "bin/python"), "-c", "import classroom; print(classroom.__file__)"],
        cwd=tmp_path,
        env=env,
    )
    assert where.stdout.startswith(purelib), where.stdout
    tokens = seat_class(env["CLASSROOM_DATABASE_URL"])
    port = free_port()
    log = tmp_path / "serve.log"
    with log.open("wb") as output:
        process = subprocess.Popen(
            [str(target / "bin/classroom"), "serve", "--host", "127.0.0.1", "--port", str(port)],
            env=env,
            cwd=tmp_path,
            stdout=output,
            stderr=subprocess.STDOUT,
        )
    url = f"http://127.0.0.1:{port}"
    tablets = []
    try:
        wait_until(lambda: port_open(port), 60, "classroom serve did not listen", log)
        client = requests.get(f"{url}/static/vendor/socket.io.min.js", timeout=10)
        assert client.status_code == 200
        assert client.content == (ROOT / "classroom/static/vendor/socket.io.min.js").read_bytes()
        japanese = requests.get(f"{url}/join", headers={"Accept-Language": "ja"}, timeout=10)
        assert 'lang="ja"' in japanese.text and "参加" in japanese.text, japanese.text[:500]
        tablets = [Tablet(token, ["polling", "websocket"]).join(url) for token in tokens]
        for _ in range(4):
            step(tablets)
    finally:
        close_all(tablets)
        stop(process)
    assert "Traceback" not in log.read_text(errors="replace")
