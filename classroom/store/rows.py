"""Plain-row reads and writes for the paths that run on every play and every tablet connect.

Loading ORM entities costs about a millisecond per query here (identity map, relationship
loaders, unit of work); a Core statement returning plain rows costs a tenth of that. A play
runs a handful of statements and is then read back by every viewer, so these paths use the
statements below, on the unit of work's own connection (and so in its transaction). Set-up and
teacher pages, which run a few times a lesson, build their statements as they go.

The statements are built once, with bound parameters: building one and computing its cache key
costs more than running it on SQLite.
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from sqlalchemy import Connection, and_, bindparam, func, insert, select

from classroom.store.models import (
    AppliedAction,
    ClassPeriod,
    DealerVerdict,
    Group,
    JournalEntry,
    RoundEvent,
    Seat,
    StoredRound,
)
from classroom.usecases.ports import GroupRow, JournalRow, RoundRow, SeatRow

__all__ = [
    "GroupRow",
    "JournalRow",
    "RoundRow",
    "SeatRow",
    "event_data",
    "event_time",
    "group_and_round",
    "group_row",
    "group_rows_of_class",
    "has_journal",
    "insert_applied_action",
    "insert_events",
    "journal_rows",
    "last_guess_time",
    "latest_round",
    "mismatch_count",
    "rounds_of_group",
    "seat_action",
    "seat_by_token_hash",
    "seat_names",
    "seat_row",
    "seated",
]


_GROUP_COLUMNS = (
    Group.id,
    Group.class_id,
    ClassPeriod.name,
    ClassPeriod.ended_at.is_not(None),
    Group.position,
    Group.name,
    Group.rule_text,
    Group.rule_id,
    Group.rule_revealed,
    Group.paused,
    Group.dealer_mode,
    Group.dealing_seat_id,
    ClassPeriod.teacher_id,
    ClassPeriod.reveal_after_guess,
    ClassPeriod.everyone_predicts,
    ClassPeriod.predict_seconds,
    Group.mode,
    ClassPeriod.ne_sudden_death,
    ClassPeriod.ne_first_player,
    ClassPeriod.away_seconds,
)
_GROUP = select(*_GROUP_COLUMNS).join(ClassPeriod, Group.class_id == ClassPeriod.id)
_GROUP_BY_ID = _GROUP.where(Group.id == bindparam("group_id"))
_GROUPS_OF_CLASS = _GROUP.where(Group.class_id == bindparam("class_id")).order_by(Group.position)
_ROUND_COLUMNS = (
    StoredRound.id,
    StoredRound.group_id,
    StoredRound.number,
    StoredRound.rule_text,
    StoredRound.rule_id,
    StoredRound.rule_kind,
    StoredRound.dealer_seat_id,
    StoredRound.created_at,
    StoredRound.mode,
)
_ROUNDS_OF_GROUP = (
    select(*_ROUND_COLUMNS)
    .where(StoredRound.group_id == bindparam("group_id"))
    .order_by(StoredRound.number)
)
_LATEST_ROUND = (
    select(*_ROUND_COLUMNS)
    .where(StoredRound.group_id == bindparam("group_id"))
    .order_by(StoredRound.number.desc())
    .limit(1)
)
_GROUP_AND_ROUND = (
    select(*_GROUP_COLUMNS, *_ROUND_COLUMNS)
    .join(ClassPeriod, Group.class_id == ClassPeriod.id)
    .outerjoin(StoredRound, StoredRound.group_id == Group.id)
    .where(Group.id == bindparam("group_id"))
    .order_by(StoredRound.number.desc())
    .limit(1)
)
# A removed seat (`removed_at` set) sits nowhere: only the record reads its nickname.
_SEATED = Seat.removed_at.is_(None)
_SEAT_NAMES = (
    select(Seat.id, Seat.nickname)
    .where(Seat.group_id == bindparam("group_id"), _SEATED)
    .order_by(Seat.id)
)
_SEATED_WITH_KIND = (
    select(Seat.id, Seat.nickname, Seat.robot)
    .where(Seat.group_id == bindparam("group_id"), _SEATED)
    .order_by(Seat.id)
)
_SEAT = (
    select(
        Seat.id,
        Seat.group_id,
        Group.class_id,
        Seat.nickname,
        ClassPeriod.ended_at.is_not(None),
        ClassPeriod.teacher_id,
        ClassPeriod.everyone_predicts,
        Seat.robot,
    )
    .join(Group, Seat.group_id == Group.id)
    .join(ClassPeriod, Group.class_id == ClassPeriod.id)
    .where(_SEATED)
)
_SEAT_BY_TOKEN = _SEAT.where(Seat.token_hash == bindparam("token_hash"))
_SEAT_BY_ID = _SEAT.where(Seat.id == bindparam("seat_id"))
# Each event with its round's game, which reads it back: one statement on the hot path.
_EVENT_DATA = (
    select(RoundEvent.data, StoredRound.mode, RoundEvent.created_at)
    .join(StoredRound, RoundEvent.round_id == StoredRound.id)
    .where(RoundEvent.round_id == bindparam("round_id"), RoundEvent.seq > bindparam("after"))
    .order_by(RoundEvent.seq)
)
_MISMATCHES = (
    select(func.count())
    .select_from(DealerVerdict)
    .where(DealerVerdict.round_id == bindparam("round_id"))
)
_LAST_GUESS_TIME = (
    select(RoundEvent.created_at)
    .where(RoundEvent.round_id == bindparam("round_id"), RoundEvent.kind == "guessed")
    .order_by(RoundEvent.seq.desc())
    .limit(1)
)
_EVENT_TIME = select(RoundEvent.created_at).where(
    RoundEvent.round_id == bindparam("round_id"), RoundEvent.seq == bindparam("seq")
)
_JOURNAL = select(
    JournalEntry.seat_id,
    JournalEntry.seq,
    JournalEntry.text,
    JournalEntry.confidence,
    JournalEntry.test_card,
    JournalEntry.predicted_accepted,
    JournalEntry.created_at,
).where(JournalEntry.round_id == bindparam("round_id"))
_JOURNAL_OF_ROUND = _JOURNAL.order_by(JournalEntry.id)
_JOURNAL_OF_SEAT = _JOURNAL.where(JournalEntry.seat_id == bindparam("seat_id")).order_by(
    JournalEntry.id
)
_HAS_JOURNAL = (
    select(JournalEntry.id).where(JournalEntry.round_id == bindparam("round_id")).limit(1)
)
_SEAT_ACTION = (
    select(Seat.id, AppliedAction.seq)
    .outerjoin(
        AppliedAction,
        and_(
            AppliedAction.seat_id == Seat.id,
            AppliedAction.action_id == bindparam("action_id"),
        ),
    )
    .where(Seat.id == bindparam("seat_id"), Seat.group_id == bindparam("group_id"), _SEATED)
)
_INSERT_EVENT = insert(RoundEvent)
_INSERT_APPLIED = insert(AppliedAction)


def group_row(conn: Connection, group_id: int) -> GroupRow | None:
    """One group, or None if it does not exist."""
    row = conn.execute(_GROUP_BY_ID, {"group_id": group_id}).first()
    return GroupRow(*tuple(row)) if row else None


def group_and_round(conn: Connection, group_id: int) -> tuple[GroupRow, RoundRow | None] | None:
    """A group and its newest round (None before the first) in one query; None if no group."""
    row = conn.execute(_GROUP_AND_ROUND, {"group_id": group_id}).first()
    if row is None:
        return None
    values = tuple(row)
    split = len(_GROUP_COLUMNS)
    round_row = RoundRow(*values[split:]) if values[split] is not None else None
    return GroupRow(*values[:split]), round_row


def group_rows_of_class(conn: Connection, class_id: int) -> list[GroupRow]:
    """The groups of a class in their order on the page."""
    return [GroupRow(*tuple(row)) for row in conn.execute(_GROUPS_OF_CLASS, {"class_id": class_id})]


def latest_round(conn: Connection, group_id: int) -> RoundRow | None:
    """The group's newest round, or None before the first."""
    row = conn.execute(_LATEST_ROUND, {"group_id": group_id}).first()
    return RoundRow(*row) if row else None


def rounds_of_group(conn: Connection, group_id: int) -> list[RoundRow]:
    """Every round of the group, in the order played."""
    return [RoundRow(*row) for row in conn.execute(_ROUNDS_OF_GROUP, {"group_id": group_id})]


def seat_names(conn: Connection, group_id: int) -> list[tuple[int, str]]:
    """(seat id, nickname) of a group's seats, in joining order."""
    return [(seat_id, name) for seat_id, name in conn.execute(_SEAT_NAMES, {"group_id": group_id})]


def seated(conn: Connection, group_id: int) -> list[tuple[int, str, str | None]]:
    """(seat id, nickname, robot kind or None) of a group's seats, in joining order."""
    found = conn.execute(_SEATED_WITH_KIND, {"group_id": group_id})
    return [(seat_id, name, robot) for seat_id, name, robot in found]


def seat_action(
    conn: Connection, seat_id: int, group_id: int, action_id: str
) -> tuple[bool, int | None]:
    """Whether the seat still sits in the group (a teacher may have removed it), and the seq
    its action id reached when first applied (None: never applied)."""
    parameters = {"seat_id": seat_id, "group_id": group_id, "action_id": action_id}
    row = conn.execute(_SEAT_ACTION, parameters).first()
    if row is None:
        return False, None
    return True, row.seq


def seat_by_token_hash(conn: Connection, token_hash: str) -> SeatRow | None:
    """The seat holding a token, with its group's class."""
    row = conn.execute(_SEAT_BY_TOKEN, {"token_hash": token_hash}).first()
    return SeatRow(*row) if row else None


def seat_row(conn: Connection, seat_id: int) -> SeatRow | None:
    """One seat with its group's class, or None if it does not exist."""
    row = conn.execute(_SEAT_BY_ID, {"seat_id": seat_id}).first()
    return SeatRow(*row) if row else None


def event_data(
    conn: Connection, round_id: int, after: int = 0
) -> list[tuple[dict[str, Any], str, datetime]]:
    """The stored events of a round with seq greater than `after`, in order: each event's
    data, the round's game and the moment it was written."""
    found = conn.execute(_EVENT_DATA, {"round_id": round_id, "after": after})
    return [(data, mode, written_at) for data, mode, written_at in found]


def insert_events(conn: Connection, round_id: int, events: Sequence[Any]) -> None:
    """Append events (anything with seq, kind and to_dict) to a round's log."""
    rows = [
        {"round_id": round_id, "seq": e.seq, "kind": e.kind, "data": e.to_dict()} for e in events
    ]
    conn.execute(_INSERT_EVENT, rows)


def insert_applied_action(conn: Connection, seat_id: int, action_id: str, seq: int) -> None:
    """Remember an action id as applied, in the transaction that applies it."""
    conn.execute(_INSERT_APPLIED, {"seat_id": seat_id, "action_id": action_id, "seq": seq})


def mismatch_count(conn: Connection, round_id: int) -> int:
    """How many student-dealer verdicts contradicted the rule this round."""
    return conn.execute(_MISMATCHES, {"round_id": round_id}).scalar() or 0


def last_guess_time(conn: Connection, round_id: int) -> datetime | None:
    """When the round's newest guess was made."""
    return conn.execute(_LAST_GUESS_TIME, {"round_id": round_id}).scalar()


def event_time(conn: Connection, round_id: int, seq: int) -> datetime | None:
    """When the round's event `seq` was written."""
    return conn.execute(_EVENT_TIME, {"round_id": round_id, "seq": seq}).scalar()


def has_journal(conn: Connection, round_id: int) -> bool:
    """Whether anyone has written in the round's journal yet."""
    return conn.execute(_HAS_JOURNAL, {"round_id": round_id}).first() is not None


def journal_rows(conn: Connection, round_id: int, seat_id: int | None = None) -> list[JournalRow]:
    """A round's journal entries (of one seat, or all), in the order written."""
    if seat_id is None:
        result = conn.execute(_JOURNAL_OF_ROUND, {"round_id": round_id})
    else:
        result = conn.execute(_JOURNAL_OF_SEAT, {"round_id": round_id, "seat_id": seat_id})
    return [JournalRow(*row) for row in result]


def round_positions(conn: Connection, group_ids: Sequence[int]) -> dict[int, tuple[int, int]]:
    """For each of the groups that has played: its newest round's number and the seq of that
    round's newest event (0 before any), in one query."""
    if not group_ids:
        return {}
    newest = (
        select(StoredRound.group_id, func.max(StoredRound.number).label("number"))
        .where(StoredRound.group_id.in_(list(group_ids)))
        .group_by(StoredRound.group_id)
        .subquery()
    )
    query = (
        select(StoredRound.group_id, StoredRound.number, func.coalesce(func.max(RoundEvent.seq), 0))
        .join(
            newest,
            and_(
                StoredRound.group_id == newest.c.group_id,
                StoredRound.number == newest.c.number,
            ),
        )
        .outerjoin(RoundEvent, RoundEvent.round_id == StoredRound.id)
        .group_by(StoredRound.group_id, StoredRound.number)
    )
    return {group_id: (number, seq) for group_id, number, seq in conn.execute(query)}


def class_group_ids(conn: Connection, class_ids: Sequence[int]) -> dict[int, list[int]]:
    """The group ids of each class, in their order on the page."""
    if not class_ids:
        return {}
    query = (
        select(Group.class_id, Group.id)
        .where(Group.class_id.in_(list(class_ids)))
        .order_by(Group.class_id, Group.position)
    )
    found: dict[int, list[int]] = {class_id: [] for class_id in class_ids}
    for class_id, group_id in conn.execute(query):
        found[class_id].append(group_id)
    return found


def predicting_group_ids(conn: Connection, group_ids: Sequence[int]) -> list[int]:
    """Those of the groups whose class has everyone predict."""
    if not group_ids:
        return []
    query = (
        select(Group.id)
        .join(ClassPeriod, Group.class_id == ClassPeriod.id)
        .where(Group.id.in_(list(group_ids)), ClassPeriod.everyone_predicts.is_(True))
        .order_by(Group.id)
    )
    return [group_id for (group_id,) in conn.execute(query)]
