"""Long computations in worker processes: the same answers as in the caller's thread, and a
clear refusal when the workers do not answer in time or too many wait."""

from __future__ import annotations

import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from classroom.core.cards import Card
from classroom.core.hypotheses import check_consistency
from classroom.core.layout import Layout
from classroom.usecases.checks import Checks, outcome_of, rule_analysis
from classroom.usecases.computing import Busy, Computations, TooSlow
from tests.usecases.conftest import ALTERNATE_COLOURS

ROOT = Path(__file__).resolve().parents[2]

C = Card.parse
# Red, black, red accepted; a second red refused under the black.
TABLE = Layout((C("4H"), C("9S"), C("2D")), ((), (C("5H"),), ()))
HYPOTHESES = (
    "prev.color != card.color",  # the same rule: proved
    "card.suit != prev.suit",  # different: a counterexample
    "card.rank > 3",
    "colours alternate",  # not a rule
)


@pytest.fixture(scope="module")
def pooled() -> Iterator[Computations]:
    computing = Computations(workers=1)
    yield computing
    computing.close()


@pytest.mark.parametrize("hypothesis", HYPOTHESES)
def test_a_worker_process_answers_a_check_as_the_callers_thread_does(
    pooled: Computations, hypothesis: str
) -> None:
    here = outcome_of(ALTERNATE_COLOURS, hypothesis)
    there = pooled.run(outcome_of, ALTERNATE_COLOURS, hypothesis, budget_s=2.0, timeout_s=60.0)
    assert there == here


def test_a_worker_process_judges_the_table_and_measures_a_rule_as_here(
    pooled: Computations,
) -> None:
    for hypothesis in ("card.color != prev.color", "card.rank > 3"):
        here = check_consistency(hypothesis, TABLE)
        assert pooled.run(check_consistency, hypothesis, TABLE, timeout_s=60.0) == here
    assert pooled.run(rule_analysis, ALTERNATE_COLOURS, timeout_s=60.0) == rule_analysis(
        ALTERNATE_COLOURS
    )


def test_the_checker_gets_the_same_answers_through_the_pool(pooled: Computations) -> None:
    checks = Checks(computing=pooled)
    for hypothesis in HYPOTHESES:
        checks.request(ALTERNATE_COLOURS, hypothesis)
    assert checks.wait_idle(60.0)
    for hypothesis in HYPOTHESES:
        assert checks.cached(ALTERNATE_COLOURS, hypothesis) == outcome_of(
            ALTERNATE_COLOURS, hypothesis
        )
    checks.close()


def test_an_answer_past_its_time_out_is_too_slow(pooled: Computations) -> None:
    with pytest.raises(TooSlow):
        pooled.run(time.sleep, 2.0, timeout_s=0.0)


def test_past_the_queue_a_computation_is_refused_and_not_started() -> None:
    computing = Computations(workers=1, waiting=1)
    started = threading.Event()
    outcome: list[object] = []

    def first() -> None:
        started.set()
        try:
            outcome.append(computing.run(time.sleep, 1.0, timeout_s=60.0))
        except TooSlow as error:
            outcome.append(error)

    waiting = threading.Thread(target=first)
    waiting.start()
    assert started.wait(10.0)
    # The first one holds the only slot until its worker is done with it.
    deadline = time.monotonic() + 10.0
    refused = False
    while time.monotonic() < deadline and not refused:
        try:
            computing.run(sorted, [2, 1], timeout_s=60.0)
        except Busy:
            refused = True
    waiting.join(60.0)
    assert refused
    assert outcome == [None]
    # Once it is done, the slot is free again.
    assert computing.run(sorted, [2, 1], timeout_s=60.0) == [1, 2]
    computing.close()


def test_in_the_callers_thread_nothing_is_queued_or_timed() -> None:
    computing = Computations(workers=0)
    assert computing.in_process
    assert computing.run(sorted, [3, 1, 2], timeout_s=0.0) == [1, 2, 3]


WORKER_OF_A_KILLED_SERVER = """
import os, signal
from classroom.usecases.computing import Computations
if __name__ == "__main__":
    worker = Computations(workers=1).run(os.getpid, timeout_s=60.0)
    print(worker, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)
"""


@pytest.mark.slow
def test_a_worker_process_ends_with_the_process_that_started_it(tmp_path: Path) -> None:
    script = tmp_path / "server.py"
    script.write_text(WORKER_OF_A_KILLED_SERVER)
    ran = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=60, cwd=ROOT
    )
    worker = int(ran.stdout.split()[0])
    deadline = time.monotonic() + 20.0
    while Path(f"/proc/{worker}").exists() and time.monotonic() < deadline:
        time.sleep(0.05)  # polling for the worker's end, up to a deadline
    assert not Path(f"/proc/{worker}").exists()
