"""The requester's power in the open phase of a game: :class:`Turn`, shared by the commands
that give or read its orders and votes (`order`, `orders`, `possible`, `ready`, `draw`...).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.service.context import Context
from bot.service.effects import Line, Section
from bot.service.errors import UserError
from bot.service.options.game_options import GameOptions
from bot.service.options.teams import Teams
from bot.service.stored_orders import (
    base_key,
    is_proposal,
    members_among,
    proposal_key,
    read_orders,
)
from bot.service.team_votes import member_power
from bot.service.turn import opening
from bot.service.words import buttons
from bot.service.words.accounts import adjustments_left
from bot.service.words.labels import form_is_over, phase_label, power_name
from bot.service.words.order_lists import convoy_warnings
from bot.store import Game, OrderKind, Phase, PowerStatus
from bot.store import Order as OrderRow
from engine import Order, PhaseKind, Position, still_to_order


class Turn:
    """The requester's power in the open phase of a game, with its current orders."""

    def __init__(
        self,
        game: Game,
        phase: Phase,
        position: Position,
        power: str,
        member: int | None = None,
        rows: list[OrderRow] | None = None,
    ) -> None:
        self.game = game
        self.phase = phase
        self.position = position
        self.power = power
        # The requester's player number where the team must agree (`teams=all`): what they
        # order is their proposal, filed under it. None: their orders are the power's.
        self.member = member
        # The power's order rows as read with the phase, for the first look at them.
        self._rows_read = rows

    @classmethod
    async def of(cls, ctx: Context, *, writing: bool = False) -> Turn:
        """The requester's (first) power; see :meth:`all` for a player of several."""
        return (await cls.all(ctx, writing=writing))[0]

    @classmethod
    async def all(cls, ctx: Context, *, writing: bool = False) -> list[Turn]:
        """One turn for each power the requester commands (several only when fewer than
        seven play); ``writing`` leaves out powers out of the game, refusing if all are."""
        game = await ctx.game()
        powers = await ctx.powers(game)
        rows: dict[str, list[OrderRow]] | None = None
        if writing:
            phase, position, statuses, rows = await ctx.open_phase_with_powers(game, powers)
        else:
            phase, position = await ctx.open_phase(game)
        _require_form_of(ctx, game, phase)
        if writing:
            active = [
                p for p in powers if statuses.get(p, PowerStatus.PLAYING) == PowerStatus.PLAYING
            ]
            if not active:
                await require_playing(ctx, game, position, powers[0])
            powers = active or powers
        close, due = phase.orders_close_at, phase.deadline
        if writing and close is not None and due is not None and ctx.now > close:
            zone = ctx.zone(game)
            raise UserError(
                f"Orders for {phase_label(phase.name)} closed at "
                f"{opening.when(close, zone, ctx.now)}; "
                f"the phase is adjudicated {opening.when(due, zone, ctx.now)}."
            )
        member = None
        if GameOptions.of_game(game).teams is Teams.ALL:
            player = await ctx.membership(game)
            member = None if player is None else player.id
        return [
            cls(game, phase, position, power, member, None if rows is None else rows[power])
            for power in powers
        ]

    @property
    def name(self) -> str:
        return power_name(self.position, self.power)

    @property
    def voter(self) -> str:
        """What the requester's readiness and votes for the power are filed under."""
        return member_power(self.power, self.member)

    def file_key(self, key: str) -> str:
        """The key the requester's order for ``key`` is stored under."""
        return key if self.member is None else proposal_key(key, self.member)

    async def rows(self, ctx: Context) -> dict[str, str]:
        """unit key -> canonical order text, as stored: the requester's own proposals where
        the team must agree."""
        return self.own(await self.order_rows(ctx))

    async def order_rows(self, ctx: Context) -> list[OrderRow]:
        """The power's stored orders (not the conditional ones), in the order first given."""
        return await ctx.store.orders_of_phase(
            self.phase.id, power=self.power, kind=OrderKind.ORDER
        )

    async def first_order_rows(self, ctx: Context) -> list[OrderRow]:
        """:meth:`order_rows` for a command's first look at them, before it changes any: as
        read with the phase where they were (a command that writes reads them once)."""
        rows, self._rows_read = self._rows_read, None
        return rows if rows is not None else await self.order_rows(ctx)

    def own(self, rows: Sequence[OrderRow]) -> dict[str, str]:
        """Of the power's order ``rows``, the requester's as :meth:`rows` gives them."""
        if self.member is not None:
            rows = [
                r
                for r in rows
                if is_proposal(r) and r.unit_key == self.file_key(base_key(r.unit_key))
            ]
        return {base_key(row.unit_key): row.canonical_text or row.raw_text for row in rows}

    async def orders(
        self,
        ctx: Context,
        rows: Sequence[OrderRow] | None = None,
        known: Mapping[str, Order] | None = None,
    ) -> list[Order]:
        """The power's orders that count now; ``rows``: its order rows (kind ORDER) when the
        caller has them already; ``known``: stored key -> the order of a row the caller
        holds as a value (just read and stored), not read back from its text."""
        if rows is None:
            rows = await self.order_rows(ctx)
        members = members_among(await ctx.players(self.game))
        held = {(self.power, key): order for key, order in (known or {}).items()}
        return read_orders(self.position, rows, members, known=held).get(self.power, [])

    def still_missing(self, orders: Sequence[Order]) -> Section:
        missing = still_to_order(self.position, self.power, orders)
        if not missing:
            text = "Nothing is missing: every order is in."
        elif self.position.phase.kind is PhaseKind.ADJUSTMENTS:
            text = f"Still to order: {adjustments_left(missing)}"
        else:
            text = f"Units without orders: {', '.join(missing)}"
        return Section(None, (Line(text), *convoy_warnings(self.position, self.power, orders)))


def _require_form_of(ctx: Context, game: Game, phase: Phase) -> None:
    """A command sent from a form (menus opened earlier) acts only in the phase the form was
    opened for: once that phase is adjudicated, its choices mean another turn."""
    sent_from = ctx.request.phase
    if sent_from is not None and sent_from != phase.name:
        raise UserError(form_is_over(sent_from, phase.name), buttons=buttons.fresh_form(game.name))


async def require_playing(ctx: Context, game: Game, position: Position, power: str) -> None:
    """A power out of the game (surrendered, in civil disorder) gives no orders or votes."""
    state = (await ctx.store.power_statuses(game.id)).get(power, PowerStatus.PLAYING)
    name = power_name(position, power)
    if state == PowerStatus.SURRENDERED:
        raise UserError(f"{name} has surrendered: it gives no more orders in {game.name}.")
    if state == PowerStatus.CIVIL_DISORDER:
        raise UserError(
            f"{name} is in civil disorder: it gives no orders until the game master hands it "
            "to a player."
        )
