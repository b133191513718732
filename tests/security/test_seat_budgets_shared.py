"""Seat budgets kept in Redis: every server process spends from the same budget, spends sent
at the same moment cannot overspend it, and while Redis is down each process still counts."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from redis import Redis as RedisClient

from classroom.web.quotas import RedisQuotas
from classroom.web.seat_budgets import SeatBudgets
from tests.scaleout.services import Redis

BUDGETS = {"check": (30, 3600.0)}


@pytest.fixture
def redis_url(tmp_path: Path) -> Iterator[str]:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (make system-packages installs it)")
    server = Redis(tmp_path).start()
    try:
        yield server.url
    finally:
        server.close()


def process_budgets(url: str) -> SeatBudgets:
    """The budgets one server process keeps (each process has its own client)."""
    return SeatBudgets(RedisQuotas(RedisClient.from_url(url, socket_timeout=2)), BUDGETS)


def test_two_processes_spend_from_one_budget_even_at_the_same_moment(redis_url: str) -> None:
    processes = [process_budgets(redis_url) for _ in range(2)]
    start = threading.Barrier(8)
    allowed: list[bool] = []
    lock = threading.Lock()

    def tab(budgets: SeatBudgets) -> None:
        start.wait()
        for _ in range(10):
            spent = budgets.spend("check", 7)
            with lock:
                allowed.append(spent)

    tabs = [threading.Thread(target=tab, args=(processes[n % 2],)) for n in range(8)]
    for thread in tabs:
        thread.start()
    for thread in tabs:
        thread.join(timeout=30)
    assert len(allowed) == 80 and allowed.count(True) == 30
    assert processes[0].spend("check", 8) and processes[1].spend("check", 8)


def test_while_redis_is_down_each_process_counts_in_its_memory(tmp_path: Path) -> None:
    if shutil.which("redis-server") is None:
        pytest.skip("redis-server is not installed (make system-packages installs it)")
    server = Redis(tmp_path).start()
    budgets = process_budgets(server.url)
    assert [budgets.spend("check", 7) for _ in range(10)] == [True] * 10
    server.kill()
    try:
        answers = [budgets.spend("check", 7) for _ in range(31)]
    finally:
        server.close()
    assert answers == [True] * 30 + [False]
