"""Student dealers: the dealing seat chooses the secret rule on its tablet and judges.

Where the rule is written in the rule language the app knows the right verdict: a different
verdict needs the dealer's confirmation, and is recorded so the teacher hears of it. A rule in
plain words is judged by the dealer alone.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from contextlib import AbstractContextManager
from dataclasses import dataclass
from gettext import gettext as _
from typing import Literal

from sqlalchemy.orm import Session, sessionmaker

from classroom.core import game
from classroom.core.cards import Card
from classroom.core.game import Event, RoundState
from classroom.core.rules import RuleError
from classroom.core.rules.library import LibraryError, find_rule
from classroom.core.scoring import seating
from classroom.store import rows
from classroom.store.locking import lock_group, retry_once
from classroom.store.models import AppliedAction, DealerVerdict, Group, StoredRound
from classroom.store.rows import RoundRow
from classroom.usecases.classes import SeatRef
from classroom.usecases.errors import Conflict, Forbidden, Invalid
from classroom.usecases.rounds import Change, compiled

__all__ = ["MAX_FREE_RULE", "DealingServices", "RuleChoice", "Verdict", "VerdictCheck"]

MAX_FREE_RULE = 300
VerdictKind = Literal["play", "no_play", "guess"]


@dataclass(frozen=True, slots=True)
class RuleChoice:
    """The dealer's secret rule: a library id, rule-language text, or plain words."""

    kind: Literal["library", "language", "free"]
    text: str


@dataclass(frozen=True, slots=True)
class Verdict:
    """A dealer's verdict; `card` is the correct card played for a wrong no-play."""

    kind: VerdictKind
    right: bool
    card: Card | None = None
    confirmed: bool = False


@dataclass(frozen=True, slots=True)
class VerdictCheck:
    """Not applied: the rule says otherwise, and the dealer has to confirm."""

    expected: bool
    message: str


class DealingServices:
    """The dealing seat's actions."""

    sessions: sessionmaker[Session]
    group_lock: Callable[[int], AbstractContextManager[None]]
    current_round: Callable[[Session, int], RoundRow | None]
    round_state: Callable[[Session, int], RoundState]
    _deal: Callable[[Session, Group, StoredRound, Sequence[str]], Change]
    _append: Callable[..., RoundState]

    @retry_once
    def choose_rule(self, seat: SeatRef, choice: RuleChoice, action_id: str) -> Change:
        """The dealing seat sets the secret rule; the cards are dealt at once."""
        rule_text, rule_kind, rule_id = _checked_rule(choice)
        with self.group_lock(seat.group_id), self.sessions.begin() as db:
            lock_group(db, seat.group_id)
            if _seen(db, seat, action_id):
                return Change(seat.group_id, seat.class_id, (), duplicate=True)
            group = db.get(Group, seat.group_id)
            if group is None or group.dealing_seat_id != seat.seat_id:
                raise Forbidden(_("Only this round's dealer chooses the rule."))
            previous = self.current_round(db, group.id)
            number = previous.number if previous else 0
            participants = [str(s.id) for s in group.seats]
            group.dealing_seat_id = None
            _remember(db, seat, action_id)
            new_round = StoredRound(
                group_id=group.id,
                number=number + 1,
                rule_text=rule_text,
                rule_kind=rule_kind,
                rule_id=rule_id,
                dealer_seat_id=seat.seat_id,
            )
            return self._deal(db, group, new_round, seating(participants, number))

    @retry_once
    def judge_as_dealer(
        self, seat: SeatRef, verdict: Verdict, action_id: str
    ) -> Change | VerdictCheck:
        """Apply the dealer's verdict, unless the rule disagrees and it is not confirmed."""
        with self.group_lock(seat.group_id), self.sessions.begin() as db:
            lock_group(db, seat.group_id)
            if _seen(db, seat, action_id):
                return Change(seat.group_id, seat.class_id, (), duplicate=True)
            round_row = self._dealt_round(db, seat)
            state = self.round_state(db, round_row.id)
            check = _disagreement(round_row, state, verdict)
            if check is not None and not verdict.confirmed:
                return check
            events = _verdict_events(state, verdict)
            if check is not None:
                card = state.pending.card if state.pending else None
                db.add(
                    DealerVerdict(
                        round_id=round_row.id,
                        seq=events[0].seq,
                        card=str(card) if card else None,
                        given=verdict.right,
                        expected=check.expected,
                    )
                )
            self._append(db, round_row.id, events, state)
            _remember(db, seat, action_id)
            return Change(seat.group_id, seat.class_id, events)

    def _dealt_round(self, db: Session, seat: SeatRef) -> RoundRow:
        round_row = self.current_round(db, seat.group_id)
        if round_row is None or round_row.dealer_seat_id != seat.seat_id:
            raise Forbidden(_("Only this round's dealer gives verdicts."))
        group = rows.group_row(db.connection(), seat.group_id)
        if group is None or group.paused:
            raise Conflict(_("The game is paused. Wait for your teacher."))
        return round_row


def _seen(db: Session, seat: SeatRef, action_id: str) -> bool:
    """True when this action was applied before."""
    return db.get(AppliedAction, (seat.seat_id, action_id)) is not None


def _remember(db: Session, seat: SeatRef, action_id: str) -> None:
    """Record the action as applied, in the transaction that applies it."""
    db.add(AppliedAction(seat_id=seat.seat_id, action_id=action_id))


def _checked_rule(choice: RuleChoice) -> tuple[str, str, str | None]:
    text = choice.text.strip()
    if not text:
        raise Invalid(_("Choose or write a secret rule first."))
    if choice.kind == "library":
        try:
            entry = find_rule(text)
        except LibraryError as error:
            raise Invalid(str(error)) from error
        return str(entry.rule), "language", entry.id
    if choice.kind == "language":
        try:
            return str(compiled(text)), "language", None
        except RuleError as error:
            raise Invalid(str(error)) from error
    if len(text) > MAX_FREE_RULE:
        raise Invalid(_("A rule has at most %d characters.") % MAX_FREE_RULE)
    return text, "free", None


def _disagreement(round_row: RoundRow, state: RoundState, verdict: Verdict) -> VerdictCheck | None:
    """What the rule-language rule says when the dealer's verdict differs; None otherwise."""
    if round_row.rule_kind != "language" or verdict.kind == "guess" or state.pending is None:
        return None
    rule = compiled(round_row.rule_text)
    mainline = state.layout.mainline
    if verdict.kind == "play" and state.pending.card is not None:
        expected = rule.allows(mainline, state.pending.card)
        card = state.pending.card.label
        if expected != verdict.right:
            message = (
                _("The rule says %s is correct here. Are you sure?")
                if expected
                else _("The rule says %s is wrong here. Are you sure?")
            ) % card
            return VerdictCheck(expected, message)
        return None
    hand = state.hand(state.pending.seat)
    expected = not any(rule.allows(mainline, card) for card in hand)
    if expected != verdict.right:
        message = (
            _("The rule says no card of that hand can be played. Are you sure?")
            if expected
            else _("The rule says a card of that hand can be played.")
        )
        return VerdictCheck(expected, message)
    if verdict.card is not None and not rule.allows(mainline, verdict.card):
        return VerdictCheck(
            False, _("The rule says %s cannot be played here.") % verdict.card.label
        )
    return None


def _verdict_events(state: RoundState, verdict: Verdict) -> tuple[Event, ...]:
    if verdict.kind == "play":
        return game.judge_play(state, verdict.right)
    if verdict.kind == "guess":
        return game.judge_guess(state, verdict.right)
    return game.judge_no_play(state, verdict.right, verdict.card)
