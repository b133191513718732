"""Tables. A round is its append-only event log; everything else is set-up and people."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, ForeignKey, Index, String, Text, UniqueConstraint, false, true
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, relationship


def utcnow() -> datetime:
    """Timestamps are stored in UTC."""
    return datetime.now(UTC).replace(tzinfo=None)


class Base(DeclarativeBase):
    """Base of every table."""


class Teacher(Base):
    """A teacher account; the only people with passwords."""

    __tablename__ = "teachers"
    id: Mapped[int] = mapped_column(primary_key=True)
    username: Mapped[str] = mapped_column(String(80), unique=True)
    password_hash: Mapped[str] = mapped_column(String(255))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Raised at each logout and password change: sessions made before it are over. Last, as
    # the migration that added it put it.
    session_version: Mapped[int] = mapped_column(default=0, server_default="0")
    # The language of the teacher's own pages; None: the browser's. Last, as its migration
    # put it.
    language: Mapped[str | None] = mapped_column(String(8), default=None)


class ClassPeriod(Base):
    """One class period a teacher runs: several groups, one join code."""

    __tablename__ = "classes"
    id: Mapped[int] = mapped_column(primary_key=True)
    teacher_id: Mapped[int] = mapped_column(ForeignKey("teachers.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(120))
    join_code: Mapped[str] = mapped_column(String(6), index=True)
    joining_locked: Mapped[bool] = mapped_column(default=False)
    wrong_guess_penalty: Mapped[bool] = mapped_column(default=False)
    stock_out: Mapped[str] = mapped_column(String(16), default="add_deck")
    # The projector page opens with its own secret link, so it can run on another machine.
    projector_token_hash: Mapped[str | None] = mapped_column(String(64), default=None)
    projector_anonymous: Mapped[bool] = mapped_column(default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow, index=True)
    ended_at: Mapped[datetime | None] = mapped_column(default=None)
    # Off: the teacher reveals the rule by hand, even after a right guess ended the round.
    reveal_after_guess: Mapped[bool] = mapped_column(default=True, server_default=true())
    # What the class's tablets, projector, debrief and printouts speak. Last, as its migration
    # put it.
    language: Mapped[str] = mapped_column(String(8), default="en", server_default="en")
    # Everyone predicts: while a card waits for its verdict the others forecast it, for
    # `predict_seconds` when the app deals. Off for the classes made before it existed.
    everyone_predicts: Mapped[bool] = mapped_column(default=False, server_default=false())
    predict_seconds: Mapped[int] = mapped_column(default=5, server_default="5")
    # The house options of the class's New Eleusis tables: sudden death after 30 / 20 cards
    # ("abbott") or 40 / 40 ("long"); the first player counted by the starter ("count") or
    # the dealer's left ("left").
    ne_sudden_death: Mapped[str] = mapped_column(
        String(8), default="abbott", server_default="abbott"
    )
    ne_first_player: Mapped[str] = mapped_column(String(8), default="count", server_default="count")
    # How long a call or a dealer's verdict waits on an offline tablet before the teacher may
    # settle it (and the app does, where it deals).
    away_seconds: Mapped[int] = mapped_column(default=20, server_default="20")
    # One student's practice table, made from the practice link of the class `practice_of`:
    # not on the teacher's list of classes, deleted with that class, purged after a week. The
    # practice link of a teacher's class: its token (it opens nothing but new practice tables,
    # so the class page may show it again) and the two robots' kinds ("ideal,confirmer").
    # Last, as their migration put them.
    practice_of: Mapped[int | None] = mapped_column(default=None, index=True)
    practice_token: Mapped[str | None] = mapped_column(String(32), default=None, index=True)
    practice_robots: Mapped[str | None] = mapped_column(String(40), default=None)
    groups: Mapped[list[Group]] = relationship(
        back_populates="class_period",
        order_by="Group.position",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )


class Group(Base):
    """One table of students with its secret rule."""

    __tablename__ = "groups"
    id: Mapped[int] = mapped_column(primary_key=True)
    class_id: Mapped[int] = mapped_column(ForeignKey("classes.id", ondelete="CASCADE"), index=True)
    position: Mapped[int]
    name: Mapped[str] = mapped_column(String(60))
    rule_text: Mapped[str] = mapped_column(Text)
    rule_id: Mapped[str | None] = mapped_column(String(80), default=None)
    rule_revealed: Mapped[bool] = mapped_column(default=False)
    paused: Mapped[bool] = mapped_column(default=False)
    # "app": the app deals and judges; "student": a seat deals, rotating each round.
    dealer_mode: Mapped[str] = mapped_column(String(8), default="app")
    # Set between "start the round" and the student dealer's choice of rule.
    dealing_seat_id: Mapped[int | None] = mapped_column(default=None)
    # "express" or "new_eleusis": the game the group's next round is dealt in.
    mode: Mapped[str] = mapped_column(String(16), default="express", server_default="express")
    class_period: Mapped[ClassPeriod] = relationship(back_populates="groups")
    seats: Mapped[list[Seat]] = relationship(
        back_populates="group",
        order_by="Seat.id",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )
    rounds: Mapped[list[StoredRound]] = relationship(
        back_populates="group",
        order_by="StoredRound.number",
        cascade="all, delete-orphan",
        passive_deletes=True,
    )


class Seat(Base):
    """A student (or a shared tablet) in a group: a nickname and a secret token, nothing else;
    a removed student's seat only the nickname, for the record."""

    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("group_id", "nickname_key"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    nickname: Mapped[str] = mapped_column(String(40))
    # Case-folded nickname, so "Ana" and "ana" cannot sit at the same table.
    nickname_key: Mapped[str] = mapped_column(String(80))
    token_hash: Mapped[str] = mapped_column(String(64), unique=True)
    joined_at: Mapped[datetime] = mapped_column(default=utcnow)
    # Set when the teacher removed the student after the group had played: the seat keeps
    # its nickname for the record of the rounds it played (a timeline, the totals), with a
    # token and a nickname key nobody holds. Deleting the class deletes it. Last, as its
    # migration put it.
    removed_at: Mapped[datetime | None] = mapped_column(default=None)
    # A program in the seat: "random", "confirmer" or "ideal" (None: a person). A robot's
    # token is one nobody holds; the app plays for it. Last, as its migration put it.
    robot: Mapped[str | None] = mapped_column(String(16), default=None)
    group: Mapped[Group] = relationship(back_populates="seats")


class StoredRound(Base):
    """One round played by a group; its state is the fold of its events."""

    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("group_id", "number"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    group_id: Mapped[int] = mapped_column(ForeignKey("groups.id", ondelete="CASCADE"), index=True)
    number: Mapped[int]
    rule_text: Mapped[str] = mapped_column(Text)
    # "language": judged by the compiled rule; "free": a student dealer's plain-words rule.
    rule_kind: Mapped[str] = mapped_column(String(8), default="language")
    rule_id: Mapped[str | None] = mapped_column(String(80), default=None)
    dealer_seat_id: Mapped[int | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    # The game the round was dealt in: its log holds that game's events.
    mode: Mapped[str] = mapped_column(String(16), default="express", server_default="express")
    group: Mapped[Group] = relationship(back_populates="rounds")
    events: Mapped[list[RoundEvent]] = relationship(
        order_by="RoundEvent.seq", cascade="all, delete-orphan", passive_deletes=True
    )


class RoundEvent(Base):
    """One entry of a round's log. (round_id, seq) is unique: no two writers share a number."""

    __tablename__ = "round_events"
    __table_args__ = (UniqueConstraint("round_id", "seq"),)
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"))
    seq: Mapped[int]
    kind: Mapped[str] = mapped_column(String(32))
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class AppliedAction(Base):
    """A client-made action id already applied, so a retried action is never applied twice."""

    __tablename__ = "applied_actions"
    seat_id: Mapped[int] = mapped_column(
        ForeignKey("seats.id", ondelete="CASCADE"), primary_key=True
    )
    action_id: Mapped[str] = mapped_column(String(64), primary_key=True)
    seq: Mapped[int] = mapped_column(default=0)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class JournalEntry(Base):
    """A student's hypothesis, written down at a moment of the round, with a planned test."""

    __tablename__ = "journal_entries"
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    seat_id: Mapped[int] = mapped_column(ForeignKey("seats.id", ondelete="CASCADE"), index=True)
    # The round's last event when written: the layout at that moment is the log up to here.
    seq: Mapped[int]
    text: Mapped[str] = mapped_column(Text)
    confidence: Mapped[int | None] = mapped_column(default=None)
    test_card: Mapped[str | None] = mapped_column(String(4), default=None)
    predicted_accepted: Mapped[bool | None] = mapped_column(default=None)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class DealerVerdict(Base):
    """A student dealer's verdict that differs from what the rule-language rule says."""

    __tablename__ = "dealer_verdicts"
    id: Mapped[int] = mapped_column(primary_key=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int]
    card: Mapped[str | None] = mapped_column(String(4), default=None)
    given: Mapped[bool]
    expected: Mapped[bool]
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


Index("ix_round_events_round_seq", RoundEvent.round_id, RoundEvent.seq)
