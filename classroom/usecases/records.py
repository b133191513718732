"""Whole records of classes and groups, as played, for timelines, debriefs, reports and
exports (the records themselves are values: `classroom.projections.class_record`)."""

from __future__ import annotations

from classroom.core.cards import Card
from classroom.core.text import _
from classroom.projections.class_record import (
    ClassRecord,
    GroupRecord,
    Mismatch,
    RoundRecord,
    stamp,
)
from classroom.usecases.context import Context
from classroom.usecases.errors import NotFound
from classroom.usecases.ownership import own_class, own_group
from classroom.usecases.ports import GroupRow, RoundRow, UnitOfWork
from classroom.usecases.reading import journal_record

__all__ = ["Records"]


class Records:
    """Read a group's or a class's whole record."""

    def __init__(self, context: Context) -> None:
        self.uow = context.uow

    def group_record(self, teacher_id: int | None, group_id: int) -> GroupRecord:
        """One of the teacher's groups with all its rounds; NotFound otherwise. No teacher
        (None) is the command line, run by whoever runs the server: any group."""
        with self.uow() as uow:
            if teacher_id is None:
                group = uow.groups.get(group_id)
                if group is None:
                    raise NotFound(_("There is no such group."))
            else:
                group = own_group(uow, teacher_id, group_id)
            return _group_record(uow, group)

    def class_record(self, teacher_id: int, class_id: int) -> ClassRecord:
        """One of the teacher's classes with every round of every group; NotFound otherwise."""
        with self.uow() as uow:
            period = own_class(uow, teacher_id, class_id)
            return ClassRecord(
                class_id=period.id,
                name=period.name,
                created_at=stamp(period.created_at),
                ended_at=stamp(period.ended_at) if period.ended_at else None,
                wrong_guess_penalty=period.wrong_guess_penalty,
                stock_out=period.stock_out,
                groups=tuple(_group_record(uow, g) for g in uow.groups.of_class(class_id)),
            )


def _group_record(uow: UnitOfWork, group: GroupRow) -> GroupRecord:
    return GroupRecord(
        group_id=group.id,
        class_id=group.class_id,
        name=group.name,
        position=group.position,
        rule_text=group.rule_text,
        rule_id=group.rule_id,
        dealer_mode=group.dealer_mode,
        names={str(seat_id): name for seat_id, name in uow.seats.record_names(group.id)},
        rounds=tuple(_round_record(uow, row) for row in uow.rounds.of_group(group.id)),
    )


def _round_record(uow: UnitOfWork, row: RoundRow) -> RoundRecord:
    logged = uow.rounds.stored_events(row.id)
    return RoundRecord(
        round_id=row.id,
        number=row.number,
        rule_text=row.rule_text,
        rule_kind=row.rule_kind,
        rule_id=row.rule_id,
        dealer=str(row.dealer_seat_id) if row.dealer_seat_id else None,
        started_at=stamp(row.started_at),
        events=tuple(stored.event for stored in logged),
        times={stored.event.seq: stamp(stored.written_at) for stored in logged},
        journal=tuple(journal_record(entry) for entry in uow.journal.of_round(row.id)),
        mismatches=tuple(
            Mismatch(v.seq, Card.parse(v.card) if v.card else None, v.given, v.expected)
            for v in uow.rounds.verdicts(row.id)
        ),
        mode=row.mode,
    )
