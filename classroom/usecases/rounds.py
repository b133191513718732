"""Playing rounds, whatever the table's game: every move is checked by the game, appended to
the log, then announced.

Writes to one group hold the group's lock in this process and in the store (see
`classroom.usecases.context`); the state of a round is cached and caught up from the log
before every use. The game of a round is found by its name (`classroom.core.games.registry`):
nothing here knows one game from another.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from classroom.core.eventlog import LoggedEvent
from classroom.core.games.express.scoring import app_seating, next_dealer
from classroom.core.games.registry import find_game
from classroom.core.games.shape import Game, Move, Verdict
from classroom.core.text import _
from classroom.usecases.changes import Change
from classroom.usecases.context import Context, use_case
from classroom.usecases.errors import Conflict
from classroom.usecases.ownership import own_group
from classroom.usecases.ports import ClassRow, GroupRow, RoundRow, UnitOfWork
from classroom.usecases.practice_judging import (
    at_practice_table,
    checked_guess,
    is_robot,
    verdict_events,
)
from classroom.usecases.reading import snapshot_of
from classroom.usecases.running import running_round, student_round
from classroom.usecases.seats import SeatRef
from classroom.usecases.verdict_window import close_if_due, compiled, predicting

__all__ = ["Rounds", "check_table", "compiled", "house_options"]

#: A teacher's command on a running round: the game and the state in, the events out.
Command = Callable[[Game, Any], tuple[LoggedEvent, ...]]


class Rounds:
    """Start rounds, apply players' moves, judge guesses, give hints, skip turns, end rounds."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.uow = context.uow
        self.rng = context.rng
        self.states = context.states

    @use_case
    def start_round(self, teacher_id: int, group_id: int) -> Change:
        """Start a group's next round: the app deals now, or a student dealer picks a rule."""
        with self.context.writing(group_id) as uow:
            group = own_group(uow, teacher_id, group_id)
            previous = uow.rounds.latest(group_id)
            if previous is not None and not self.states.is_over(uow, previous):
                raise Conflict(_("%s is already playing a round.") % group.name)
            seats = [str(seat_id) for seat_id, _name in uow.seats.names(group_id)]
            number = previous.number if previous else 0
            if group.dealer_mode == "student":
                check_table(group.name, len(seats) - 1, _("players besides the dealer"), group.mode)
                dealer = int(next_dealer(seats, number))
                uow.groups.update(group_id, rule_revealed=False, dealing_seat_id=dealer)
                change = Change(group_id, group.class_id, ())
                self.context.changed(uow, change)
                uow.commit()
                return change
            check_table(group.name, len(seats), _("players"), group.mode)
            uow.groups.update(group_id, rule_revealed=False)
            round_id = uow.rounds.add(
                group_id=group_id,
                number=number + 1,
                rule_text=group.rule_text,
                rule_kind="language",
                rule_id=group.rule_id,
                dealer_seat_id=None,
                mode=group.mode,
            )
            change = self.deal(uow, group, round_id, app_seating(seats, number))
            uow.commit()
            return change

    def deal(
        self, uow: UnitOfWork, group: GroupRow, round_id: int, players: Sequence[str]
    ) -> Change:
        """Deal a new round, already added to the store, to `players`, in the group's game."""
        round_row = uow.rounds.latest(group.id)
        assert round_row is not None and round_row.id == round_id  # added just now
        period = uow.classes.get(group.class_id)
        assert period is not None  # the group's class exists while the group does
        game = find_game(round_row.mode)
        events = game.deal(players, self.rng, house_options(period, group))
        self.states.append(uow, round_row, events)
        change = Change(group.id, group.class_id, events)
        self.context.changed(uow, change)
        return change

    @use_case
    def act(self, seat: SeatRef, move: Move, *, at_seq: int | None = None) -> Change:
        """Apply a player's move once, however often the tablet sends it; with `at_seq`, only
        while the round still stands there (a robot's move, chosen at that seq)."""
        with self.context.writing(seat.group_id) as uow:
            found = student_round(uow, seat, move.action_id)
            if isinstance(found, Change):
                return found
            group, round_row = found
            if round_row.dealer_seat_id == seat.seat_id:
                raise Conflict(_("You are the dealer this round: you judge, the others play."))
            game = find_game(round_row.mode)
            state = self.states.of(uow, round_row)
            if at_seq is not None and state.seq != at_seq:
                return Change(seat.group_id, seat.class_id, ())  # chosen for a table gone by
            # An overdue prediction window closes first: its verdict, then this move.
            closed, state = close_if_due(uow, self.states, self.rng, group, round_row, state)
            judge = None if round_row.dealer_seat_id else compiled(round_row.rule_text)
            if move.kind == "play" and predicting(group, round_row):
                judge = None  # the verdict waits for the table's predictions
            # Only a guess, or a move that ends the round, asks whether the app judges here
            # (a practice table, or a robot's guess): every other move reads nothing more.
            practice = move.kind == "guess" and at_practice_table(uow, group)
            if practice:
                checked_guess(move)
            # A robot's guess is judged by the app at once (robots sit only where the app
            # deals, so it knows the rule): a teacher with eight groups is not asked to judge
            # programs, and the table never waits on the teacher for them.
            robot_guess = move.kind == "guess" and is_robot(uow, seat)
            events = closed + game.move(state, seat.key, move, judge=judge, rng=self.rng)
            after = self.states.append(uow, round_row, events[len(closed) :], state)
            if practice or robot_guess or (after.is_over and at_practice_table(uow, group)):
                events, after, group = self._as_practice_dealer(
                    uow, group, round_row, events, after, move, reveal=not robot_guess or practice
                )
            uow.seats.remember_action(seat.seat_id, move.action_id, events[-1].seq)
            snapshot = snapshot_of(uow, group, round_row, after)
            change = Change(seat.group_id, seat.class_id, events, snapshot=snapshot)
            self.context.changed(uow, change)
            uow.commit()
            return change

    def _as_practice_dealer(
        self,
        uow: UnitOfWork,
        group: GroupRow,
        round_row: RoundRow,
        events: tuple[LoggedEvent, ...],
        state: Any,
        move: Move,
        *,
        reveal: bool = True,
    ) -> tuple[tuple[LoggedEvent, ...], Any, GroupRow]:
        """The app judges the guess just made (at a practice table, or a robot's anywhere),
        and at a practice table (`reveal`) shows the rule once the round is over: the events,
        state and group after that."""
        game = find_game(round_row.mode)
        if move.kind == "guess" and not state.is_over:
            verdict = verdict_events(game, state, round_row.rule_text, move.text, self.rng)
            state = self.states.append(uow, round_row, verdict, state)
            events = events + verdict
        if reveal and state.is_over and not group.rule_revealed:
            uow.groups.update(group.id, rule_revealed=True)
            group = uow.groups.get(group.id) or group
        return events, state, group

    def judge_guess(self, teacher_id: int, group_id: int, right: bool) -> Change:
        """The teacher's verdict on the group's pending guess."""
        return self._teacher_command(
            teacher_id,
            group_id,
            lambda game, state: game.verdict(state, Verdict("guess", right), rng=self.rng),
        )

    def give_hint(self, teacher_id: int, group_id: int, text: str) -> Change:
        """A hint for the group, logged with the round."""
        return self._teacher_command(
            teacher_id, group_id, lambda game, state: game.hint(state, text)
        )

    def skip_turn(self, teacher_id: int, group_id: int, seat_id: int) -> Change:
        """Skip the turn of an absent student: the next player plays."""

        def skip(game: Game, state: Any) -> tuple[LoggedEvent, ...]:
            if state.turn != str(seat_id):
                raise Conflict(_("It is no longer this student's turn."))
            return game.skip_turn(state, str(seat_id))

        return self._teacher_command(teacher_id, group_id, skip)

    def end_round(self, teacher_id: int, group_id: int) -> Change:
        """End the group's round now."""
        return self._teacher_command(
            teacher_id, group_id, lambda game, state: game.end_round(state, "ended by the teacher")
        )

    @use_case
    def _teacher_command(self, teacher_id: int, group_id: int, command: Command) -> Change:
        with self.context.writing(group_id) as uow:
            own_group(uow, teacher_id, group_id)
            group, round_row = running_round(uow, group_id)
            state = self.states.of(uow, round_row)
            events = command(find_game(round_row.mode), state)
            after = self.states.append(uow, round_row, events, state)
            snapshot = snapshot_of(uow, group, round_row, after)
            change = Change(group_id, group.class_id, events, snapshot=snapshot)
            self.context.changed(uow, change)
            uow.commit()
            return change

    @use_case
    def set_revealed(self, teacher_id: int, group_id: int, revealed: bool) -> Change:
        """Show (or hide again) the group's secret rule to its students and the projector."""
        with self.context.writing(group_id) as uow:
            group = own_group(uow, teacher_id, group_id)
            uow.groups.update(group_id, rule_revealed=revealed)
            change = Change(group_id, group.class_id, ())
            self.context.changed(uow, change)
            uow.commit()
            return change

    def forget_cache(self) -> None:
        """Drop every cached round state (tests use it to prove the log alone is enough)."""
        self.states.forget()


def house_options(period: ClassRow, group: GroupRow) -> dict[str, Any]:
    """The class's house options, for whichever game the group plays to read its own."""
    return {
        "wrong_guess_penalty": period.wrong_guess_penalty,
        "stock_out": period.stock_out,
        "ne_sudden_death": group.ne_sudden_death,
        "ne_first_player": group.ne_first_player,
    }


def check_table(group_name: str, players: int, who: str, mode: str) -> None:
    """A round needs as many players as its game takes (3 to 8 in Express, 4 to 8 in New
    Eleusis)."""
    game = find_game(mode)
    if not game.min_players <= players <= game.max_players:
        raise Conflict(
            _("%(group)s has %(n)d %(who)s; a round needs %(least)d to %(most)d.")
            % {
                "group": group_name,
                "n": players,
                "who": who,
                "least": game.min_players,
                "most": game.max_players,
            }
        )
