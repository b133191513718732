"""A class at play through a fault: tablets that play, predict and pass on their own, as the
page does (the same action id sent again until answered, reconnecting, following beacons), a
record of every acknowledged action, and the measures a fault is judged by.

- lost: an acknowledged action the database does not hold;
- applied twice: more moves of a group's players in its logs than actions recorded as applied;
- recovery: per group, the seconds from the fault's end until an action was acknowledged
  after it and every tablet of the group holds the group's newest (round, seq) at once.
"""

from __future__ import annotations

import gc
import itertools
import random
import threading
import time
import urllib.error
import urllib.request
import warnings
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import socketio
from sqlalchemy import func, select

from classroom.core.games.express import Options
from classroom.store.models import AppliedAction, RoundEvent, StoredRound
from classroom.usecases import GroupSetup
from tests.scaleout.clients import Tablet, close_all
from tests.scaleout.conftest import RULE, Cluster

#: The events a player's own action writes to an Express log (one per applied action id).
MOVES = ("played", "predicted", "guess_passed", "guessed", "no_play")
#: Between one group's actions: a table of children, not a benchmark.
PACE_S = 0.25
#: How long one action is sent again (same id) before the driver gives it up.
PATIENCE_S = 45.0
#: A fault is over for a group once play goes on and its tablets agree, within this.
RECOVERY_S = 10.0

_ids = itertools.count(1)


@dataclass
class Ack:
    """One acknowledged action."""

    group_id: int
    seat_id: int
    action_id: str
    kind: str
    seq: int
    at: float


@dataclass
class Table:
    """One group: its tablets, each on server A or B."""

    group_id: int
    seat_ids: list[int]
    tablets: list[Tablet]
    acks: list[Ack] = field(default_factory=list)
    unanswered: int = 0
    predicted: set[tuple[int, int, int]] = field(default_factory=set)


class FaultyClass:
    """A class of `groups` groups of `size` tablets, everyone predicting, its tablets spread
    over the cluster's two processes; `start` sets each group playing in its own thread."""

    def __init__(self, cluster: Cluster, groups: int = 4, size: int = 3) -> None:
        self.cluster = cluster
        self.rng = random.Random(7)
        self.stop = threading.Event()
        self.tables: list[Table] = []
        self._threads: list[threading.Thread] = []
        self._lock = threading.Lock()
        service = cluster.service
        teacher = cluster.teacher_id()
        setups = [GroupSetup(f"Group {n + 1}", RULE) for n in range(groups)]
        self.class_id = service.classes.create_class(
            teacher, "Faults", setups, Options(), everyone_predicts=True, predict_seconds=3
        )
        snapshot = service.reading.class_snapshot(teacher, self.class_id)
        self.join_code = snapshot.join_code
        for g, group in enumerate(snapshot.groups):
            seats = [
                service.seats.join(snapshot.join_code, group.group_id, f"Tablet {g}-{n}")
                for n in range(size)
            ]
            service.rounds.start_round(teacher, group.group_id)
            tablets = []
            for n, (_seat, token) in enumerate(seats):
                server = cluster.a if (g + n) % 2 == 0 else cluster.b
                tablets.append(_reconnecting(token, server.url))
            self.tables.append(Table(group.group_id, [seat.seat_id for seat, _ in seats], tablets))

    # --- play ---------------------------------------------------------------------------
    def start(self) -> None:
        for table in self.tables:
            thread = threading.Thread(target=self._play, args=(table,), daemon=True)
            thread.start()
            self._threads.append(thread)

    def finish(self) -> None:
        self.stop.set()
        for thread in self._threads:
            thread.join(timeout=PATIENCE_S + 5)
        close_all([tablet for table in self.tables for tablet in table.tablets])
        # A reconnection attempt that timed out against a stopped process leaves its socket
        # to the garbage collector (inside the Socket.IO client library): collected here,
        # quietly, rather than reported at exit as a leak of this test's own.
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", ResourceWarning)
            gc.collect()

    def _play(self, table: Table) -> None:
        while not self.stop.is_set():
            move = self._next_move(table)
            if move is None:
                self._maybe_next_round(table)
                self.stop.wait(0.05)  # nothing to do until a tablet's view changes
                continue
            index, action = move
            answer = self._send(table.tablets[index], action)
            if answer is None:
                table.unanswered += 1
            elif answer.get("ok"):
                ack = Ack(
                    table.group_id,
                    table.seat_ids[index],
                    action["action_id"],
                    action["type"],
                    int(answer["seq"]),
                    time.monotonic(),
                )
                with self._lock:
                    table.acks.append(ack)
            self.stop.wait(PACE_S)

    def _next_move(self, table: Table) -> tuple[int, dict[str, Any]] | None:
        """A forecast of a waiting card first, then a passed guess chance, then a play."""
        for index, tablet in enumerate(table.tablets):
            state = tablet.state
            waiting = (state.get("predict") or {}).get("waiting")
            if not tablet.connected() or not waiting or waiting.get("mine") or waiting["said"]:
                continue
            key = (index, state["round"], state["seq"])
            if key in table.predicted or self.rng.random() < 0.3:
                table.predicted.add(key)  # some never predict: their window's time runs out
                continue
            table.predicted.add(key)
            accepted = self.rng.random() < 0.5
            return index, {"type": "predict", "accepted": accepted, "action_id": _new_id()}
        for index, tablet in enumerate(table.tablets):
            can = tablet.state.get("can", {}) if tablet.connected() else {}
            if can.get("pass"):
                return index, {"type": "pass", "action_id": _new_id()}
            if can.get("play"):
                card = tablet.state["hand"][0]
                return index, {"type": "play", "card": card, "action_id": _new_id()}
        return None

    def _send(self, tablet: Tablet, action: dict[str, Any]) -> dict[str, Any] | None:
        """As the page: the same action again until an answer comes (None after PATIENCE_S)."""
        deadline = time.monotonic() + PATIENCE_S
        while time.monotonic() < deadline and not self.stop.is_set():
            if not tablet.connected():
                time.sleep(0.2)  # the client is reconnecting by itself
                continue
            try:
                answer: dict[str, Any] = tablet.client.call(
                    "act", action, namespace=tablet.namespace, timeout=6
                )
            except (socketio.exceptions.TimeoutError, socketio.exceptions.SocketIOError):
                continue
            if answer.get("retry"):
                time.sleep(1.5)  # the database is restarting: nothing was applied
                continue
            return answer
        return None

    def _maybe_next_round(self, table: Table) -> None:
        """A round that ended is followed by the next, as a teacher would start it."""
        if not all(t.state.get("status") == "over" for t in table.tablets):
            return
        try:
            self.cluster.service.rounds.start_round(self.cluster.teacher_id(), table.group_id)
        except Exception:  # another driver's sweep, or the database restarting: next time
            return

    # --- measures -----------------------------------------------------------------------
    def acked(self) -> int:
        with self._lock:
            return sum(len(table.acks) for table in self.tables)

    def wait_until_playing(self, actions_each: int = 3) -> None:
        """Every group has had `actions_each` actions acknowledged (warm, before a fault)."""
        deadline = time.monotonic() + 60
        while any(len(t.acks) < actions_each for t in self.tables):
            assert time.monotonic() < deadline, [len(t.acks) for t in self.tables]
            time.sleep(0.1)  # polling the drivers' progress

    def recovery(self, fault_end: float, within: float = 3 * RECOVERY_S) -> dict[int, float]:
        """Per group, seconds from `fault_end` until it moved and every tablet agreed with the
        database (waits at most `within`; a group not recovered by then is missing)."""
        recovered: dict[int, float] = {}
        deadline = fault_end + within
        while len(recovered) < len(self.tables) and time.monotonic() < deadline:
            try:
                positions = self.cluster.service.reading.positions(
                    [t.group_id for t in self.tables]
                )
            except Exception:  # the database still coming back
                time.sleep(0.1)  # polling until it answers
                continue
            now = time.monotonic()
            for table in self.tables:
                if table.group_id in recovered:
                    continue
                moved = any(ack.at > fault_end for ack in table.acks)
                newest = positions.get(table.group_id)
                agree = all(
                    (t.state.get("round"), t.state.get("seq")) == newest for t in table.tablets
                )
                if moved and agree:
                    recovered[table.group_id] = now - fault_end
            time.sleep(0.05)  # sampling the tablets' views
        return recovered

    def integrity(self) -> tuple[int, int]:
        """(acknowledged actions lost, actions applied twice), read from the database."""
        sessions = self.cluster.sessions
        lost = twice = 0
        with sessions() as session:
            for table in self.tables:
                applied = dict(
                    session.execute(
                        select(AppliedAction.action_id, AppliedAction.seq).where(
                            AppliedAction.seat_id.in_(table.seat_ids)
                        )
                    ).all()
                )
                lost += sum(1 for ack in table.acks if ack.action_id not in applied)
                moves = session.scalar(
                    select(func.count())
                    .select_from(RoundEvent)
                    .join(StoredRound, StoredRound.id == RoundEvent.round_id)
                    .where(StoredRound.group_id == table.group_id, RoundEvent.kind.in_(MOVES))
                )
                twice += max(0, int(moves or 0) - len(applied))
        return lost, twice


def _new_id() -> str:
    return f"fault-{next(_ids)}-{random.getrandbits(32):08x}"


def _reconnecting(token: str, url: str) -> Tablet:
    """A tablet whose client reconnects by itself, with the position it holds at that moment
    (as the page's Socket.IO client does)."""
    tablet = Tablet(token, reconnection=True, reconnection_delay=1, reconnection_delay_max=5)
    tablet.base_url = url
    tablet.connect(url, lambda: {"token": token, **tablet.position()})  # type: ignore[arg-type]
    tablet.wait_for(lambda: bool(tablet.state), "the first state")
    return tablet


def probe_joins(urls: list[str], code: str, stop: threading.Event) -> Callable[[], list[int]]:
    """Ask each server for the join page every half second until `stop`; returns a function
    giving the statuses seen."""
    statuses: list[int] = []

    def run() -> None:
        while not stop.is_set():
            for url in urls:
                try:
                    with urllib.request.urlopen(f"{url}/join?code={code}", timeout=5) as answer:
                        statuses.append(answer.status)
                except urllib.error.HTTPError as error:
                    statuses.append(error.code)
                except OSError:
                    statuses.append(0)  # no answer at all (a stopped or killed process)
            stop.wait(0.5)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()

    def seen() -> list[int]:
        thread.join(timeout=10)
        return statuses

    return seen
