"""Seconds to build each printable: the whole library's rule cards, sheets, every lesson plan,
and the class pack of a class of 8 groups of 5 stored in a temporary database."""

from __future__ import annotations

import random
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from classroom.core.games.express import Options
from classroom.core.rules.library import load_library
from classroom.store import connect, create_schema
from classroom.store.composition import use_cases_for
from classroom.store.unit_of_work import SqlUnitsOfWork
from classroom.usecases import GroupSetup, UseCases
from printables.documents import (
    class_pack_pdf,
    lesson_pdf,
    rule_cards_pdf,
    score_sheet_pdf,
    worksheet_pdf,
)
from printables.scoresheet.plan import MAX_PLAYERS

ROUNDS = 3
PACK_GROUPS = 8
PACK_STUDENTS = 5

CASES: dict[str, Callable[[], bytes]] = {
    "rule_cards_whole_library_s": lambda: rule_cards_pdf(paper="a4"),
    "worksheet_older_s": lambda: worksheet_pdf(variant="older"),
    "worksheet_young_s": lambda: worksheet_pdf(variant="young"),
    "score_sheet_full_table_s": lambda: score_sheet_pdf(players=MAX_PLAYERS, rounds=12),
    "all_lessons_s": lambda: lesson_pdf("all"),
}


def _best_time(build: Callable[[], bytes]) -> tuple[float, int]:
    best, size = float("inf"), 0
    for _ in range(ROUNDS):
        start = time.perf_counter()
        size = len(build())
        best = min(best, time.perf_counter() - start)
    return best, size


def stored_class(folder: Path) -> tuple[UseCases, int]:
    """A class of PACK_GROUPS library-rule groups of PACK_STUDENTS students; service and id."""
    sessions = connect(f"sqlite:///{folder / 'bench.db'}")
    create_schema(sessions.kw["bind"])
    service = use_cases_for(sessions, rng=random.Random(1))
    teacher = service.teachers.create_teacher("bench", "bench password")
    rules = load_library()[:PACK_GROUPS]
    setups = [GroupSetup(f"Table {n + 1}", rule.rule_text, rule.id) for n, rule in enumerate(rules)]
    class_id = service.classes.create_class(teacher, "Bench class", setups, Options())
    snapshot = service.reading.class_snapshot(teacher, class_id)
    for group in snapshot.groups:
        for n in range(PACK_STUDENTS):
            service.seats.join(snapshot.join_code, group.group_id, f"Student {n + 1}")
    return service, class_id


def class_pack_case(service: UseCases, class_id: int) -> Callable[[], bytes]:
    """The whole download: the class read from the database, then the pack built."""

    def build() -> bytes:
        snapshot = service.reading.class_snapshot(None, class_id)
        return class_pack_pdf(snapshot, base_url="http://192.168.1.20:5000")

    return build


def _measure(name: str, build: Callable[[], bytes], figures: dict[str, float]) -> None:
    seconds, size = _best_time(build)
    figures[name] = round(seconds, 4)
    figures[name.removesuffix("_s") + "_kb"] = round(size / 1024, 1)
    print(f"{name:<30} {seconds * 1000:8.1f} ms  {size / 1024:8.1f} KB")


def run() -> dict[str, float]:
    """Best of ROUNDS build times in seconds, and the PDF sizes in kilobytes."""
    load_library()  # loading the library is not part of building a printable
    figures: dict[str, float] = {}
    for name, build in CASES.items():
        _measure(name, build, figures)
    with tempfile.TemporaryDirectory() as folder:
        service, class_id = stored_class(Path(folder))
        name = f"class_pack_{PACK_GROUPS}x{PACK_STUDENTS}_s"
        _measure(name, class_pack_case(service, class_id), figures)
        factory = service.context.uow
        assert isinstance(factory, SqlUnitsOfWork)
        factory.sessions.kw["bind"].dispose()
    return figures


if __name__ == "__main__":
    run()
