"""Several app processes behind the same load: PostgreSQL, Redis, and 1, 2, 4... `classroom
serve` processes sharing them, the tablets spread over the processes as a load balancer would.

Each process count gets a fresh database and `per_process` tablets per process (so 4 processes
get 4 times the tablets of one), connected 64 at a time and then playing, each group every 1-3 s.
The table says how many tablets each size served with their state, their play's p50 / p99 to
the other tablets of their group (which may sit on another process: the play crosses Redis), and
both over the one-process run: 4 processes that carry 4 times the tablets at the same p99 scale.

PostgreSQL and Redis are started throwaway, as the scale-out tests start them
(tests/scaleout/services.py), and stopped at the end. Only loopback ports are used.

`python -m bench.bench_school --processes 1,2,4 --per-process 100 [--quick]`
"""

from __future__ import annotations

import os
import shutil
import tempfile
from pathlib import Path
from typing import Any

from bench.bench_school import Crowd, connect_crowd, play
from bench.probe import ProcessProbe
from bench.school import class_sizes, seat_classes
from tests.scaleout.services import Postgres, Redis, Server

#: Each group plays every 1-3 s: enough plays in a short run for a p99 worth reading.
SCALE_PACE = (1.0, 3.0)


def run(
    processes: tuple[int, ...] = (1, 2, 4),
    per_process: int = 100,
    play_s: float = 20.0,
    seed: int = 7,
) -> dict[str, Any]:
    """The scaling table: one row per process count, then the ratios to the first row."""
    folder = Path(tempfile.mkdtemp(prefix="eleusis-scale-"))
    redis = Redis(folder)
    postgres = Postgres()
    rows: list[dict[str, Any]] = []
    try:
        redis.start()
        postgres.start()
        for count in processes:
            rows.append(_one_size(count, per_process, postgres, redis, folder, play_s, seed))
    finally:
        redis.close()
        postgres.close()
        shutil.rmtree(folder, ignore_errors=True)
    _add_ratios(rows)
    print(table(rows))
    return {"per_process": per_process, "play_s": play_s, "rows": rows}


def _one_size(
    count: int,
    per_process: int,
    postgres: Postgres,
    redis: Redis,
    folder: Path,
    play_s: float,
    seed: int,
) -> dict[str, Any]:
    """`count` processes on a fresh database, `count * per_process` tablets."""
    url = postgres.new_database()
    tablets = count * per_process
    school = seat_classes(url, class_sizes(max(1, tablets // 5)))
    env = {
        **os.environ,
        "CLASSROOM_DATABASE_URL": url,
        "CLASSROOM_REDIS_URL": redis.url,
        # Every process signs alike (a teacher's cookie is good on all of them).
        "CLASSROOM_SECRET_KEY": "bench-scale-out",
        "PYTHONUNBUFFERED": "1",
    }
    servers = [Server(f"{count}-{n}", env, folder) for n in range(count)]
    try:
        for server in servers:
            server.start()
        for server in servers:
            server.wait()
        ports = [server.port for server in servers]
        crowd = Crowd(school, ports[0], follow_turns=True, ports=ports)
        probes = [ProcessProbe(server.process.pid) for server in servers if server.process]
        for probe in probes:
            probe.__enter__()
        try:
            figures = {**connect_crowd(crowd, 64), **play(crowd, play_s, SCALE_PACE, seed)}
        finally:
            for probe in probes:
                probe.__exit__()
            crowd.close()
        cpu = [probe.figures()["cpu_s"] or 0.0 for probe in probes]
        return {
            "processes": count,
            "tablets": tablets,
            "served": figures["with_state"],
            "cpu_s_per_process": [round(c, 2) for c in cpu],
            "peak_rss_mb": max(probe.peak["rss_mb"] for probe in probes),
            **{k: v for k, v in figures.items() if k != "connect_errors"},
        }
    finally:
        for server in servers:
            server.close()


def _add_ratios(rows: list[dict[str, Any]]) -> None:
    """Tablets served and p99 of each row over the first row's."""
    if not rows:
        return
    first = rows[0]
    for row in rows:
        served, p99 = row.get("served"), row.get("tablet_p99_ms")
        base_served, base_p99 = first.get("served"), first.get("tablet_p99_ms")
        row["served_ratio"] = round(served / base_served, 2) if served and base_served else None
        row["p99_ratio"] = round(p99 / base_p99, 2) if p99 and base_p99 else None


def table(rows: list[dict[str, Any]]) -> str:
    """The scaling table as text."""
    lines = [
        "processes | tablets | served with state | plays | p50 / p99 ms to tablets | lost | dup"
        " | errors | served x | p99 x",
    ]
    for row in rows:
        lines.append(
            f"{row['processes']:>9} | {row['tablets']:>7} | {row['served']:>17} | "
            f"{row.get('plays', 0):>5} | "
            f"{row.get('tablet_p50_ms')} / {row.get('tablet_p99_ms')}".ljust(75)
            + f" | {row.get('lost_tablet', 0)}+{row.get('lost_projector', 0)}"
            f" | {row.get('duplicated', 0)} | {row.get('errors', 0)}"
            f" | {row.get('served_ratio')} | {row.get('p99_ratio')}"
        )
    return "\n".join(lines)
