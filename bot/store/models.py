"""The tables of the game service. The database is the single source of truth.

Conventions: every datetime is aware UTC (`UTCDateTime`); JSON columns hold plain JSON values
and are replaced, never mutated in place (the ORM does not watch inside them); users are
stable platform ids, display names are for display only; powers are the engine's upper-case
names (``FRANCE``).
"""

from __future__ import annotations

from datetime import datetime
from enum import StrEnum
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    CheckConstraint,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    UniqueConstraint,
    text,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

from bot.store.types import StrEnumType, UTCDateTime, utcnow

NAMING_CONVENTION: dict[str, str] = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}

# Lengths generous enough for Slack/Discord ids ("T0123ABCD", 20-digit snowflakes).
ID = 64
POWER = 32
PHASE = 16


class Platform(StrEnum):
    CONSOLE = "console"
    SLACK = "slack"
    DISCORD = "discord"


class GameStatus(StrEnum):
    FORMING = "forming"
    ACTIVE = "active"
    PAUSED = "paused"
    FINISHED = "finished"


class PhaseStatus(StrEnum):
    OPEN = "open"
    ADJUDICATED = "adjudicated"
    ROLLED_BACK = "rolled_back"


class OrderKind(StrEnum):
    ORDER = "order"
    # Retreats and adjustments sent ahead with movement orders (the league's errata):
    # stored on the movement phase, with the situation they answer in `condition`.
    CONDITIONAL = "conditional"


class VoteKind(StrEnum):
    DRAW = "draw"
    SURRENDER = "surrender"


class PowerStatus(StrEnum):
    PLAYING = "playing"
    # No player gives orders (left, removed for missing orders, or surrendered): the
    # power's units hold, and it takes no part in a draw.
    CIVIL_DISORDER = "civil_disorder"
    SURRENDERED = "surrendered"
    ELIMINATED = "eliminated"


class OutboxStatus(StrEnum):
    PENDING = "pending"
    SENT = "sent"
    FAILED = "failed"


# Partial unique indexes (SQLite and PostgreSQL both have them): at most one open phase
# per game, one active membership per user and game.
_OPEN = text("status = 'open'")
_ACTIVE = text("left_at IS NULL")


def one_of(column: str, enum: type[StrEnum]) -> CheckConstraint:
    values = ", ".join(f"'{member.value}'" for member in enum)
    return CheckConstraint(f"{column} IN ({values})", name=column)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)
    type_annotation_map = {  # noqa: RUF012 - SQLAlchemy reads it as a class attribute
        datetime: UTCDateTime(),
        dict[str, Any]: JSON(none_as_null=True),
        list[str]: JSON(none_as_null=True),
    }


class Game(Base):
    __tablename__ = "games"
    __table_args__ = (
        UniqueConstraint("platform", "workspace", "name"),
        Index(None, "platform", "workspace", "channel"),
        one_of("platform", Platform),
        one_of("status", GameStatus),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    platform: Mapped[Platform] = mapped_column(StrEnumType(Platform))
    # Slack team id, Discord guild id, or "local" for the console.
    workspace: Mapped[str] = mapped_column(String(ID))
    channel: Mapped[str] = mapped_column(String(ID))
    name: Mapped[str] = mapped_column(String(100))
    variant: Mapped[str] = mapped_column(String(40), default="standard")
    creator: Mapped[str] = mapped_column(String(ID))
    status: Mapped[GameStatus] = mapped_column(StrEnumType(GameStatus), default=GameStatus.FORMING)
    # Deadlines, time zone, press rules, end date...: owned by the service.
    settings: Mapped[dict[str, Any]] = mapped_column(default=dict)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    started_at: Mapped[datetime | None]
    finished_at: Mapped[datetime | None]
    # How it ended (solo / draw / surrender / timeout) and the standings.
    outcome: Mapped[dict[str, Any] | None]
    version: Mapped[int] = mapped_column(Integer)

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012

    def __repr__(self) -> str:
        return f"<Game {self.id} {self.platform}:{self.workspace}/{self.name} {self.status}>"


class Player(Base):
    """A person in a game. Several players sharing a power are a team."""

    __tablename__ = "players"
    __table_args__ = (
        # One membership at a time; rows of earlier stints stay, with their left_at.
        Index(
            "uq_players_game_id_user_id_active",
            "game_id",
            "user_id",
            unique=True,
            sqlite_where=_ACTIVE,
            postgresql_where=_ACTIVE,
        ),
        Index(None, "user_id"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    user_id: Mapped[str] = mapped_column(String(ID))
    display_name: Mapped[str] = mapped_column(String(100))
    power: Mapped[str | None] = mapped_column(String(POWER))
    # Powers the player would like, best first; used when powers are assigned.
    preferences: Mapped[list[str]] = mapped_column(default=list)
    joined_at: Mapped[datetime] = mapped_column(default=utcnow)
    left_at: Mapped[datetime | None]

    def __repr__(self) -> str:
        return f"<Player {self.user_id} in game {self.game_id} as {self.power}>"


class UserSettings(Base):
    """What one person chose for themself, in every game of theirs on one platform and
    workspace (unset: each game's own choice)."""

    __tablename__ = "user_settings"
    __table_args__ = (one_of("platform", Platform),)

    platform: Mapped[Platform] = mapped_column(StrEnumType(Platform), primary_key=True)
    workspace: Mapped[str] = mapped_column(String(ID), primary_key=True)
    user_id: Mapped[str] = mapped_column(String(ID), primary_key=True)
    # The colours of the maps sent to them alone: "standard" or "colourblind".
    palette: Mapped[str | None] = mapped_column(String(16))
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class ClubSettings(Base):
    """What a club (a Slack workspace, a Discord server, the console) chose for all its games:
    where seats are advertised, how its season is scored, whether ratings are shown and whether
    anyone may read a person's reliability (unset: the defaults)."""

    __tablename__ = "club_settings"
    __table_args__ = (one_of("platform", Platform),)

    platform: Mapped[Platform] = mapped_column(StrEnumType(Platform), primary_key=True)
    workspace: Mapped[str] = mapped_column(String(ID), primary_key=True)
    # The channel seats are advertised in (`club lobby=#diplomacy-lobby`).
    lobby_channel: Mapped[str | None] = mapped_column(String(ID))
    # The scoring system of the standings (the service's names: "sum-of-squares", ...).
    scoring: Mapped[str | None] = mapped_column(String(24))
    ratings: Mapped[bool] = mapped_column(Boolean, default=True)
    reliability_public: Mapped[bool] = mapped_column(Boolean, default=False)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class ScheduleVote(Base):
    """A power's vote to pause the game (until a date) or extend the phase's deadline: one a
    power and phase, secret until it passes or the phase ends (as draw votes are)."""

    __tablename__ = "schedule_votes"
    __table_args__ = (
        UniqueConstraint("game_id", "phase_name", "power"),
        CheckConstraint("kind IN ('pause', 'extend')", name="kind"),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    phase_name: Mapped[str] = mapped_column(String(PHASE))
    power: Mapped[str] = mapped_column(String(POWER))
    kind: Mapped[str] = mapped_column(String(8))
    # pause: {"until": ISO date or null}; extend: {"seconds": n}
    detail: Mapped[dict[str, Any]]
    cast_by: Mapped[str] = mapped_column(String(ID))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Phase(Base):
    __tablename__ = "phases"
    __table_args__ = (
        Index(None, "game_id", "name"),
        Index(
            "uq_phases_game_id_open",
            "game_id",
            unique=True,
            sqlite_where=_OPEN,
            postgresql_where=_OPEN,
        ),
        one_of("status", PhaseStatus),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    name: Mapped[str] = mapped_column(String(PHASE))
    # The engine's Position.to_json() at the start of the phase.
    position: Mapped[dict[str, Any]]
    status: Mapped[PhaseStatus] = mapped_column(StrEnumType(PhaseStatus), default=PhaseStatus.OPEN)
    opened_at: Mapped[datetime] = mapped_column(default=utcnow)
    # When the phase is adjudicated; null while the game is paused.
    deadline: Mapped[datetime | None]
    # When orders stop being accepted, if earlier than the deadline (the league takes
    # orders until midnight and adjudicates the next day at noon).
    orders_close_at: Mapped[datetime | None]
    paused_remaining_seconds: Mapped[int | None]
    # Held by the game master: never processed automatically while set.
    locked: Mapped[bool] = mapped_column(Boolean, default=False)
    results: Mapped[dict[str, Any] | None]
    processed_at: Mapped[datetime | None]
    # Row version: every ORM update checks and bumps it; claiming compares and sets it.
    version: Mapped[int] = mapped_column(Integer)

    __mapper_args__ = {"version_id_col": version}  # noqa: RUF012

    def __repr__(self) -> str:
        return f"<Phase {self.id} {self.name} of game {self.game_id} {self.status} v{self.version}>"


class Order(Base):
    """One power's order for one unit; a later one for the same key replaces it."""

    __tablename__ = "orders"
    __table_args__ = (
        UniqueConstraint("phase_id", "power", "unit_key", "kind"),
        one_of("kind", OrderKind),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    phase_id: Mapped[int] = mapped_column(ForeignKey("phases.id", ondelete="CASCADE"))
    power: Mapped[str] = mapped_column(String(POWER))
    # The province the order is for ("PAR"), or "WAIVE#n" / "BUILD:<prov>".
    unit_key: Mapped[str] = mapped_column(String(48))
    raw_text: Mapped[str] = mapped_column(Text)
    canonical_text: Mapped[str | None] = mapped_column(Text)
    kind: Mapped[OrderKind] = mapped_column(StrEnumType(OrderKind), default=OrderKind.ORDER)
    condition: Mapped[dict[str, Any] | None]
    submitted_by: Mapped[str] = mapped_column(String(ID))
    submitted_at: Mapped[datetime] = mapped_column(default=utcnow)

    def __repr__(self) -> str:
        return f"<Order {self.power} {self.unit_key} {self.kind} in phase {self.phase_id}>"


class Press(Base):
    __tablename__ = "press"
    __table_args__ = (Index(None, "game_id", "phase_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    phase_name: Mapped[str] = mapped_column(String(PHASE))
    # Null: from the game master.
    from_power: Mapped[str | None] = mapped_column(String(POWER))
    to_powers: Mapped[list[str]]
    # Grey press: the recipients are not told who sent it.
    grey: Mapped[bool] = mapped_column(Boolean, default=False)
    body: Mapped[str] = mapped_column(Text)
    sent_by: Mapped[str] = mapped_column(String(ID))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Vote(Base):
    __tablename__ = "votes"
    __table_args__ = (
        UniqueConstraint("game_id", "phase_name", "power", "kind"),
        one_of("kind", VoteKind),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    phase_name: Mapped[str] = mapped_column(String(PHASE))
    power: Mapped[str] = mapped_column(String(POWER))
    kind: Mapped[VoteKind] = mapped_column(StrEnumType(VoteKind))
    # e.g. {"to": ["GERMANY", "RUSSIA"]} for a surrender to an alliance.
    detail: Mapped[dict[str, Any] | None]
    cast_by: Mapped[str] = mapped_column(String(ID))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Readiness(Base):
    __tablename__ = "readiness"

    phase_id: Mapped[int] = mapped_column(
        ForeignKey("phases.id", ondelete="CASCADE"), primary_key=True
    )
    power: Mapped[str] = mapped_column(String(POWER), primary_key=True)
    ready: Mapped[bool] = mapped_column(Boolean)
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class PowerState(Base):
    """Who still plays: a draw counts only powers that are `playing` (league errata)."""

    __tablename__ = "power_status"
    __table_args__ = (one_of("status", PowerStatus),)

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    power: Mapped[str] = mapped_column(String(POWER), primary_key=True)
    status: Mapped[PowerStatus] = mapped_column(StrEnumType(PowerStatus))
    since_phase: Mapped[str | None] = mapped_column(String(PHASE))
    updated_at: Mapped[datetime] = mapped_column(default=utcnow)


class ComputerSeat(Base):
    """A power a computer player commands (`bots=`, `cd=bot`, or the game master's `bot`):
    it orders when each phase opens, and sends and reads no press. Its status stays
    `playing`; the row goes when a person takes the power back."""

    __tablename__ = "computer_seats"

    game_id: Mapped[int] = mapped_column(
        ForeignKey("games.id", ondelete="CASCADE"), primary_key=True
    )
    power: Mapped[str] = mapped_column(String(POWER), primary_key=True)
    since_phase: Mapped[str | None] = mapped_column(String(PHASE))
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class AdjudicationFailure(Base):
    """An open phase whose adjudication failed: since when, how many tries, when the next
    is due, and why in one line that quotes nothing of the game (never an order). The row
    goes in the transaction that finally adjudicates the phase."""

    __tablename__ = "adjudication_failures"

    phase_id: Mapped[int] = mapped_column(
        ForeignKey("phases.id", ondelete="CASCADE"), primary_key=True
    )
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    failed_since: Mapped[datetime]
    attempts: Mapped[int] = mapped_column(Integer)
    retry_at: Mapped[datetime]
    reason: Mapped[str] = mapped_column(Text)


class MissedOrders(Base):
    """A power gave no orders in a phase that needed them (no moves received)."""

    __tablename__ = "nmr"
    __table_args__ = (UniqueConstraint("game_id", "power", "phase_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    power: Mapped[str] = mapped_column(String(POWER))
    phase_name: Mapped[str] = mapped_column(String(PHASE))
    excused: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class Image(Base):
    __tablename__ = "images"
    __table_args__ = (Index(None, "game_id", "phase_name"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"))
    phase_name: Mapped[str] = mapped_column(String(PHASE))
    kind: Mapped[str] = mapped_column(String(24))
    png: Mapped[bytes] = mapped_column(LargeBinary)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)


class OutboxMessage(Base):
    """A message to deliver at least once; `dedupe_key` makes enqueueing idempotent."""

    __tablename__ = "outbox"
    __table_args__ = (
        UniqueConstraint("dedupe_key"),
        Index(None, "status", "next_attempt_at"),
        one_of("platform", Platform),
        one_of("status", OutboxStatus),
    )

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))
    dedupe_key: Mapped[str] = mapped_column(String(200))
    platform: Mapped[Platform] = mapped_column(StrEnumType(Platform))
    # {"kind": "channel" | "dm" | "ephemeral", ...platform ids}
    target: Mapped[dict[str, Any]]
    # Platform-neutral text blocks; the image travels by image_id.
    payload: Mapped[dict[str, Any]]
    image_id: Mapped[int | None] = mapped_column(ForeignKey("images.id", ondelete="SET NULL"))
    status: Mapped[OutboxStatus] = mapped_column(
        StrEnumType(OutboxStatus), default=OutboxStatus.PENDING
    )
    attempts: Mapped[int] = mapped_column(Integer, default=0)
    next_attempt_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_error: Mapped[str | None] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(default=utcnow)
    sent_at: Mapped[datetime | None]
    # Who to tell when it cannot be delivered and in which words: {"what": ..., "sender":
    # user id or null, "notice": true for a report of another failure}; see the service's
    # outbox.queue.About.
    about: Mapped[dict[str, Any] | None]
    # Why the platform refused it for good (the service's failures.Refusal), once given up.
    refusal: Mapped[str | None] = mapped_column(String(24))
    # How many times a deliverer took it: taken before, some of it may already be out.
    claims: Mapped[int] = mapped_column(Integer, default=0, server_default=text("0"))
    # When it was given up (status failed): what `dipgm status` counts as a day's failures.
    failed_at: Mapped[datetime | None]

    def __repr__(self) -> str:
        return f"<OutboxMessage {self.id} {self.dedupe_key!r} {self.status}>"


class WorkerBeat(Base):
    """A running bot process (a worker): it writes its row every few seconds while its event
    loop turns, with when its alarm clock last ran, and marks it stopped on a clean stop.
    `dipgm status` tells which workers are alive from these rows."""

    __tablename__ = "workers"

    id: Mapped[int] = mapped_column(primary_key=True)
    host: Mapped[str] = mapped_column(String(255))
    pid: Mapped[int] = mapped_column(Integer)
    # The front ends it serves, comma-separated: "slack,discord" or "console".
    platforms: Mapped[str] = mapped_column(String(ID))
    started_at: Mapped[datetime] = mapped_column(default=utcnow)
    beat_at: Mapped[datetime] = mapped_column(default=utcnow)
    last_run_at: Mapped[datetime | None]
    stopped_at: Mapped[datetime | None]


class AuditEntry(Base):
    __tablename__ = "audit"
    __table_args__ = (Index(None, "game_id", "at"),)

    id: Mapped[int] = mapped_column(primary_key=True)
    game_id: Mapped[int | None] = mapped_column(ForeignKey("games.id", ondelete="SET NULL"))
    actor: Mapped[str] = mapped_column(String(ID))
    action: Mapped[str] = mapped_column(String(64))
    detail: Mapped[dict[str, Any]] = mapped_column(default=dict)
    at: Mapped[datetime] = mapped_column(default=utcnow)
