"""A session version per teacher: raised at logout and at a password change, it ends every
session made before.

Revision ID: 0003_teacher_session_version
Revises: 0002_reveal_option_key_width
Create Date: 2026-11-23

A database of an earlier version is adopted by creating its missing tables from today's models
before it is stamped at the initial revision, so a table created that way already has the new
column: it is added only where it is missing.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003_teacher_session_version"
down_revision: str | None = "0002_reveal_option_key_width"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _has_column(table: str, column: str) -> bool:
    return column in {c["name"] for c in sa.inspect(op.get_bind()).get_columns(table)}


def upgrade() -> None:
    """Apply this revision."""
    if not _has_column("teachers", "session_version"):
        with op.batch_alter_table("teachers") as batch:
            batch.add_column(
                sa.Column("session_version", sa.Integer(), nullable=False, server_default="0")
            )


def downgrade() -> None:
    """Undo this revision."""
    with op.batch_alter_table("teachers") as batch:
        batch.drop_column("session_version")
