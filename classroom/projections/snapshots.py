"""Read models: everything the views need about one group, loaded in one go."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from classroom.core.eventlog import LoggedEvent
from classroom.core.games.registry import find_game
from classroom.core.layout import Layout

__all__ = ["ClassSnapshot", "GroupSnapshot", "SeatInfo"]


@dataclass(frozen=True, slots=True)
class SeatInfo:
    """A seat as the round knows it: the engine's seat id is `str(id)`."""

    id: int
    nickname: str
    #: A program's kind ("random", "confirmer", "ideal"); None for a person. A robot is
    #: never offline: the app plays for it.
    robot: str | None = None

    @property
    def key(self) -> str:
        """The seat id used in the round's events."""
        return str(self.id)


@dataclass(frozen=True, slots=True)
class GroupSnapshot:
    """One group now: its seats, its secret rule and its current round (if any)."""

    class_id: int
    class_name: str
    group_id: int
    group_name: str
    position: int
    rule_text: str
    rule_id: str | None
    rule_revealed: bool
    seats: tuple[SeatInfo, ...]
    round_id: int | None
    round_number: int
    #: The current round's state, in its game's terms (None before the first deal).
    state: Any
    #: Events of the current round a reader asked for (see `Reading.group_snapshot`).
    events: tuple[LoggedEvent, ...]
    paused: bool = False
    dealer_mode: str = "app"
    #: The seat choosing the rule for the next round (student dealers), if any.
    dealing_seat: str | None = None
    #: The current round's dealing seat; None when the app deals.
    dealer_seat: str | None = None
    rule_kind: str = "language"
    #: Student-dealer verdicts that contradicted the rule-language rule, this round.
    dealer_mismatches: int = 0
    #: When the guess now waiting for a verdict was made (None: no guess is waiting).
    guess_pending_since: datetime | None = None
    #: Whether anyone has written in this round's journal (after a play, journals with
    #: predictions are sent again; without any, nothing needs reading).
    has_journal: bool = False
    #: The class has ended: every view is frozen (and reads as paused) for good.
    class_ended: bool = False
    #: Whether a right guess reveals the rule to the group (off: only the teacher reveals it).
    reveal_after_guess: bool = True
    #: Everyone predicts: the others forecast each card while it waits for its verdict.
    everyone_predicts: bool = False
    #: The app's window for predictions, and what is left of it for the waiting card (None:
    #: no window runs; a student dealer judges when ready).
    predict_seconds: int = 5
    predict_left: float | None = None
    #: The game of the current round (of the next one before the first): the name its views
    #: and its rules are found by.
    mode: str = "express"
    #: When the table began to wait for a call or a dealer's verdict (its game's `awaited`),
    #: read as the time of the round's newest event (None: it waits for neither).
    awaited_since: datetime | None = None
    #: Seconds the table waits on an offline tablet before it may go on without it (the
    #: class's option).
    away_seconds: int = 20
    #: The game the group's next round will be dealt in (the teacher may change it between
    #: rounds, so it can differ from `mode`).
    next_mode: str = "express"

    @property
    def seq(self) -> int:
        """The seq of the current round's newest event (0 before any)."""
        return self.state.seq if self.state else 0

    @property
    def layout(self) -> Layout | None:
        """The cards on the table in the current round, whichever the game."""
        return self.state.layout if self.state else None

    def nickname(self, seat_key: str) -> str:
        """The nickname behind an engine seat id ('?' for a seat since removed)."""
        for seat in self.seats:
            if seat.key == seat_key:
                return seat.nickname
        return "?"

    @property
    def names(self) -> dict[str, str]:
        """Engine seat id to nickname."""
        return {seat.key: seat.nickname for seat in self.seats}


@dataclass(frozen=True, slots=True)
class ClassSnapshot:
    """A class and all its groups."""

    class_id: int
    name: str
    join_code: str
    joining_locked: bool
    ended: bool
    wrong_guess_penalty: bool
    stock_out: str
    groups: tuple[GroupSnapshot, ...]
    projector_anonymous: bool = False
    reveal_after_guess: bool = True
    #: What the class's tablets, projector, debrief and printouts speak.
    language: str = "en"
    everyone_predicts: bool = False
    predict_seconds: int = 5
    #: The house options of the class's New Eleusis tables ("abbott" or "long"; "count" or
    #: "left").
    ne_sudden_death: str = "abbott"
    ne_first_player: str = "count"
    #: Seconds a call or a dealer's verdict waits on an offline tablet before it may be
    #: settled without it.
    away_seconds: int = 20

    @property
    def house_options_read(self) -> frozenset[str]:
        """The house options the games of the class's tables read, now or in their next
        round (the class page names those)."""
        games = {find_game(mode) for g in self.groups for mode in (g.mode, g.next_mode)}
        return frozenset(option for game in games for option in game.house_options)
