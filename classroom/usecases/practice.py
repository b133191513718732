"""Practice alone: a teacher's practice link gives each student who opens it a table of their
own, with two robot players and the app as dealer.

A practice table is a class of its own (`ClassRow.practice_of` names the teacher's class whose
link made it): one Express group, the student and two robots, a library rule easy enough to
find alone. It is on no list of the teacher's (groups, totals, projector, exports all read the
teacher's own class), it is deleted with that class, and it is purged a week after it was made.
The app judges its guesses with the exact checker (a guess must be in the rule language), and
the student deals the next round themselves.
"""

from __future__ import annotations

import random
import secrets
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from datetime import timedelta

from classroom.core.games.express.scoring import app_seating
from classroom.core.games.registry import find_game
from classroom.core.robots import KINDS
from classroom.core.rules.library import LibraryRule, load_library
from classroom.core.text import _
from classroom.usecases.changes import Change
from classroom.usecases.classes import checked_language, hash_token
from classroom.usecases.context import Context, use_case, utcnow
from classroom.usecases.effects import ClassChanged
from classroom.usecases.errors import Conflict, Forbidden, Invalid, NotFound
from classroom.usecases.names import clean_nickname, nickname_key
from classroom.usecases.ownership import own_class
from classroom.usecases.ports import ClassRow, NewGroup, UnitOfWork
from classroom.usecases.rounds import Rounds
from classroom.usecases.seats import SeatRef

__all__ = [
    "PRACTICE_DAYS",
    "PRACTICE_ROBOTS",
    "Practice",
    "PracticeInvitation",
    "PracticeLink",
    "practice_rules",
]

#: Days a practice table is kept: nothing a student played alone outlives a week.
PRACTICE_DAYS = 7
#: The robots a practice link seats unless the teacher chose others.
PRACTICE_ROBOTS = ("ideal", "confirmer")
#: The hardest library rules a student is asked to find alone (the library rates 1 to 5).
MAX_PRACTICE_DIFFICULTY = 3

#: A robot's nickname in the table's language, numbered from the second of a kind.
Naming = Callable[[str, int], str]


@dataclass(frozen=True, slots=True)
class PracticeLink:
    """A teacher's class's practice link as its class page shows it."""

    token: str | None
    robots: tuple[str, str]
    #: Practice tables made from the class's links and not purged yet.
    tables: int


@dataclass(frozen=True, slots=True)
class PracticeInvitation:
    """What a student who opens a practice link is told before the table is made."""

    class_name: str
    language: str
    robots: tuple[str, str]


def practice_rules(playing: Collection[str] = ()) -> list[LibraryRule]:
    """The library rules a practice table may deal: well designed, of difficulty 1 to 3, and
    none that `playing` names (by id or by rule text: what the class's groups play now)."""
    return [
        rule
        for rule in load_library()
        if not rule.bad_design
        and rule.difficulty <= MAX_PRACTICE_DIFFICULTY
        and rule.id not in playing
        and rule.rule_text not in playing
    ]


def _robots(stored: str | None) -> tuple[str, str]:
    kinds = tuple((stored or "").split(","))
    if len(kinds) == 2 and all(kind in KINDS for kind in kinds):
        return kinds[0], kinds[1]
    return PRACTICE_ROBOTS


def _playing(uow: UnitOfWork, period: ClassRow) -> set[str]:
    """What the class's groups are playing now: their rules' ids and texts."""
    names: set[str] = set()
    for group in uow.groups.of_class(period.id):
        latest = uow.rounds.latest(group.id)
        for text, rule_id in ((group.rule_text, group.rule_id), _of_round(latest)):
            names.update(name for name in (text, rule_id) if name)
    return names


def _of_round(round_row: object) -> tuple[str | None, str | None]:
    if round_row is None:
        return None, None
    return getattr(round_row, "rule_text", None), getattr(round_row, "rule_id", None)


class Practice:
    """Hand out practice links, open practice tables, deal their next rounds, purge them."""

    def __init__(self, context: Context, rounds: Rounds) -> None:
        self.context = context
        self.uow = context.uow
        self.rng: random.Random = context.rng
        self.rounds = rounds

    # --- the teacher's side -----------------------------------------------------------------
    @use_case
    def hand_out_link(self, teacher_id: int, class_id: int, robots: Sequence[str]) -> str:
        """A new practice link for the class, seating robots of the two kinds `robots`; the
        link handed out before stops working."""
        if len(robots) != 2 or any(kind not in KINDS for kind in robots):
            raise Invalid(_("Choose a kind of robot player."))
        token = secrets.token_urlsafe(18)
        self._set_link(teacher_id, class_id, practice_token=token, practice_robots=",".join(robots))
        return token

    def withdraw_link(self, teacher_id: int, class_id: int) -> None:
        """The class's practice link stops working (tables already made play on)."""
        self._set_link(teacher_id, class_id, practice_token=None)

    def link_of(self, teacher_id: int, class_id: int) -> PracticeLink:
        """The class's practice link, its robots and how many practice tables it made."""
        with self.uow() as uow:
            period = _teachers_class(uow, teacher_id, class_id)
            count = uow.classes.practice_count(class_id)
        return PracticeLink(period.practice_token, _robots(period.practice_robots), count)

    @use_case
    def _set_link(self, teacher_id: int, class_id: int, **columns: object) -> None:
        with self.uow() as uow:
            _teachers_class(uow, teacher_id, class_id)
            uow.classes.update(class_id, **columns)
            self.context.changed(uow, ClassChanged(class_id))
            uow.commit()

    # --- the student's side -----------------------------------------------------------------
    def invitation(self, token: str) -> PracticeInvitation:
        """What the practice link `token` offers; NotFound once withdrawn or its class gone."""
        with self.uow() as uow:
            period = _by_token(uow, token)
        return PracticeInvitation(period.name, period.language, _robots(period.practice_robots))

    @use_case
    def open_table(
        self, token: str, nickname: str, *, table_name: str, language: str, name: Naming
    ) -> tuple[SeatRef, str]:
        """A practice table for one student, its round dealt at once; returns the student's
        seat and its secret token. The table speaks `language`; robots are named by `name`."""
        nickname = clean_nickname(nickname)
        checked_language(language)
        seat_token = secrets.token_urlsafe(16)
        with self.uow() as uow:
            period = _by_token(uow, token)
            self._purge(uow, PRACTICE_DAYS)  # a week is kept even by a server never restarted
            rule = self.rng.choice(practice_rules(_playing(uow, period)) or practice_rules())
            class_id = uow.classes.add(
                teacher_id=period.teacher_id,
                name=period.name,
                join_code="",
                wrong_guess_penalty=False,
                stock_out=period.stock_out,
                language=language,
                practice_of=period.id,
                groups=[NewGroup(table_name[:60], rule.rule_text, rule.id, "app")],
            )
            group = uow.groups.of_class(class_id)[0]
            seat_id = uow.seats.add(
                group.id, nickname, nickname_key(nickname), hash_token(seat_token)
            )
            taken = {nickname_key(nickname)}
            for kind in _robots(period.practice_robots):
                number = 1
                while nickname_key(name(kind, number)) in taken:
                    number += 1
                robot_name = name(kind, number)[:40]
                taken.add(nickname_key(robot_name))
                uow.seats.add(
                    group.id,
                    robot_name,
                    nickname_key(robot_name),
                    secrets.token_hex(32),
                    robot=kind,
                )
            self._deal(uow, group.id, rule)
            uow.commit()
            return SeatRef(seat_id, group.id, class_id, nickname), seat_token

    @use_case
    def next_round(self, seat: SeatRef) -> Change:
        """Deal the practice table's next round, with another rule, once the last is over."""
        with self.context.writing(seat.group_id) as uow:
            period = uow.classes.get(seat.class_id)
            if period is None or period.practice_of is None:
                raise Forbidden(_("Only a practice table deals its own rounds."))
            parent = uow.classes.get(period.practice_of)
            latest = uow.rounds.latest(seat.group_id)
            if latest is not None and not self.context.states.is_over(uow, latest):
                raise Conflict(_("This round is still being played."))
            playing = _playing(uow, parent) if parent else set()
            playing.update(name for name in _of_round(latest) if name)
            rule = self.rng.choice(practice_rules(playing) or practice_rules())
            change = self._deal(uow, seat.group_id, rule)
            uow.commit()
            return change

    def is_practice(self, seat: SeatRef) -> bool:
        """Whether the seat sits at a practice table."""
        with self.uow() as uow:
            period = uow.classes.get(seat.class_id)
        return period is not None and period.practice_of is not None

    def _deal(self, uow: UnitOfWork, group_id: int, rule: LibraryRule) -> Change:
        group = uow.groups.get(group_id)
        assert group is not None  # made or locked in this unit of work
        previous = uow.rounds.latest(group_id)
        number = previous.number if previous else 0
        seats = [str(seat_id) for seat_id, _name in uow.seats.names(group_id)]
        uow.groups.update(group_id, rule_revealed=False)
        round_id = uow.rounds.add(
            group_id=group_id,
            number=number + 1,
            rule_text=rule.rule_text,
            rule_kind="language",
            rule_id=rule.id,
            dealer_seat_id=None,
            mode=find_game("express").name,
        )
        return self.rounds.deal(uow, group, round_id, app_seating(seats, number))

    # --- keeping nothing longer than a week -------------------------------------------------
    def purge(self, older_than_days: int = PRACTICE_DAYS) -> int:
        """Delete the practice tables made more than `older_than_days` ago; how many went."""
        with self.uow() as uow:
            count = self._purge(uow, older_than_days)
            uow.commit()
            return count

    @staticmethod
    def _purge(uow: UnitOfWork, days: int) -> int:
        ids = uow.classes.practice_before(utcnow() - timedelta(days=days))
        if ids:
            uow.classes.delete(ids)
        return len(ids)


def _by_token(uow: UnitOfWork, token: str) -> ClassRow:
    period = uow.classes.by_practice_token(token) if token and len(token) <= 64 else None
    if period is None:
        raise NotFound(
            _("This practice link does not work any more. Ask your teacher for a new one.")
        )
    return period


def _teachers_class(uow: UnitOfWork, teacher_id: int, class_id: int) -> ClassRow:
    period = own_class(uow, teacher_id, class_id)
    if period.practice_of is not None:
        raise NotFound(_("There is no such class."))
    return period
