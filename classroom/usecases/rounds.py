"""Playing rounds: every action is checked by the engine, appended to the log, then announced.

Writes to one group hold the group's lock in this process and in the store (see
`classroom.usecases.context`); the state of a round is cached and caught up from the log
before every use.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from classroom.core.games import express as game
from classroom.core.games.express import Event, Options, RoundState
from classroom.core.rules import Rule
from classroom.core.scoring import app_seating, next_dealer
from classroom.core.text import _
from classroom.usecases.changes import Action, Change
from classroom.usecases.context import EXPRESS, NEW_ELEUSIS, Context, retry_once
from classroom.usecases.errors import Conflict
from classroom.usecases.new_eleusis_rounds import NewEleusisRounds
from classroom.usecases.ownership import own_group
from classroom.usecases.ports import GroupRow, UnitOfWork
from classroom.usecases.reading import snapshot_of
from classroom.usecases.running import running_round, student_round
from classroom.usecases.seats import SeatRef
from classroom.usecases.verdict_window import close_if_due, compiled, predicting

__all__ = ["Rounds", "check_table", "compiled"]


class Rounds:
    """Start rounds, apply students' actions, judge guesses, give hints, end rounds."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.uow = context.uow
        self.rng = context.rng
        self.states = context.states
        self.locks = context.locks
        self.new_eleusis = NewEleusisRounds(context)

    @retry_once
    def start_round(self, teacher_id: int, group_id: int) -> Change:
        """Start a group's next round: the app deals now, or a student dealer picks a rule."""
        with self.locks.hold(group_id), self.uow() as uow:
            uow.groups.lock(group_id)
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
                uow.commit()
                return Change(group_id, group.class_id, ())
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
        if group.mode == NEW_ELEUSIS:
            return self.new_eleusis.deal(uow, group, round_id, players)
        period = uow.classes.get(group.class_id)
        assert period is not None  # the group's class exists while the group does
        options = Options.from_dict(
            {"wrong_guess_penalty": period.wrong_guess_penalty, "stock_out": period.stock_out}
        )
        events = (game.deal(players, self.rng, options=options),)
        self.states.append(uow, round_id, events)
        return Change(group.id, group.class_id, events)

    @retry_once
    def act(self, seat: SeatRef, action: Action) -> Change:
        """Apply a student's action once, however often the tablet sends it."""
        with self.locks.hold(seat.group_id), self.uow() as uow:
            uow.groups.lock(seat.group_id)
            found = student_round(uow, seat, action.action_id)
            if isinstance(found, Change):
                return found
            group, round_row = found
            if round_row.dealer_seat_id == seat.seat_id:
                raise Conflict(_("You are the dealer this round: you judge, the others play."))
            state = self.states.of(uow, round_row.id)
            # An overdue prediction window closes first: its verdict, then this action.
            closed, state = close_if_due(uow, self.states, self.rng, group, round_row, state)
            judge = None if round_row.dealer_seat_id else compiled(round_row.rule_text)
            if action.kind == "play" and predicting(group, round_row):
                judge = None  # the verdict waits for the table's predictions
            events = closed + self._command(state, str(seat.seat_id), action, judge)
            after = self.states.append(uow, round_row.id, events[len(closed) :], state)
            uow.seats.remember_action(seat.seat_id, action.action_id, events[-1].seq)
            snapshot = snapshot_of(uow, group, round_row, after)
            uow.commit()
            return Change(seat.group_id, seat.class_id, events, snapshot=snapshot)

    def _command(
        self, state: RoundState, seat: str, action: Action, rule: Rule | None
    ) -> tuple[Event, ...]:
        if action.kind == "play":
            if action.card is None:
                raise game.CardNotInHand(_("Choose a card to play."))
            return game.play(state, seat, action.card, judge=rule, rng=self.rng)
        if action.kind == "no_play":
            return game.no_play(state, seat, judge=rule, rng=self.rng)
        if action.kind == "guess":
            return game.guess(state, seat, action.text)
        return game.pass_guess(state, seat)

    def judge_guess(self, teacher_id: int, group_id: int, right: bool) -> Change:
        """The teacher's verdict on the group's pending guess."""
        return self._teacher_command(
            teacher_id, group_id, lambda state: game.judge_guess(state, right, rng=self.rng)
        )

    def give_hint(self, teacher_id: int, group_id: int, text: str) -> Change:
        """A hint for the group, logged with the round."""
        if self._plays_new_eleusis(group_id):
            return self.new_eleusis.give_hint(teacher_id, group_id, text)
        return self._teacher_command(teacher_id, group_id, lambda state: game.hint(state, text))

    def skip_turn(self, teacher_id: int, group_id: int, seat_id: int) -> Change:
        """Skip the turn of an absent student: the next seat plays."""

        def skip(state: RoundState) -> tuple[Event, ...]:
            if state.turn != str(seat_id):
                raise Conflict(_("It is no longer this student's turn."))
            return game.skip_turn(state, str(seat_id))

        return self._teacher_command(teacher_id, group_id, skip)

    def end_round(self, teacher_id: int, group_id: int) -> Change:
        """End the group's round now."""
        if self._plays_new_eleusis(group_id):
            return self.new_eleusis.end_round(teacher_id, group_id)
        return self._teacher_command(
            teacher_id, group_id, lambda state: game.end_round(state, "ended by the teacher")
        )

    def _plays_new_eleusis(self, group_id: int) -> bool:
        with self.uow() as uow:
            found = uow.groups.with_latest_round(group_id)
        return found is not None and found[1] is not None and found[1].mode == NEW_ELEUSIS

    @retry_once
    def _teacher_command(
        self, teacher_id: int, group_id: int, command: Callable[[RoundState], tuple[Event, ...]]
    ) -> Change:
        with self.locks.hold(group_id), self.uow() as uow:
            uow.groups.lock(group_id)
            own_group(uow, teacher_id, group_id)
            group, round_row = running_round(uow, group_id)
            state = self.states.of(uow, round_row.id)
            events = command(state)
            after = self.states.append(uow, round_row.id, events, state)
            snapshot = snapshot_of(uow, group, round_row, after)
            uow.commit()
            return Change(group_id, group.class_id, events, snapshot=snapshot)

    @retry_once
    def set_revealed(self, teacher_id: int, group_id: int, revealed: bool) -> Change:
        """Show (or hide again) the group's secret rule to its students and the projector."""
        with self.locks.hold(group_id), self.uow() as uow:
            uow.groups.lock(group_id)
            group = own_group(uow, teacher_id, group_id)
            uow.groups.update(group_id, rule_revealed=revealed)
            uow.commit()
            return Change(group_id, group.class_id, ())

    def forget_cache(self) -> None:
        """Drop every cached round state (tests use it to prove the log alone is enough)."""
        self.states.forget()


def check_table(group_name: str, players: int, who: str, mode: str = EXPRESS) -> None:
    """An Express round needs 3 to 8 players, a New Eleusis round 4 to 8."""
    if mode == NEW_ELEUSIS and not 4 <= players <= 8:
        raise Conflict(
            _("%(group)s has %(n)d %(who)s; a round of New Eleusis needs 4 to 8.")
            % {"group": group_name, "n": players, "who": who}
        )
    if not 3 <= players <= 8:
        raise Conflict(
            _("%(group)s has %(n)d %(who)s; a round needs 3 to 8.")
            % {"group": group_name, "n": players, "who": who}
        )
