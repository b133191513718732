"""Robot players: a teacher seats programs at a table, and the app plays for them.

A robot's seat is a seat like any other (it counts toward the table, it leaves as any seat
does), with a kind and a token nobody holds. `RobotPlayers.step` makes at most one robot move
at a group: it reads the table, asks the robots (`classroom.core.robots`) whose move it is,
and gives that move through the use case a tablet uses (`Rounds.act`, `Predictions.predict`),
so the move is checked, logged and announced as any. Its action id is made from the round and
the seq the robot saw, and the move is applied only while the round still stands at that
seq: two server processes, or a sweep run twice, never apply a move twice.
"""

from __future__ import annotations

import logging
import secrets
from collections.abc import Callable

from classroom.core.games.registry import find_game
from classroom.core.robots import KINDS, robot
from classroom.core.robots.seats import (
    Call,
    DeclareProphet,
    Guess,
    NoPlay,
    PassGuess,
    Play,
    Point,
    Predict,
)
from classroom.core.robots.seats import (
    Move as RobotMove,
)
from classroom.core.robots.turns import next_robot_move
from classroom.core.text import _
from classroom.usecases.changes import Change, Move
from classroom.usecases.context import Context, use_case
from classroom.usecases.effects import GroupTouched
from classroom.usecases.errors import Conflict, Invalid, ServiceError
from classroom.usecases.names import nickname_key
from classroom.usecases.ownership import own_group
from classroom.usecases.predictions import Predictions
from classroom.usecases.rounds import Rounds
from classroom.usecases.seats import SeatRef, max_seats

__all__ = ["RobotPlayers", "as_move"]

log = logging.getLogger(__name__)

#: A robot's nickname: its kind's name in the class's language, numbered from the second
#: robot of a kind at the table (the number given; 1 for the first).
Naming = Callable[[str, int], str]


class RobotPlayers:
    """Seat robots at tables, and make the robots' moves."""

    def __init__(self, context: Context, rounds: Rounds, predictions: Predictions) -> None:
        self.context = context
        self.uow = context.uow
        self.states = context.states
        self.rounds = rounds
        self.predictions = predictions

    @use_case
    def add_robot(self, teacher_id: int, group_id: int, kind: str, name: Naming) -> int:
        """Seat a robot of `kind` at the group; returns its seat id. Robots join between
        rounds as students do, and never deal: a table where students deal has none."""
        if kind not in KINDS:
            raise Invalid(_("Choose a kind of robot player."))
        with self.context.writing(group_id) as uow:
            group = own_group(uow, teacher_id, group_id)
            if group.class_ended:
                raise Conflict(_("This class has ended."))
            if group.dealer_mode != "app":
                raise Conflict(_("Robot players sit only at tables where the app deals."))
            keys = uow.seats.keys(group_id)
            if len(keys) >= max_seats(group.dealer_mode):
                raise Conflict(_("This group is full; please choose another."))
            taken = {key for _id, key in keys}
            number = 1
            while nickname_key(name(kind, number)) in taken:
                number += 1
            nickname = name(kind, number)[:40]
            seat_id = uow.seats.add(
                group_id, nickname, nickname_key(nickname), secrets.token_hex(32), robot=kind
            )
            self.context.changed(uow, GroupTouched(group_id))
            uow.commit()
            return seat_id

    def groups(self) -> list[int]:
        """The groups of open classes with a robot seated: the tables the app plays at."""
        with self.uow() as uow:
            return uow.seats.robot_groups()

    def step(self, group_id: int) -> Change | None:
        """Make the one robot move the group's table waits on, if it waits on a robot; None
        when it does not (no robot, no running round, a paused game, a person's move)."""
        with self.uow() as uow:
            found = uow.groups.with_latest_round(group_id)
            group, round_row = found if found else (None, None)
            if group is None or round_row is None or group.class_ended or group.paused:
                return None
            seated = uow.seats.robots(group_id)
            if not seated:
                return None
            state = self.states.of(uow, round_row)
            events = uow.rounds.events(round_row.id)
        events = tuple(event for event in events if event.seq <= state.seq)
        robots = {str(seat_id): robot(kind, seed=seat_id) for seat_id, kind in seated}
        asked = next_robot_move(round_row.mode, robots, state, events)
        if asked is None:
            return None
        seat_key, chosen = asked
        if isinstance(chosen, Predict) and not (
            group.everyone_predicts and find_game(round_row.mode).predictions
        ):
            return None
        seat = SeatRef(int(seat_key), group_id, group.class_id, "", group.everyone_predicts)
        move = as_move(chosen, f"robot-{round_row.id}-{state.seq}")
        try:
            if isinstance(chosen, Predict):
                return self.predictions.predict(seat, move, at_seq=state.seq)
            return self.rounds.act(seat, move, at_seq=state.seq)
        except ServiceError:
            # The table moved on meanwhile (a teacher paused it, removed the seat): the next
            # step reads it afresh.
            log.info("robot move not applied at group %s", group_id, exc_info=True)
            return None


def as_move(move: RobotMove, action_id: str) -> Move:
    """A robot's command as the move a tablet would send."""
    match move:
        case Play(cards):
            return Move("play", action_id, cards=cards)
        case NoPlay():
            return Move("no_play", action_id)
        case Guess(text):
            return Move("guess", action_id, text=text)
        case PassGuess():
            return Move("pass", action_id)
        case Predict(accepted):
            return Move("predict", action_id, right=accepted)
        case DeclareProphet():
            return Move("declare", action_id)
        case Call(right):
            return Move("call", action_id, right=right)
        case Point(card):
            return Move("point", action_id, cards=(card,))
    raise AssertionError(f"{move!r} is no robot command")
