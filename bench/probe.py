"""What a benchmark reads of the server process from /proc: CPU time, memory, threads, open
files, and the kernel's count of connections the listen queue dropped."""

from __future__ import annotations

import os
import threading
from pathlib import Path


class ProcessProbe:
    """Samples a process's CPU time, resident memory, threads and open files from /proc."""

    def __init__(self, pid: int, every: float = 0.2) -> None:
        self.pid = pid
        self.every = every
        self.peak = {"rss_mb": 0.0, "threads": 0, "fds": 0}
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)
        self._cpu_start = self.cpu_seconds()

    def cpu_seconds(self) -> float:
        """User + system CPU seconds the process used so far."""
        fields = Path(f"/proc/{self.pid}/stat").read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")

    def __enter__(self) -> ProcessProbe:
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)

    def figures(self) -> dict[str, float | None]:
        """CPU seconds since the probe started (None if the process is gone), and the peaks
        it saw."""
        try:
            cpu: float | None = round(self.cpu_seconds() - self._cpu_start, 2)
        except OSError:
            cpu = None
        return {"cpu_s": cpu, **self.peak}

    def _sample(self) -> None:
        while not self._stop.wait(self.every):
            try:
                status = Path(f"/proc/{self.pid}/status").read_text().splitlines()
                values = dict(line.split(":", 1) for line in status if ":" in line)
                rss = int(values["VmRSS"].split()[0]) / 1024
                fds = len(os.listdir(f"/proc/{self.pid}/fd"))
            except (OSError, KeyError, ValueError):
                return
            self.peak["rss_mb"] = round(max(self.peak["rss_mb"], rss), 1)
            self.peak["threads"] = max(self.peak["threads"], int(values["Threads"]))
            self.peak["fds"] = max(self.peak["fds"], fds)


def listen_overflows() -> int:
    """The kernel's count of connections dropped because a listen queue was full (all sockets)."""
    lines = [line.split() for line in Path("/proc/net/netstat").read_text().splitlines()]
    for names, values in zip(lines[::2], lines[1::2], strict=False):
        if names[0] == "TcpExt:":
            counts = dict(zip(names[1:], values[1:], strict=True))
            return int(counts.get("ListenOverflows", 0)) + int(counts.get("ListenDrops", 0))
    return 0
