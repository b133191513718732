"""Seats: joining a class, the tablet's token, and the teacher's control over who sits where."""

from __future__ import annotations

import secrets
from dataclasses import dataclass

from classroom.core.eventlog import LoggedEvent
from classroom.core.games.registry import find_game
from classroom.core.text import _
from classroom.usecases.changes import Change
from classroom.usecases.classes import hash_token
from classroom.usecases.context import Context, RoundStates, use_case
from classroom.usecases.effects import GroupTouched, SeatRemoved
from classroom.usecases.errors import Conflict, NotFound
from classroom.usecases.names import clean_nickname, nickname_key, normalize_join_code
from classroom.usecases.ownership import own_seat
from classroom.usecases.ports import Clash, SeatRow, UnitOfWork
from classroom.usecases.verdict_window import compiled

__all__ = ["MAX_PLAYERS", "MAX_SEATS_WITH_DEALER", "JoinInfo", "SeatRef", "Seating", "max_seats"]

#: Players at a table; a student-dealer table seats one more, the dealer.
MAX_PLAYERS = 8
MAX_SEATS_WITH_DEALER = MAX_PLAYERS + 1


def max_seats(dealer_mode: str) -> int:
    """How many students a group seats: 8 players, plus the dealer when students deal."""
    return MAX_SEATS_WITH_DEALER if dealer_mode == "student" else MAX_PLAYERS


@dataclass(frozen=True, slots=True)
class SeatRef:
    """Who a seat token belongs to."""

    seat_id: int
    group_id: int
    class_id: int
    nickname: str
    #: Whether the class has everyone predict each card (as it was when the seat was read).
    predicting: bool = False

    @property
    def key(self) -> str:
        """The engine's seat id."""
        return str(self.seat_id)


@dataclass(frozen=True, slots=True)
class JoinInfo:
    """An open class as the join page shows it: groups with the nicknames already seated."""

    class_id: int
    name: str
    join_code: str
    joining_locked: bool
    groups: tuple[tuple[int, str, tuple[str, ...]], ...]


class Seating:
    """Join, find a seat by its token, rename and remove students."""

    def __init__(self, context: Context) -> None:
        self.context = context
        self.uow = context.uow
        self.rng = context.rng
        self.states: RoundStates = context.states

    def open_class_by_code(self, code: str) -> JoinInfo:
        """What a student needs to pick a group in the open class with this join code."""
        with self.uow() as uow:
            period = uow.classes.open_by_join_code(normalize_join_code(code))
            if period is None:
                if uow.classes.newest_by_join_code(normalize_join_code(code)) is not None:
                    raise NotFound(_("This class has ended."))
                raise NotFound(_("No open class has the code %s.") % code.strip()[:12])
            groups = tuple(
                (group.id, group.name, tuple(name for _id, name in uow.seats.names(group.id)))
                for group in uow.groups.of_class(period.id)
            )
            return JoinInfo(period.id, period.name, period.join_code, period.joining_locked, groups)

    @use_case
    def join(self, code: str, group_id: int, nickname: str) -> tuple[SeatRef, str]:
        """Take a seat in a group; returns the seat and its secret token (shown only once)."""
        nickname = clean_nickname(nickname)
        token = secrets.token_urlsafe(16)
        with self.uow() as uow:
            group = uow.groups.get(group_id)
            period = uow.classes.get(group.class_id) if group else None
            if group is None or period is None or period.join_code != normalize_join_code(code):
                raise NotFound(_("That group is not part of this class."))
            if period.ended_at is not None or period.joining_locked:
                raise Conflict(_("Joining is closed for this class. Ask your teacher."))
            keys = uow.seats.keys(group_id)
            if len(keys) >= max_seats(group.dealer_mode):
                raise Conflict(_("This group is full; please choose another."))
            key = nickname_key(nickname)
            if any(taken == key for _id, taken in keys):
                raise _name_taken(nickname)
            try:
                seat_id = uow.seats.add(group_id, nickname, key, hash_token(token))
            except Clash as error:
                raise _name_taken(nickname) from error
            self.context.changed(uow, GroupTouched(group_id))
            uow.commit()
            return SeatRef(seat_id, group_id, period.id, nickname), token

    def seat_by_token(self, token: str) -> SeatRef:
        """The seat a token opens; NotFound if removed or unknown."""
        if not token or len(token) > 64:
            raise NotFound(_("This tablet has no seat. Please join again."))
        with self.uow() as uow:
            # Every message from a tablet comes through here: one plain-row read.
            seat = uow.seats.by_token_hash(hash_token(token))
        if seat is None:
            raise NotFound(_("This tablet has no seat. Please join again."))
        if seat.class_ended:
            raise NotFound(_("This class has ended."))
        return SeatRef(seat.id, seat.group_id, seat.class_id, seat.nickname, seat.everyone_predicts)

    @use_case
    def rename_seat(self, teacher_id: int, seat_id: int, nickname: str) -> int:
        """Give a student another nickname; returns the group id."""
        nickname = clean_nickname(nickname)
        with self.uow() as uow:
            seat = own_seat(uow, teacher_id, seat_id)
            key = nickname_key(nickname)
            if any(k == key and s != seat_id for s, k in uow.seats.keys(seat.group_id)):
                raise _name_taken(nickname)
            try:
                uow.seats.rename(seat_id, nickname, key)
            except Clash as error:
                raise _name_taken(nickname) from error
            self.context.changed(uow, GroupTouched(seat.group_id))
            uow.commit()
            return seat.group_id

    @use_case
    def remove_seat(self, teacher_id: int, seat_id: int) -> Change:
        """Remove a student, even mid-round.

        A player's hand goes back under the stock and they leave the round (fewer than three
        players left: the round ends); removing the round's dealer ends the round, scored as
        it stands; a student choosing the next rule hands the choice back to the teacher.
        The seat's token stops working at once. Once the group has played, the seat keeps its
        nickname for the record of the rounds it was in; before, nothing of it is kept.
        """
        with self.uow() as uow:
            group_id = own_seat(uow, teacher_id, seat_id).group_id
        with self.context.writing(group_id) as uow:
            seat = own_seat(uow, teacher_id, seat_id)
            events = self._leave_round(uow, seat)
            group = uow.groups.get(seat.group_id)
            if group is not None and group.dealing_seat_id == seat_id:
                uow.groups.update(seat.group_id, dealing_seat_id=None)
            if uow.rounds.latest(seat.group_id) is None:
                uow.seats.delete(seat_id)
            else:
                uow.seats.retire(seat_id)
            change = Change(seat.group_id, seat.class_id, events)
            self.context.changed(uow, SeatRemoved(seat_id, change))
            uow.commit()
            return change

    def _leave_round(self, uow: UnitOfWork, seat: SeatRow) -> tuple[LoggedEvent, ...]:
        """The events by which the seat leaves the group's running round (none if it plays in
        none): a dealer who leaves ends the round; a player leaves as the game says (never an
        expulsion)."""
        running = uow.rounds.latest(seat.group_id)
        if running is None:
            return ()
        state = self.states.of(uow, running)
        if state.is_over:
            return ()
        game = find_game(running.mode)
        if running.dealer_seat_id == seat.id:
            events = game.end_round(state, "the dealer left")
        elif str(seat.id) in state.seats:
            judge = None if running.dealer_seat_id else compiled(running.rule_text)
            events = game.remove_player(state, str(seat.id), judge=judge, rng=self.rng)
        else:
            return ()
        self.states.append(uow, running, events, state)
        return events


def _name_taken(nickname: str) -> Conflict:
    return Conflict(_("Someone in this group is already called %s.") % nickname)
