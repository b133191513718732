"""Robot scientists: building the candidate set, updating it after a play, the ideal scientist's
choice of a card, and how many plays each kind of robot needs to name a library rule."""

from __future__ import annotations

import random
import statistics
import time

from classroom.core.robots.candidates import candidate_set
from classroom.core.robots.evidence import after, trials
from classroom.core.robots.players import Confirmer, IdealScientist, RandomPlayer, Robot, SeatView
from classroom.core.robots.tables import play_express, play_new_eleusis
from classroom.core.rules.library import load_library

SEATS = ("Ana", "Ben", "Chen")
#: Plays counted for a round in which the rule was never named (it sorts after any real count).
NEVER = 999


def _percentile(samples: list[float], share: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def _figures(name: str, samples: list[float]) -> dict[str, float]:
    p50, p99 = _percentile(samples, 0.5), _percentile(samples, 0.99)
    print(f"{name:44} p50 {p50 * 1e3:7.2f} ms   p99 {p99 * 1e3:7.2f} ms   n={len(samples)}")
    return {"p50_ms": round(p50 * 1e3, 3), "p99_ms": round(p99 * 1e3, 3)}


def _rounds(kind: type[Robot], deals: int, seats: tuple[str, ...], game: str) -> list[int]:
    found = []
    library = load_library()
    for n in range(deals):
        entry = library[n % len(library)]
        robots: dict[str, Robot] = {seat: kind(seed=n) for seat in seats}
        rng = random.Random(n)
        if game == "express":
            played_at = play_express(robots, entry.rule, rng).found_at
        else:
            played_at = play_new_eleusis(robots, entry.rule, rng).found_at
        found.append(NEVER if played_at is None else played_at)
    return found


def _situations(count: int) -> list[SeatView]:
    """Views met in ideal scientists' rounds, each with a 12-card hand."""
    library = load_library()
    views: list[SeatView] = []
    rng = random.Random(7)
    for n in range(count):
        entry = library[(n * 7) % len(library)]
        robots: dict[str, Robot] = {seat: IdealScientist(seed=n) for seat in SEATS}
        played = play_express(robots, entry.rule, random.Random(n))
        seen = trials(played.events)
        upto = rng.randrange(len(seen) + 1)
        mainline = seen[upto].mainline if upto < len(seen) else played.state.layout.mainline
        hand = tuple(rng.sample(played.state.stock or mainline, min(12, len(played.state.stock))))
        views.append(SeatView("Ana", hand=hand, mainline=mainline, trials=seen[:upto]))
    return views


def run() -> dict[str, object]:
    """Print and return the figures."""
    figures: dict[str, object] = {}
    start = time.perf_counter()
    candidates = candidate_set()
    built = time.perf_counter() - start
    print(f"{'candidate set: build once':44} {built * 1e3:7.0f} ms   {len(candidates)} candidates")
    figures["build_ms"] = round(built * 1e3)
    figures["candidates"] = len(candidates)

    views = _situations(60)
    updates, cold = [], []
    for view in views:
        alive = candidates.everything
        for trial in view.trials:
            begin = time.perf_counter()
            alive = after(candidates, alive, trial)
            updates.append(time.perf_counter() - begin)
        if view.trials:
            candidates._cache.clear()  # the worst case: a mainline never seen before
            begin = time.perf_counter()
            after(candidates, candidates.everything, view.trials[-1])
            cold.append(time.perf_counter() - begin)
    figures["update"] = _figures("update after one play", updates)
    figures["update_cold"] = _figures("update after one play, new mainline", cold)

    ideal = IdealScientist()
    choices = []
    for view in views:
        candidates._cache.clear()
        begin = time.perf_counter()
        ideal.choose_play(view)
        choices.append(time.perf_counter() - begin)
    figures["ideal_choice"] = _figures("ideal scientist's card, 12-card hand (cold)", choices)

    deals = 100
    for game, seats in (("express", SEATS), ("new_eleusis", (*SEATS, "Dia"))):
        for kind in (IdealScientist, Confirmer, RandomPlayer):
            found = _rounds(kind, deals if game == "express" else deals // 2, seats, game)
            named = sum(1 for plays in found if plays != NEVER)
            median = statistics.median(found)
            print(
                f"{game + ' ' + kind.kind + ': plays to name the rule':44} median {median:5.1f}"
                f"   named in {named} of {len(found)} rounds"
            )
            figures[f"{game}_{kind.kind}"] = {"median_plays": median, "named": named}
    return figures


if __name__ == "__main__":
    run()
