"""Direct messages to one power's players: its power at the start, what it must do in a
retreat or adjustment phase (with its own results and the results map), and reminders. Each
names only that power's own units and orders; each carries the buttons of :mod:`buttons`."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.effects import Deadline, Image, Line, Message, Section
from bot.service.words import buttons
from bot.service.words.accounts import accounts_text, adjustments_left, kept_apart
from bot.service.words.english import plural
from bot.service.words.labels import phase_label, power_name
from engine import (
    Adjustment,
    Move,
    PhaseKind,
    Position,
    Rules,
    adjustment,
    format_order,
    legal_orders,
)


def _as_clause(sentence: str) -> str:
    """``Units without orders hold.`` -> ``units without orders hold``."""
    return sentence[0].lower() + sentence[1:].rstrip(".")


# What happens to what a power leaves unordered, by phase kind.
_DEFAULTS = {
    PhaseKind.MOVEMENT: "Units without orders hold.",
    PhaseKind.RETREATS: "A dislodged unit without an order disbands.",
    PhaseKind.ADJUSTMENTS: "Builds not ordered are waived; removals not ordered follow the "
    "civil-disorder rule.",
}


def _example_moves(position: Position, power: str) -> str:
    """A line of orders a new player could copy: a move for up to three of their units, each
    to a different empty province."""
    taken = {u.province for _, u in position.all_units()}
    examples: list[str] = []
    for unit in position.units.get(power, ())[:3]:
        for order in legal_orders(position, unit.province):
            if isinstance(order, Move) and not order.via_convoy:
                target = order.dest.split("/")[0]
                if target not in taken:
                    taken.add(target)
                    examples.append(format_order(order))
                    break
    return "; ".join(examples)


def victory_line(rules: Rules) -> str:
    """How the game is won, as the variant's rules have it."""
    when = "every phase" if rules.checked_every_phase else "each Fall"
    return f"To win: {rules.describe()}, counted after {when}."


def how_to_order(game_name: str, several_games: bool) -> Line:
    if several_games:
        return Line(
            f"You play in several games: start each command with `game {game_name}`, "
            f"e.g. `game {game_name} orders`."
        )
    return Line("`orders` shows what you have given, `possible` what your units may do.")


def units_text(position: Position, power: str) -> str:
    """A power's units as a DM lists them: ``A PAR, F BRE``; on a board of territories and
    port sectors (Diplomacia's), whose area codes few know by heart, with each area's name:
    ``A KAR (Karelia), F GFI (Gulf of Finland)``."""
    units = position.units.get(power, ())
    if not position.variant.ports:
        return ", ".join(str(u) for u in units)
    names = position.variant.province_name
    return ", ".join(f"{u} ({names(u.province)})" for u in units)


def welcome(
    game_name: str,
    position: Position,
    power: str,
    deadline: Deadline,
    *,
    several_games: bool,
) -> Message:
    """The DM each player gets when the game starts."""
    name = power_name(position, power)
    units = units_text(position, power)
    example = _example_moves(position, power)
    lines = [
        Line(f"Your units: {units}"),
        Line(f"Send your orders for {phase_label(position.phase)} to me here, for example:"),
        Line(f"order {example}", code=True),
        how_to_order(game_name, several_games),
        Line(victory_line(position.variant.rules)),
    ]
    return Message(
        title=f"{game_name}: you play {name}",
        sections=(Section(None, tuple(lines)),),
        deadline=deadline,
        buttons=buttons.to_act(game_name),
    )


def handover(
    game_name: str,
    position: Position,
    power: str,
    given: Sequence[str],
    deadline: Deadline | None,
    *,
    several_games: bool,
    team: bool = False,
) -> Message:
    """The DM a player gets when the game master hands them a power in a running game, or
    (``team``) when its team accepted them."""
    name = power_name(position, power)
    units = units_text(position, power) or "none"
    centres = ", ".join(sorted(position.centers.get(power, ()))) or "none"
    how = (
        f"You joined {name}'s team in {phase_label(position.phase)}: you command it with "
        "its other members."
        if team
        else f"The game master handed {name} to you in {phase_label(position.phase)}."
    )
    lines = [
        Line(how),
        Line(f"Your units: {units}"),
        Line(f"Your supply centres: {centres}"),
        *_retreat_lines(position, power),
        *_adjustment_lines(position, power),
    ]
    orders = Section(
        "Orders on file for your power this phase",
        tuple(Line(text, code=True) for text in given)
        or (Line(f"None yet ({_as_clause(_DEFAULTS[position.phase.kind])})."),),
    )
    last = Section(None, (how_to_order(game_name, several_games),))
    return Message(
        title=f"{game_name}: you now play {name}",
        sections=(Section(None, tuple(lines)), orders, last),
        deadline=deadline,
        buttons=buttons.to_act(game_name),
    )


def has_choices(position: Position, power: str) -> bool:
    """Whether :func:`choices` has anything to tell ``power``: after most phases, nobody."""
    return bool(_retreat_lines(position, power) or _adjustment_lines(position, power))


def choices(
    game_name: str,
    position: Position,
    power: str,
    deadline: Deadline,
    *,
    several_games: bool = False,
    results: Section | None = None,
    image: Image | None = None,
) -> Message | None:
    """What a power must decide in a retreat or adjustment phase; None if nothing.

    ``results``: the power's own orders of the phase just resolved with their outcomes, and
    ``image`` the results map, so the message tells the whole story without the channel."""
    lines = _retreat_lines(position, power) or _adjustment_lines(position, power)
    if not lines:
        return None
    if several_games:
        lines.append(how_to_order(game_name, several_games))
    title = f"{game_name}: {phase_label(position.phase)} — {power_name(position, power)} to act"
    return Message(
        title=title,
        sections=(*_given(results), Section(None, tuple(lines))),
        deadline=deadline,
        image=image,
        buttons=buttons.to_act(game_name),
    )


def conditional_applied(
    game_name: str,
    position: Position,
    power: str,
    orders: Sequence[str],
    deadline: Deadline,
    *,
    complete: bool,
    several_games: bool = False,
    results: Section | None = None,
    image: Image | None = None,
) -> Message:
    """What a power's conditional orders did when its retreat or adjustment phase opened;
    when they did not cover everything, with what is still to decide. ``results`` and
    ``image`` as for :func:`choices`.

    The conditional orders are the power's own secret until this phase resolves: the message
    goes to that power's players alone."""
    label = phase_label(position.phase)
    applied = Section(
        "Applied from your conditional orders", tuple(Line(o, code=True) for o in orders)
    )
    rest = _retreat_lines(position, power) or _adjustment_lines(position, power)
    if complete:
        lines = [Line(f"These are your orders for {label}; `order` still changes them.")]
    else:
        lines = [Line("Your conditional orders did not cover everything: order the rest."), *rest]
    if several_games:
        lines.append(how_to_order(game_name, several_games))
    return Message(
        title=f"{game_name}: {label} — {power_name(position, power)}",
        sections=(*_given(results), applied, Section(None, tuple(lines))),
        deadline=deadline,
        image=image,
        buttons=buttons.orders_in(game_name) if complete else buttons.to_act(game_name),
    )


def _given(results: Section | None) -> tuple[Section, ...]:
    return () if results is None else (results,)


def _retreat_lines(position: Position, power: str) -> list[Line]:
    lines: list[Line] = []
    for d in position.dislodged:
        if d.power != power:
            continue
        if d.retreats:
            lines.append(Line(f"{d.unit} was dislodged: it may retreat to {', '.join(d.retreats)}"))
            lines.append(Line(f"order {d.unit} R {d.retreats[0]}   or   order {d.unit} D"))
        else:
            lines.append(Line(f"{d.unit} was dislodged and can only disband: order {d.unit} D"))
    return lines


def _adjustment_lines(position: Position, power: str) -> list[Line]:
    if position.phase.kind is not PhaseKind.ADJUSTMENTS:
        return []
    owed = adjustment(position, power)
    if kept_apart(owed):
        return _accounts_lines(position, owed)
    removable = owed.removable(position.units.get(power, ()))
    if removable:
        listed = ", ".join(str(u) for u in removable)
        return [
            Line(f"You must remove {plural(owed.removals, 'unit')}. Your units: {listed}"),
            Line(f"order remove {removable[-1]}", code=True),
        ]
    if not owed.builds:
        return []
    free = owed.sites()
    return [
        Line(f"You may build {plural(owed.builds, 'unit')} in {', '.join(free)}."),
        _build_example(position, free[0]),
    ]


def _accounts_lines(position: Position, owed: Adjustment) -> list[Line]:
    """Accounts settled each on its own (Diplomacia's control evaluation): every account,
    and an order to start from."""
    if not any(a.owed for a in owed.accounts):
        return []
    lines = [Line(f"Your accounts: {accounts_text(position, owed.power)}.")]
    removable = owed.removable(position.units.get(owed.power, ()))
    sites = owed.sites()
    if removable:
        lines.append(Line(f"order remove {removable[-1]}", code=True))
    if sites:
        lines.append(_build_example(position, sites[0]))
    return lines


def _build_example(position: Position, site: str) -> Line:
    """A build to start from: the first the rules allow at ``site``."""
    example = format_order(legal_orders(position, site)[0])
    return Line(f"order {example}   (`order waive` gives up a build)", code=True)


def reminder(
    game_name: str,
    position: Position,
    power: str,
    missing: Sequence[str],
    deadline: Deadline,
    *,
    several_games: bool = False,
) -> Message:
    """A nudge to a power that still owes orders, naming what is missing."""
    kind = position.phase.kind
    if kind is PhaseKind.ADJUSTMENTS and missing:
        what = adjustments_left(missing)
    else:
        what = ", ".join(missing)
    lines = [
        Line(f"{power_name(position, power)} still has no orders for: {what}"),
        *_accounts_reminder(position, power),
        Line(f"{_DEFAULTS[kind]} Send `order ...`, or `ready` if that is fine."),
    ]
    if several_games:
        lines.append(how_to_order(game_name, several_games))
    return Message(
        title=f"{game_name}: reminder — {phase_label(position.phase)}",
        sections=(Section(None, tuple(lines)),),
        deadline=deadline,
        buttons=buttons.reminder(game_name),
    )


def _accounts_reminder(position: Position, power: str) -> list[Line]:
    if position.phase.kind is not PhaseKind.ADJUSTMENTS:
        return []
    if not kept_apart(adjustment(position, power)):
        return []
    return [Line(f"Your accounts: {accounts_text(position, power)}.")]
