"""What the beacons cost a server process: the time of one beacon round (one query for where
every group with a tablet here stands, the sweep of overdue prediction windows, one small
message per group, teacher page and projector) with 12, 60 and 120 groups connected, against
the time the same process takes for one play (commit and announce) in the same run.

In process, on SQLite in a temporary folder, with Flask-SocketIO test clients as tablets (one
per group: the beacon's cost is per group, not per tablet). `python -m bench beacon`.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from bench.live import RULE
from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, Move, UseCases
from classroom.web import create_app, socketio

GROUP_COUNTS = (12, 60, 120)
ROUNDS = 60
PLAYS = 40


def _seated_app(folder: Path, groups: int) -> tuple[Any, UseCases, list[Any], list[Any]]:
    app = create_app(
        {
            "DATABASE_URL": f"sqlite:///{folder / f'beacon-{groups}.db'}",
            "SECRET_KEY": "bench",
            "WTF_CSRF_ENABLED": False,
            "BEACON_SECONDS": 0,  # rounds are timed here, not left to the task
        }
    )
    service: UseCases = app.extensions["use_cases"]
    teacher = service.teachers.create_teacher("bench", "bench-password")
    clients, seats = [], []
    for start in range(0, groups, 12):
        setups = [GroupSetup(f"Group {n + 1}", RULE) for n in range(min(12, groups - start))]
        class_id = service.classes.create_class(teacher, "Bench", setups, Options())
        snapshot = service.reading.class_snapshot(teacher, class_id)
        for group in snapshot.groups:
            seat_list = [
                service.seats.join(snapshot.join_code, group.group_id, f"Tablet {i}")
                for i in range(3)
            ]
            service.rounds.start_round(teacher, group.group_id)
            token = seat_list[0][1]
            seats.append((group.group_id, [s for s, _ in seat_list]))
            clients.append(socketio.test_client(app, namespace="/play", auth={"token": token}))
    return app, service, clients, seats


def _time_plays(service: UseCases, seats: list[Any]) -> list[float]:
    """Milliseconds per play (commit and announce), the player whose turn it is."""
    timings = []
    for n in range(PLAYS):
        group_id, group_seats = seats[n % len(seats)]
        state = service.reading.group_snapshot(group_id).state
        assert state is not None
        player = next(s for s in group_seats if s.key == state.turn)
        card = state.hand(player.key)[0]
        started = time.perf_counter()
        service.rounds.act(player, Move("play", f"bench-{n}", cards=(card,)))
        timings.append((time.perf_counter() - started) * 1000)
    return timings


def run() -> dict[str, Any]:
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        for groups in GROUP_COUNTS:
            app, service, clients, seats = _seated_app(Path(folder), groups)
            beacons = app.extensions["beacons"]
            beacons.send_now()  # warm: the first round reads every state from the log
            rounds = []
            for _ in range(ROUNDS):
                started = time.perf_counter()
                heard = beacons.send_now()
                rounds.append((time.perf_counter() - started) * 1000)
                assert heard == groups
            plays = _time_plays(service, seats)
            for client in clients:
                client.disconnect(namespace="/play")
            beacon_ms, play_ms = statistics.median(rounds), statistics.median(plays)
            results[f"{groups} groups"] = {
                "beacon round ms (median)": round(beacon_ms, 2),
                "beacon round ms (p90)": round(statistics.quantiles(rounds, n=10)[-1], 2),
                "play ms (median)": round(play_ms, 2),
                "beacon round / play": round(beacon_ms / play_ms, 2),
                "share of one core at 2 s": f"{beacon_ms / 2000:.2%}",
            }
            print(f"{groups} groups: {results[f'{groups} groups']}")
    return results
