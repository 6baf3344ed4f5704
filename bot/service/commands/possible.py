"""`possible`: what the requester's units may do, from the engine's legal orders."""

from __future__ import annotations

from bot.service.arguments import Argument, Kind, Suggest
from bot.service.commands.ordering import unit_name
from bot.service.commands.spec import CommandSpec
from bot.service.commands.turns import Turn
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.options.fewer_players import commanded
from bot.service.words.english import plural
from bot.service.words.labels import phase_label
from engine import (
    Build,
    Disband,
    Hold,
    Move,
    PhaseKind,
    Position,
    Retreat,
    adjustment,
    format_order,
    legal_orders,
    units_to_order,
)

# Orders `possible` lists for a whole power: the ones a player weighs first.
_PLAIN = (Hold, Move, Retreat, Disband, Build)
# `possible <province>` can run to hundreds of supports and convoys; enough to choose from.
_MOST = 80


async def possible(ctx: Context) -> list[Reply]:
    turns = await Turn.all(ctx)
    province = ctx.values.province("unit", turns[0].position.variant)
    if province is not None:
        mine = [t for t in turns if province in _places(t.position, t.power)]
        return [ctx.private(_possible_in(mine[0] if mine else turns[0], province))]
    replies = [ctx.private(_possible_all(turn)) for turn in turns]
    return replies


POSSIBLE = CommandSpec(
    "possible",
    "possible [province]",
    "What your units may do: every move, or every order for the unit in one province.",
    possible,
    (),
    ("possible", "possible MAR"),
    arguments=(
        Argument(
            "unit",
            "One unit or province: every order it may be given",
            Kind.UNIT,
            suggest=Suggest.UNITS,
        ),
    ),
    reschedules=False,
)


def _possible_all(turn: Turn) -> Message:
    position, power = turn.position, turn.power
    lines: list[Line] = []
    for place in _places(position, power):
        plain = [o for o in legal_orders(position, place) if isinstance(o, _PLAIN)]
        if not plain:
            continue
        unit = unit_name(plain[0]) if not isinstance(plain[0], Build) else f"in {place}"
        choices = " | ".join(_short(format_order(o), unit) for o in plain)
        lines.append(Line(f"{unit}: {choices}", code=True))
    if not lines:
        lines.append(Line("You have nothing to order in this phase."))
    lines.append(Line("`possible <province>` lists every order for one unit, supports too."))
    title = f"{phase_label(turn.phase.name)}: what your units may do"
    if len(commanded(turn.game.settings, turn.power)) > 1:
        title = f"{turn.name} — {title}"
    return Message(title=title, sections=(Section(None, tuple(lines)),))


def _places(position: Position, power: str) -> list[str]:
    """Where the power has something to order now (:func:`engine.units_to_order`), and in an
    adjustment phase where it may raise a unit."""
    units = [u.province for u in units_to_order(position, power)]
    if position.phase.kind is PhaseKind.ADJUSTMENTS:
        return [*units, *adjustment(position, power).sites()]
    return units


def _short(text: str, unit: str) -> str:
    return text.removeprefix(unit).strip() or text


def _possible_in(turn: Turn, province: str) -> Message:
    position, power = turn.position, turn.power
    if province not in _places(position, power):
        mine = ", ".join(sorted(_places(position, power))) or "none"
        raise UserError(
            f"You have nothing to order in {province} this phase (your places: {mine})."
        )
    options = [format_order(o) for o in legal_orders(position, province)]
    lines = [Line(text, code=True) for text in options[:_MOST]]
    if len(options) > _MOST:
        lines.append(Line(f"... and {len(options) - _MOST} more supports and convoys."))
    count = plural(len(options), "possible order")
    title = f"{phase_label(turn.phase.name)}: {count} in {province}"
    return Message(title=title, sections=(Section(None, tuple(lines)),))
