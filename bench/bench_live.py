"""Live latency: a play leaving one tablet until it reaches every other tablet of its group.

A real `classroom serve` process on loopback, python-socketio clients as tablets (groups of 5).
"""

from __future__ import annotations

import contextlib
import shutil
import threading
import time
from dataclasses import dataclass, field
from typing import Any

import socketio

from bench.live import free_port, percentile, seat_school, server, temporary_database

PLAYS_PER_GROUP = 12
#: The whole school's plays per second: a class of 6 groups each playing every 0.3 s is far
#: busier than any real lesson; 60 groups share the same total, a play every 3 s each.
SCHOOL_PLAYS_PER_SECOND = 20


@dataclass
class Tablet:
    """One simulated tablet: its socket, latest state and arrival times of played cards."""

    token: str
    client: socketio.Client = field(default_factory=lambda: socketio.Client(reconnection=False))
    state: dict[str, Any] = field(default_factory=dict)
    arrivals: dict[int, float] = field(default_factory=dict)
    updated: threading.Event = field(default_factory=threading.Event)

    def connect(self, port: int) -> None:
        """Connect with the seat token and start listening."""
        self.client.on("state", self._on_state, namespace="/play")
        self.client.on("events", self._on_events, namespace="/play")
        self.client.connect(
            f"http://127.0.0.1:{port}",
            namespaces=["/play"],
            auth={"token": self.token},
            transports=["websocket"],
            wait_timeout=20,
        )

    def _on_state(self, state: dict[str, Any]) -> None:
        # Broadcasts of changes made at the same moment may cross: keep the newest view.
        seen = (self.state.get("round", 0), self.state.get("seq", 0))
        if (state["round"], state["seq"]) >= seen:
            self.state = state
        self.updated.set()

    def _on_events(self, events: list[dict[str, Any]]) -> None:
        now = time.perf_counter()
        for event in events:
            if event["kind"] == "played":
                self.arrivals.setdefault(event["seq"], now)


def _play_group(
    tablets: list[Tablet], sent: dict[int, float], errors: list[str], pace: float
) -> None:
    for n in range(PLAYS_PER_GROUP):
        mover = next((t for t in tablets if t.state.get("turn") == t.state.get("me")), None)
        if mover is None or mover.state.get("status") not in ("playing", "guess_window"):
            errors.append("no tablet could move")
            return
        seq = mover.state["seq"] + 1
        mover.updated.clear()
        sent[seq] = time.perf_counter()
        answer = mover.client.call(
            "act",
            {"type": "play", "card": mover.state["hand"][0], "action_id": f"b{n}"},
            namespace="/play",
            timeout=20,
        )
        if not answer.get("ok"):
            errors.append(answer.get("error", "?"))
            return
        deadline = time.monotonic() + 10
        while any(t.state.get("seq", 0) < answer["seq"] for t in tablets):
            if time.monotonic() > deadline:
                errors.append("state did not arrive")
                return
            time.sleep(0.002)
        time.sleep(pace)


def measure(count: int) -> dict[str, float]:
    """Connect `count` tablets, let every group play, and return the latency figures."""
    url, folder = temporary_database()
    seating = seat_school(url, count)
    port = free_port()
    groups = [[Tablet(token) for token in tokens] for tokens in seating.groups]
    errors: list[str] = []
    with server(url, port):
        started = time.perf_counter()
        for group in groups:
            for tablet in group:
                tablet.connect(port)
        connect_seconds = time.perf_counter() - started
        sent: list[dict[int, float]] = [{} for _ in groups]
        pace = max(0.25, len(groups) / SCHOOL_PLAYS_PER_SECOND)
        players = [
            threading.Thread(target=_play_group, args=(group, sent[i], errors, pace))
            for i, group in enumerate(groups)
        ]
        for thread in players:
            thread.start()
        for thread in players:
            thread.join()
    # The server is gone now: closing cannot wait for its answer (a graceful close of hundreds
    # of sockets can hang on a server that is busy shutting down).
    _drop_all([tablet for group in groups for tablet in group])
    shutil.rmtree(folder, ignore_errors=True)
    latencies = [
        (tablet.arrivals[seq] - moment) * 1000
        for group, sends in zip(groups, sent, strict=True)
        for seq, moment in sends.items()
        for tablet in group
        if seq in tablet.arrivals
    ]
    expected = sum(len(sends) * len(group) for group, sends in zip(groups, sent, strict=True))
    return {
        "tablets": count,
        "pace_s": round(max(0.25, len(groups) / SCHOOL_PLAYS_PER_SECOND), 2),
        "connect_s": round(connect_seconds, 2),
        "deliveries": len(latencies),
        "missing": expected - len(latencies),
        "errors": len(errors),
        "p50_ms": round(percentile(latencies, 0.50), 2),
        "p95_ms": round(percentile(latencies, 0.95), 2),
        "p99_ms": round(percentile(latencies, 0.99), 2),
        "max_ms": round(max(latencies), 2),
    }


def _drop_all(tablets: list[Tablet]) -> None:
    """Disconnect every client, each in its own thread, waiting a bounded time."""
    closers = [threading.Thread(target=_drop, args=(t,), daemon=True) for t in tablets]
    for closer in closers:
        closer.start()
    deadline = time.monotonic() + 10
    for closer in closers:
        closer.join(timeout=max(0.0, deadline - time.monotonic()))


def _drop(tablet: Tablet) -> None:
    # The server is already gone, so a failing close has nothing to report.
    with contextlib.suppress(Exception):
        tablet.client.disconnect()


def run(sizes: tuple[int, ...] = (30, 300)) -> dict[str, dict[str, float]]:
    """Print and return the figures at 30 and 300 connected tablets."""
    figures = {}
    for size in sizes:
        result = measure(size)
        figures[f"{size}_tablets"] = result
        print(
            f"{size:4d} tablets (a play every {result['pace_s']}s per group): "
            f"connect {result['connect_s']}s, {result['deliveries']} deliveries "
            f"({result['missing']} missing, {result['errors']} errors): p50 {result['p50_ms']} ms, "
            f"p95 {result['p95_ms']} ms, p99 {result['p99_ms']} ms, max {result['max_ms']} ms"
        )
    return figures


if __name__ == "__main__":
    run()
