"""The schema of the first release: every table as `create_all` made it before migrations.

Revision ID: 0001_initial
Revises:
Create Date: 2026-11-22
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001_initial"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    op.create_table(
        "teachers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("username", sa.String(length=80), nullable=False),
        sa.Column("password_hash", sa.String(length=255), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("username"),
    )
    op.create_table(
        "classes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("teacher_id", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=120), nullable=False),
        sa.Column("join_code", sa.String(length=6), nullable=False),
        sa.Column("joining_locked", sa.Boolean(), nullable=False),
        sa.Column("wrong_guess_penalty", sa.Boolean(), nullable=False),
        sa.Column("stock_out", sa.String(length=16), nullable=False),
        sa.Column("projector_token_hash", sa.String(length=64), nullable=True),
        sa.Column("projector_anonymous", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.Column("ended_at", sa.DateTime(), nullable=True),
        sa.ForeignKeyConstraint(["teacher_id"], ["teachers.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_classes_created_at", "classes", ["created_at"], unique=False)
    op.create_index("ix_classes_join_code", "classes", ["join_code"], unique=False)

    op.create_table(
        "groups",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("class_id", sa.Integer(), nullable=False),
        sa.Column("position", sa.Integer(), nullable=False),
        sa.Column("name", sa.String(length=60), nullable=False),
        sa.Column("rule_text", sa.Text(), nullable=False),
        sa.Column("rule_id", sa.String(length=80), nullable=True),
        sa.Column("rule_revealed", sa.Boolean(), nullable=False),
        sa.Column("paused", sa.Boolean(), nullable=False),
        sa.Column("dealer_mode", sa.String(length=8), nullable=False),
        sa.Column("dealing_seat_id", sa.Integer(), nullable=True),
        sa.ForeignKeyConstraint(["class_id"], ["classes.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_groups_class_id", "groups", ["class_id"], unique=False)

    op.create_table(
        "rounds",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("number", sa.Integer(), nullable=False),
        sa.Column("rule_text", sa.Text(), nullable=False),
        sa.Column("rule_kind", sa.String(length=8), nullable=False),
        sa.Column("rule_id", sa.String(length=80), nullable=True),
        sa.Column("dealer_seat_id", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["group_id"], ["groups.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("group_id", "number"),
    )
    op.create_index("ix_rounds_group_id", "rounds", ["group_id"], unique=False)

    op.create_table(
        "seats",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("group_id", sa.Integer(), nullable=False),
        sa.Column("nickname", sa.String(length=40), nullable=False),
        sa.Column("nickname_key", sa.String(length=40), nullable=False),
        sa.Column("token_hash", sa.String(length=64), nullable=False),
        sa.Column("joined_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["group_id"], ["groups.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("group_id", "nickname_key"),
        sa.UniqueConstraint("token_hash"),
    )
    op.create_index("ix_seats_group_id", "seats", ["group_id"], unique=False)

    op.create_table(
        "applied_actions",
        sa.Column("seat_id", sa.Integer(), nullable=False),
        sa.Column("action_id", sa.String(length=64), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["seat_id"], ["seats.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("seat_id", "action_id"),
    )
    op.create_table(
        "dealer_verdicts",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("card", sa.String(length=4), nullable=True),
        sa.Column("given", sa.Boolean(), nullable=False),
        sa.Column("expected", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["round_id"], ["rounds.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_dealer_verdicts_round_id", "dealer_verdicts", ["round_id"], unique=False)

    op.create_table(
        "journal_entries",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("seat_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("text", sa.Text(), nullable=False),
        sa.Column("confidence", sa.Integer(), nullable=True),
        sa.Column("test_card", sa.String(length=4), nullable=True),
        sa.Column("predicted_accepted", sa.Boolean(), nullable=True),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["round_id"], ["rounds.id"], ondelete="CASCADE"),
        sa.ForeignKeyConstraint(["seat_id"], ["seats.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
    )
    op.create_index("ix_journal_entries_round_id", "journal_entries", ["round_id"], unique=False)
    op.create_index("ix_journal_entries_seat_id", "journal_entries", ["seat_id"], unique=False)

    op.create_table(
        "round_events",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("round_id", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(length=32), nullable=False),
        sa.Column("data", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(), nullable=False),
        sa.ForeignKeyConstraint(["round_id"], ["rounds.id"], ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id"),
        sa.UniqueConstraint("round_id", "seq"),
    )
    op.create_index("ix_round_events_round_seq", "round_events", ["round_id", "seq"], unique=False)


def downgrade() -> None:
    """Undo this revision."""
    op.drop_index("ix_round_events_round_seq", table_name="round_events")

    op.drop_table("round_events")
    op.drop_index("ix_journal_entries_seat_id", table_name="journal_entries")
    op.drop_index("ix_journal_entries_round_id", table_name="journal_entries")

    op.drop_table("journal_entries")
    op.drop_index("ix_dealer_verdicts_round_id", table_name="dealer_verdicts")

    op.drop_table("dealer_verdicts")
    op.drop_table("applied_actions")
    op.drop_index("ix_seats_group_id", table_name="seats")

    op.drop_table("seats")
    op.drop_index("ix_rounds_group_id", table_name="rounds")

    op.drop_table("rounds")
    op.drop_index("ix_groups_class_id", table_name="groups")

    op.drop_table("groups")
    op.drop_index("ix_classes_join_code", table_name="classes")
    op.drop_index("ix_classes_created_at", table_name="classes")

    op.drop_table("classes")
    op.drop_table("teachers")
