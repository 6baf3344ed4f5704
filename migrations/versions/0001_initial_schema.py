"""Initial schema: games, players, phases, orders, press, votes, readiness, power status,
missed orders, images, the outbox and the audit trail.

Revision ID: 0001
Revises:
Create Date: 2026-11-22 22:26:07+00:00
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None

# Written out rather than imported from bot.store: a revision must not change when the
# application's types do.
ID = sa.String(length=64)
POWER = sa.String(length=32)
PHASE = sa.String(length=16)
STATUS = sa.String(length=24)
OPEN = sa.text("status = 'open'")
ACTIVE = sa.text("left_at IS NULL")


def at(name: str, *, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.DateTime(timezone=True), nullable=nullable)


def json(name: str, *, nullable: bool = False) -> sa.Column[object]:
    return sa.Column(name, sa.JSON(none_as_null=True), nullable=nullable)


def game_fk(table: str, *, ondelete: str = "CASCADE") -> sa.ForeignKeyConstraint:
    return sa.ForeignKeyConstraint(
        ["game_id"], ["games.id"], name=op.f(f"fk_{table}_game_id_games"), ondelete=ondelete
    )


def upgrade() -> None:
    op.create_table(
        "games",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("platform", STATUS, nullable=False),
        sa.Column("workspace", ID, nullable=False),
        sa.Column("channel", ID, nullable=False),
        sa.Column("name", sa.String(length=100), nullable=False),
        sa.Column("variant", sa.String(length=40), nullable=False),
        sa.Column("creator", ID, nullable=False),
        sa.Column("status", STATUS, nullable=False),
        json("settings"),
        at("created_at"),
        at("started_at", nullable=True),
        at("finished_at", nullable=True),
        json("outcome", nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            "platform IN ('console', 'slack', 'discord')", name=op.f("ck_games_platform")
        ),
        sa.CheckConstraint(
            "status IN ('forming', 'active', 'paused', 'finished')", name=op.f("ck_games_status")
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_games")),
        sa.UniqueConstraint(
            "platform", "workspace", "name", name=op.f("uq_games_platform_workspace_name")
        ),
    )
    op.create_index(
        op.f("ix_games_platform_workspace_channel"), "games", ["platform", "workspace", "channel"]
    )

    op.create_table(
        "players",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("user_id", ID, nullable=False),
        sa.Column("display_name", sa.String(length=100), nullable=False),
        sa.Column("power", POWER, nullable=True),
        json("preferences"),
        at("joined_at"),
        at("left_at", nullable=True),
        game_fk("players"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_players")),
    )
    op.create_index(op.f("ix_players_user_id"), "players", ["user_id"])
    op.create_index(
        "uq_players_game_id_user_id_active",
        "players",
        ["game_id", "user_id"],
        unique=True,
        sqlite_where=ACTIVE,
        postgresql_where=ACTIVE,
    )

    op.create_table(
        "phases",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("name", PHASE, nullable=False),
        json("position"),
        sa.Column("status", STATUS, nullable=False),
        at("opened_at"),
        at("deadline", nullable=True),
        at("orders_close_at", nullable=True),
        sa.Column("paused_remaining_seconds", sa.Integer(), nullable=True),
        sa.Column("locked", sa.Boolean(), nullable=False),
        json("results", nullable=True),
        at("processed_at", nullable=True),
        sa.Column("version", sa.Integer(), nullable=False),
        sa.CheckConstraint(
            "status IN ('open', 'adjudicated', 'rolled_back')", name=op.f("ck_phases_status")
        ),
        game_fk("phases"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_phases")),
    )
    op.create_index(op.f("ix_phases_game_id_name"), "phases", ["game_id", "name"])
    op.create_index(
        "uq_phases_game_id_open",
        "phases",
        ["game_id"],
        unique=True,
        sqlite_where=OPEN,
        postgresql_where=OPEN,
    )

    op.create_table(
        "orders",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("power", POWER, nullable=False),
        sa.Column("unit_key", sa.String(length=48), nullable=False),
        sa.Column("raw_text", sa.Text(), nullable=False),
        sa.Column("canonical_text", sa.Text(), nullable=True),
        sa.Column("kind", STATUS, nullable=False),
        json("condition", nullable=True),
        sa.Column("submitted_by", ID, nullable=False),
        at("submitted_at"),
        sa.CheckConstraint("kind IN ('order', 'conditional')", name=op.f("ck_orders_kind")),
        sa.ForeignKeyConstraint(
            ["phase_id"],
            ["phases.id"],
            name=op.f("fk_orders_phase_id_phases"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_orders")),
        sa.UniqueConstraint(
            "phase_id",
            "power",
            "unit_key",
            "kind",
            name=op.f("uq_orders_phase_id_power_unit_key_kind"),
        ),
    )

    op.create_table(
        "press",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase_name", PHASE, nullable=False),
        sa.Column("from_power", POWER, nullable=True),
        json("to_powers"),
        sa.Column("grey", sa.Boolean(), nullable=False),
        sa.Column("body", sa.Text(), nullable=False),
        sa.Column("sent_by", ID, nullable=False),
        at("created_at"),
        game_fk("press"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_press")),
    )
    op.create_index(op.f("ix_press_game_id_phase_name"), "press", ["game_id", "phase_name"])

    op.create_table(
        "votes",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase_name", PHASE, nullable=False),
        sa.Column("power", POWER, nullable=False),
        sa.Column("kind", STATUS, nullable=False),
        json("detail", nullable=True),
        sa.Column("cast_by", ID, nullable=False),
        at("created_at"),
        sa.CheckConstraint("kind IN ('draw', 'surrender')", name=op.f("ck_votes_kind")),
        game_fk("votes"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_votes")),
        sa.UniqueConstraint(
            "game_id",
            "phase_name",
            "power",
            "kind",
            name=op.f("uq_votes_game_id_phase_name_power_kind"),
        ),
    )

    op.create_table(
        "readiness",
        sa.Column("phase_id", sa.Integer(), nullable=False),
        sa.Column("power", POWER, nullable=False),
        sa.Column("ready", sa.Boolean(), nullable=False),
        at("updated_at"),
        sa.ForeignKeyConstraint(
            ["phase_id"],
            ["phases.id"],
            name=op.f("fk_readiness_phase_id_phases"),
            ondelete="CASCADE",
        ),
        sa.PrimaryKeyConstraint("phase_id", "power", name=op.f("pk_readiness")),
    )

    op.create_table(
        "power_status",
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("power", POWER, nullable=False),
        sa.Column("status", STATUS, nullable=False),
        sa.Column("since_phase", PHASE, nullable=True),
        at("updated_at"),
        sa.CheckConstraint(
            "status IN ('playing', 'civil_disorder', 'surrendered', 'eliminated')",
            name=op.f("ck_power_status_status"),
        ),
        game_fk("power_status"),
        sa.PrimaryKeyConstraint("game_id", "power", name=op.f("pk_power_status")),
    )

    op.create_table(
        "nmr",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("power", POWER, nullable=False),
        sa.Column("phase_name", PHASE, nullable=False),
        sa.Column("excused", sa.Boolean(), nullable=False),
        at("created_at"),
        game_fk("nmr"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_nmr")),
        sa.UniqueConstraint(
            "game_id", "power", "phase_name", name=op.f("uq_nmr_game_id_power_phase_name")
        ),
    )

    op.create_table(
        "images",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=False),
        sa.Column("phase_name", PHASE, nullable=False),
        sa.Column("kind", sa.String(length=24), nullable=False),
        sa.Column("png", sa.LargeBinary(), nullable=False),
        at("created_at"),
        game_fk("images"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_images")),
    )
    op.create_index(op.f("ix_images_game_id_phase_name"), "images", ["game_id", "phase_name"])

    op.create_table(
        "outbox",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("dedupe_key", sa.String(length=200), nullable=False),
        sa.Column("platform", STATUS, nullable=False),
        json("target"),
        json("payload"),
        sa.Column("image_id", sa.Integer(), nullable=True),
        sa.Column("status", STATUS, nullable=False),
        sa.Column("attempts", sa.Integer(), nullable=False),
        at("next_attempt_at"),
        sa.Column("last_error", sa.Text(), nullable=True),
        at("created_at"),
        at("sent_at", nullable=True),
        sa.CheckConstraint(
            "platform IN ('console', 'slack', 'discord')", name=op.f("ck_outbox_platform")
        ),
        sa.CheckConstraint(
            "status IN ('pending', 'sent', 'failed')", name=op.f("ck_outbox_status")
        ),
        game_fk("outbox", ondelete="SET NULL"),
        sa.ForeignKeyConstraint(
            ["image_id"],
            ["images.id"],
            name=op.f("fk_outbox_image_id_images"),
            ondelete="SET NULL",
        ),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_outbox")),
        sa.UniqueConstraint("dedupe_key", name=op.f("uq_outbox_dedupe_key")),
    )
    op.create_index(
        op.f("ix_outbox_status_next_attempt_at"), "outbox", ["status", "next_attempt_at"]
    )

    op.create_table(
        "audit",
        sa.Column("id", sa.Integer(), nullable=False),
        sa.Column("game_id", sa.Integer(), nullable=True),
        sa.Column("actor", ID, nullable=False),
        sa.Column("action", sa.String(length=64), nullable=False),
        json("detail"),
        at("at"),
        game_fk("audit", ondelete="SET NULL"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_audit")),
    )
    op.create_index(op.f("ix_audit_game_id_at"), "audit", ["game_id", "at"])


def downgrade() -> None:
    # Children before parents; dropping a table drops its indexes.
    for table in (
        "audit",
        "outbox",
        "images",
        "nmr",
        "power_status",
        "readiness",
        "votes",
        "press",
        "orders",
        "phases",
        "players",
        "games",
    ):
        op.drop_table(table)
