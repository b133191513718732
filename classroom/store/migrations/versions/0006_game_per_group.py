"""New Eleusis as a mode per group: each group plays Express or New Eleusis, each round keeps
the mode it was dealt in (its log is read with that game's events), and the class keeps the
house options of its New Eleusis tables.

Revision ID: 0006_new_eleusis_mode (the file's name says what it does for any game; the id
stays, as databases upgraded before hold it)
Revises: 0005_everyone_predicts
Create Date: 2026-11-23

Everything made before plays Express: the server defaults say so.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006_new_eleusis_mode"
down_revision: str | None = "0005_everyone_predicts"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _has_column(table: str, column: str) -> bool:
    return column in {c["name"] for c in sa.inspect(op.get_bind()).get_columns(table)}


def _add(table: str, column: sa.Column[object]) -> None:
    if not _has_column(table, column.name):
        with op.batch_alter_table(table) as batch:
            batch.add_column(column)


def upgrade() -> None:
    """Apply this revision."""
    _add("groups", sa.Column("mode", sa.String(16), nullable=False, server_default="express"))
    _add("rounds", sa.Column("mode", sa.String(16), nullable=False, server_default="express"))
    _add(
        "classes",
        sa.Column("ne_sudden_death", sa.String(8), nullable=False, server_default="abbott"),
    )
    _add(
        "classes",
        sa.Column("ne_first_player", sa.String(8), nullable=False, server_default="count"),
    )


def downgrade() -> None:
    """Undo this revision."""
    with op.batch_alter_table("classes") as batch:
        batch.drop_column("ne_first_player")
        batch.drop_column("ne_sudden_death")
    with op.batch_alter_table("rounds") as batch:
        batch.drop_column("mode")
    with op.batch_alter_table("groups") as batch:
        batch.drop_column("mode")
