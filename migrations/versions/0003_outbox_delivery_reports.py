"""Outbox: what a message is about (who to tell when it cannot be delivered), why a message
given up was refused, and how many times it was taken for delivery (a message taken before
may already be on the platform: a worker can stop between a post and its record).

Revision ID: 0003
Revises: 0002
Create Date: 2026-11-29 10:00:00+00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


# Plain ALTER TABLE, no batch copy: SQLite adds and (since 3.35) drops such columns in place,
# and an offline SQL script cannot reflect a table to copy it.
def upgrade() -> None:
    op.add_column("outbox", sa.Column("about", sa.JSON(none_as_null=True), nullable=True))
    op.add_column("outbox", sa.Column("refusal", sa.String(length=24), nullable=True))
    op.add_column(
        "outbox", sa.Column("claims", sa.Integer(), nullable=False, server_default=sa.text("0"))
    )


def downgrade() -> None:
    for column in ("claims", "refusal", "about"):
        op.drop_column("outbox", column)
