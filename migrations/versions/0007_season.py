"""A club's season: its settings (lobby, scoring, ratings, reliability shown), and the players'
votes to pause a game or extend a deadline.

Revision ID: 0007
Revises: 0006
Create Date: 2026-11-29 00:00:00+00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0007"
down_revision: str | None = "0006"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True)
ID = sa.String(length=64)


def upgrade() -> None:
    op.create_table(
        "club_settings",
        sa.Column("platform", sa.String(length=24), nullable=False),
        sa.Column("workspace", ID, nullable=False),
        sa.Column("lobby_channel", ID, nullable=True),
        sa.Column("scoring", sa.String(length=24), nullable=True),
        sa.Column("ratings", sa.Boolean(), nullable=False),
        sa.Column("reliability_public", sa.Boolean(), nullable=False),
        sa.Column("updated_at", MOMENT, nullable=False),
        sa.CheckConstraint(
            "platform IN ('console', 'slack', 'discord')", name=op.f("ck_club_settings_platform")
        ),
        sa.PrimaryKeyConstraint("platform", "workspace", name=op.f("pk_club_settings")),
    )
    op.create_table(
        "schedule_votes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase_name", sa.String(length=16), nullable=False),
        sa.Column("power", sa.String(length=32), nullable=False),
        sa.Column("kind", sa.String(length=8), nullable=False),
        sa.Column("detail", sa.JSON(none_as_null=True), nullable=False),
        sa.Column("cast_by", ID, nullable=False),
        sa.Column("created_at", MOMENT, nullable=False),
        sa.CheckConstraint("kind IN ('pause', 'extend')", name=op.f("ck_schedule_votes_kind")),
        sa.ForeignKeyConstraint(
            ["game_id"],
            ["games.id"],
            name=op.f("fk_schedule_votes_game_id_games"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_schedule_votes")),
        sa.UniqueConstraint(
            "game_id",
            "phase_name",
            "power",
            name=op.f("uq_schedule_votes_game_id_phase_name_power"),
        ),
    )


def downgrade() -> None:
    op.drop_table("schedule_votes")
    op.drop_table("club_settings")
