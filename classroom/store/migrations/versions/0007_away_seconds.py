"""How long a call or a dealer's verdict waits on an offline tablet before it may be settled
without it: a class option, 20 seconds unless the teacher chooses otherwise.

Revision ID: 0007_away_seconds
Revises: 0006_new_eleusis_mode
Create Date: 2026-11-28
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007_away_seconds"
down_revision: str | None = "0006_new_eleusis_mode"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _has_column(table: str, column: str) -> bool:
    return column in {c["name"] for c in sa.inspect(op.get_bind()).get_columns(table)}


def upgrade() -> None:
    """Apply this revision."""
    if not _has_column("classes", "away_seconds"):
        with op.batch_alter_table("classes") as batch:
            batch.add_column(
                sa.Column("away_seconds", sa.Integer(), nullable=False, server_default="20")
            )


def downgrade() -> None:
    """Undo this revision."""
    with op.batch_alter_table("classes") as batch:
        batch.drop_column("away_seconds")
