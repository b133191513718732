"""Commands per second in full rounds with an automatic judge; replaying a 200-event log."""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence

from classroom.core.cards import Card
from classroom.core.games.express import Event, Round, event_from_dict, replay

SEATS = ("Ana", "Ben", "Chen", "Dia", "Eli")


class Alternate:
    """After red play black, after black play red."""

    def allows(self, mainline: Sequence[Card], card: Card) -> bool:
        """True when the colors differ."""
        return card.color != mainline[-1].color


def full_round(seed: int) -> tuple[int, tuple[Event, ...]]:
    """Play a round to its end, each player picking a random card; return commands and log."""
    rng = random.Random(seed)
    game = Round.deal(SEATS, rng, judge=Alternate())
    commands = 0
    while not game.state.is_over:
        seat = game.state.turn or ""
        game.play(seat, rng.choice(game.state.hand(seat)))
        commands += 1
    return commands, game.events


def _best(repeats: int, action: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(repeats):
        start = time.perf_counter()
        action()
        best = min(best, time.perf_counter() - start)
    return best


def run() -> dict[str, float]:
    """Print and return the figures (best of several runs)."""
    start = time.perf_counter()
    played = [full_round(seed) for seed in range(100)]
    elapsed = time.perf_counter() - start
    commands = sum(n for n, _ in played)
    events = sum(len(log) for _, log in played)
    log = next(log for _, log in played if len(log) >= 200)[:200]
    replay_s = _best(20, lambda: replay(log))
    dicts = [event.to_dict() for event in log]
    json_s = _best(10, lambda: [event_from_dict(event.to_dict()) for event in log])
    assert [event_from_dict(d) for d in dicts] == list(log)
    figures = {
        "commands_per_s": round(commands / elapsed),
        "events_per_s": round(events / elapsed),
        "commands_per_round": round(commands / len(played), 1),
        "replay_200_events_ms": round(replay_s * 1e3, 3),
        "json_round_trip_us_per_event": round(json_s / len(log) * 1e6, 2),
    }
    print(f"{'full rounds, automatic judge':32} {figures['commands_per_s']:8} commands/s")
    print(f"{'':32} {figures['events_per_s']:8} events/s")
    print(f"{'commands in a round (5 seats)':32} {figures['commands_per_round']:8}")
    print(f"{'replay a 200-event log':32} {figures['replay_200_events_ms']:8} ms")
    print(f"{'to_dict + event_from_dict':32} {figures['json_round_trip_us_per_event']:8} us/event")
    return figures


if __name__ == "__main__":
    run()
