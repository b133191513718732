"""A school on one server: steady play, a burst, 1,000 tablets, the bell, against a bare relay.

Drives a real `classroom serve` process (SQLite in a temporary folder, 127.0.0.1 only) with
python-socketio clients as tablets (groups of 5) and projector pages (one per class), then the
same load against `bench/baseline_server.py`, a bare python-socketio relay on the same stack.
Latency is from a play leaving its tablet to the `events` message holding its seq on every
other tablet of the group, and to the projector's `class` payload showing the group's layout one
card longer. `python -m bench school` runs it all (~7 minutes); `--quick` runs a short version.

`--server threading|gevent|gunicorn-gthread|gunicorn-gevent` runs the app under another server
(bench/servers.py; the relay stays the same), `--tablets N` sizes the big school (and its bells:
300 and N tablets dropping and coming back at once), `--json FILE` keeps the figures:
`python -m bench.bench_school --quick --server gevent --tablets 500`.

`--processes 1,2,4 [--per-process 100]` measures several app processes instead, on PostgreSQL
and Redis (bench/scaleout.py).
"""

from __future__ import annotations

import argparse
import functools
import json
import logging
import os
import random
import shutil
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from subprocess import Popen
from typing import Any

from bench.live import free_port, temporary_database
from bench.probe import ProcessProbe, listen_overflows
from bench.school import (
    GroupPlayer,
    Play,
    Projector,
    School,
    Tablet,
    baseline,
    class_sizes,
    come_back,
    relay_school,
    seat_classes,
    server_seqs,
)
from bench.school_figures import percentiles_ms, ratios_to_relay, summary_line
from bench.servers import KINDS, Served, serving

PACE = (5.0, 15.0)
BURST_PACE = (0.5, 1.5)
SETTLE_SECONDS = 5.0
BELL_PATIENCE = 60.0

# The engine.io client logs "packet queue is empty, aborting" for every socket closed at once.
logging.getLogger("engineio.client").setLevel(logging.CRITICAL)


@dataclass(frozen=True)
class Settings:
    """How long and how big each scenario is."""

    steady_s: float = 120
    burst_s: float = 30
    big_s: float = 20
    baseline_steady_s: float = 60
    classes: int = 10
    big_tablets: int = 1000
    bell_tablets: int = 300
    #: Bells rung in the big school, every tablet of each dropping and coming back at once.
    big_bells: tuple[int, ...] = (300, 1000)
    server: str = "threading"  # which server runs the app: one of bench.servers.KINDS


QUICK = Settings(
    steady_s=15,
    burst_s=6,
    big_s=6,
    baseline_steady_s=8,
    classes=4,
    big_tablets=250,
    bell_tablets=120,
    big_bells=(120, 250),
)


@dataclass
class Crowd:
    """The connected clients of one school on one server."""

    school: School
    port: int
    follow_turns: bool
    #: With several server processes, tablet n (and projector of class c) goes to
    #: ports[n % len(ports)] (ports[c % len(ports)]), as a load balancer spreads them.
    ports: list[int] = field(default_factory=list)
    tablets: list[list[Tablet]] = field(default_factory=list)
    _index: dict[int, int] = field(default_factory=dict, repr=False)
    projectors: dict[int, Projector] = field(default_factory=dict)
    failed: set[Tablet] = field(default_factory=set)
    acked: dict[int, int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.tablets = [[Tablet(t, g.group_id) for t in g.tokens] for g in self.school.groups]
        self.projectors = {c: Projector(t, c) for c, t in self.school.projectors.items()}
        self._index = {id(tablet): n for n, tablet in enumerate(self.everyone())}

    def port_of(self, client: Tablet | Projector) -> int:
        """The server port this client connects to."""
        if not self.ports:
            return self.port
        if isinstance(client, Projector):
            return self.ports[client.class_id % len(self.ports)]
        return self.ports[self._index[id(client)] % len(self.ports)]

    def everyone(self) -> Iterator[Tablet]:
        """Every tablet, group after group."""
        for group in self.tablets:
            yield from group

    def close(self) -> None:
        """Disconnect every client."""
        with ThreadPoolExecutor(32) as pool:
            list(pool.map(lambda t: t.disconnect(), self.everyone()))
        for projector in self.projectors.values():
            projector.disconnect()


def _connect_one(client: Tablet | Projector, port: int) -> tuple[float | None, str]:
    try:
        return client.connect(port), ""
    except Exception as error:
        return None, f"{type(error).__name__}: {error}"[:120]


def connect_crowd(crowd: Crowd, workers: int = 32) -> dict[str, Any]:
    """Connect projectors, then every tablet (`workers` at a time); then wait for their state."""
    for projector in crowd.projectors.values():
        _connect_one(projector, crowd.port_of(projector))
    tablets = list(crowd.everyone())
    started = time.perf_counter()
    with ThreadPoolExecutor(workers) as pool:
        outcomes = list(pool.map(lambda t: _connect_one(t, crowd.port_of(t)), tablets))
    wall = time.perf_counter() - started
    crowd.failed = {t for t, (took, _) in zip(tablets, outcomes, strict=True) if took is None}
    deadline = time.perf_counter() + 30
    for tablet in tablets:
        if tablet not in crowd.failed:
            tablet.state_arrived.wait(max(0.0, deadline - time.perf_counter()))
    times = [took for took, _ in outcomes if took is not None]
    return {
        "tablets": len(tablets),
        "connected": len(times),
        "with_state": sum(t.state_arrived.is_set() for t in tablets),
        "projectors_connected": sum(p.client.connected for p in crowd.projectors.values()),
        "connect_s": round(wall, 2),
        **percentiles_ms(times, "connect"),
        "connect_errors": dict(Counter(error for _, error in outcomes if error)),
    }


def play(crowd: Crowd, seconds: float, pace: tuple[float, float], seed: int) -> dict[str, Any]:
    """Every group plays for `seconds` at `pace`; latency, losses and duplicates."""
    duplicates_before = sum(t.duplicates() for t in crowd.everyone())
    players = [
        GroupPlayer(seats, tablets, crowd.projectors[seats.class_id], crowd.follow_turns)
        for seats, tablets in zip(crowd.school.groups, crowd.tablets, strict=True)
    ]
    until = time.perf_counter() + seconds
    threads = [
        threading.Thread(target=p.run, args=(until, pace, random.Random(seed + n)), daemon=True)
        for n, p in enumerate(players)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(1.0, until - time.perf_counter()) + 60)
    plays = [play for player in players for play in player.plays]
    for done in plays:
        crowd.acked[done.group_id] = max(crowd.acked.get(done.group_id, 0), done.seq + 1)
    figures = _arrivals(crowd, plays)
    errors = [error for player in players for error in player.errors]
    return {
        "plays": len(plays),
        **figures,
        "duplicated": sum(t.duplicates() for t in crowd.everyone()) - duplicates_before,
        "errors": len(errors),
        "error_kinds": dict(Counter(e[:80] for e in errors)),
        "groups_ended": sum(1 for p in players if p.note and p.note != "stuck"),
    }


def _expected(crowd: Crowd, plays: list[Play]) -> Iterator[tuple[Play, Tablet | Projector]]:
    """Every (play, client) that should see the play: other connected tablets, the projector."""
    groups = {
        seats.group_id: tablets
        for seats, tablets in zip(crowd.school.groups, crowd.tablets, strict=True)
    }
    for play in plays:
        for tablet in groups[play.group_id]:
            if tablet is not play.mover and tablet not in crowd.failed:
                yield play, tablet
        yield play, crowd.projectors[play.class_id]


def _arrival(play: Play, client: Tablet | Projector) -> float | None:
    if isinstance(client, Tablet):
        return client.arrivals.get(play.seq)
    return client.arrivals.get((play.group_id, play.layout))


def _arrivals(crowd: Crowd, plays: list[Play]) -> dict[str, Any]:
    """Latency to other tablets and to the projector, after waiting a little for stragglers."""
    deadline = time.perf_counter() + SETTLE_SECONDS
    while time.perf_counter() < deadline:
        if all(_arrival(p, c) is not None for p, c in _expected(crowd, plays)):
            break
        time.sleep(0.1)
    tablets: list[float] = []
    projector: list[float] = []
    lost = Counter[str]()
    for play, client in _expected(crowd, plays):
        moment = _arrival(play, client)
        kind = "tablet" if isinstance(client, Tablet) else "projector"
        if moment is None:
            lost[kind] += 1
        else:
            (tablets if kind == "tablet" else projector).append(moment - play.sent)
    return {
        **percentiles_ms(tablets, "tablet"),
        **percentiles_ms(projector, "projector"),
        "lost_tablet": lost["tablet"],
        "lost_projector": lost["projector"],
    }


def _commute(
    tablet: Tablet, port: int, leave: float, back: float, target: int, failures: list[str]
) -> float | str:
    """Leave at `leave`, come back at `back`; when the current state was back (or what failed)."""
    time.sleep(max(0.0, leave - time.perf_counter()))
    tablet.disconnect()
    time.sleep(max(0.0, back - time.perf_counter()))
    try:
        failures.extend(come_back(tablet, port, back + BELL_PATIENCE))
    except TimeoutError as error:
        return str(error)
    deadline = back + BELL_PATIENCE
    while tablet.state.get("seq") != target or not tablet.state_arrived.is_set():
        if time.perf_counter() > deadline:
            return f"state seq {tablet.state.get('seq')} is not the server's in time"
        time.sleep(0.005)
    return time.perf_counter()


def ring_bell(
    crowd: Crowd, seqs: dict[int, int], count: int, seed: int, *, at_once: bool = False
) -> dict[str, Any]:
    """`count` tablets drop and reconnect within 2 s with (round, last_seq), retrying as
    socket.io-client does (every second) for up to BELL_PATIENCE seconds. `at_once`: every
    one of them drops at the same moment and all reconnect together half a second later (a
    school's Wi-Fi coming back)."""
    rng = random.Random(seed)
    chosen = [t for t in crowd.everyone() if t not in crowd.failed][:count]
    duplicates_before = sum(t.duplicates() for t in chosen)
    bell = time.perf_counter() + 0.2
    if at_once:
        plan = [(0.0, 0.5) for _ in chosen]
    else:
        plan = [(leave, rng.uniform(leave, 2.0)) for leave in (rng.uniform(0, 1) for _ in chosen)]
    outcomes: list[float | str] = ["not back in time"] * len(chosen)
    failures: list[str] = []

    def commute(n: int) -> None:
        leave, back = plan[n]
        target = seqs[chosen[n].group_id]
        tablet = chosen[n]
        outcomes[n] = _commute(
            tablet, crowd.port_of(tablet), bell + leave, bell + back, target, failures
        )

    threads = [threading.Thread(target=commute, args=(n,), daemon=True) for n in range(len(chosen))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=max(0.1, bell + BELL_PATIENCE + 10 - time.perf_counter()))
    back = {n: o for n, o in enumerate(outcomes) if isinstance(o, float)}
    errors = [str(o) for o in outcomes if not isinstance(o, float)]
    return {
        "tablets": len(chosen),
        "back_with_current_state": len(back),
        "all_back_s": round(max(back.values()) - bell, 2) if back and not errors else None,
        **percentiles_ms([moment - bell - plan[n][1] for n, moment in back.items()], "reconnect"),
        "failed_attempts": len(failures),
        "connect_errors": dict(Counter(failures)),
        "duplicated": sum(t.duplicates() for t in chosen) - duplicates_before,
        "errors": len(errors),
        "error_kinds": dict(Counter(e[:80] for e in errors)),
    }


def _measured(
    process: Popen[bytes] | Served, action: Callable[[], dict[str, Any]]
) -> dict[str, Any]:
    """Run one scenario while sampling the server process."""
    overflows = listen_overflows()
    client = ProcessProbe(os.getpid(), every=60)
    with ProcessProbe(process.pid) as probe:
        figures = action()
    return {
        **figures,
        "server": probe.figures(),
        "client_cpu_s": client.figures()["cpu_s"],
        "listen_overflows": listen_overflows() - overflows,
    }


def _target(app: bool, sizes: list[int], port: int, kind: str) -> tuple[School, Any, str]:
    """The school, the server to start, and the database URL ("" for the relay)."""
    if not app:
        return relay_school(sizes), baseline(port), ""
    url, _folder = temporary_database()
    return seat_classes(url, sizes), serving(kind, url, port), url


def _current_seqs(crowd: Crowd, url: str) -> dict[int, int]:
    """The server's seq per group: from its database, or for the relay the last acknowledged."""
    if url:
        return server_seqs(url, [g.group_id for g in crowd.school.groups])
    return {g.group_id: crowd.acked.get(g.group_id, 0) for g in crowd.school.groups}


def classes_scenarios(settings: Settings, app: bool, seed: int) -> dict[str, Any]:
    """Steady school, burst and bell on one server: 10 classes of 6 groups of 5 + projectors."""
    port = free_port()
    school, context, url = _target(app, [6] * settings.classes, port, settings.server)
    steady_s = settings.steady_s if app else settings.baseline_steady_s
    results: dict[str, Any] = {}
    with context as process:
        crowd = Crowd(school, port, follow_turns=app)
        try:
            results["steady"] = _measured(
                process, lambda: {**connect_crowd(crowd), **play(crowd, steady_s, PACE, seed)}
            )
            results["burst"] = _measured(
                process, lambda: play(crowd, settings.burst_s, BURST_PACE, seed + 1)
            )
            seqs = _current_seqs(crowd, url)
            results["bell"] = _measured(
                process, lambda: ring_bell(crowd, seqs, settings.bell_tablets, seed + 2)
            )
        finally:
            crowd.close()
    _remove(url)
    return results


def big_school(settings: Settings, app: bool, seed: int) -> dict[str, Any]:
    """1,000 tablets (200 groups of 5, classes of 6 groups) connect, get their state, play;
    then the bells: 300 of them, then all, drop and come back at once."""
    port = free_port()
    school, context, url = _target(
        app, class_sizes(settings.big_tablets // 5), port, settings.server
    )
    results: dict[str, Any] = {}
    with context as process:
        crowd = Crowd(school, port, follow_turns=app)
        try:
            results["big"] = _measured(
                process,
                lambda: {**connect_crowd(crowd, 64), **play(crowd, settings.big_s, PACE, seed)},
            )
            for size in settings.big_bells:
                bell = functools.partial(
                    ring_bell, crowd, _current_seqs(crowd, url), size, seed + size, at_once=True
                )
                results[f"bell_{size}"] = _measured(process, bell)
        finally:
            crowd.close()
    _remove(url)
    return results


def _remove(url: str) -> None:
    if url:
        shutil.rmtree(url.removeprefix("sqlite:///").rsplit("/", 1)[0], ignore_errors=True)


def run(settings: Settings | None = None, seed: int = 7) -> dict[str, Any]:
    """Every scenario against the classroom server, then against the relay; print and return."""
    settings = settings or Settings()
    started = time.perf_counter()
    ours = {**classes_scenarios(settings, True, seed), **big_school(settings, True, seed)}
    floor = {**classes_scenarios(settings, False, seed), **big_school(settings, False, seed)}
    for name in ours:
        print(summary_line(f"{name} (ours)", ours[name]))
        print(summary_line(f"{name} (relay)", floor[name]))
    ratios = {name: ratios_to_relay(ours[name], floor[name]) for name in ours}
    print("ours / relay:", json.dumps(ratios))
    return {
        "settings": settings.__dict__,
        "ours": ours,
        "baseline": floor,
        "ratio_to_baseline": ratios,
        "run_s": round(time.perf_counter() - started, 1),
    }


def main() -> None:
    """`python -m bench.bench_school [--quick]`: run and print (results.json is `python -m
    bench school`'s)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="a short run (under 2 minutes)")
    parser.add_argument("--server", choices=KINDS, default="threading", help="what runs the app")
    parser.add_argument("--tablets", type=int, help="tablets in the big school (1,000; quick 250)")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument(
        "--processes",
        help="instead: PostgreSQL, Redis and this many app processes in turn (e.g. 1,2,4)",
    )
    parser.add_argument(
        "--per-process", type=int, default=100, help="with --processes: tablets per process"
    )
    args = parser.parse_args()
    if args.processes:
        from bench import scaleout

        counts = tuple(int(n) for n in args.processes.split(","))
        play_s = QUICK.big_s if args.quick else Settings().big_s
        scaled = scaleout.run(counts, args.per_process, play_s)
        if args.json:
            with open(args.json, "w") as out:
                json.dump(scaled, out, indent=2, default=str)
        return
    settings = replace(QUICK if args.quick else Settings(), server=args.server)
    if args.tablets:
        bells = tuple(sorted({min(300, args.tablets), args.tablets}))
        settings = replace(settings, big_tablets=args.tablets, big_bells=bells)
    figures = run(settings)
    if args.json:
        with open(args.json, "w") as out:
            json.dump(figures, out, indent=2, default=str)
    print(f"done in {figures['run_s']} s")


if __name__ == "__main__":
    main()
