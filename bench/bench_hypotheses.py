"""How long the hypothesis checker takes for typical pairs of rules, in ms per check.

Run with `python -m bench.bench_hypotheses` or `python bench/bench_hypotheses.py`.
"""

from __future__ import annotations

import time

from classroom.core.hypotheses import check_equivalence
from classroom.core.rules import compile_rule

__all__ = ["PAIRS", "run"]

_ZIGZAG = "if prev.rank > prev2.rank then card.rank < prev.rank else card.rank > prev.rank"

#: name -> (secret rule, hypothesis)
PAIRS: dict[str, tuple[str, str]] = {
    "depth1 odd-even same": ("card.odd != prev.odd", "(card.rank + prev.rank) % 2 == 1"),
    "depth1 crazy-eights same": (
        "card.suit == prev.suit or card.rank == prev.rank",
        "card.rank == prev.rank or card.suit == prev.suit",
    ),
    "depth1 colors differ": (
        "card.color != prev.color",
        "if prev.color == black then card.color == red else true",
    ),
    "depth2 zigzag same": (
        _ZIGZAG,
        _ZIGZAG.replace("card.rank < prev.rank", "prev.rank > card.rank"),
    ),
    "depth2 zigzag differ": (_ZIGZAG, _ZIGZAG.replace("prev.rank > prev2", "prev.rank >= prev2")),
    "depth2 suit+rank same": (
        "card.suit == prev2.suit or card.rank == prev.rank",
        "card.rank == prev.rank or card.suit == prev2.suit",
    ),
    "depth2 rank+suit everywhere same (worst)": (
        "card.suit == prev2.suit and card.rank != prev.rank"
        " or card.rank == prev2.rank and card.suit != prev.suit",
        "card.rank == prev2.rank and card.suit != prev.suit"
        " or card.rank != prev.rank and card.suit == prev2.suit",
    ),
    "depth3 rank sum same": (
        "(card.rank + prev.rank + prev2.rank + prev3.rank) % 5 != 0",
        "(prev3.rank + prev2.rank + prev.rank + card.rank) % 5 != 0",
    ),
    "depth3 suit+rank same": (
        "card.suit != prev3.suit and card.rank != prev.rank",
        "card.rank != prev.rank and not (card.suit == prev3.suit)",
    ),
    "depth3 rank+suit everywhere (random)": (
        "(card.rank + prev.rank + prev2.rank) % 3 != 0 and card.suit != prev3.suit",
        "(card.rank + prev.rank + prev2.rank) % 3 != 0 and card.suit != prev3.suit"
        " or prev3.rank + prev2.rank == 40 and prev.suit == card.suit",
    ),
    "position parity same": (
        "if position % 2 == 0 then card.color == red else card.color == black",
        "if position % 2 == 1 then card.color == black else card.color == red",
    ),
    "position vs alternate colors": (
        "if position % 2 == 0 then card.color == red else card.color == black",
        "card.color != prev.color",
    ),
    "position depth1 suit+rank same": (
        "if position % 3 == 0 then card.rank > prev.rank else card.suit == prev.suit",
        "if position % 3 != 0 then card.suit == prev.suit else card.rank > prev.rank",
    ),
}


def time_pair(secret_text: str, hypothesis_text: str, *, repeats: int = 3) -> tuple[float, str]:
    """The best of `repeats` checks in ms (each from a cold start), and the verdict."""
    secret, hypothesis = compile_rule(secret_text), compile_rule(hypothesis_text)
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        result = check_equivalence(secret, hypothesis)
        best = min(best, (time.perf_counter() - start) * 1000)
    verdict = "same" if result.equivalent else "differ"
    how = "exact" if result.exact else result.limit
    return best, f"{verdict:6} {how}, {result.situations_checked} situations"


def run() -> dict[str, float]:
    """Time every pair in PAIRS, print a table and return {name: ms per check}."""
    timings: dict[str, float] = {}
    for name, (secret, hypothesis) in PAIRS.items():
        timings[name], note = time_pair(secret, hypothesis)
        print(f"{name:40} {timings[name]:9.1f} ms  {note}")
    return timings


if __name__ == "__main__":
    run()
