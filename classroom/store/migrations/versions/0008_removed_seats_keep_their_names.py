"""A removed student's seat stays in the record: `seats.removed_at` marks it, and the rounds it
played keep its nickname (timelines, totals, exports, reports) instead of showing "?".

Revision ID: 0008_removed_seats_kept (at most 32 characters, as alembic_version holds)
Revises: 0007_away_seconds
Create Date: 2026-11-28

Seats removed before this revision were deleted: nothing to bring back.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008_removed_seats_kept"
down_revision: str | None = "0007_away_seconds"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision."""
    columns = {c["name"] for c in sa.inspect(op.get_bind()).get_columns("seats")}
    if "removed_at" not in columns:
        with op.batch_alter_table("seats") as batch:
            batch.add_column(sa.Column("removed_at", sa.DateTime(), nullable=True))


def downgrade() -> None:
    """Undo this revision: removed seats go, as removal did before."""
    for table in ("journal_entries", "applied_actions"):
        op.execute(
            sa.text(
                f"DELETE FROM {table} WHERE seat_id IN"
                " (SELECT id FROM seats WHERE removed_at IS NOT NULL)"
            )
        )
    op.execute(sa.text("DELETE FROM seats WHERE removed_at IS NOT NULL"))
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("removed_at")
