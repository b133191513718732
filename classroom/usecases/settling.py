"""Going on without an absent tablet: a call or a verdict the table waits for, settled.

A table waits for a seat besides the player to play when its game says so (`Game.awaited`): the
New Eleusis prophet's call or point, or a student dealer's verdict. If that seat's tablet closes
the whole table would stop. So the teacher may go on without the call (`waive_call`) or judge in
the dealer's place (`judge_for_dealer`), and the app itself goes on without a prophet or a
student dealer away longer than the class's away time (`settle_overdue`, swept by each server
process's beacon): it waives the call, or judges by the round's rule where it can read it.

When a seat counts as away too long (`away_for`) is for the page and the sweep to decide, with
the time each seat's tablet went offline; a use case refuses only what no longer waits.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from datetime import datetime
from typing import Any

from classroom.core.eventlog import Judge, LoggedEvent
from classroom.core.games.registry import find_game
from classroom.core.games.shape import Awaited, Game, Verdict
from classroom.core.rules import RuleError
from classroom.core.text import _
from classroom.usecases.changes import Change
from classroom.usecases.context import Context, use_case, utcnow
from classroom.usecases.errors import Conflict
from classroom.usecases.ownership import own_group
from classroom.usecases.ports import GroupRow, RoundRow, UnitOfWork
from classroom.usecases.reading import snapshot_of
from classroom.usecases.running import running_round
from classroom.usecases.verdict_window import compiled

__all__ = ["Settling", "away_for"]

#: What settles a waiting turn: the game, its state and the app's judge (None: a student
#: deals) in, the events out.
Settle = Callable[[Game, Any, Judge | None], tuple[LoggedEvent, ...]]
#: When a seat's tablet went offline (None: it is online now).
OfflineSince = Callable[[int], datetime | None]


def away_for(
    waiting_since: datetime, offline_since: datetime | None, now: datetime
) -> float | None:
    """How long the table has waited on a seat whose tablet is offline, in seconds: since
    the later of the two moments (None when the tablet is online).

    >>> from datetime import timedelta
    >>> t = datetime(2024, 5, 1, 9, 0)
    >>> away_for(t, t + timedelta(seconds=5), t + timedelta(seconds=30))
    25.0
    >>> away_for(t, None, t + timedelta(seconds=30)) is None
    True
    """
    if offline_since is None:
        return None
    return max(0.0, (now - max(waiting_since, offline_since)).total_seconds())


class Settling:
    """The teacher settles what an absent tablet owes; the app waives an absent prophet's
    call at its own tables."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.uow = context.uow
        self.rng = context.rng
        self.states = context.states

    def waive_call(self, teacher_id: int, group_id: int, seq: int) -> Change:
        """Go on without the call (or point) the page showed waiting at `seq`: the dealer
        judges the turn as if no call were made (the app at once, where it deals)."""

        def waive(game: Game, state: Any, judge: Judge | None) -> tuple[LoggedEvent, ...]:
            if _owed(game, state).caller is None:
                raise _nothing_waits()
            return game.waive_call(state, "teacher", judge=judge, rng=self.rng)

        return self._teacher_settles(teacher_id, group_id, seq, waive)

    def judge_for_dealer(
        self, teacher_id: int, group_id: int, seq: int, verdict: Verdict
    ) -> Change:
        """The teacher's verdict, in the absent student dealer's place, on what the page
        showed waiting at `seq`."""

        def judge(game: Game, state: Any, app: Judge | None) -> tuple[LoggedEvent, ...]:
            if app is not None:
                raise Conflict(_("The app deals at this table: it gives its verdicts itself."))
            if _owed(game, state).verdict is None:
                raise _nothing_waits()
            return game.verdict(state, verdict, rng=self.rng)

        return self._teacher_settles(teacher_id, group_id, seq, judge)

    def settle_overdue(self, group_ids: Sequence[int], offline_since: OfflineSince) -> list[Change]:
        """Every table among `group_ids` that has waited the class's `away_seconds` on a
        tablet that is offline goes on without it: an absent prophet's call is waived (the
        dealer judges as if none were made), and an absent student dealer's verdict is given
        by the app from the round's rule, where that rule is written in the rule language (a
        rule the app cannot read stays the teacher's to settle). A sweep; what was settled
        meanwhile is left alone."""
        due = []
        now = utcnow()
        with self.uow() as uow:
            for group_id in group_ids:
                waiting = self._waiting_on_a_seat(uow, group_id)
                if waiting is None:
                    continue
                group, round_row, state, seat_id = waiting
                seat = uow.seats.get(seat_id)
                if seat is not None and seat.robot is not None:
                    continue  # a robot is never away: the app makes its move
                since = uow.rounds.event_time(round_row.id, state.seq) or now
                waited = away_for(since, offline_since(seat_id), now)
                if waited is not None and waited >= group.away_seconds:
                    due.append((group_id, state.seq))
        changes = [self._app_settles(group_id, seq) for group_id, seq in due]
        return [change for change in changes if change is not None]

    def _waiting_on_a_seat(
        self, uow: UnitOfWork, group_id: int
    ) -> tuple[GroupRow, RoundRow, Any, int] | None:
        """The group, round, state and seat of a running round that waits on that seat's call,
        or on its verdict as the student dealer where the app could give it instead."""
        found = uow.groups.with_latest_round(group_id)
        group, round_row = found if found else (None, None)
        if group is None or round_row is None or group.class_ended or group.paused:
            return None
        state = self.states.of(uow, round_row)
        game = find_game(round_row.mode)
        awaited = None if state.is_over else game.awaited(state)
        if awaited is None:
            return None
        if awaited.caller is not None:
            return (
                (group, round_row, state, int(awaited.caller)) if awaited.caller.isdigit() else None
            )
        dealer = round_row.dealer_seat_id
        if dealer is None or _rule_verdict(game, round_row, state) is None:
            return None
        return group, round_row, state, dealer

    @use_case
    def _app_settles(self, group_id: int, seq: int) -> Change | None:
        with self.context.writing(group_id) as uow:
            waiting = self._waiting_on_a_seat(uow, group_id)
            if waiting is None or waiting[2].seq != seq:
                return None  # called, judged, settled or moved on meanwhile
            _group, round_row, state, _seat = waiting
            game = find_game(round_row.mode)
            if _owed(game, state).caller is not None:
                judge = None if round_row.dealer_seat_id else compiled(round_row.rule_text)
                events = game.waive_call(state, "app", judge=judge, rng=self.rng)
            else:
                verdict = _rule_verdict(game, round_row, state)
                assert verdict is not None  # checked by _waiting_on_a_seat, in this transaction
                events = game.verdict(state, verdict, rng=self.rng)
            return self._record(uow, group_id, round_row, state, events)

    @use_case
    def _teacher_settles(self, teacher_id: int, group_id: int, seq: int, settle: Settle) -> Change:
        with self.context.writing(group_id) as uow:
            own_group(uow, teacher_id, group_id)
            _group, round_row = running_round(uow, group_id)
            state = self.states.of(uow, round_row)
            if state.seq != seq:
                raise Conflict(_("The table has moved on: this was settled already."))
            judge = None if round_row.dealer_seat_id else compiled(round_row.rule_text)
            events = settle(find_game(round_row.mode), state, judge)
            return self._record(uow, group_id, round_row, state, events)

    def _record(
        self,
        uow: UnitOfWork,
        group_id: int,
        round_row: RoundRow,
        state: Any,
        events: tuple[LoggedEvent, ...],
    ) -> Change:
        after = self.states.append(uow, round_row, events, state)
        group = uow.groups.get(group_id)
        assert group is not None  # locked and read in this transaction
        snapshot = snapshot_of(uow, group, round_row, after)
        change = Change(group_id, group.class_id, events, snapshot=snapshot)
        self.context.changed(uow, change)
        uow.commit()
        return change


def _owed(game: Game, state: Any) -> Awaited:
    """What the table waits for; raise when it waits for nothing any more."""
    awaited = None if state.is_over else game.awaited(state)
    if awaited is None:
        raise _nothing_waits()
    return awaited


def _rule_verdict(game: Game, round_row: RoundRow, state: Any) -> Verdict | None:
    """What the round's rule says of what waits, where the app can read the rule."""
    if round_row.rule_kind != "language":
        return None
    try:
        return game.rule_verdict(state, compiled(round_row.rule_text))
    except (RuleError, ArithmeticError, RecursionError):
        return None


def _nothing_waits() -> Conflict:
    return Conflict(_("Nothing waits at this table: there is nothing to settle."))
