"""Each person's own settings: the palette of the maps sent to them alone.

Revision ID: 0002
Revises: 0001
Create Date: 2026-12-01 10:00:00+00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0002"
down_revision: str | None = "0001"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Written out rather than imported from bot.store: a revision must not change when the
# application's types do.
ID = sa.String(length=64)
STATUS = sa.String(length=24)


def upgrade() -> None:
    op.create_table(
        "user_settings",
        sa.Column("platform", STATUS, nullable=False),
        sa.Column("workspace", ID, nullable=False),
        sa.Column("user_id", ID, nullable=False),
        sa.Column("palette", sa.String(length=16), nullable=True),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.CheckConstraint(
            "platform IN ('console', 'slack', 'discord')", name=op.f("ck_user_settings_platform")
        ),
        sa.PrimaryKeyConstraint("platform", "workspace", "user_id", name=op.f("pk_user_settings")),
    )


def downgrade() -> None:
    op.drop_table("user_settings")
