"""Everyone predicts: while a card waits for its verdict, the other players forecast it, for a
window of `predict_seconds` when the app deals.

Revision ID: 0005_everyone_predicts
Revises: 0004_languages
Create Date: 2026-11-23

New classes are made with it on (the class form's default); the classes made before keep
playing as they did: the server default is off.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005_everyone_predicts"
down_revision: str | None = "0004_languages"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def _has_column(table: str, column: str) -> bool:
    return column in {c["name"] for c in sa.inspect(op.get_bind()).get_columns(table)}


def upgrade() -> None:
    """Apply this revision."""
    with op.batch_alter_table("classes") as batch:
        if not _has_column("classes", "everyone_predicts"):
            batch.add_column(
                sa.Column(
                    "everyone_predicts", sa.Boolean(), nullable=False, server_default=sa.false()
                )
            )
        if not _has_column("classes", "predict_seconds"):
            batch.add_column(
                sa.Column("predict_seconds", sa.Integer(), nullable=False, server_default="5")
            )


def downgrade() -> None:
    """Undo this revision."""
    with op.batch_alter_table("classes") as batch:
        batch.drop_column("predict_seconds")
        batch.drop_column("everyone_predicts")
