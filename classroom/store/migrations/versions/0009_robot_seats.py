"""Robot players: a seat may be a program (`seats.robot` holds its kind: "random", "confirmer"
or "ideal"); a class may be one student's practice table (`classes.practice`).

Revision ID: 0009_robot_seats (at most 32 characters, as alembic_version holds)
Revises: 0008_removed_seats_kept
Create Date: 2026-12-05
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009_robot_seats"
down_revision: str | None = "0008_removed_seats_kept"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    """Apply this revision: two added columns, which every database adds in place (a copied
    table would lose the rows that cascade from it)."""
    inspector = sa.inspect(op.get_bind())
    if "robot" not in {c["name"] for c in inspector.get_columns("seats")}:
        op.add_column("seats", sa.Column("robot", sa.String(16), nullable=True))
    if "practice" not in {c["name"] for c in inspector.get_columns("classes")}:
        op.add_column(
            "classes",
            sa.Column("practice", sa.Boolean(), nullable=False, server_default=sa.false()),
        )


def downgrade() -> None:
    """Undo this revision: practice tables and robot seats go."""
    op.execute(sa.text("DELETE FROM classes WHERE practice"))
    for table in ("journal_entries", "applied_actions"):
        op.execute(
            sa.text(
                f"DELETE FROM {table} WHERE seat_id IN"
                " (SELECT id FROM seats WHERE robot IS NOT NULL)"
            )
        )
    op.execute(sa.text("DELETE FROM seats WHERE robot IS NOT NULL"))
    with op.batch_alter_table("seats") as batch:
        batch.drop_column("robot")
    with op.batch_alter_table("classes") as batch:
        batch.drop_column("practice")
