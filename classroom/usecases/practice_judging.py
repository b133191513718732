"""How the app stands in for the teacher at a practice table: it judges each guess with the
exact checker, and shows the secret rule once the round is over. It judges a robot player's
guesses at any table the same way.

Only a guess in the rule language can be judged (the builder writes one); a guess in words is
refused with a kind word, and nothing is logged.
"""

from __future__ import annotations

import random
from typing import Any

from classroom.core.eventlog import LoggedEvent
from classroom.core.games.shape import Game, Move, Verdict
from classroom.core.hypotheses import check_equivalence
from classroom.core.rules import RuleError, compile_rule
from classroom.core.text import _
from classroom.usecases.errors import Invalid
from classroom.usecases.ports import GroupRow, UnitOfWork
from classroom.usecases.seats import SeatRef

__all__ = [
    "at_practice_table",
    "checked_guess",
    "is_robot",
    "practice_verdict",
    "verdict_events",
]


def at_practice_table(uow: UnitOfWork, group: GroupRow) -> bool:
    """Whether the group is a practice table (its class was made by a practice link)."""
    period = uow.classes.get(group.class_id)
    return period is not None and period.practice_of is not None


def is_robot(uow: UnitOfWork, seat: SeatRef) -> bool:
    """Whether the seat is a robot player's."""
    return any(seat_id == seat.seat_id for seat_id, _kind in uow.seats.robots(seat.group_id))


def checked_guess(move: Move) -> None:
    """Invalid unless the guess `move` is in the rule language: only such a guess is judged."""
    try:
        compile_rule(move.text)
    except RuleError as error:
        raise Invalid(
            _(
                "At a practice table the app judges only guesses in the rule language. Build "
                "your guess with the hypothesis builder below, then tap “Guess this rule”."
            )
        ) from error


def practice_verdict(rule_text: str, guess: str) -> bool:
    """The app's verdict on a practice table's guess: right when the checker proves it the
    same rule as the secret one (a guess it cannot decide in time is not right).

    >>> practice_verdict("card.color == red", "card.suit in {hearts, diamonds}")
    True
    >>> practice_verdict("card.color == red", "card.suit == hearts")
    False
    """
    return check_equivalence(rule_text, guess).verdict == "same"


def verdict_events(
    game: Game, state: Any, rule_text: str, guess: str, rng: random.Random
) -> tuple[LoggedEvent, ...]:
    """The verdict on the guess that waits at `state`, as the teacher's would be logged."""
    return game.verdict(state, Verdict("guess", practice_verdict(rule_text, guess)), rng=rng)
