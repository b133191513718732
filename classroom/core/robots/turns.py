"""Which robot of a table moves next, and how: what the app asks when a table waits.

A table may seat people and robots together; only the robots' seats are asked, in the order
the rules give the table's seats (the prophet first, then the seat that may guess or declare,
then the seat whose turn it is), and every robot in turn while a card waits for predictions.

>>> import random
>>> from classroom.core.games.express import Round
>>> from classroom.core.robots.players import IdealScientist, Confirmer
>>> game = Round.deal(["1", "2", "3"], random.Random(5))
>>> seat, move = next_robot_move("express", {"2": Confirmer(), "1": IdealScientist()},
...                              game.state, game.events)
>>> seat, type(move).__name__
('1', 'Play')
>>> next_robot_move("express", {"2": Confirmer()}, game.state, game.events) is None
True
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from classroom.core.eventlog import LoggedEvent
from classroom.core.robots.players import Robot
from classroom.core.robots.seats import Move, express_move, new_eleusis_move

__all__ = ["next_robot_move"]

Ask = Callable[[Robot, Any, Sequence[LoggedEvent], str], "Move | None"]


def _express_order(state: Any, robots: Sequence[str]) -> list[str]:
    first = [state.guesser] if state.phase == "guess_window" and state.guesser else []
    return [*first, *([state.turn] if state.turn else []), *robots]


def _new_eleusis_order(state: Any, robots: Sequence[str]) -> list[str]:
    return [seat for seat in (state.prophet, state.may_declare, state.turn) if seat]


#: Per game (by its registry name): the seats to ask, in order, and how to ask one.
_GAMES: dict[str, tuple[Callable[[Any, Sequence[str]], list[str]], Ask]] = {
    "express": (_express_order, express_move),
    "new_eleusis": (_new_eleusis_order, new_eleusis_move),
}


def next_robot_move(
    game: str, robots: Mapping[str, Robot], state: Any, events: Sequence[LoggedEvent]
) -> tuple[str, Move] | None:
    """The first robot seat (by the engine's seat id) with something to do now, and its move;
    None when the table waits on nobody who is a robot (or plays a game robots do not know)."""
    if game not in _GAMES or state.is_over:
        return None
    order, ask = _GAMES[game]
    for seat in dict.fromkeys(order(state, list(robots))):
        if seat in robots:
            move = ask(robots[seat], state, events, seat)
            if move is not None:
                return seat, move
    return None
