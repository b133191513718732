"""Playing rounds: every action is checked by the engine, appended to the log, then announced.

Writes to one group are serialized by a lock per group inside the process, by a lock on the
group in the database across processes (`locking.lock_group`, taken before anything is read),
and guarded by the unique (round, seq) key, a violation of which retries the use case once.
The state of a round is cached, and caught up from the log
before every use, so a restarted server (or another process) continues exactly where it was.
"""

from __future__ import annotations

import random
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from functools import lru_cache
from gettext import gettext as _
from typing import Literal

from sqlalchemy.orm import Session, sessionmaker

from classroom.core import game
from classroom.core.cards import Card, secure_random
from classroom.core.game import Event, Options, RoundState
from classroom.core.rules import Rule, compile_rule
from classroom.core.scoring import next_dealer
from classroom.projections.snapshots import GroupSnapshot
from classroom.store import rows
from classroom.store.locking import lock_group, retry_once
from classroom.store.models import Group, Seat, StoredRound
from classroom.store.rows import GroupRow, RoundRow
from classroom.usecases.classes import SeatRef
from classroom.usecases.errors import Conflict, NotFound

__all__ = ["Action", "Change", "RoundServices"]

ActionKind = Literal["play", "no_play", "guess", "pass"]


@dataclass(frozen=True, slots=True)
class Action:
    """A student's action from a tablet, already validated for shape."""

    kind: ActionKind
    action_id: str
    card: Card | None = None
    text: str = ""


@dataclass(frozen=True, slots=True)
class Change:
    """What one use case did to a group: the new events (empty for a repeated action)."""

    group_id: int
    class_id: int
    events: tuple[Event, ...]
    duplicate: bool = False
    #: For a repeated action: the seq its first application reached (0 when not recorded).
    applied_seq: int = 0
    #: The group as the change left it, read in the change's own transaction (when the use
    #: case had it at hand), so announcing the change needs no second read.
    snapshot: GroupSnapshot | None = None

    @property
    def seq(self) -> int | None:
        """The seq the action reached: its newest event, or for a repeat its first time's."""
        if self.events:
            return self.events[-1].seq
        return self.applied_seq or None


@lru_cache(maxsize=512)
def compiled(rule_text: str) -> Rule:
    """Rules are compiled once per text."""
    return compile_rule(rule_text)


class RoundServices:
    """Start rounds, apply actions, judge guesses, give hints, end rounds."""

    sessions: sessionmaker[Session]
    rng: random.Random
    own_group: Callable[[Session, int, int], Group]
    own_seat: Callable[[Session, int, int], Seat]
    # Provided by ReadingServices in the Classroom facade.
    snapshot_of: Callable[..., GroupSnapshot]

    def __init__(self) -> None:
        self._locks: dict[int, threading.Lock] = {}
        self._locks_guard = threading.Lock()
        self._states: dict[int, RoundState] = {}

    @contextmanager
    def group_lock(self, group_id: int) -> Iterator[None]:
        """Serialize writes to one group within this process."""
        with self._locks_guard:
            lock = self._locks.setdefault(group_id, threading.Lock())
        with lock:
            yield

    # --- reading ---------------------------------------------------------------------------
    def current_round(self, db: Session, group_id: int) -> RoundRow | None:
        """The group's latest round."""
        return rows.latest_round(db.connection(), group_id)

    def round_state(self, db: Session, round_id: int) -> RoundState:
        """The state of a round: cached, caught up with any events appended since."""
        cached = self._states.get(round_id)
        after = cached.seq if cached else 0
        events = [
            game.event_from_dict(data) for data in rows.event_data(db.connection(), round_id, after)
        ]
        state = game.replay(events) if cached is None else _fold(cached, events)
        self._states[round_id] = state
        return state

    def round_events(self, db: Session, round_id: int, after: int = 0) -> tuple[Event, ...]:
        """The events of a round with seq greater than `after`."""
        return tuple(
            game.event_from_dict(data) for data in rows.event_data(db.connection(), round_id, after)
        )

    # --- writing ---------------------------------------------------------------------------
    @retry_once
    def start_round(self, teacher_id: int, group_id: int) -> Change:
        """Start a group's next round: the app deals now, or a student dealer picks a rule."""
        with self.group_lock(group_id), self.sessions.begin() as db:
            lock_group(db, group_id)
            group = self.own_group(db, teacher_id, group_id)
            previous = self.current_round(db, group_id)
            if previous is not None and not self.round_state(db, previous.id).is_over:
                raise Conflict(_("%s is already playing a round.") % group.name)
            seats = [str(seat.id) for seat in group.seats]
            group.rule_revealed = False
            number = previous.number if previous else 0
            if group.dealer_mode == "student":
                _check_table(group.name, len(seats) - 1, _("players besides the dealer"))
                group.dealing_seat_id = int(next_dealer(seats, number))
                return Change(group_id, group.class_id, ())
            _check_table(group.name, len(seats), _("players"))
            new_round = StoredRound(
                group_id=group_id,
                number=number + 1,
                rule_text=group.rule_text,
                rule_id=group.rule_id,
            )
            return self._deal(db, group, new_round, seats)

    def _deal(
        self, db: Session, group: Group, new_round: StoredRound, players: Sequence[str]
    ) -> Change:
        period = group.class_period
        options = Options.from_dict(
            {"wrong_guess_penalty": period.wrong_guess_penalty, "stock_out": period.stock_out}
        )
        db.add(new_round)
        db.flush()
        events = (game.deal(players, self.rng, options=options),)
        self._append(db, new_round.id, events)
        return Change(group.id, period.id, events)

    @retry_once
    def act(self, seat: SeatRef, action: Action) -> Change:
        """Apply a student's action once, however often the tablet sends it."""
        # The hot path of a lesson: plain-row statements only (see classroom.store.rows).
        with self.group_lock(seat.group_id), self.sessions.begin() as db:
            lock_group(db, seat.group_id)
            conn = db.connection()
            seated, earlier = rows.seat_action(conn, seat.seat_id, seat.group_id, action.action_id)
            if not seated:
                raise NotFound(_("This tablet has no seat. Please join again."))
            if earlier is not None:
                return Change(seat.group_id, seat.class_id, (), duplicate=True, applied_seq=earlier)
            group, round_row = self._running_round(db, seat.group_id)
            if group.paused:
                raise Conflict(_("The game is paused. Wait for your teacher."))
            if round_row.dealer_seat_id == seat.seat_id:
                raise Conflict(_("You are the dealer this round: you judge, the others play."))
            state = self.round_state(db, round_row.id)
            judge = None if round_row.dealer_seat_id else compiled(round_row.rule_text)
            events = self._command(state, seat.key, action, judge)
            after = self._append(db, round_row.id, events, state)
            rows.insert_applied_action(conn, seat.seat_id, action.action_id, events[-1].seq)
            snapshot = self.snapshot_of(db, group, round_row, after)
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
        return self._teacher_command(teacher_id, group_id, lambda state: game.hint(state, text))

    def end_round(self, teacher_id: int, group_id: int) -> Change:
        """End the group's round now."""
        return self._teacher_command(
            teacher_id, group_id, lambda state: game.end_round(state, "ended by the teacher")
        )

    @retry_once
    def _teacher_command(
        self, teacher_id: int, group_id: int, command: Callable[[RoundState], tuple[Event, ...]]
    ) -> Change:
        with self.group_lock(group_id), self.sessions.begin() as db:
            lock_group(db, group_id)
            self.own_group(db, teacher_id, group_id)
            group, round_row = self._running_round(db, group_id)
            state = self.round_state(db, round_row.id)
            events = command(state)
            after = self._append(db, round_row.id, events, state)
            snapshot = self.snapshot_of(db, group, round_row, after)
            return Change(group_id, group.class_id, events, snapshot=snapshot)

    @retry_once
    def set_revealed(self, teacher_id: int, group_id: int, revealed: bool) -> Change:
        """Show (or hide again) the group's secret rule to its students and the projector."""
        with self.group_lock(group_id), self.sessions.begin() as db:
            lock_group(db, group_id)
            group = self.own_group(db, teacher_id, group_id)
            group.rule_revealed = revealed
            return Change(group_id, group.class_id, ())

    def remove_seat(self, teacher_id: int, seat_id: int) -> Change:
        """Remove a student who holds no cards in a running round."""
        with self.sessions.begin() as db:
            seat = self.own_seat(db, teacher_id, seat_id)
            group_id, class_id = seat.group_id, seat.group.class_id
            running = self.current_round(db, group_id)
            if running is not None:
                state = self.round_state(db, running.id)
                if not state.is_over and seat.id and str(seat.id) in state.seats:
                    raise Conflict(_("This student is playing a round; end the round first."))
            db.delete(seat)
            return Change(group_id, class_id, ())

    def _running_round(self, db: Session, group_id: int) -> tuple[GroupRow, RoundRow]:
        """The group and its current round, which must exist and belong to a running class."""
        found = rows.group_and_round(db.connection(), group_id)
        group, round_row = found if found else (None, None)
        if group is None or round_row is None:
            raise NotFound(_("The round has not started yet."))
        if group.class_ended:
            raise Conflict(_("This class has ended."))
        return group, round_row

    def _append(
        self,
        db: Session,
        round_id: int,
        events: tuple[Event, ...],
        before: RoundState | None = None,
    ) -> RoundState:
        """Append events to the round's log; returns the state they lead to."""
        rows.insert_events(db.connection(), round_id, events)
        # The cache moves only once the log is committed (see `publish_committed_states`).
        self._states.pop(round_id, None)
        after = game.replay(events) if before is None else _fold(before, events)
        db.info.setdefault("round_states", {})[round_id] = after
        return after

    def publish_committed_states(self, db: Session) -> None:
        """After a commit: the states computed in the transaction become the cache."""
        self._states.update(db.info.pop("round_states", {}))

    def discard_uncommitted_states(self, db: Session) -> None:
        """After a rollback: forget what the transaction computed."""
        db.info.pop("round_states", None)

    def forget_cache(self) -> None:
        """Drop every cached state (tests use it to prove the log alone is enough)."""
        self._states.clear()


def _check_table(group_name: str, players: int, who: str) -> None:
    if not 3 <= players <= 8:
        raise Conflict(
            _("%(group)s has %(n)d %(who)s; a round needs 3 to 8.")
            % {"group": group_name, "n": players, "who": who}
        )


def _fold(state: RoundState, events: Sequence[Event]) -> RoundState:
    for event in events:
        state = game.apply(state, event)
    return state


def default_rng() -> random.Random:
    """Shuffles for real classes."""
    return secure_random()
