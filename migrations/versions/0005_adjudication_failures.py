"""Adjudication failures: an open phase whose adjudication failed, retried with back-off.

Revision ID: 0005
Revises: 0004
Create Date: 2026-11-28 23:10:00+00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "adjudication_failures",
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("failed_since", sa.DateTime(timezone=True), nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        sa.Column("retry_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("reason", sa.Text(), nullable=False),
        sa.ForeignKeyConstraint(
            ["phase_id"],
            ["phases.id"],
            name=op.f("fk_adjudication_failures_phase_id_phases"),
            ondelete="CASCADE",
        ),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_adjudication_failures_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("phase_id", name=op.f("pk_adjudication_failures")),
    )
    op.create_index(
        op.f("ix_adjudication_failures_game_id"),
        "adjudication_failures",
        ["game_id"],
        unique=False,
    )


def downgrade() -> None:
    op.drop_index(op.f("ix_adjudication_failures_game_id"), table_name="adjudication_failures")
    op.drop_table("adjudication_failures")
