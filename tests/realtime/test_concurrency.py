"""Many writers on one group at the same instant, through two service facades on one database
(two processes' worth of caches and in-process locks): the database lock serializes them.

Each wave, every seat of the table acts at once, each action sent four times (twice through
each facade, same action id): the seat whose turn it is does the one legal thing, every other
seat plays a card it does not hold. Exactly the legal actions are applied, once each; the log's
seq numbers run 1..n without a gap; both facades and a replay of the stored log agree.
"""

from __future__ import annotations

import random
import threading
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from sqlalchemy import select

from classroom.core.games import express as game
from classroom.core.games.express import Options, RoundState
from classroom.store import connect
from classroom.store.composition import use_cases_for
from classroom.store.migrate import upgrade
from classroom.store.models import AppliedAction, RoundEvent
from classroom.usecases import GroupSetup, Move, SeatRef, UseCases
from tests.conftest import require_postgres, sessions_of

WAVES = 12
SENDS_PER_FACADE = 2
NICKNAMES = ("Ana", "Ben", "Chen", "Dev", "Eli")


@pytest.fixture(params=["sqlite", "postgresql"])
def shared_database(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """One database both facades use."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'shared.db'}"
        return
    server = require_postgres()
    name, url = server.create_database()
    yield url
    server.drop_database(name)


@pytest.fixture
def facades(shared_database: str) -> Iterator[tuple[UseCases, UseCases]]:
    """Two facades, each with its own engine, cache and locks: as two server processes."""
    upgrade(shared_database)
    pair = (
        use_cases_for(connect(shared_database), rng=random.Random(1)),
        use_cases_for(connect(shared_database), rng=random.Random(2)),
    )
    yield pair
    for facade in pair:
        sessions_of(facade).kw["bind"].dispose()


def wave_actions(
    state: RoundState, seats: dict[str, SeatRef], wave: int
) -> list[tuple[SeatRef, Move, bool]]:
    """(seat, action, legal) for everyone at the table, from the state before the wave."""
    actions = []
    legal_seat = state.guesser if state.phase == "guess_window" else state.turn
    assert legal_seat is not None
    for key, seat in seats.items():
        if key == legal_seat:
            if state.phase == "guess_window":
                action = Move("pass", f"w{wave}-{key}")
            else:
                action = Move("play", f"w{wave}-{key}", cards=(state.hand(key)[0],))
            actions.append((seat, action, True))
            continue
        foreign = [c for c in state.hand(legal_seat) if c not in state.hand(key)]
        actions.append((seat, Move("play", f"w{wave}-{key}", cards=(foreign[0],)), False))
    return actions


def send(start: threading.Barrier, facade: UseCases, seat: SeatRef, action: Move) -> str:
    """Wait for everybody, act, and say what happened: applied, duplicate or rejected."""
    start.wait()
    try:
        change = facade.rounds.act(seat, action)
    except game.GameError:
        return "rejected"
    return "duplicate" if change.duplicate else "applied"


def run_wave(
    pool: ThreadPoolExecutor,
    pair: tuple[UseCases, UseCases],
    actions: list[tuple[SeatRef, Move, bool]],
) -> list[str]:
    """Send every action through both facades at once; returns the action ids applied."""
    sends = [
        (facade, seat, action, legal)
        for seat, action, legal in actions
        for facade in pair
        for _ in range(SENDS_PER_FACADE)
    ]
    start = threading.Barrier(len(sends))
    futures = [(pool.submit(send, start, f, s, a), a, legal) for f, s, a, legal in sends]
    outcomes: Counter[tuple[str, bool, str]] = Counter()
    for future, action, legal in futures:
        outcomes[(action.action_id, legal, future.result(timeout=60))] += 1
    copies = 2 * SENDS_PER_FACADE
    applied = []
    for (action_id, legal, kind), count in outcomes.items():
        if not legal:
            assert (kind, count) == ("rejected", copies), outcomes
        elif kind == "applied":
            assert count == 1, outcomes
            applied.append(action_id)
        else:
            assert (kind, count) == ("duplicate", copies - 1), outcomes
    assert len(applied) == 1, outcomes
    return applied


def test_simultaneous_actions_are_applied_once_each_in_one_gapless_log(facades):
    first, second = facades
    teacher = first.teachers.create_teacher("rivera", "correct horse battery")
    class_id = first.classes.create_class(
        teacher, "7B", [GroupSetup("Otters", "card.color != prev.color")], Options()
    )
    snapshot = first.reading.class_snapshot(teacher, class_id)
    group_id = snapshot.groups[0].group_id
    joined = [first.seats.join(snapshot.join_code, group_id, name)[0] for name in NICKNAMES]
    seats = {seat.key: seat for seat in joined}
    first.rounds.start_round(teacher, group_id)

    applied: list[str] = []
    with ThreadPoolExecutor(max_workers=len(seats) * 2 * SENDS_PER_FACADE) as pool:
        for wave in range(WAVES):
            state = second.reading.group_snapshot(group_id).state
            assert state is not None
            if state.is_over:
                break
            applied += run_wave(pool, (first, second), wave_actions(state, seats, wave))

    assert len(applied) > WAVES // 2
    with sessions_of(first)() as db:
        seqs = db.scalars(select(RoundEvent.seq).order_by(RoundEvent.seq)).all()
        stored = db.scalars(select(RoundEvent.data).order_by(RoundEvent.seq)).all()
        recorded = db.scalars(select(AppliedAction.action_id)).all()
    assert list(seqs) == list(range(1, len(seqs) + 1))
    assert sorted(recorded) == sorted(applied)
    replayed = game.replay([game.event_from_dict(data) for data in stored])
    assert first.reading.group_snapshot(group_id).state == replayed
    assert second.reading.group_snapshot(group_id).state == replayed
    second.rounds.forget_cache()
    assert second.reading.group_snapshot(group_id).state == replayed
