"""The record of a class as it was played: every round of every group, with its full log,
the moment of each event, the journal and the student dealers' contested verdicts.

The timeline, the debrief, the exports and the research JSON are projections of these records.
"""

from __future__ import annotations

from collections.abc import Callable

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from classroom.core import game
from classroom.core.cards import Card
from classroom.projections.class_record import (
    ClassRecord,
    GroupRecord,
    Mismatch,
    RoundRecord,
    stamp,
)
from classroom.store.models import ClassPeriod, DealerVerdict, Group, JournalEntry, StoredRound
from classroom.usecases.lesson import journal_record

__all__ = ["ClassRecord", "GroupRecord", "Mismatch", "RecordServices", "RoundRecord"]


class RecordServices:
    """Whole records of classes and groups, for timelines, debriefs and exports."""

    sessions: sessionmaker[Session]
    own_group: Callable[[Session, int, int], Group]
    own_class: Callable[[Session, int, int], ClassPeriod]

    def group_record(self, teacher_id: int, group_id: int) -> GroupRecord:
        """One of the teacher's groups with all its rounds; NotFound otherwise."""
        with self.sessions() as db:
            return _group_record(db, self.own_group(db, teacher_id, group_id))

    def class_record(self, teacher_id: int, class_id: int) -> ClassRecord:
        """One of the teacher's classes with every round of every group; NotFound otherwise."""
        with self.sessions() as db:
            period = self.own_class(db, teacher_id, class_id)
            return ClassRecord(
                class_id=period.id,
                name=period.name,
                created_at=stamp(period.created_at),
                ended_at=stamp(period.ended_at) if period.ended_at else None,
                wrong_guess_penalty=period.wrong_guess_penalty,
                stock_out=period.stock_out,
                groups=tuple(_group_record(db, group) for group in period.groups),
            )


def _group_record(db: Session, group: Group) -> GroupRecord:
    return GroupRecord(
        group_id=group.id,
        class_id=group.class_id,
        name=group.name,
        position=group.position,
        rule_text=group.rule_text,
        rule_id=group.rule_id,
        dealer_mode=group.dealer_mode,
        names={str(seat.id): seat.nickname for seat in group.seats},
        rounds=tuple(_round_record(db, row) for row in group.rounds),
    )


def _round_record(db: Session, row: StoredRound) -> RoundRecord:
    entries = db.scalars(
        select(JournalEntry).where(JournalEntry.round_id == row.id).order_by(JournalEntry.id)
    )
    verdicts = db.scalars(
        select(DealerVerdict).where(DealerVerdict.round_id == row.id).order_by(DealerVerdict.id)
    )
    return RoundRecord(
        round_id=row.id,
        number=row.number,
        rule_text=row.rule_text,
        rule_kind=row.rule_kind,
        rule_id=row.rule_id,
        dealer=str(row.dealer_seat_id) if row.dealer_seat_id else None,
        started_at=stamp(row.created_at),
        events=tuple(game.event_from_dict(event.data) for event in row.events),
        times={event.seq: stamp(event.created_at) for event in row.events},
        journal=tuple(journal_record(entry) for entry in entries),
        mismatches=tuple(
            Mismatch(v.seq, Card.parse(v.card) if v.card else None, v.given, v.expected)
            for v in verdicts
        ),
    )
