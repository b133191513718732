"""Judgements per second for every library rule, and compile time."""

from __future__ import annotations

import random
import time

from classroom.core.cards import DECK
from classroom.core.rules import Rule, compile_rule

CLASSICS = {
    "alternate-colors": "card.color != prev.color",
    "one-to-three-higher": "(card.rank - prev.rank) % 13 in {1, 2, 3}",
    "higher-then-lower": (
        "if prev.rank > prev2.rank then card.rank < prev.rank else card.rank > prev.rank"
    ),
}


def _rules() -> dict[str, Rule]:
    try:
        from classroom.core.rules.library import load_library
    except ImportError:
        return {name: compile_rule(text) for name, text in CLASSICS.items()}
    return {entry.id: entry.rule for entry in load_library()}


def _judgements_per_second(rule: Rule, situations: list, rounds: int = 5) -> float:
    best = float("inf")
    for _ in range(rounds):
        start = time.perf_counter()
        for mainline, card in situations:
            rule.allows(mainline, card)
        best = min(best, time.perf_counter() - start)
    return len(situations) / best


def run() -> dict[str, float]:
    """Print and return judgements per second per rule (best of 5 over 20,000 situations)."""
    rng = random.Random(1)
    situations = [
        ([rng.choice(DECK) for _ in range(rng.randint(3, 12))], rng.choice(DECK))
        for _ in range(20_000)
    ]
    figures: dict[str, float] = {}
    for name, rule in _rules().items():
        rate = _judgements_per_second(rule, situations)
        figures[name] = round(rate)
        print(f"{name:32} {rate / 1e3:8.0f} k judgements/s  {1e6 / rate:5.2f} us each")
    slowest = min(figures.values())
    print(f"{'slowest rule':32} {slowest / 1e3:8.0f} k judgements/s  {1e6 / slowest:5.2f} us each")
    start = time.perf_counter()
    for _ in range(200):
        compile_rule(CLASSICS["higher-then-lower"])
    compile_us = (time.perf_counter() - start) / 200 * 1e6
    print(f"{'compile a depth-2 rule':32} {compile_us:8.0f} us")
    figures["compile_us"] = round(compile_us, 1)
    return figures


if __name__ == "__main__":
    run()
