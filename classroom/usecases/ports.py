"""What the use cases need from storage: a unit of work holding one repository per concept.

The use cases speak only to these protocols and to the plain rows below; `classroom.store`
implements them on SQLAlchemy (SQLite or PostgreSQL), and the use-case tests run them on an
in-memory fake. A unit of work is one transaction: nothing it wrote is kept unless `commit`
is called, and callbacks given to `after_commit` run, in order, only once the commit has
succeeded. After `Clash` or `WriteRace` (raised by the write or by `commit`) the transaction is
spent: leave the block. Any other refused write is a programming error. Moments are naive UTC.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import datetime
from types import TracebackType
from typing import Any, Protocol, Self

from classroom.core.eventlog import LoggedEvent

__all__ = [
    "Clash",
    "ClassRow",
    "Classes",
    "GroupRow",
    "Groups",
    "Journal",
    "JournalRow",
    "NewGroup",
    "RoundRow",
    "Rounds",
    "SeatRow",
    "Seats",
    "StoreUnavailable",
    "StoredEvent",
    "TeacherRow",
    "Teachers",
    "UnitOfWork",
    "VerdictRow",
    "WriteRace",
]


class Clash(Exception):
    """A uniqueness rule of the store refused a write (a nickname or username already taken)."""


class WriteRace(Exception):
    """Another writer appended to the same round first, or removed what this one wrote to:
    running the use case again is safe (it reads afresh)."""


class StoreUnavailable(Exception):
    """The store could not be reached, or its connection dropped (a database server
    restarting): nothing of the transaction was kept, unless the drop came during its commit;
    running the use case again is safe where its action is recorded once (an action id)."""


# --- rows: plain values, read in one go ----------------------------------------------------
@dataclass(frozen=True, slots=True)
class TeacherRow:
    """A teacher account."""

    id: int
    username: str
    password_hash: str
    #: Raised at each logout and password change: a session made before it has ended.
    session_version: int = 0
    #: The language of the teacher's own pages; None: the browser's.
    language: str | None = None


@dataclass(frozen=True, slots=True)
class ClassRow:
    """A class period's own columns."""

    id: int
    teacher_id: int
    name: str
    join_code: str
    joining_locked: bool
    wrong_guess_penalty: bool
    stock_out: str
    projector_anonymous: bool
    created_at: datetime
    ended_at: datetime | None
    #: Whether a right guess reveals the rule to the group (off: the teacher reveals it).
    reveal_after_guess: bool
    #: What the class's tablets, projector, debrief and printouts speak.
    language: str = "en"
    #: While a card waits for its verdict, the others predict it (for `predict_seconds` when
    #: the app deals).
    everyone_predicts: bool = False
    predict_seconds: int = 5
    #: New Eleusis house options: sudden death after 30 / 20 cards ("abbott") or 40 / 40
    #: ("long"); the first player counted by the starter ("count") or the dealer's left.
    ne_sudden_death: str = "abbott"
    ne_first_player: str = "count"
    #: Seconds a call or a dealer's verdict waits on an offline tablet before it may be
    #: settled without it (by the teacher; by the app where it deals).
    away_seconds: int = 20
    #: A practice table: the class whose practice link made it (None: a teacher's class).
    practice_of: int | None = None
    #: A teacher's class: the token of its practice link (None: none handed out), and the
    #: kinds of the two robots a practice table gets ("ideal,confirmer").
    practice_token: str | None = None
    practice_robots: str | None = None


@dataclass(frozen=True, slots=True)
class GroupRow:
    """A group with what the views need of its class."""

    id: int
    class_id: int
    class_name: str
    class_ended: bool
    position: int
    name: str
    rule_text: str
    rule_id: str | None
    rule_revealed: bool
    paused: bool
    dealer_mode: str
    dealing_seat_id: int | None
    teacher_id: int
    reveal_after_guess: bool
    everyone_predicts: bool = False
    predict_seconds: int = 5
    #: "express" or "new_eleusis": the game the group's next round is dealt in.
    mode: str = "express"
    #: The class's New Eleusis house options (see `ClassRow`).
    ne_sudden_death: str = "abbott"
    ne_first_player: str = "count"
    #: Seconds a call or a dealer's verdict waits on an offline tablet before it may be
    #: settled without it (by the teacher; by the app where it deals).
    away_seconds: int = 20


@dataclass(frozen=True, slots=True)
class NewGroup:
    """A group as a new class is created with it."""

    name: str
    rule_text: str
    rule_id: str | None
    dealer_mode: str
    mode: str = "express"


@dataclass(frozen=True, slots=True)
class RoundRow:
    """A round's own columns (its state is the fold of its events)."""

    id: int
    group_id: int
    number: int
    rule_text: str
    rule_id: str | None
    rule_kind: str
    dealer_seat_id: int | None
    started_at: datetime
    #: The game the round was dealt in: "express" or "new_eleusis".
    mode: str = "express"


@dataclass(frozen=True, slots=True)
class SeatRow:
    """A seat with its group's class."""

    id: int
    group_id: int
    class_id: int
    nickname: str
    class_ended: bool
    teacher_id: int
    everyone_predicts: bool = False
    #: A program's kind ("random", "confirmer", "ideal"); None for a person.
    robot: str | None = None


@dataclass(frozen=True, slots=True)
class JournalRow:
    """A journal entry's columns."""

    seat_id: int
    seq: int
    text: str
    confidence: int | None
    test_card: str | None
    predicted_accepted: bool | None
    created_at: datetime


@dataclass(frozen=True, slots=True)
class VerdictRow:
    """A student dealer's verdict that contradicted the rule-language rule."""

    seq: int
    card: str | None
    given: bool
    expected: bool


@dataclass(frozen=True, slots=True)
class StoredEvent:
    """An event of a round's log, as its game reads it, with the moment it was written."""

    event: LoggedEvent
    written_at: datetime


# --- repositories ----------------------------------------------------------------------------
class Teachers(Protocol):
    """Teacher accounts."""

    def count(self) -> int: ...
    def get(self, teacher_id: int) -> TeacherRow | None: ...
    def by_username(self, username: str) -> TeacherRow | None: ...
    def add(self, username: str, password_hash: str) -> int: ...
    def set_password_hash(self, teacher_id: int, password_hash: str) -> None: ...
    def bump_session_version(self, teacher_id: int) -> None: ...
    def set_language(self, teacher_id: int, language: str | None) -> None: ...


class Classes(Protocol):
    """Class periods; a class is created with its groups and deleted with everything in it."""

    def get(self, class_id: int) -> ClassRow | None: ...
    def of_teacher(self, teacher_id: int) -> list[ClassRow]: ...
    def open_by_join_code(self, join_code: str) -> ClassRow | None: ...
    def join_code_in_use(self, join_code: str) -> bool: ...
    def newest_by_join_code(self, join_code: str) -> ClassRow | None: ...
    def by_projector_hash(self, token_hash: str) -> int | None: ...
    def add(
        self,
        *,
        teacher_id: int,
        name: str,
        join_code: str,
        wrong_guess_penalty: bool,
        stock_out: str,
        groups: Sequence[NewGroup],
        reveal_after_guess: bool = True,
        language: str = "en",
        everyone_predicts: bool = False,
        predict_seconds: int = 5,
        ne_sudden_death: str = "abbott",
        ne_first_player: str = "count",
        away_seconds: int = 20,
        practice_of: int | None = None,
    ) -> int:
        """A new class with its groups; with `practice_of`, a practice table of that class
        (joining locked, on no teacher's list)."""
        ...

    def update(self, class_id: int, **columns: Any) -> None: ...
    def created_before(self, moment: datetime) -> list[int]:
        """The teachers' classes created before `moment` (practice tables not included)."""
        ...

    def practice_before(self, moment: datetime) -> list[int]:
        """The practice tables created before `moment`."""
        ...

    def by_practice_token(self, token: str) -> ClassRow | None:
        """The class whose practice link has this token."""
        ...

    def practice_count(self, class_id: int) -> int:
        """How many practice tables the class's practice links have made (and are kept)."""
        ...

    def delete(self, class_ids: Sequence[int]) -> None:
        """Delete classes with everything in them, their practice tables included."""
        ...


class Groups(Protocol):
    """Groups (tables) of a class."""

    def lock(self, group_id: int) -> None:
        """Hold the group's write lock until the unit of work ends; call it before anything
        else in a unit of work that appends to the group's round."""

    def get(self, group_id: int) -> GroupRow | None: ...
    def with_latest_round(self, group_id: int) -> tuple[GroupRow, RoundRow | None] | None: ...
    def of_class(self, class_id: int) -> list[GroupRow]: ...
    def positions(self, group_ids: Sequence[int]) -> dict[int, tuple[int, int]]: ...
    def ids_of_classes(self, class_ids: Sequence[int]) -> dict[int, list[int]]: ...
    def predicting(self, group_ids: Sequence[int]) -> list[int]: ...
    def update(self, group_id: int, **columns: Any) -> None: ...


class Seats(Protocol):
    """Seats of groups and the action ids each has had applied."""

    def get(self, seat_id: int) -> SeatRow | None: ...
    def by_token_hash(self, token_hash: str) -> SeatRow | None: ...
    def names(self, group_id: int) -> list[tuple[int, str]]: ...
    def keys(self, group_id: int) -> list[tuple[int, str]]: ...
    def add(
        self,
        group_id: int,
        nickname: str,
        nickname_key: str,
        token_hash: str,
        *,
        robot: str | None = None,
    ) -> int: ...
    def seated(self, group_id: int) -> list[tuple[int, str, str | None]]:
        """(seat id, nickname, robot kind or None) of a group's seats, in joining order."""
        ...

    def robots(self, group_id: int) -> list[tuple[int, str]]:
        """(seat id, kind) of the group's robot seats, in joining order."""
        ...

    def robot_groups(self) -> list[int]:
        """The groups of open classes with a robot seated."""
        ...

    def rename(self, seat_id: int, nickname: str, nickname_key: str) -> None: ...
    def delete(self, seat_id: int) -> None: ...
    def retire(self, seat_id: int) -> None:
        """Remove the seat from its group but keep its nickname (and journal) for the record:
        no token, no nickname key, no action ids hold for it any more."""

    def record_names(self, group_id: int) -> list[tuple[int, str]]:
        """(seat id, nickname) of every seat the group has had, removed ones included."""

    def seated_and_applied(
        self, seat_id: int, group_id: int, action_id: str
    ) -> tuple[bool, int | None]: ...
    def remember_action(self, seat_id: int, action_id: str, seq: int) -> None: ...


class Rounds(Protocol):
    """Rounds and their append-only event logs."""

    def latest(self, group_id: int) -> RoundRow | None: ...
    def of_group(self, group_id: int) -> list[RoundRow]: ...
    def add(
        self,
        *,
        group_id: int,
        number: int,
        rule_text: str,
        rule_kind: str,
        rule_id: str | None,
        dealer_seat_id: int | None,
        mode: str = "express",
    ) -> int: ...
    def events(self, round_id: int, after: int = 0) -> tuple[LoggedEvent, ...]:
        """The round's events after seq `after`, in order, each read by the round's game."""

    def stored_events(self, round_id: int) -> list[StoredEvent]: ...
    def append(self, round_id: int, events: Sequence[LoggedEvent]) -> None: ...
    def last_guess_time(self, round_id: int) -> datetime | None: ...
    def event_time(self, round_id: int, seq: int) -> datetime | None: ...
    def add_verdict(self, round_id: int, verdict: VerdictRow) -> None: ...
    def verdicts(self, round_id: int) -> list[VerdictRow]: ...
    def verdict_count(self, round_id: int) -> int: ...


class Journal(Protocol):
    """The students' hypothesis journals, per round."""

    def add(self, round_id: int, row: JournalRow) -> int: ...
    def of_round(self, round_id: int, seat_id: int | None = None) -> list[JournalRow]: ...
    def has_any(self, round_id: int) -> bool: ...


class UnitOfWork(Protocol):
    """One transaction over every repository; use as a context manager."""

    teachers: Teachers
    classes: Classes
    groups: Groups
    seats: Seats
    rounds: Rounds
    journal: Journal

    def __enter__(self) -> Self: ...
    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None: ...
    def commit(self) -> None: ...
    def after_commit(self, callback: Callable[[], None]) -> None: ...
