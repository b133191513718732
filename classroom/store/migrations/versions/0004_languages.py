"""A language per class (what its tablets, projector, debrief and printouts speak) and per
teacher (their own pages; none: the browser's).

Revision ID: 0004_languages
Revises: 0003_teacher_session_version
Create Date: 2026-11-23

A database of an earlier version is adopted by creating its missing tables from today's models
before it is stamped at the initial revision, so a table created that way already has the new
columns: each is added only where it is missing.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004_languages"
down_revision: str | None = "0003_teacher_session_version"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _has_column(table: str, column: str) -> bool:
    return column in {c["name"] for c in sa.inspect(op.get_bind()).get_columns(table)}


def upgrade() -> None:
    """Apply this revision."""
    if not _has_column("classes", "language"):
        with op.batch_alter_table("classes") as batch:
            # Every class made before spoke English: the server default keeps it so.
            batch.add_column(
                sa.Column("language", sa.String(length=8), nullable=False, server_default="en")
            )
    if not _has_column("teachers", "language"):
        with op.batch_alter_table("teachers") as batch:
            batch.add_column(sa.Column("language", sa.String(length=8), nullable=True))


def downgrade() -> None:
    """Undo this revision."""
    with op.batch_alter_table("teachers") as batch:
        batch.drop_column("language")
    with op.batch_alter_table("classes") as batch:
        batch.drop_column("language")
