"""Student dealers: choosing the secret rule and judging the table.

Where the rule is written in the rule language the app knows the right verdict: a different
verdict needs the dealer's confirmation, and is recorded so the teacher hears of it. A rule in
plain words is judged by the dealer alone.
"""

from __future__ import annotations

import logging
from dataclasses import dataclass
from typing import Any, Literal

from classroom.core.games.express.scoring import seating
from classroom.core.games.registry import find_game
from classroom.core.games.shape import Game, Verdict, VerdictCheck
from classroom.core.rules import RuleError
from classroom.core.rules.library import LibraryError, find_rule
from classroom.core.text import _
from classroom.usecases.changes import Change
from classroom.usecases.context import Context, use_case
from classroom.usecases.errors import Conflict, Forbidden, Invalid
from classroom.usecases.ports import RoundRow, UnitOfWork, VerdictRow
from classroom.usecases.reading import snapshot_of
from classroom.usecases.rounds import Rounds, compiled
from classroom.usecases.seats import SeatRef

__all__ = ["MAX_FREE_RULE", "Dealing", "RuleChoice", "Verdict", "VerdictCheck"]

MAX_FREE_RULE = 300

log = logging.getLogger(__name__)


@dataclass(frozen=True, slots=True)
class RuleChoice:
    """The rule a student dealer picked: from the library, in the rule language, or in words."""

    kind: Literal["library", "language", "free"]
    text: str


class Dealing:
    """A student dealer's use cases."""

    def __init__(self, context: Context, rounds: Rounds) -> None:
        self.context = context
        self.uow = context.uow
        self.rng = context.rng
        self.states = context.states
        self.rounds = rounds

    @use_case
    def choose_rule(self, seat: SeatRef, choice: RuleChoice, action_id: str) -> Change:
        """The dealing seat picks the secret rule; the round is dealt at once."""
        rule_text, rule_kind, rule_id = _checked_rule(choice)
        with self.context.writing(seat.group_id) as uow:
            if _seen(uow, seat, action_id):
                return Change(seat.group_id, seat.class_id, (), duplicate=True)
            group = uow.groups.get(seat.group_id)
            if group is None or group.dealing_seat_id != seat.seat_id:
                raise Forbidden(_("Only this round's dealer chooses the rule."))
            previous = uow.rounds.latest(group.id)
            number = previous.number if previous else 0
            participants = [str(seat_id) for seat_id, _name in uow.seats.names(group.id)]
            uow.groups.update(group.id, dealing_seat_id=None)
            uow.seats.remember_action(seat.seat_id, action_id, 0)
            round_id = uow.rounds.add(
                group_id=group.id,
                number=number + 1,
                rule_text=rule_text,
                rule_kind=rule_kind,
                rule_id=rule_id,
                dealer_seat_id=seat.seat_id,
                mode=group.mode,
            )
            change = self.rounds.deal(uow, group, round_id, seating(participants, number))
            uow.commit()
            return change

    @use_case
    def judge_as_dealer(
        self, seat: SeatRef, verdict: Verdict, action_id: str
    ) -> Change | VerdictCheck:
        """The dealer's verdict; where the game can tell, a contradiction of the rule asks for
        confirmation first, and a confirmed one is recorded for the teacher."""
        with self.context.writing(seat.group_id) as uow:
            if _seen(uow, seat, action_id):
                return Change(seat.group_id, seat.class_id, (), duplicate=True)
            round_row = _dealt_round(uow, seat)
            game = find_game(round_row.mode)
            state = self.states.of(uow, round_row)
            check = _advice(game, round_row, state, verdict)
            if check is not None and not verdict.confirmed:
                return check
            events = game.verdict(state, verdict, rng=self.rng)
            if check is not None:
                card = str(check.card) if check.card else None
                contested = VerdictRow(events[0].seq, card, verdict.right, check.expected)
                uow.rounds.add_verdict(round_row.id, contested)
            after = self.states.append(uow, round_row, events, state)
            uow.seats.remember_action(seat.seat_id, action_id, events[-1].seq)
            group = uow.groups.get(seat.group_id)
            snapshot = snapshot_of(uow, group, round_row, after) if group else None
            change = Change(seat.group_id, seat.class_id, events, snapshot=snapshot)
            self.context.changed(uow, change)
            uow.commit()
            return change


def _dealt_round(uow: UnitOfWork, seat: SeatRef) -> RoundRow:
    round_row = uow.rounds.latest(seat.group_id)
    if round_row is None or round_row.dealer_seat_id != seat.seat_id:
        raise Forbidden(_("Only this round's dealer gives verdicts."))
    group = uow.groups.get(seat.group_id)
    if group is None or group.paused:
        raise Conflict(_("The game is paused. Wait for your teacher."))
    return round_row


def _seen(uow: UnitOfWork, seat: SeatRef, action_id: str) -> bool:
    _seated, applied = uow.seats.seated_and_applied(seat.seat_id, seat.group_id, action_id)
    return applied is not None


def _checked_rule(choice: RuleChoice) -> tuple[str, str, str | None]:
    text = choice.text.strip()
    if not text:
        raise Invalid(_("Choose or write a secret rule first."))
    if choice.kind == "library":
        try:
            entry = find_rule(text)
        except LibraryError as error:
            raise Invalid(error.args[0]) from error
        return str(entry.rule), "language", entry.id
    if choice.kind == "language":
        try:
            stored = str(compiled(text))
            # What is stored is what every verdict compiles: it must compile again, now.
            compiled(stored)
        except RuleError as error:
            raise Invalid(error.args[0]) from error
        return stored, "language", None
    if len(text) > MAX_FREE_RULE:
        raise Invalid(_("A rule has at most %d characters.") % MAX_FREE_RULE)
    return text, "free", None


def _advice(game: Game, round_row: RoundRow, state: Any, verdict: Verdict) -> VerdictCheck | None:
    """What the rule-language rule says when the dealer's verdict differs; None otherwise.

    The check only advises the dealer: a stored rule that no longer compiles, or fails while it
    judges, leaves the verdict to the dealer alone rather than stopping the round.
    """
    if round_row.rule_kind != "language":
        return None
    try:
        return game.advice(state, verdict, compiled(round_row.rule_text))
    except (RuleError, ArithmeticError, RecursionError) as error:
        log.warning("round %d: the rule could not judge (%s)", round_row.id, error)
        return None
