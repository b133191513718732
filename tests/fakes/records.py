"""The fake store's rows: frozen values, replaced (never changed in place) by every write.

Rows the ports return as they are (teachers, rounds) are kept as the ports' own dataclasses;
the others keep their own columns, and the ports' rows are derived from them with their class.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from classroom.core.eventlog import LoggedEvent as AnyEvent
from classroom.usecases.ports import ClassRow, GroupRow, JournalRow, SeatRow, VerdictRow

__all__ = [
    "ClassRecord",
    "GroupRecord",
    "JournalRecord",
    "LoggedEvent",
    "SeatRecord",
    "VerdictRecord",
]


@dataclass(frozen=True, slots=True)
class ClassRecord:
    """A class period's columns, with the projector secret the port never returns."""

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
    projector_token_hash: str | None = None
    reveal_after_guess: bool = True
    language: str = "en"
    everyone_predicts: bool = False
    predict_seconds: int = 5
    ne_sudden_death: str = "abbott"
    ne_first_player: str = "count"
    away_seconds: int = 20
    practice_of: int | None = None
    practice_token: str | None = None
    practice_robots: str | None = None

    def row(self) -> ClassRow:
        """The class as the port returns it."""
        return ClassRow(
            id=self.id,
            teacher_id=self.teacher_id,
            name=self.name,
            join_code=self.join_code,
            joining_locked=self.joining_locked,
            wrong_guess_penalty=self.wrong_guess_penalty,
            stock_out=self.stock_out,
            projector_anonymous=self.projector_anonymous,
            created_at=self.created_at,
            ended_at=self.ended_at,
            reveal_after_guess=self.reveal_after_guess,
            language=self.language,
            everyone_predicts=self.everyone_predicts,
            predict_seconds=self.predict_seconds,
            ne_sudden_death=self.ne_sudden_death,
            ne_first_player=self.ne_first_player,
            away_seconds=self.away_seconds,
            practice_of=self.practice_of,
            practice_token=self.practice_token,
            practice_robots=self.practice_robots,
        )


@dataclass(frozen=True, slots=True)
class GroupRecord:
    """A group's own columns."""

    id: int
    class_id: int
    position: int
    name: str
    rule_text: str
    rule_id: str | None
    dealer_mode: str
    rule_revealed: bool = False
    paused: bool = False
    dealing_seat_id: int | None = None
    mode: str = "express"

    def row(self, period: ClassRecord) -> GroupRow:
        """The group with what the views need of its class."""
        return GroupRow(
            id=self.id,
            class_id=self.class_id,
            class_name=period.name,
            class_ended=period.ended_at is not None,
            position=self.position,
            name=self.name,
            rule_text=self.rule_text,
            rule_id=self.rule_id,
            rule_revealed=self.rule_revealed,
            paused=self.paused,
            dealer_mode=self.dealer_mode,
            dealing_seat_id=self.dealing_seat_id,
            teacher_id=period.teacher_id,
            reveal_after_guess=period.reveal_after_guess,
            everyone_predicts=period.everyone_predicts,
            predict_seconds=period.predict_seconds,
            mode=self.mode,
            ne_sudden_death=period.ne_sudden_death,
            ne_first_player=period.ne_first_player,
            away_seconds=period.away_seconds,
        )


@dataclass(frozen=True, slots=True)
class SeatRecord:
    """A seat's own columns."""

    id: int
    group_id: int
    nickname: str
    nickname_key: str
    token_hash: str
    #: Removed by the teacher: kept only for the record's nickname.
    removed: bool = False
    #: A program's kind; None for a person.
    robot: str | None = None

    def row(self, period: ClassRecord) -> SeatRow:
        """The seat with its group's class."""
        return SeatRow(
            id=self.id,
            group_id=self.group_id,
            class_id=period.id,
            nickname=self.nickname,
            class_ended=period.ended_at is not None,
            teacher_id=period.teacher_id,
            everyone_predicts=period.everyone_predicts,
            robot=self.robot,
        )


@dataclass(frozen=True, slots=True)
class LoggedEvent:
    """One entry of a round's log, kept as the JSON text the real store's column would hold."""

    seq: int
    kind: str
    data: str
    written_at: datetime

    @classmethod
    def of(cls, event: AnyEvent, written_at: datetime) -> LoggedEvent:
        """Encode an event (fails, as the real store would, on anything JSON cannot hold)."""
        return cls(event.seq, event.kind, json.dumps(event.to_dict()), written_at)

    def data_dict(self) -> dict[str, Any]:
        """The stored JSON read back, for the round's game to decode, as the real store does
        on every read."""
        found: dict[str, Any] = json.loads(self.data)
        return found


@dataclass(frozen=True, slots=True)
class JournalRecord:
    """A journal entry with the round it belongs to."""

    id: int
    round_id: int
    row: JournalRow


@dataclass(frozen=True, slots=True)
class VerdictRecord:
    """A contested dealer verdict with the round it belongs to."""

    id: int
    round_id: int
    row: VerdictRow
