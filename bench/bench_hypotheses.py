"""How long the hypothesis checker takes, worst cases first.

Three sets of pairs (secret rule, hypothesis): named hard pairs, every ordered pair of library
rules, and random pairs from a grammar that reads rank and suit of every card up to prev2 or
prev3, with or without the position (used the way teachers use it: remainders, thresholds).
Each check is timed from compiled rules in CPU time of this process, which stays steadier than
the wall clock when other work shares the machine; best of `REPEATS` (library pairs once).
Pairs are grouped by what they read (the deeper rule's depth, or "position"), and each group's
worst pair is printed against its target. The machine's speed at judging single cards is
printed too, so that runs on different machines can be compared.

Run with `python -m bench hypotheses`.
"""

from __future__ import annotations

import random
import statistics
import time

from classroom.core.cards import DECK
from classroom.core.hypotheses import check_equivalence
from classroom.core.rules import Rule, compile_rule
from classroom.core.rules.library import load_library

__all__ = ["NAMED", "TARGETS_MS", "run"]

REPEATS = 3
#: Random pairs of each kind: depth 2, depth 3, and with the position.
RANDOM_PAIRS = 20
#: Worst-case targets in ms on the reference machine (2 cores).
TARGETS_MS = {"depth 0": 100.0, "depth 1": 100.0, "depth 2": 100.0, "depth 3": 1000.0}
TARGETS_MS["position"] = 200.0

_ZIGZAG = "if prev.rank > prev2.rank then card.rank < prev.rank else card.rank > prev.rank"
_DEEP = (
    "(card.rank + prev.rank + prev2.rank + prev3.rank) % 4 != 0"
    " or card.suit == prev3.suit and prev.suit != prev2.suit"
)
_KINGS = (
    "card.rank == king and card.suit == clubs and prev.rank == king and prev.suit == clubs"
    " and prev2.rank == king and prev2.suit == clubs"
)

#: name -> (secret rule, hypothesis)
NAMED: dict[str, tuple[str, str]] = {
    "crazy eights, reordered": (
        "card.suit == prev.suit or card.rank == prev.rank",
        "card.rank == prev.rank or card.suit == prev.suit",
    ),
    "zigzag, >= for >": (_ZIGZAG, _ZIGZAG.replace("prev.rank > prev2", "prev.rank >= prev2")),
    "depth 2, rank and suit everywhere": (
        "card.suit == prev2.suit and card.rank != prev.rank"
        " or card.rank == prev2.rank and card.suit != prev.suit",
        "card.rank == prev2.rank and card.suit != prev.suit"
        " or card.rank != prev.rank and card.suit == prev2.suit",
    ),
    "depth 2, products of ranks": (
        "(card.rank * prev.rank + prev2.rank) % 7 < 3 and card.suit != prev2.suit"
        " or card.suit == prev.suit",
        "card.suit == prev.suit"
        " or card.suit != prev2.suit and (prev2.rank + prev.rank * card.rank) % 7 < 3",
    ),
    "depth 3, rank and suit everywhere": (
        _DEEP,
        "card.suit == prev3.suit and prev.suit != prev2.suit"
        " or (prev3.rank + prev2.rank + prev.rank + card.rank) % 4 != 0",
    ),
    "depth 3, differ after K♣ Q♦ 7♥": (
        _DEEP,
        f"({_DEEP}) != (prev3.rank == king and prev3.suit == clubs and prev2.rank == queen"
        " and prev2.suit == diamonds and prev.rank == 7 and prev.suit == hearts)",
    ),
    "depth 3, products of ranks": (
        "(card.rank * prev.rank + prev2.rank * prev3.rank) % 7 < 3 and card.suit != prev3.suit"
        " or card.suit == prev2.suit",
        "card.suit == prev2.suit"
        " or card.suit != prev3.suit and (prev3.rank * prev2.rank + prev.rank * card.rank) % 7 < 3",
    ),
    "position parity, reworded": (
        "if position % 2 == 0 then card.color == red else card.color == black",
        "if position % 2 == 1 then card.color == black else card.color == red",
    ),
    "position, rank and suit at depth 2": (
        "if position % 3 == 0 then card.rank > prev.rank and card.suit != prev2.suit"
        " else card.suit == prev.suit or card.rank == prev2.rank",
        "if position % 3 != 0 then card.rank == prev2.rank or card.suit == prev.suit"
        " else card.suit != prev2.suit and card.rank > prev.rank",
    ),
    "position, rank and suit at depth 3": (
        "if position % 4 == 1 then card.rank > prev3.rank and card.suit != prev2.suit"
        " else card.suit == prev.suit or card.rank == prev2.rank",
        "if position % 4 != 1 then card.rank == prev2.rank or card.suit == prev.suit"
        " else card.suit != prev2.suit and card.rank > prev3.rank",
    ),
    "position > 60, full cards": (
        "if position > 60 then card.suit == prev.suit or card.rank == prev2.rank else true",
        "card.suit == prev.suit or card.rank == prev2.rank or position <= 60",
    ),
    "three K♣ in a row": ("true", f"not ({_KINGS})"),
}


def group(secret: Rule, hypothesis: Rule) -> str:
    """The group a pair's timing counts in."""
    if secret.uses_position or hypothesis.uses_position:
        return "position"
    return f"depth {max(secret.depth, hypothesis.depth)}"


def time_pair(secret: Rule, hypothesis: Rule, repeats: int = REPEATS) -> tuple[float, str]:
    """The best of `repeats` checks in CPU ms, and the verdict."""
    best, verdict = float("inf"), ""
    for _ in range(repeats):
        start = time.process_time()
        verdict = check_equivalence(secret, hypothesis).verdict
        best = min(best, (time.process_time() - start) * 1000)
    return best, verdict


def calibrate() -> float:
    """Single-card judgements per second of a depth-2 rule: the machine's speed."""
    rule, rng = compile_rule(_ZIGZAG), random.Random(1)
    cases = [([rng.choice(DECK) for _ in range(5)], rng.choice(DECK)) for _ in range(20_000)]
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        for mainline, card in cases:
            rule.allows(mainline, card)
        best = min(best, time.process_time() - start)
    return len(cases) / best


Timing = tuple[float, str, str, str]  # ms, verdict, secret, hypothesis


def named_timings() -> dict[str, list[Timing]]:
    """The named pairs, printed one per line."""
    groups: dict[str, list[Timing]] = {}
    for name, (secret_text, hypothesis_text) in NAMED.items():
        secret, hypothesis = compile_rule(secret_text), compile_rule(hypothesis_text)
        ms, verdict = time_pair(secret, hypothesis)
        print(f"  {name:40} {ms:9.1f} ms  {verdict}")
        groups.setdefault(group(secret, hypothesis), []).append((ms, verdict, name, ""))
    return groups


def library_timings(groups: dict[str, list[Timing]]) -> list[float]:
    """Every ordered pair of library rules, once each."""
    rules = [entry.rule for entry in load_library()]
    times = []
    for secret in rules:
        for hypothesis in rules:
            ms, verdict = time_pair(secret, hypothesis, repeats=1)
            times.append(ms)
            groups.setdefault(group(secret, hypothesis), []).append(
                (ms, verdict, str(secret), str(hypothesis))
            )
    return times


def random_timings(groups: dict[str, list[Timing]], seed: int = 0) -> None:
    """Random pairs reading rank and suit everywhere: a rule and a loosened copy of it."""
    rng = random.Random(seed)
    for depth, position in [(2, False), (3, False), (3, True)]:
        slots = _SLOTS[: depth + 1]
        for _ in range(RANDOM_PAIRS):
            secret = compile_rule(_boolean(rng, slots, position))
            extra = _boolean(rng, slots, position)
            hypothesis = compile_rule(f"({secret}) or ({extra}) and prev.face")
            ms, verdict = time_pair(secret, hypothesis)
            groups.setdefault(group(secret, hypothesis), []).append(
                (ms, verdict, str(secret), str(hypothesis))
            )


_SLOTS = ("card", "prev", "prev2", "prev3")


def _number(rng: random.Random, slots: tuple[str, ...], position: bool, depth: int = 0) -> str:
    if depth > 1 or rng.random() < 0.5:
        ranks = [f"{rng.choice(slots)}.rank"] * 3 + ["7"]
        return rng.choice(ranks + [f"position % {rng.randint(2, 4)}"] * position)
    left, right = _number(rng, slots, position, depth + 1), _number(rng, slots, position, depth + 1)
    op = rng.choice("+-*%")
    return f"({left}) % {rng.randint(2, 7)}" if op == "%" else f"({left} {op} {right})"


def _boolean(rng: random.Random, slots: tuple[str, ...], position: bool, depth: int = 0) -> str:
    if depth > 2 or rng.random() < 0.3:
        kind = rng.randrange(4 if position else 3)
        if kind == 3:
            return f"position {rng.choice(['>', '<='])} {rng.randint(3, 12)}"
        if kind == 0:
            left, right = _number(rng, slots, position), _number(rng, slots, position)
            return f"{left} {rng.choice(['<', '==', '!=', '>='])} {right}"
        if kind == 1:
            return f"{rng.choice(slots)}.suit != {rng.choice(slots)}.suit"
        return f"{rng.choice(slots)}.{rng.choice(['face', 'odd'])}"
    parts = [_boolean(rng, slots, position, depth + 1) for _ in range(3)]
    if rng.random() < 0.3:
        return f"if {parts[0]} then {parts[1]} else ({parts[2]})"
    return f"({parts[0]}) {rng.choice(['and', 'or'])} ({parts[1]})"


def run() -> dict[str, object]:
    """Time every set, print the worst pair of each group against its target, return figures."""
    speed = calibrate()
    print(f"machine: {speed / 1e3:.0f} k single-card judgements/s (depth-2 rule)")
    print("named pairs:")
    groups = named_timings()
    library = library_timings(groups)
    print(
        f"library: {len(library)} pairs, median {statistics.median(library):.2f} ms,"
        f" worst {max(library):.1f} ms"
    )
    random_timings(groups)
    figures: dict[str, object] = {"judgements_per_s": round(speed)}
    print("worst pair of each group (named, library and random pairs):")
    for name in sorted(groups):
        ms, verdict, secret, hypothesis = max(groups[name])
        target = TARGETS_MS.get(name, 1000.0)
        flag = "ok" if ms < target else "OVER TARGET"
        print(f"  {name:10} {ms:9.1f} ms  (target < {target:.0f} ms, {flag}) {verdict}")
        print(f"             {secret}" + (f"\n             {hypothesis}" if hypothesis else ""))
        figures[f"worst_ms_{name.replace(' ', '_')}"] = round(ms, 1)
    figures["library_median_ms"] = round(statistics.median(library), 3)
    return figures


if __name__ == "__main__":
    run()
