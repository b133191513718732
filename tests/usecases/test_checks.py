"""The checker off the request path (cache, workers, who is told) and the journal's limits."""

from __future__ import annotations

import threading
from collections.abc import Hashable, Iterator
from datetime import datetime, timedelta
from typing import Any

import pytest

from classroom.core.games.express import Options
from classroom.usecases import GroupSetup, Invalid, JournalNote, UseCases
from classroom.usecases import checks as checks_module
from classroom.usecases.checks import CheckOutcome, Checks, outcome_of
from classroom.usecases.journal import JOURNAL_GAP, MAX_JOURNAL_ENTRIES
from tests.usecases.conftest import ALTERNATE_COLOURS
from tests.usecases.tables import Table

SAME = "prev.color != card.color"
DIFFERENT = "card.suit != prev.suit"


@pytest.fixture
def checks() -> Iterator[Checks]:
    told: list[tuple[str, CheckOutcome, frozenset[Hashable]]] = []
    made = Checks(on_done=lambda _secret, text, outcome, who: told.append((text, outcome, who)))
    made.told = told  # type: ignore[attr-defined]
    yield made
    made.close()


def test_a_check_is_pending_then_cached_and_whoever_asked_is_told(
    checks: Checks, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Hold the worker until both have asked, so the second one meets the check still pending.
    asked = threading.Event()
    real = checks_module.outcome_of

    def held(*args: Any, **kwargs: Any) -> CheckOutcome:
        asked.wait(10.0)
        return real(*args, **kwargs)

    monkeypatch.setattr(checks_module, "outcome_of", held)
    assert checks.request(ALTERNATE_COLOURS, SAME, tell=("seat", 1)) is None
    assert checks.request(ALTERNATE_COLOURS, SAME, tell=("class", 2)) is None
    asked.set()
    assert checks.wait_idle(30.0)
    answer = checks.cached(ALTERNATE_COLOURS, SAME)
    assert answer is not None and answer.verdict == "same"
    assert checks.told == [(SAME, answer, frozenset({("seat", 1), ("class", 2)}))]  # type: ignore[attr-defined]
    assert checks.request(ALTERNATE_COLOURS, SAME, tell=("seat", 3)) is answer
    assert len(checks.told) == 1  # type: ignore[attr-defined]


def test_the_three_verdicts_keep_what_the_teacher_reads() -> None:
    different = outcome_of(ALTERNATE_COLOURS, DIFFERENT)
    assert different.verdict == "different" and "secret rule says" in different.detail
    undecided = outcome_of(ALTERNATE_COLOURS, SAME, budget_s=0.0)
    assert undecided.verdict == "undecided" and "time ran out" in undecided.detail
    assert outcome_of(ALTERNATE_COLOURS, "colours alternate").verdict == "not_a_rule"


def test_plain_words_are_answered_at_once_without_a_worker(checks: Checks) -> None:
    assert checks.request(ALTERNATE_COLOURS, "colours alternate").verdict == "not_a_rule"  # type: ignore[union-attr]
    assert checks.request("they alternate", SAME).verdict == "not_a_rule"  # type: ignore[union-attr]
    assert checks._threads == []


def test_each_check_gets_the_time_budget(monkeypatch: pytest.MonkeyPatch) -> None:
    budgets: list[float | None] = []

    def spy(secret: str, hypothesis: str, *, budget_s: float | None = None) -> object:
        budgets.append(budget_s)
        raise RuntimeError("a bug in one check")

    monkeypatch.setattr(checks_module, "check_equivalence", spy)
    checks = Checks(budget_s=0.5)
    checks.request(ALTERNATE_COLOURS, SAME)
    assert checks.wait_idle(30.0)
    assert budgets == [0.5]
    # The worker survived the failing check, and the failure is not cached as an answer.
    monkeypatch.undo()
    assert checks.request(ALTERNATE_COLOURS, SAME) is None
    assert checks.wait_idle(30.0) and checks.cached(ALTERNATE_COLOURS, SAME) is not None
    checks.close()


def test_a_full_queue_drops_requests_which_are_asked_again_later(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    gate = threading.Event()
    real = checks_module.check_equivalence

    def blocked(secret: str, hypothesis: str, **options: object) -> object:
        assert gate.wait(30.0)
        return real(secret, hypothesis)

    monkeypatch.setattr(checks_module, "check_equivalence", blocked)
    checks = Checks(queue_size=1)
    texts = [f"card.rank != {n}" for n in range(2, 8)]
    assert all(checks.request(ALTERNATE_COLOURS, text) is None for text in texts)
    gate.set()
    assert checks.wait_idle(30.0)
    known = [text for text in texts if checks.cached(ALTERNATE_COLOURS, text) is not None]
    assert 1 <= len(known) <= 2  # the one being checked, and at most one waiting
    dropped = next(text for text in texts if text not in known)
    assert checks.request(ALTERNATE_COLOURS, dropped) is None
    assert checks.wait_idle(30.0) and checks.cached(ALTERNATE_COLOURS, dropped) is not None
    checks.close()


def test_the_cache_forgets_the_least_recently_read_answer() -> None:
    checks = Checks(cache_size=2)
    for text in (SAME, DIFFERENT):
        checks.request(ALTERNATE_COLOURS, text)
    assert checks.wait_idle(30.0)
    assert checks.cached(ALTERNATE_COLOURS, SAME) is not None  # read: kept
    checks.request(ALTERNATE_COLOURS, "card.odd != prev.odd")
    assert checks.wait_idle(30.0)
    assert checks.cached(ALTERNATE_COLOURS, DIFFERENT) is None
    assert checks.cached(ALTERNATE_COLOURS, SAME) is not None
    checks.close()


class Clock:
    """A settable clock for the journal's pace."""

    def __init__(self) -> None:
        self.now = datetime(2026, 1, 5, 9, 0, 0)

    def __call__(self) -> datetime:
        return self.now


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    made = Clock()
    monkeypatch.setattr("classroom.usecases.journal.utcnow", made)
    return made


@pytest.fixture
def table(use_cases: UseCases, teacher: int) -> Table:
    class_id = use_cases.classes.create_class(
        teacher, "7B", [GroupSetup("Otters", ALTERNATE_COLOURS)], Options()
    )
    seated = Table.seated(use_cases, teacher, class_id, players=3)
    use_cases.rounds.start_round(teacher, seated.group_id)
    return seated


def flood(use_cases: UseCases, table: Table, clock: Clock, *, gap: timedelta) -> list[str]:
    """150 entries from one seat, `gap` apart: the refusals' messages (empty when stored)."""
    answers = []
    for n in range(150):
        try:
            use_cases.journal.write_journal(table.seats[0], JournalNote(f"idea {n}"))
            answers.append("")
        except Invalid as refused:
            answers.append(str(refused))
        clock.now += gap
    return answers


def test_a_flood_of_entries_stops_at_the_cap_and_stores_nothing_more(
    use_cases: UseCases, table: Table, clock: Clock
) -> None:
    answers = flood(use_cases, table, clock, gap=JOURNAL_GAP)
    assert answers[:MAX_JOURNAL_ENTRIES] == [""] * MAX_JOURNAL_ENTRIES
    assert all("journal is full" in answer for answer in answers[MAX_JOURNAL_ENTRIES:])
    kept = use_cases.journal.journal(table.round_id(), table.seats[0].seat_id)
    assert [record.text for record in kept] == [f"idea {n}" for n in range(MAX_JOURNAL_ENTRIES)]
    # The cap is per seat: a neighbour still writes.
    use_cases.journal.write_journal(table.seats[1], JournalNote("my own idea"))
    assert len(use_cases.journal.journal(table.round_id())) == MAX_JOURNAL_ENTRIES + 1


def test_entries_written_too_fast_are_refused_with_a_message(
    use_cases: UseCases, table: Table, clock: Clock
) -> None:
    answers = flood(use_cases, table, clock, gap=timedelta(seconds=1))
    stored = [n for n, answer in enumerate(answers) if not answer]
    assert stored == list(range(0, 120, 3))[:MAX_JOURNAL_ENTRIES]
    assert "Wait a few seconds" in answers[1] and "Wait a few seconds" in answers[2]
    kept = use_cases.journal.journal(table.round_id(), table.seats[0].seat_id)
    assert [record.text for record in kept] == [f"idea {n}" for n in stored]
