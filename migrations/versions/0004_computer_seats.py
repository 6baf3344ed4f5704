"""Computer players: the powers a computer commands in each game.

Revision ID: 0004
Revises: 0003
Create Date: 2026-12-10 10:00:00+00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0004"
down_revision: str | None = "0003"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Written out rather than imported from bot.store: a revision must not change when the
# application's types do.
POWER = sa.String(length=32)
PHASE = sa.String(length=16)


def upgrade() -> None:
    op.create_table(
        "computer_seats",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("power", POWER, nullable=False),
        sa.Column("since_phase", PHASE, nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_computer_seats_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("game_id", "power", name=op.f("pk_computer_seats")),
    )


def downgrade() -> None:
    op.drop_table("computer_seats")
