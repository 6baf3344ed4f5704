"""Health: a heartbeat row for each running bot process, and when a message was given up.

Revision ID: 0006
Revises: 0005
Create Date: 2026-11-28 23:30:00+00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

MOMENT = sa.DateTime(timezone=True)


def upgrade() -> None:
    op.create_table(
        "workers",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("host", sa.String(length=255), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column("platforms", sa.String(length=64), nullable=False),
        sa.Column("started_at", MOMENT, nullable=False),
        sa.Column("beat_at", MOMENT, nullable=False),
        sa.Column("last_run_at", MOMENT, nullable=True),
        sa.Column("stopped_at", MOMENT, nullable=True),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_workers")),
    )
    # Plain ALTER TABLE, as in 0003: SQLite adds and drops such a column in place.
    op.add_column("outbox", sa.Column("failed_at", MOMENT, nullable=True))


def downgrade() -> None:
    op.drop_column("outbox", "failed_at")
    op.drop_table("workers")
