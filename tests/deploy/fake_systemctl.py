"""A stand-in for `systemctl` while tests/deploy/test_guide.py runs the guide's commands: it
starts and stops `classroom@PORT` as deploy/systemd/classroom@.service says (its ExecStart,
EnvironmentFile and Environment, %i being the port), so the guide's own unit file is what runs.

    systemctl daemon-reload | enable UNIT | reload nginx    recorded, nothing else
    systemctl start classroom@PORT | stop classroom@PORT   the process, its pid in $FAKE_SYSTEMD
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

STOP_SECONDS = 20.0


def unit(instance: str) -> dict[str, list[str]]:
    """The unit file's [Service] settings, each name with its values, %i filled in."""
    path = Path(os.environ["SYSTEMD_DIR"]) / "classroom@.service"
    settings: dict[str, list[str]] = {}
    for line in path.read_text().splitlines():
        name, equals, value = line.partition("=")
        if equals and not line.startswith("#"):
            settings.setdefault(name.strip(), []).append(value.strip().replace("%i", instance))
    return settings


def environment(settings: dict[str, list[str]]) -> dict[str, str]:
    env = dict(os.environ)
    for file in settings.get("EnvironmentFile", []):
        for line in Path(file).read_text().splitlines():
            name, equals, value = line.partition("=")
            if equals and not line.startswith("#"):
                env[name.strip()] = value.strip()
    for assignment in settings.get("Environment", []):
        name, _, value = assignment.partition("=")
        env[name] = value
    return env


def running(pid_file: Path) -> int | None:
    if not pid_file.exists():
        return None
    pid = int(pid_file.read_text())
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return None
    return pid


def start(instance: str, state: Path) -> None:
    pid_file = state / f"{instance}.pid"
    if running(pid_file):
        return
    settings = unit(instance)
    with (state / f"{instance}.log").open("ab") as log:
        process = subprocess.Popen(
            shlex.split(settings["ExecStart"][0]),
            env=environment(settings),
            cwd=settings.get("WorkingDirectory", ["/"])[0],
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    pid_file.write_text(str(process.pid))


def stop(instance: str, state: Path) -> None:
    pid_file = state / f"{instance}.pid"
    pid = running(pid_file)
    if pid is not None:
        os.kill(pid, signal.SIGTERM)
        deadline = time.monotonic() + STOP_SECONDS
        while running(pid_file) and time.monotonic() < deadline:
            time.sleep(0.1)  # polling for the process to end, as systemd waits for it
        if running(pid_file):
            os.kill(pid, signal.SIGKILL)
    pid_file.unlink(missing_ok=True)


def main(args: list[str]) -> int:
    state = Path(os.environ["FAKE_SYSTEMD"])
    with (state / "calls.log").open("a") as calls:
        calls.write(" ".join(args) + "\n")
    if len(args) == 2 and args[0] in ("start", "stop") and args[1].startswith("classroom@"):
        instance = args[1].removeprefix("classroom@").removesuffix(".service")
        (start if args[0] == "start" else stop)(instance, state)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
