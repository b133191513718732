"""The class option to reveal the rule after a right guess, and nickname keys of 80 characters.

Revision ID: 0002_reveal_option_key_width
Revises: 0001_initial
Create Date: 2026-11-23

A database of an earlier version is adopted by creating its missing tables from today's models
before it is stamped at the initial revision, so a table created that way already has the new
column: it is added only where it is missing.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002_reveal_option_key_width"
down_revision: str | None = "0001_initial"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _has_column(table: str, column: str) -> bool:
    return column in {c["name"] for c in sa.inspect(op.get_bind()).get_columns(table)}


def upgrade() -> None:
    """Apply this revision."""
    if not _has_column("classes", "reveal_after_guess"):
        with op.batch_alter_table("classes") as batch:
            # The server default gives every existing class the behaviour it had: reveal.
            batch.add_column(
                sa.Column(
                    "reveal_after_guess", sa.Boolean(), nullable=False, server_default=sa.true()
                )
            )
    with op.batch_alter_table("seats") as batch:
        batch.alter_column(
            "nickname_key",
            existing_type=sa.String(length=40),
            type_=sa.String(length=80),
            existing_nullable=False,
        )


def downgrade() -> None:
    """Undo this revision."""
    with op.batch_alter_table("seats") as batch:
        batch.alter_column(
            "nickname_key",
            existing_type=sa.String(length=80),
            type_=sa.String(length=40),
            existing_nullable=False,
        )
    with op.batch_alter_table("classes") as batch:
        batch.drop_column("reveal_after_guess")
