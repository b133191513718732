"""Class periods, groups and seats: set-up, joining, and the teacher's control over people."""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Sequence
from dataclasses import dataclass
from gettext import gettext as _

from sqlalchemy import select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from classroom.core.game import Options
from classroom.core.rules import RuleError, compile_rule
from classroom.store import rows
from classroom.store.models import ClassPeriod, Group, Seat, utcnow
from classroom.usecases.errors import Conflict, Invalid, NotFound
from classroom.usecases.names import clean_nickname, new_join_code, normalize_join_code

__all__ = ["MAX_GROUPS", "ClassServices", "GroupSetup", "JoinInfo", "SeatRef", "hash_token"]

MAX_GROUPS = 12
MAX_SEATS = 8


@dataclass(frozen=True, slots=True)
class GroupSetup:
    """What the teacher chose for one group."""

    name: str
    rule_text: str
    rule_id: str | None = None
    #: "app" (the app deals and judges) or "student" (a seat deals, rotating each round).
    dealer_mode: str = "app"


@dataclass(frozen=True, slots=True)
class SeatRef:
    """Who a seat token belongs to."""

    seat_id: int
    group_id: int
    class_id: int
    nickname: str

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


def hash_token(token: str) -> str:
    """Only the hash of a seat token is stored."""
    return hashlib.sha256(token.encode()).hexdigest()


class ClassServices:
    """Create classes, join them, manage seats."""

    sessions: sessionmaker[Session]

    def create_class(
        self, teacher_id: int, name: str, groups: Sequence[GroupSetup], options: Options
    ) -> int:
        """A new class with its groups and a fresh join code; returns the class id."""
        name = " ".join(name.split())
        if not name or len(name) > 120:
            raise Invalid(_("A class name has 1 to 120 characters."))
        if not 1 <= len(groups) <= MAX_GROUPS:
            raise Invalid(_("A class has 1 to %d groups.") % MAX_GROUPS)
        for setup in groups:
            _check_group(setup)
        with self.sessions.begin() as db:
            period = ClassPeriod(
                teacher_id=teacher_id,
                name=name,
                join_code=_unused_join_code(db),
                wrong_guess_penalty=options.wrong_guess_penalty,
                stock_out=options.stock_out,
            )
            period.groups = [
                Group(
                    position=n,
                    name=" ".join(g.name.split()),
                    rule_text=g.rule_text.strip(),
                    rule_id=g.rule_id,
                    dealer_mode=g.dealer_mode,
                )
                for n, g in enumerate(groups)
            ]
            db.add(period)
            db.flush()
            return period.id

    def classes_of(self, teacher_id: int) -> list[ClassPeriod]:
        """The teacher's classes, newest first."""
        with self.sessions() as db:
            query = select(ClassPeriod).where(ClassPeriod.teacher_id == teacher_id)
            return list(db.scalars(query.order_by(ClassPeriod.id.desc())))

    def own_class(self, db: Session, teacher_id: int, class_id: int) -> ClassPeriod:
        """The class if it belongs to this teacher; NotFound otherwise."""
        period = db.get(ClassPeriod, class_id)
        if period is None or period.teacher_id != teacher_id:
            raise NotFound(_("There is no such class."))
        return period

    def own_group(self, db: Session, teacher_id: int, group_id: int) -> Group:
        """The group if its class belongs to this teacher; NotFound otherwise."""
        group = db.get(Group, group_id)
        if group is None or group.class_period.teacher_id != teacher_id:
            raise NotFound(_("There is no such group."))
        return group

    def open_class_by_code(self, code: str) -> JoinInfo:
        """What a student needs to pick a group in the open class with this join code."""
        with self.sessions() as db:
            period = db.scalar(
                select(ClassPeriod).where(
                    ClassPeriod.join_code == normalize_join_code(code),
                    ClassPeriod.ended_at.is_(None),
                )
            )
            if period is None:
                raise NotFound(_("No open class has the code %s.") % code.strip()[:12])
            return JoinInfo(
                class_id=period.id,
                name=period.name,
                join_code=period.join_code,
                joining_locked=period.joining_locked,
                groups=tuple(
                    (group.id, group.name, tuple(seat.nickname for seat in group.seats))
                    for group in period.groups
                ),
            )

    def join(self, code: str, group_id: int, nickname: str) -> tuple[SeatRef, str]:
        """Take a seat in a group; returns the seat and its secret token (shown only once)."""
        nickname = clean_nickname(nickname)
        token = secrets.token_urlsafe(16)
        with self.sessions.begin() as db:
            group = db.get(Group, group_id)
            period = group.class_period if group else None
            if period is None or period.join_code != normalize_join_code(code):
                raise NotFound(_("That group is not part of this class."))
            if period.ended_at is not None or period.joining_locked:
                raise Conflict(_("Joining is closed for this class. Ask your teacher."))
            if len(group.seats) >= MAX_SEATS:  # type: ignore[union-attr]
                raise Conflict(_("This group is full; please choose another."))
            key = nickname.casefold()
            if any(seat.nickname_key == key for seat in group.seats):  # type: ignore[union-attr]
                raise Conflict(_("Someone in this group is already called %s.") % nickname)
            seat = Seat(
                group_id=group_id, nickname=nickname, nickname_key=key, token_hash=hash_token(token)
            )
            db.add(seat)
            try:
                db.flush()
            except IntegrityError as error:
                raise Conflict(
                    _("Someone in this group is already called %s.") % nickname
                ) from error
            return SeatRef(seat.id, group_id, period.id, nickname), token

    def seat_by_token(self, token: str) -> SeatRef:
        """The seat a token opens; NotFound if removed or unknown."""
        if not token or len(token) > 64:
            raise NotFound(_("This tablet has no seat. Please join again."))
        with self.sessions() as db:
            # Every message from a tablet comes through here: one plain-row query.
            seat = rows.seat_by_token_hash(db.connection(), hash_token(token))
        if seat is None:
            raise NotFound(_("This tablet has no seat. Please join again."))
        if seat.class_ended:
            raise NotFound(_("This class has ended."))
        return SeatRef(seat.id, seat.group_id, seat.class_id, seat.nickname)

    def set_joining_locked(self, teacher_id: int, class_id: int, locked: bool) -> None:
        """Close or reopen joining."""
        with self.sessions.begin() as db:
            self.own_class(db, teacher_id, class_id).joining_locked = locked

    def rename_seat(self, teacher_id: int, seat_id: int, nickname: str) -> int:
        """Give a student another nickname; returns the group id."""
        nickname = clean_nickname(nickname)
        with self.sessions.begin() as db:
            seat = self.own_seat(db, teacher_id, seat_id)
            key = nickname.casefold()
            if any(s.nickname_key == key and s.id != seat_id for s in seat.group.seats):
                raise Conflict(_("Someone in this group is already called %s.") % nickname)
            seat.nickname, seat.nickname_key = nickname, key
            return seat.group_id

    def end_class(self, teacher_id: int, class_id: int) -> None:
        """Close the class: nobody can join or act any more; its data stays until deleted."""
        with self.sessions.begin() as db:
            self.own_class(db, teacher_id, class_id).ended_at = utcnow()

    def delete_class(self, teacher_id: int, class_id: int) -> None:
        """Delete the class and everything about it."""
        with self.sessions.begin() as db:
            db.delete(self.own_class(db, teacher_id, class_id))

    def own_seat(self, db: Session, teacher_id: int, seat_id: int) -> Seat:
        seat = db.get(Seat, seat_id)
        if seat is None or seat.group.class_period.teacher_id != teacher_id:
            raise NotFound(_("There is no such student."))
        return seat


def _check_group(setup: GroupSetup) -> None:
    if setup.dealer_mode not in ("app", "student"):
        raise Invalid(_("The dealer is the app or a student."))
    if not setup.name.strip() or len(setup.name.strip()) > 60:
        raise Invalid(_("A group name has 1 to 60 characters."))
    try:
        compile_rule(setup.rule_text)
    except RuleError as error:
        raise Invalid(
            _("The rule of %(group)s does not compile: %(error)s")
            % {"group": setup.name.strip(), "error": error}
        ) from error


def _unused_join_code(db: Session) -> str:
    while True:
        code = new_join_code()
        taken = db.scalar(
            select(ClassPeriod.id).where(
                ClassPeriod.join_code == code, ClassPeriod.ended_at.is_(None)
            )
        )
        if taken is None:
            return code
