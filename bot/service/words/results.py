"""What players read once a phase has resolved: the results in the channel, one power's own
results for its direct message, and the history of a past phase.

Pure functions from engine values to :class:`~bot.service.effects.Message` values; the caller
decides who sees them. Powers are named by the variant's display names and nothing here ever
knows a player, so a message is the same whether the game is anonymous or not.

Secrecy: these are the only messages that show every power's orders, and they are built from
a :class:`~engine.Resolution`, which exists only once the phase has resolved."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.service.effects import Line, Message, Section
from bot.service.words.accounts import accounts_text, has_ports, kept_apart
from bot.service.words.english import and_list, plural
from bot.service.words.labels import FAILED, OK, phase_label, power_name
from bot.service.words.power_state import alive, unit_key
from engine import (
    Order,
    OrderResult,
    Outcome,
    PhaseKind,
    Position,
    Resolution,
    Retreat,
    Victory,
    adjustment,
    centres_change,
    format_order,
)
from engine.orders import order_unit

# Whether an ordered unit got what its order asked for; marks are for orders only, a default
# the engine applied (no order given) gets a plain word.
_SUCCEEDED = frozenset(
    {
        Outcome.MOVED,
        Outcome.HELD,
        Outcome.SUPPORTED,
        Outcome.CONVOYED,
        Outcome.SEIZED,
        Outcome.RETREATED,
        Outcome.DISBANDED,
        Outcome.BUILT,
        Outcome.REMOVED,
        Outcome.WAIVED,
    }
)


# Names -------------------------------------------------------------------------------


# What a power still has to order ------------------------------------------------------


# Results -----------------------------------------------------------------------------


def _retreat_text(retreats: Sequence[str]) -> str:
    return f"may retreat to {', '.join(retreats)}"


def _result_line(result: OrderResult, retreats: Mapping[tuple[str, str], Sequence[str]]) -> str:
    """One order with what became of it, e.g. ``A PAR - BUR  ✓ moved``."""
    outcome = result.outcome
    word = outcome.value
    if outcome is Outcome.DISLODGED and result.unit is not None:
        options = retreats.get((result.power, result.unit.province), ())
        word += f" ({_retreat_text(options)})"
    elif outcome is Outcome.DESTROYED:
        word += " (dislodged with nowhere to retreat)"
    elif outcome is Outcome.BOUNCED and isinstance(result.order, Retreat):
        word += " (retreat failed: disbanded)"
    elif result.reason:
        word += f": {result.reason}"
    if result.order is None:
        if result.reason:
            return f"{result.key}  {outcome.value} ({result.reason})"
        defaults = {
            Outcome.DISBANDED: "disbanded (no retreat order)",
            Outcome.REMOVED: "removed (no removal order: civil-disorder rule)",
        }
        return f"{result.key}  {defaults.get(outcome, f'{FAILED} {word}')}"
    mark = OK if outcome in _SUCCEEDED else FAILED
    return f"{result.order_text}  {mark} {word}"


def _retreat_options(resolution: Resolution) -> dict[tuple[str, str], tuple[str, ...]]:
    after = resolution.position
    if after.phase.kind is not PhaseKind.RETREATS or resolution.winners:
        return {}
    return {(d.power, d.unit.province): d.retreats for d in after.dislodged}


def _power_sections(
    before: Position,
    resolution: Resolution,
    orders: Mapping[str, Sequence[Order]] | None,
) -> list[Section]:
    retreats = _retreat_options(resolution)
    by_power: dict[str, list[tuple[str, str]]] = {}
    for result in resolution.results:
        by_power.setdefault(result.power, []).append((result.key, _result_line(result, retreats)))
    sections: list[Section] = []
    for power in before.variant.powers:
        lines = by_power.get(power, [])
        kind = before.phase.kind
        if kind is PhaseKind.MOVEMENT:
            if not alive(before, power):
                continue
            reported = {r.unit.province for r in resolution.results if r.power == power and r.unit}
            for unit in before.units.get(power, ()):
                if unit.province not in reported:
                    lines.append((unit_key(unit), f"{unit}  held (no order)"))
        elif kind is PhaseKind.ADJUSTMENTS:
            lines.extend(("~", text) for text in _unused_builds(before, resolution, power))
        if orders is not None:
            lines.extend(_superseded(resolution, power, orders.get(power, ())))
        if not lines:
            if kind is PhaseKind.MOVEMENT:
                lines.append(("", "no units"))
            else:
                continue
        lines.sort(key=lambda pair: pair[0])
        sections.append(
            Section(power_name(before, power), tuple(Line(t, code=True) for _, t in lines))
        )
    return sections


def _unused_builds(before: Position, resolution: Resolution, power: str) -> list[str]:
    accounts = adjustment(before, power)
    # builds with nowhere to go are not owed where accounts are kept apart: what each
    # account could have raised
    owed = accounts.builds if kept_apart(accounts) else accounts.owed
    if owed <= 0:
        return []
    used = sum(
        r.power == power and r.outcome in (Outcome.BUILT, Outcome.WAIVED)
        for r in resolution.results
    )
    left = owed - used
    if left <= 0:
        return []
    return [f"{plural(left, 'build')} not ordered (waived)"]


def _superseded(
    resolution: Resolution, power: str, given: Sequence[Order]
) -> list[tuple[str, str]]:
    """Orders given that have no result of their own: a later order replaced them."""
    used = {r.order for r in resolution.results if r.power == power and r.order is not None}
    out: list[tuple[str, str]] = []
    for order in given:
        if order not in used:
            unit = order_unit(order)
            key = unit_key(unit) if unit is not None else "~"
            note = "not used: a later order for this unit replaced it"
            out.append((key, f"{format_order(order)}  – {note}"))
    return out


def _dislodged_section(before: Position, resolution: Resolution) -> Section | None:
    retreats = _retreat_options(resolution)
    lines: list[Line] = []
    for result in resolution.results:
        if result.unit is None:
            continue
        who = f"{power_name(before, result.power)}: {result.unit}"
        if result.outcome is Outcome.DISLODGED:
            options = retreats.get((result.power, result.unit.province), ())
            lines.append(Line(f"{who} — {_retreat_text(options)}"))
        elif result.outcome is Outcome.DESTROYED:
            lines.append(Line(f"{who} — destroyed (nowhere to retreat)"))
    return Section("Dislodged", tuple(lines)) if lines else None


def _centres_settled(before: Position, resolution: Resolution) -> bool:
    """Whether this step could change who owns supply centres (:func:`engine.centres_change`),
    and no retreat is left before they are counted."""
    if not centres_change(before):
        return False
    return bool(resolution.winners) or resolution.position.phase.kind is not PhaseKind.RETREATS


def _centre_sections(before: Position, resolution: Resolution) -> list[Section]:
    after = resolution.position
    owner_before = {c: p for p, cs in before.centers.items() for c in cs}
    owner_after = {c: p for p, cs in after.centers.items() for c in cs}
    changes: list[Line] = []
    for centre in sorted(before.variant.supply_centers):
        old, new = owner_before.get(centre), owner_after.get(centre)
        if old != new:
            was = power_name(before, old) if old else "neutral"
            now = power_name(before, new) if new else "neutral"
            changes.append(Line(f"{centre}: {was} → {now}", code=True))
    if not changes:
        changes.append(Line("No supply centres changed hands."))
    counts: list[tuple[int, str, str]] = []
    for power in before.variant.powers:
        if not (alive(before, power) or alive(after, power)):
            continue
        n = len(after.centers.get(power, ()))
        diff = n - len(before.centers.get(power, ()))
        text = f"{power_name(before, power)}: {plural(n, 'centre')}"
        if diff:
            text += f" ({diff:+d})"
        if has_ports(after, power):
            ports = len(after.ports_of(power))
            text += f", {plural(ports, 'port')}"
            gained = ports - len(before.ports_of(power))
            if gained:
                text += f" ({gained:+d})"
        if not alive(after, power):
            text += ", eliminated"
        counts.append((-n, power_name(before, power), text))
    return [
        Section("Supply centre changes", tuple(changes)),
        Section("Supply centres", tuple(Line(t) for _, _, t in sorted(counts))),
    ]


def _adjustment_line(position: Position, power: str) -> str | None:
    name = power_name(position, power)
    owed = adjustment(position, power)
    if kept_apart(owed):
        if not any(a.owed for a in owed.accounts):
            return None
        return f"{name}: {accounts_text(position, power)}"
    delta = owed.owed
    if delta < 0:
        return f"{name} must remove {plural(-delta, 'unit')}"
    if delta == 0:
        return None
    free = owed.sites()
    builds = plural(delta, "build")
    if not free:
        return f"{name} has {builds} but no free home centre"
    where = ", ".join(free)
    if len(free) < delta:
        return f"{name} has {builds} but only {plural(len(free), 'free home centre')}: {where}"
    return f"{name} may build {delta} (free home centres: {where})"


def _next_section(resolution: Resolution) -> Section:
    after = resolution.position
    title = f"Next: {phase_label(after.phase)}"
    lines: list[Line] = []
    if after.phase.kind is PhaseKind.RETREATS:
        for power in after.variant.powers:
            units = [str(d.unit) for d in after.dislodged if d.power == power]
            if units:
                lines.append(
                    Line(f"{power_name(after, power)} must retreat or disband {', '.join(units)}")
                )
    elif after.phase.kind is PhaseKind.ADJUSTMENTS:
        for power in after.variant.powers:
            line = _adjustment_line(after, power)
            if line is not None:
                lines.append(Line(line))
    elif resolution.phase.settles_centres and resolution.phase.is_turn:
        lines.append(Line("No control evaluation: no power has a unit to raise or remove."))
    elif resolution.phase.settles_centres:
        lines.append(Line("No builds or removals this winter."))
    return Section(title, tuple(lines))


def _winner_section(resolution: Resolution) -> Section:
    after = resolution.position
    winners = resolution.winners
    rules = after.variant.rules
    if rules.victory is Victory.CENTRES:
        n = sum(len(after.centers.get(p, ())) for p in winners)
        strength = plural(n, "supply centre")
    else:
        n = sum(len(after.units.get(p, ())) for p in winners)
        total = sum(len(us) for us in after.units.values())
        strength = f"{plural(n, 'unit')} of the {total} on the board"
    names = and_list([power_name(after, p) for p in winners])
    if len(winners) == 1:
        text = f"{names} wins with {strength}!"
    else:
        text = f"{names} win with {strength} between them!"
    return Section("Game over", (Line(text, emphasis=True),))


def _by_vote(position: Position, votes: Mapping[str, str]) -> dict[str, list[str]]:
    """The powers' names by what they voted, in the board's order of powers."""
    kinds: dict[str, list[str]] = {}
    for power in position.variant.powers:
        vote = votes.get(power)
        if vote:
            kinds.setdefault(vote.strip(), []).append(power_name(position, power))
    return kinds


def _votes_section(position: Position, votes: Mapping[str, str]) -> Section | None:
    kinds = _by_vote(position, {p: v.lower() for p, v in votes.items()})
    if not kinds:
        return None
    lines = tuple(
        Line(f"{kind.capitalize()}: {', '.join(names)}") for kind, names in sorted(kinds.items())
    )
    return Section("Votes", lines)


def _lapsed_lines(position: Position, lapsed: Mapping[str, str]) -> tuple[Line, ...]:
    return tuple(
        Line(f"Not enough votes to {wish}: {and_list(names)} voted for it.")
        for wish, names in sorted(_by_vote(position, lapsed).items())
    )


def _summary(
    before: Position,
    resolution: Resolution,
    orders: Mapping[str, Sequence[Order]] | None,
) -> list[Section]:
    sections = _power_sections(before, resolution, orders)
    dislodged = _dislodged_section(before, resolution)
    if dislodged is not None:
        sections.append(dislodged)
    if _centres_settled(before, resolution):
        sections.extend(_centre_sections(before, resolution))
    return sections


def results_message(
    before: Position,
    resolution: Resolution,
    *,
    game_name: str,
    anonymous: bool = False,
    votes: Mapping[str, str] | None = None,
    lapsed: Mapping[str, str] | None = None,
    ending: str | None = None,
) -> Message:
    """The public announcement once a phase has resolved.

    ``anonymous`` changes nothing here: powers are all this message ever names, and the
    caller is the one who could add players to it. ``votes`` (power -> ``draw`` /
    ``surrender``) are reported by power, and ``lapsed`` (power -> what its players' vote to
    change the schedule asked, which did not pass) with them. ``ending``: the game ended other
    than by the engine's victory count (a draw, a surrender, the agreed end), said so.
    """
    sections = _summary(before, resolution, None)
    if resolution.winners:
        sections.append(_winner_section(resolution))
    elif ending is not None:
        sections.append(Section("Game over", (Line(ending, emphasis=True),)))
    else:
        sections.append(_next_section(resolution))
    section = _votes_section(before, votes or {})
    if section is not None and ending is None and "draw" in (votes or {}).values():
        note = Line("A draw needs the vote of every power still playing: not this time.")
        section = Section(section.title, (*section.lines, note))
    lapsed_lines = _lapsed_lines(before, lapsed or {})
    if lapsed_lines:
        section = Section("Votes", (*(section.lines if section else ()), *lapsed_lines))
    if section is not None:
        sections.append(section)
    title = f"{phase_label(resolution.phase)} — results"
    if game_name:
        title = f"{game_name}: {title}"
    return Message(title=title, sections=tuple(sections))


def power_results(before: Position, resolution: Resolution, power: str) -> Section | None:
    """One power's orders of a resolved phase with what became of them, for that power's own
    direct message (the same lines :func:`results_message` shows everyone); None if it had
    nothing to order."""
    name = power_name(before, power)
    for section in _power_sections(before, resolution, None):
        if section.title == name:
            return Section(f"Your orders in {phase_label(resolution.phase)}", section.lines)
    return None


def history_message(
    before: Position, orders: Mapping[str, Sequence[Order]], resolution: Resolution
) -> Message:
    """All orders and results of a past phase; ``orders`` are the orders as given, so one
    replaced by a later order for the same unit is shown too."""
    sections = _summary(before, resolution, orders)
    if resolution.winners:
        sections.append(_winner_section(resolution))
    title = f"{phase_label(resolution.phase)} — orders and results"
    return Message(title=title, sections=tuple(sections))


# Orders of one power -----------------------------------------------------------------


# Status ------------------------------------------------------------------------------
