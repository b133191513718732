"""Helpers for the school benchmark: seating classes with projector links, tablets and projector
pages as python-socketio clients, groups playing at a pace, and the server's CPU and memory.

Everything talks to 127.0.0.1 only; every wait has a timeout.
"""

from __future__ import annotations

import random
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass, field
from functools import partial
from typing import Any

import socketio

from bench.live import RULE, _wait_for_port
from classroom.core.games.express import Options
from classroom.projections.view_changes import updated_view
from classroom.store import connect, create_schema
from classroom.store.composition import use_cases_for
from classroom.usecases import GroupSetup

MOVABLE = ("playing", "guess_window")
CONNECT_TIMEOUT = 20.0
CLOSE_WAIT_S = 1.0
ACK_TIMEOUT = 20.0


@dataclass(frozen=True)
class GroupSeats:
    """One group: its id, its class and the seat tokens of its tablets."""

    group_id: int
    class_id: int
    tokens: list[str]


@dataclass(frozen=True)
class School:
    """Classes (class id -> projector token) and their groups."""

    projectors: dict[int, str]
    groups: list[GroupSeats]


def class_sizes(groups: int, per_class: int = 6) -> list[int]:
    """How many groups each class has: `per_class` each, the last class takes the rest."""
    return [min(per_class, groups - start) for start in range(0, groups, per_class)]


def seat_classes(url: str, sizes: list[int], per_group: int = 5) -> School:
    """Classes of `sizes[i]` groups of `per_group` seats, rounds dealt, projector links made."""
    sessions = connect(url)
    create_schema(sessions.kw["bind"])
    service = use_cases_for(sessions)
    teacher = service.teachers.create_teacher("school", "school-password")
    projectors: dict[int, str] = {}
    seated: list[GroupSeats] = []
    for n, size in enumerate(sizes):
        setups = [GroupSetup(f"Group {g + 1}", RULE) for g in range(size)]
        class_id = service.classes.create_class(teacher, f"Class {n + 1}", setups, Options())
        snapshot = service.reading.class_snapshot(teacher, class_id)
        for group in snapshot.groups:
            tokens = [
                service.seats.join(snapshot.join_code, group.group_id, f"Tablet {i + 1}")[1]
                for i in range(per_group)
            ]
            service.rounds.start_round(teacher, group.group_id)
            seated.append(GroupSeats(group.group_id, class_id, tokens))
        projectors[class_id] = service.classes.projector_link_token(teacher, class_id)
    sessions.kw["bind"].dispose()
    return School(projectors, seated)


def relay_school(sizes: list[int], per_group: int = 5) -> School:
    """The same shape of school for the baseline relay, whose tokens just name the seat."""
    seated: list[GroupSeats] = []
    for class_id, size in enumerate(sizes, start=1):
        for _ in range(size):
            group_id = len(seated) + 1
            tokens = [f"{group_id}-{class_id}-{s + 1}" for s in range(per_group)]
            seated.append(GroupSeats(group_id, class_id, tokens))
    return School({c: f"class-{c}" for c in range(1, len(sizes) + 1)}, seated)


def server_seqs(url: str, group_ids: list[int]) -> dict[int, int]:
    """Each group's current seq, read from the database the server writes."""
    sessions = connect(url)
    service = use_cases_for(sessions)
    seqs = {}
    for group_id in group_ids:
        state = service.reading.group_snapshot(group_id).state
        seqs[group_id] = state.seq if state else 0
    sessions.kw["bind"].dispose()
    return seqs


@contextmanager
def baseline(port: int) -> Iterator[subprocess.Popen[bytes]]:
    """The bare relay server in a child process on loopback, stopped afterwards."""
    command = [sys.executable, "-m", "bench.baseline_server", "--port", str(port)]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        _wait_for_port(port, process)
        yield process
    finally:
        process.terminate()
        process.wait(timeout=10)


def _close(client: socketio.Client) -> None:
    """Disconnect as a browser tab does: send the close frame, don't wait for the echo.

    websocket-client's `close()` waits up to 3 s for the server's close frame, which the
    client's own read loop usually takes first; that would make every disconnect last 3 s.
    And about one bell in four, one client's `disconnect()` waited for its read loop for the
    whole ping timeout (~44 s) although the server had let go: a tab being closed never waits,
    so neither does a simulated one, beyond `CLOSE_WAIT_S`.
    """
    websocket = getattr(client.eio, "ws", None)
    if websocket is not None:
        websocket.close = partial(websocket.close, timeout=0)

    def close() -> None:
        with suppress(Exception):  # closing up must not stop on one socket
            client.disconnect()

    closing = threading.Thread(target=close, daemon=True)
    closing.start()
    closing.join(CLOSE_WAIT_S)


class Tablet:
    """One simulated tablet of a group: a /play client, its latest state and event arrivals."""

    def __init__(self, token: str, group_id: int) -> None:
        self.token = token
        self.group_id = group_id
        self.state: dict[str, Any] = {}
        self.last_seq = 0
        self.arrivals: dict[int, float] = {}
        self.seen: Counter[int] = Counter()
        self.state_arrived = threading.Event()
        self.client = self._new_client()

    def _new_client(self) -> socketio.Client:
        client = socketio.Client(reconnection=False)
        client.on("state", self._on_state, namespace="/play")
        client.on("update", self._on_update, namespace="/play")
        client.on("events", self._on_events, namespace="/play")
        return client

    def connect(self, port: int) -> float:
        """Connect with the seat token and (round, last_seq); the seconds it took."""
        started = time.perf_counter()
        self.state_arrived.clear()
        auth = {"token": self.token, "round": self.state.get("round", 0), "last_seq": self.last_seq}
        self.client.connect(
            f"http://127.0.0.1:{port}",
            namespaces=["/play"],
            auth=auth,
            transports=["websocket"],
            wait_timeout=CONNECT_TIMEOUT,
        )
        return time.perf_counter() - started

    def reconnect(self, port: int) -> float:
        """Drop the old socket (if still open) and come back on a new one."""
        self.disconnect()
        self.client = self._new_client()
        return self.connect(port)

    def disconnect(self) -> None:
        """Close the socket; never raises."""
        _close(self.client)

    def duplicates(self) -> int:
        """How many event seqs arrived more than once."""
        return sum(count - 1 for count in self.seen.values() if count > 1)

    def _on_state(self, state: dict[str, Any]) -> None:
        # Broadcasts of changes made at the same moment may cross: keep the newest view.
        seen = (self.state.get("round", 0), self.state.get("seq", 0)) if self.state else (0, 0)
        if (state["round"], state["seq"]) >= seen:
            self.state = state
        self.state_arrived.set()

    def _on_update(self, update: dict[str, Any]) -> None:
        # As the tablet's page does: draw the update on the view held, or, if it was made for
        # another view (a message missed), ask for the whole view again.
        updated = updated_view(self.state, update)
        if updated is not None:
            self.state = updated
        elif (update["round"], update["seq"]) > (
            self.state.get("round", 0),
            self.state.get("seq", 0),
        ):
            position = {"round": self.state.get("round", 0), "last_seq": self.last_seq}
            self.client.emit("resync", position, namespace="/play")

    def _on_events(self, events: list[dict[str, Any]]) -> None:
        now = time.perf_counter()
        for event in events:
            seq = int(event["seq"])
            self.seen[seq] += 1
            self.last_seq = max(self.last_seq, seq)
            if event.get("kind") == "played":
                self.arrivals.setdefault(seq, now)


class Projector:
    """One projector page: a /projector client noting when each group's layout grew."""

    def __init__(self, token: str, class_id: int) -> None:
        self.token = token
        self.class_id = class_id
        self.totals: dict[int, int] = {}
        self.arrivals: dict[tuple[int, int], float] = {}
        self.updated = threading.Event()
        self.client = socketio.Client(reconnection=False)
        self.client.on("class", self._on_class, namespace="/projector")

    def connect(self, port: int) -> float:
        """Connect with the projector link's token; the seconds it took."""
        started = time.perf_counter()
        self.client.connect(
            f"http://127.0.0.1:{port}",
            namespaces=["/projector"],
            auth={"token": self.token},
            transports=["websocket"],
            wait_timeout=CONNECT_TIMEOUT,
        )
        return time.perf_counter() - started

    def disconnect(self) -> None:
        """Close the socket; never raises."""
        _close(self.client)

    def _on_class(self, view: dict[str, Any]) -> None:
        """Layout size (mainline + sideline) per group: each play adds exactly one card."""
        now = time.perf_counter()
        for group in view.get("groups", []):
            total = int(group["mainline_total"]) + int(group["sideline_total"])
            before = self.totals.get(group["id"], 1)
            for size in range(before + 1, total + 1):
                self.arrivals.setdefault((group["id"], size), now)
            self.totals[group["id"]] = max(before, total)
        self.updated.set()


@dataclass
class Play:
    """One play: when it left the tablet, its `played` seq, and the layout size it makes."""

    group_id: int
    class_id: int
    sent: float
    seq: int
    layout: int
    mover: Tablet


@dataclass
class GroupPlayer:
    """Plays for one group at a random pace: whoever's turn it is plays a card of their hand.

    With `follow_turns` off (the relay has no turns) the tablets take turns in order.
    """

    seats: GroupSeats
    tablets: list[Tablet]
    projector: Projector
    follow_turns: bool = True
    plays: list[Play] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)
    note: str = ""

    def run(self, until: float, pace: tuple[float, float], rng: random.Random) -> None:
        """Play until `until` (perf_counter), waiting a random time in `pace` between plays."""
        time.sleep(rng.uniform(0, pace[1]))
        layout = self.projector.totals.get(self.seats.group_id, 1)
        while time.perf_counter() < until and not self.note:
            try:
                layout = self._play_once(layout, rng)
            except Exception as error:
                self.errors.append(f"{type(error).__name__}: {error}")
                return
            time.sleep(max(0.0, min(rng.uniform(*pace), until - time.perf_counter())))

    def _play_once(self, layout: int, rng: random.Random) -> int:
        mover = self._mover()
        if mover is None:
            return layout
        hand = mover.state.get("hand") or ["?"]
        payload = {"type": "play", "card": rng.choice(hand), "action_id": f"p{rng.random()}"}
        sent = time.perf_counter()
        answer = mover.client.call("act", payload, namespace="/play", timeout=ACK_TIMEOUT)
        if not answer or not answer.get("ok"):
            self.errors.append(f"refused: {(answer or {}).get('error', 'no answer')}")
            return layout
        group, class_id = self.seats.group_id, self.seats.class_id
        self.plays.append(Play(group, class_id, sent, answer["seq"] - 1, layout + 1, mover))
        return layout + 1

    def _mover(self, timeout: float = 10.0) -> Tablet | None:
        """The tablet whose turn it is, once its state shows the group's last play."""
        if not self.follow_turns:
            return self.tablets[len(self.plays) % len(self.tablets)]
        done = self.plays[-1].seq + 1 if self.plays else 0
        deadline = time.perf_counter() + timeout
        while time.perf_counter() < deadline:
            for tablet in self.tablets:
                state = tablet.state
                if state.get("seq", 0) < done:
                    continue
                if state.get("status") not in MOVABLE:
                    self.note = f"round {state.get('status')}"
                    return None
                if state.get("turn") == state.get("me"):
                    return tablet
            time.sleep(0.005)
        self.errors.append("no tablet's state showed its turn within 10 s")
        self.note = "stuck"
        return None


def come_back(tablet: Tablet, port: int, deadline: float) -> list[str]:
    """Reconnect as socket.io-client does: retry every second until `deadline`; the failures."""
    failures: list[str] = []
    while True:
        try:
            tablet.reconnect(port)
            return failures
        except Exception as error:
            failures.append(f"{type(error).__name__}: {error}"[:80])
            if time.perf_counter() + 1 > deadline:
                raise TimeoutError(f"not back after {len(failures)} tries") from error
            time.sleep(1.0)
