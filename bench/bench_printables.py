"""Seconds to build each printable: the whole library's rule cards, sheets, every lesson plan."""

from __future__ import annotations

import time
from collections.abc import Callable

from classroom.rules.library import load_library
from printables.documents import lesson_pdf, rule_cards_pdf, score_sheet_pdf, worksheet_pdf
from printables.scoresheet import MAX_PLAYERS

ROUNDS = 3

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


def run() -> dict[str, float]:
    """Best of ROUNDS build times in seconds, and the PDF sizes in kilobytes."""
    load_library()  # loading the library is not part of building a printable
    figures: dict[str, float] = {}
    for name, build in CASES.items():
        seconds, size = _best_time(build)
        figures[name] = round(seconds, 4)
        figures[name.removesuffix("_s") + "_kb"] = round(size / 1024, 1)
        print(f"{name:<30} {seconds * 1000:8.1f} ms  {size / 1024:8.1f} KB")
    return figures


if __name__ == "__main__":
    run()
