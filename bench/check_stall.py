"""Does one long rule check hold up the other tablets? A tablet writes a hypothesis that the
checker needs its whole 2 s budget for, while another tablet of the group asks the server for
its table (`resync`) every 20 ms; the figure is the longest wait for an answer.

Run it under each server, with the checks in worker processes (the default) or in the server's
own threads (`--workers 0`, as before they moved):

    python -m bench.check_stall --server gevent --workers 1
    python -m bench.check_stall --server gevent --workers 0

Under gevent every tablet shares one thread, so a check run in it stops them all for as long as
it runs. A real server process on loopback, a temporary SQLite database; stops by itself.
"""

from __future__ import annotations

import argparse
import os
import shutil
import threading
import time
from typing import Any

from bench.live import free_port, temporary_database
from bench.school import Tablet
from bench.school_figures import percentiles_ms
from bench.servers import KINDS, serving
from classroom.core.games.express import Options
from classroom.store import connect, create_schema
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup

#: A secret rule and a hypothesis the checker cannot decide within its 2 s budget.
SECRET = (
    "(card.rank * prev.rank * prev2.rank + prev3.rank + position) % 11 < 5"
    " or card.suit == prev3.suit"
)
HYPOTHESIS = (
    "card.suit == prev3.suit"
    " or (prev3.rank + card.rank * prev.rank * prev2.rank + position) % 11 < 5"
)
PROBE_EVERY_S = 0.02


def _seat_group(url: str) -> list[str]:
    """One class, one group of three seats playing SECRET, the rule revealed; their tokens."""
    sessions = connect(url)
    create_schema(sessions.kw["bind"])
    service = use_cases_for(sessions)
    teacher = service.teachers.create_teacher("stall", "stall-password")
    class_id = service.classes.create_class(teacher, "Class", [GroupSetup("G", SECRET)], Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    tokens = [service.seats.join(snapshot.join_code, group_id, f"T{n}")[1] for n in (1, 2, 3)]
    service.rounds.start_round(teacher, group_id)
    # Revealed: a student's journal is checked against the rule (during a round it is not, so
    # as not to give the secret away), which makes the check start from a tablet.
    service.rounds.set_revealed(teacher, group_id, True)
    sessions.kw["bind"].dispose()
    return tokens


def run(server: str = "threading", workers: int = 1, seconds: float = 4.0) -> dict[str, Any]:
    """The probe's answer times while the check runs, and the longest."""
    url, folder = temporary_database()
    writer_token, prober_token, _third = _seat_group(url)
    port = free_port()
    os.environ["CLASSROOM_COMPUTE_WORKERS"] = str(workers)
    waits: list[float] = []
    try:
        with serving(server, url, port):
            writer, prober = Tablet(writer_token, 1), Tablet(prober_token, 1)
            writer.connect(port)
            prober.connect(port)
            until = time.perf_counter() + seconds

            def write_later() -> None:
                time.sleep(0.5)
                entry = {"text": HYPOTHESIS}
                writer.client.call("journal", entry, namespace="/play", timeout=30)

            threading.Thread(target=write_later, daemon=True).start()
            while time.perf_counter() < until:
                asked = time.perf_counter()
                prober.client.call("resync", {"round": 1, "last_seq": 0}, namespace="/play")
                waits.append(time.perf_counter() - asked)
                time.sleep(PROBE_EVERY_S)
            writer.disconnect()
            prober.disconnect()
    finally:
        os.environ.pop("CLASSROOM_COMPUTE_WORKERS", None)
        shutil.rmtree(folder, ignore_errors=True)
    figures = {"server": server, "workers": workers, **percentiles_ms(waits, "resync")}
    print(
        f"{server}, {workers} worker process(es): {len(waits)} resyncs, p50 "
        f"{figures.get('resync_p50_ms')} ms, longest {figures.get('resync_max_ms')} ms"
    )
    return figures


def main() -> None:
    """`python -m bench.check_stall [--server KIND] [--workers N]`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--server", choices=KINDS, default="threading")
    parser.add_argument("--workers", type=int, default=1, help="0: checks in the server's threads")
    args = parser.parse_args()
    run(args.server, args.workers)


if __name__ == "__main__":
    main()
