"""What a power may order now, unit by unit: the menus a front end offers instead of typing.

Only the requester's own units are listed, so nothing here tells one power about another's
orders; the choices are the engine's legal orders in canonical notation, which the `order`
command reads back as they are.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy.ext.asyncio import AsyncSession, async_sessionmaker

from bot.service.commands.turns import Turn
from bot.service.context import Command, Context, Deps
from bot.service.effects import Actor, Place, Request
from bot.service.errors import UserError
from bot.store import Store
from engine import (
    PhaseKind,
    Position,
    Waive,
    adjustment,
    format_order,
    legal_orders,
    units_to_order,
)

Choices = list[tuple[str, list[str]]]


@dataclass(frozen=True, slots=True)
class OrderForm:
    """The menus of a power in one phase. A front end keeps ``phase`` (``S1901M``) in the form
    it shows and sends it back with what is chosen (:attr:`bot.service.Request.phase`), so a
    form left open past its phase is refused rather than read in another."""

    phase: str
    choices: Choices


async def order_form(
    sessions: async_sessionmaker[AsyncSession],
    deps: Deps,
    actor: Actor,
    place: Place,
    game: str | None = None,
) -> OrderForm:
    """(unit, its legal orders) for each unit or build site of the actor's power in the game
    the place means (or the one named), in the phase open now; raises :class:`UserError`
    saying why there is none."""
    async with sessions() as session:
        ctx = Context(
            store=Store(session, deps.clock),
            request=Request(actor, place, "order"),
            command=Command("order", "", game=game),
            deps=deps,
            now=deps.clock(),
        )
        # `writing`: once orders have closed, the menus would only lead to a refusal.
        turn = await Turn.of(ctx, writing=True)
    found = choices_for(turn.position, turn.power)
    if not found:
        raise UserError("You have nothing to order in this phase.")
    return OrderForm(turn.phase.name, found)


def choices_for(position: Position, power: str) -> Choices:
    """The menus of one power in a position, its units in their listed order: each unit it
    gives an order to now (:func:`engine.units_to_order`) and, in an adjustment phase, each
    place it may raise a unit in; each with the engine's legal orders there."""
    units = [(str(u), u.province) for u in units_to_order(position, power)]
    if position.phase.kind is not PhaseKind.ADJUSTMENTS:
        return _listed(position, units)
    waive = format_order(Waive())
    sites = _listed(position, [(area, area) for area in adjustment(position, power).sites()])
    return [
        *_listed(position, units),
        *((f"Build in {area}", [*orders, waive]) for area, orders in sites),
    ]


def _listed(position: Position, places: list[tuple[str, str]]) -> Choices:
    found: Choices = []
    for label, province in places:
        orders = [format_order(o) for o in legal_orders(position, province)]
        if orders:
            found.append((label, orders))
    return found
