"""A round with and without everyone-predicts: how much longer does a round take when, after
every play, the other tablets of the group predict before the app's verdict?

Drives a real `classroom serve` (SQLite in a temporary folder, loopback only) with groups of
five python-socketio tablets. A bot plays the first card of its hand as soon as its turn comes;
with the option on, every other bot predicts as soon as its tablet shows the question, so the
verdict comes when the last of the four has predicted (never from the window's clock). A
"round" is `PLAYS` plays in a row; its length is from the first play leaving its tablet to the
view after the last verdict. `python -m bench predict` runs it (~1 minute).
"""

from __future__ import annotations

import logging
import statistics
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from bench.live import RULE, free_port, server, temporary_database
from bench.school import CLOSE_WAIT_S, Tablet
from classroom.core.games.express import Options
from classroom.store import connect, create_schema
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup

GROUPS = 6
PER_GROUP = 5
PLAYS = 20
PATIENCE_S = 20.0
logging.getLogger("engineio.client").setLevel(logging.CRITICAL)


class PredictingTablet(Tablet):
    """A tablet whose bot says ✓ at once whenever its view asks for a prediction."""

    def __init__(self, token: str, group_id: int) -> None:
        super().__init__(token, group_id)
        self.asked: set[int] = set()

    def _on_state(self, state: dict[str, Any]) -> None:
        super()._on_state(state)
        self._predict()

    def _on_update(self, update: dict[str, Any]) -> None:
        super()._on_update(update)
        self._predict()

    def _predict(self) -> None:
        waiting = (self.state.get("predict") or {}).get("waiting")
        if not waiting or not waiting.get("can") or waiting["play"] in self.asked:
            return
        self.asked.add(waiting["play"])
        payload = {"type": "predict", "accepted": True, "action_id": f"b{waiting['play']}"}
        self.client.emit("act", payload, namespace="/play")


def seat(url: str, predicts: bool) -> list[tuple[int, list[str]]]:
    """One class of `GROUPS` groups of five, rounds dealt; (group id, seat tokens) each."""
    sessions = connect(url)
    create_schema(sessions.kw["bind"])
    service = use_cases_for(sessions)
    teacher = service.teachers.create_teacher("bench", "bench-password")
    setups = [GroupSetup(f"Group {n + 1}", RULE) for n in range(GROUPS)]
    class_id = service.classes.create_class(
        teacher, "Bench", setups, Options(), everyone_predicts=predicts, predict_seconds=15
    )
    snapshot = service.reading.class_snapshot(teacher, class_id)
    groups = []
    for group in snapshot.groups:
        tokens = [
            service.seats.join(snapshot.join_code, group.group_id, f"Bot {i + 1}")[1]
            for i in range(PER_GROUP)
        ]
        service.rounds.start_round(teacher, group.group_id)
        groups.append((group.group_id, tokens))
    sessions.kw["bind"].dispose()
    return groups


def play_round(tablets: list[Tablet]) -> float:
    """`PLAYS` plays, each as soon as the verdict on the last one is in; the seconds it took."""
    started = time.perf_counter()
    seq = 0
    for _ in range(PLAYS):
        mover = _mover(tablets, seq)
        card = mover.state["hand"][0]
        payload = {"type": "play", "card": card, "action_id": f"play-{seq}"}
        answer = mover.client.call("act", payload, namespace="/play", timeout=PATIENCE_S)
        if not answer or not answer.get("ok"):
            raise RuntimeError(f"a play was refused: {answer}")
        seq = answer["seq"]
    _mover(tablets, seq)  # the last verdict shown
    return time.perf_counter() - started


def _mover(tablets: list[Tablet], seq: int) -> Tablet:
    """The tablet whose turn it is once every tablet's view shows the verdict after `seq`."""
    deadline = time.perf_counter() + PATIENCE_S
    while time.perf_counter() < deadline:
        views = [tablet.state for tablet in tablets]
        settled = all(v and v.get("seq", 0) >= seq for v in views)
        if settled and all(v.get("status") in ("playing", "guess_window") for v in views):
            for tablet in tablets:
                if tablet.state.get("turn") == tablet.state.get("me"):
                    return tablet
        time.sleep(0.002)
    raise RuntimeError("no verdict within the patience")


def measure(predicts: bool) -> list[float]:
    """Each group's round length, all groups playing at once."""
    url, _folder = temporary_database()
    groups = seat(url, predicts)
    port = free_port()
    kind = PredictingTablet if predicts else Tablet
    with server(url, port):
        tables = [[kind(token, group_id) for token in tokens] for group_id, tokens in groups]
        for tablets in tables:
            for tablet in tablets:
                tablet.connect(port)
        for tablets in tables:
            for tablet in tablets:
                tablet.state_arrived.wait(PATIENCE_S)
        with ThreadPoolExecutor(len(tables)) as pool:
            lengths = list(pool.map(play_round, tables))
        for tablets in tables:
            for tablet in tablets:
                threading.Thread(target=tablet.disconnect, daemon=True).start()
        time.sleep(CLOSE_WAIT_S)
    return lengths


def run() -> dict[str, float]:
    """Both measurements, printed, and their ratio."""
    without = measure(False)
    with_predictions = measure(True)
    off, on = statistics.median(without), statistics.median(with_predictions)
    figures = {
        "plays_per_round": PLAYS,
        "groups": GROUPS,
        "round_s_without": round(off, 3),
        "round_s_with": round(on, 3),
        "per_play_ms_without": round(1000 * off / PLAYS, 1),
        "per_play_ms_with": round(1000 * on / PLAYS, 1),
        "ratio": round(on / off, 2),
    }
    print(
        f"a round of {PLAYS} plays, {GROUPS} groups of {PER_GROUP} at once (median): "
        f"{off:.2f} s without everyone-predicts, {on:.2f} s with it (bots predict at once); "
        f"ratio {on / off:.2f}"
    )
    return figures


if __name__ == "__main__":
    run()
