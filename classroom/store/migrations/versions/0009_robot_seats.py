"""Robot players: a seat may be a program (`seats.robot` holds its kind: "random", "confirmer"
or "ideal"); a class may be one student's practice table (`classes.practice_of`: the class whose
practice link made it), and a class may have a practice link (`practice_token`, with the kinds of
its two robots in `practice_robots`).

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
    """Apply this revision: added columns, which every database adds in place (a copied
    table would lose the rows that cascade from it)."""
    inspector = sa.inspect(op.get_bind())
    if "robot" not in {c["name"] for c in inspector.get_columns("seats")}:
        op.add_column("seats", sa.Column("robot", sa.String(16), nullable=True))
    classes = {c["name"] for c in inspector.get_columns("classes")}
    for column in (
        sa.Column("practice_of", sa.Integer(), nullable=True),
        sa.Column("practice_token", sa.String(32), nullable=True),
        sa.Column("practice_robots", sa.String(40), nullable=True),
    ):
        if column.name not in classes:
            op.add_column("classes", column)
    indexes = {index["name"] for index in inspector.get_indexes("classes")}
    for name in ("practice_of", "practice_token"):
        if f"ix_classes_{name}" not in indexes:
            op.create_index(f"ix_classes_{name}", "classes", [name])


def downgrade() -> None:
    """Undo this revision: practice tables and robot seats go."""
    op.execute(sa.text("DELETE FROM classes WHERE practice_of IS NOT NULL"))
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
    op.drop_index("ix_classes_practice_token", "classes")
    op.drop_index("ix_classes_practice_of", "classes")
    with op.batch_alter_table("classes") as batch:
        for name in ("practice_robots", "practice_token", "practice_of"):
            batch.drop_column(name)
