"""The words players read about a game: results, order echoes, order lists, status, history.

Pure functions from engine values to :class:`~bot.service.effects.Message` values; the caller
decides who sees them. Powers are named by the variant's display names and nothing here ever
knows a player, so a message is the same whether the game is anonymous or not.

Secrecy: only :func:`results_message`, :func:`history_message` and :func:`power_results` show
orders, and they are built from a :class:`~engine.Resolution`, which exists only once the phase
has resolved.
:func:`orders_message` and :func:`orders_echo` show one power its own orders.
:func:`status_lines` is public before the deadline and takes no orders at all.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence, Set
from typing import Protocol

from bot.service.effects import Line, Message, Section
from engine import (
    Build,
    Disband,
    Order,
    OrderError,
    OrderResult,
    Outcome,
    Phase,
    PhaseKind,
    Position,
    Resolution,
    Retreat,
    Season,
    Unit,
    Waive,
    format_order,
)
from engine.orders import order_unit

OK = "✓"
FAILED = "✗"
WARNING = "⚠"

# Whether an ordered unit got what its order asked for; marks are for orders only, a default
# the engine applied (no order given) gets a plain word.
_SUCCEEDED = frozenset(
    {
        Outcome.MOVED,
        Outcome.HELD,
        Outcome.SUPPORTED,
        Outcome.CONVOYED,
        Outcome.RETREATED,
        Outcome.DISBANDED,
        Outcome.BUILT,
        Outcome.REMOVED,
        Outcome.WAIVED,
    }
)


class OrderLineLike(Protocol):
    """What :func:`orders_echo` reads of an ``engine.parse.OrderLine``."""

    @property
    def text(self) -> str: ...

    @property
    def order(self) -> Order | None: ...

    @property
    def error(self) -> OrderError | None: ...


# Names -------------------------------------------------------------------------------


def power_name(position: Position, power: str) -> str:
    info = position.variant.power_info.get(power)
    return info.name if info is not None else power


def phase_label(phase: Phase) -> str:
    """``Spring 1901``, ``Fall 1901 retreats``, ``Winter 1901 adjustments``."""
    season = {Season.SPRING: "Spring", Season.FALL: "Fall", Season.WINTER: "Winter"}
    base = f"{season[phase.season]} {phase.year}"
    if phase.kind is PhaseKind.RETREATS:
        return f"{base} retreats"
    if phase.kind is PhaseKind.ADJUSTMENTS:
        return f"{base} adjustments"
    return base


def _plural(n: int, word: str, many: str | None = None) -> str:
    return f"{n} {word if n == 1 else many or word + 's'}"


def _centres(n: int) -> str:
    return _plural(n, "centre")


def _alive(position: Position, power: str) -> bool:
    return bool(
        position.units.get(power)
        or position.centers.get(power)
        or any(d.power == power for d in position.dislodged)
    )


def _unit_key(unit: Unit) -> str:
    return str(unit)


# What a power still has to order ------------------------------------------------------


def _free_homes(position: Position, power: str, taken: Iterable[str] = ()) -> list[str]:
    """Home centres the power owns and could build in now (empty, not already built on)."""
    owned = position.centers.get(power, frozenset())
    occupied = {u.province for _, u in position.all_units()} | set(taken)
    return [h for h in position.homes.get(power, ()) if h in owned and h not in occupied]


def _adjustment(position: Position, power: str) -> int:
    """Builds owed (positive) or removals owed (negative)."""
    return len(position.centers.get(power, ())) - len(position.units.get(power, ()))


def missing_orders(position: Position, power: str, orders: Sequence[Order]) -> list[str]:
    """What the power has yet to order this phase: unit keys (``A MUN``) in movement and
    retreat phases; in adjustments one ``build`` or ``removal`` per one still owed."""
    kind = position.phase.kind
    if kind is PhaseKind.ADJUSTMENTS:
        delta = _adjustment(position, power)
        if delta > 0:
            given = sum(isinstance(o, Build | Waive) for o in orders)
            possible = min(delta, len(_free_homes(position, power)))
            return ["build"] * max(0, possible - given)
        if delta < 0:
            given = sum(isinstance(o, Disband) for o in orders)
            return ["removal"] * max(0, -delta - given)
        return []
    covered = {u.province for o in orders if (u := order_unit(o)) is not None}
    if kind is PhaseKind.RETREATS:
        units: Iterable[Unit] = (d.unit for d in position.dislodged if d.power == power)
    else:
        units = position.units.get(power, ())
    return sorted(_unit_key(u) for u in units if u.province not in covered)


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
        defaults = {
            Outcome.DISBANDED: "disbanded (no retreat order)",
            Outcome.REMOVED: "removed (no removal order: civil-disorder rule)",
        }
        return f"{result.key}  {defaults.get(outcome, f'{FAILED} {word}')}"
    mark = OK if outcome in _SUCCEEDED else FAILED
    return f"{result.order_text}  {mark} {word}"


def _retreat_options(resolution: Resolution) -> dict[tuple[str, str], tuple[str, ...]]:
    after = resolution.position
    if after.phase.kind is not PhaseKind.RETREATS or resolution.winner is not None:
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
            if not _alive(before, power):
                continue
            reported = {r.unit.province for r in resolution.results if r.power == power and r.unit}
            for unit in before.units.get(power, ()):
                if unit.province not in reported:
                    lines.append((_unit_key(unit), f"{unit}  held (no order)"))
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
    owed = _adjustment(before, power)
    if owed <= 0:
        return []
    used = sum(
        r.power == power and r.outcome in (Outcome.BUILT, Outcome.WAIVED)
        for r in resolution.results
    )
    left = owed - used
    if left <= 0:
        return []
    return [f"{_plural(left, 'build')} not ordered (waived)"]


def _superseded(
    resolution: Resolution, power: str, given: Sequence[Order]
) -> list[tuple[str, str]]:
    """Orders given that have no result of their own: a later order replaced them."""
    used = {r.order for r in resolution.results if r.power == power and r.order is not None}
    out: list[tuple[str, str]] = []
    for order in given:
        if order not in used:
            unit = order_unit(order)
            key = _unit_key(unit) if unit is not None else "~"
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
    """Whether this step ended a Fall, so centres changed owner (or could have)."""
    if before.phase.season is not Season.FALL:
        return False
    return resolution.winner is not None or resolution.position.phase.kind is not PhaseKind.RETREATS


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
        if not (_alive(before, power) or _alive(after, power)):
            continue
        n = len(after.centers.get(power, ()))
        diff = n - len(before.centers.get(power, ()))
        text = f"{power_name(before, power)}: {_centres(n)}"
        if diff:
            text += f" ({diff:+d})"
        if not _alive(after, power):
            text += ", eliminated"
        counts.append((-n, power_name(before, power), text))
    return [
        Section("Supply centre changes", tuple(changes)),
        Section("Supply centres", tuple(Line(t) for _, _, t in sorted(counts))),
    ]


def _adjustment_line(position: Position, power: str) -> str | None:
    delta = _adjustment(position, power)
    name = power_name(position, power)
    if delta < 0:
        return f"{name} must remove {_plural(-delta, 'unit')}"
    if delta == 0:
        return None
    free = _free_homes(position, power)
    builds = _plural(delta, "build")
    if not free:
        return f"{name} has {builds} but no free home centre"
    where = ", ".join(free)
    if len(free) < delta:
        return f"{name} has {builds} but only {_plural(len(free), 'free home centre')}: {where}"
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
    elif resolution.phase.season is Season.FALL:
        lines.append(Line("No builds or removals this winter."))
    return Section(title, tuple(lines))


def _winner_section(resolution: Resolution) -> Section:
    after = resolution.position
    winner = resolution.winner or ""
    n = len(after.centers.get(winner, ()))
    text = f"{power_name(after, winner)} wins with {_plural(n, 'supply centre')}!"
    return Section("Game over", (Line(text, emphasis=True),))


def _votes_section(position: Position, votes: Mapping[str, str]) -> Section | None:
    kinds: dict[str, list[str]] = {}
    for power in position.variant.powers:
        vote = votes.get(power)
        if vote:
            kinds.setdefault(vote.strip().lower(), []).append(power_name(position, power))
    if not kinds:
        return None
    lines = tuple(
        Line(f"{kind.capitalize()}: {', '.join(names)}") for kind, names in sorted(kinds.items())
    )
    return Section("Votes", lines)


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
    ending: str | None = None,
) -> Message:
    """The public announcement once a phase has resolved.

    ``anonymous`` changes nothing here: powers are all this message ever names, and the
    caller is the one who could add players to it. ``votes`` (power -> ``draw`` /
    ``surrender``) are reported by power. ``ending``: the game ended other than by the
    engine's victory count (a draw, a surrender, the agreed end), said so.
    """
    sections = _summary(before, resolution, None)
    if resolution.winner is not None:
        sections.append(_winner_section(resolution))
    elif ending is not None:
        sections.append(Section("Game over", (Line(ending, emphasis=True),)))
    else:
        sections.append(_next_section(resolution))
    if votes:
        section = _votes_section(before, votes)
        if section is not None:
            if ending is None and "draw" in votes.values():
                note = Line("A draw needs the vote of every power still playing: not this time.")
                section = Section(section.title, (*section.lines, note))
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
    if resolution.winner is not None:
        sections.append(_winner_section(resolution))
    title = f"{phase_label(resolution.phase)} — orders and results"
    return Message(title=title, sections=tuple(sections))


# Orders of one power -----------------------------------------------------------------


def orders_echo(lines: Sequence[OrderLineLike], *, replaced: Set[str] = frozenset()) -> Message:
    """The reply to a batch of orders: each line read back in canonical notation, or why not.

    ``replaced`` holds the unit keys whose earlier (stored) order this batch replaces; a line
    overridden by a later line of the same batch is flagged as not counting.
    """
    last_for: dict[str, int] = {}
    for i, line in enumerate(lines):
        if line.order is not None and not isinstance(line.order, Build | Waive):
            unit = order_unit(line.order)
            if unit is not None:
                last_for[unit.province] = i
    out: list[Line] = []
    accepted = refused = 0
    for i, line in enumerate(lines):
        if line.order is None:
            refused += 1
            error = line.error
            why = f"{error.kind}: {error}" if error is not None else "not read"
            out.append(Line(f"{FAILED} {line.text} — {why}"))
            continue
        text = format_order(line.order)
        unit = order_unit(line.order)
        if unit is not None and last_for.get(unit.province, i) != i:
            out.append(Line(f"{WARNING} {text} — replaced by a later line for {unit}", code=True))
            continue
        accepted += 1
        if unit is not None and _unit_key(unit) in replaced:
            out.append(
                Line(f"{WARNING} {text} — replaces your earlier order for {unit}", code=True)
            )
        else:
            out.append(Line(f"{OK} {text}", code=True))
    title = f"Orders: {accepted} accepted"
    if refused:
        title += f", {refused} not accepted"
    return Message(title=title, sections=(Section(None, tuple(out)),))


def orders_message(
    position: Position,
    power: str,
    orders: Sequence[Order],
    *,
    conditional: Sequence[str] = (),
) -> Message:
    """A power's current orders for the phase, and what it has still to order."""
    title = f"{power_name(position, power)}: orders for {phase_label(position.phase)}"
    given = tuple(Line(format_order(o), code=True) for o in orders)
    sections = [Section(None, given or (Line("No orders yet."),))]
    if conditional:
        sections.append(
            Section("Conditional orders", tuple(Line(c, code=True) for c in conditional))
        )
    sections.append(Section(None, (Line(_still_to_order(position, power, orders)),)))
    return Message(title=title, sections=tuple(sections))


def _still_to_order(position: Position, power: str, orders: Sequence[Order]) -> str:
    missing = missing_orders(position, power, orders)
    if position.phase.kind is PhaseKind.ADJUSTMENTS:
        delta = _adjustment(position, power)
        if delta > 0:
            if not missing:
                return "All builds ordered."
            built = [o.unit.province for o in orders if isinstance(o, Build)]
            free = ", ".join(_free_homes(position, power, built))
            return f"Builds left: {len(missing)} (free home centres: {free})"
        if delta < 0:
            return f"Removals left: {len(missing)}" if missing else "All removals ordered."
        return "Nothing to order this phase."
    if missing:
        return f"Units without orders: {', '.join(missing)}"
    if not missing_orders(position, power, ()):
        return "Nothing to order this phase."
    return "Every unit has an order."


# Status ------------------------------------------------------------------------------


def _waiting_text(position: Position, power: str, count: int) -> str:
    kind = position.phase.kind
    if kind is PhaseKind.ADJUSTMENTS:
        word = "build" if _adjustment(position, power) > 0 else "removal"
        return f"{_plural(count, word)} to order"
    if kind is PhaseKind.RETREATS:
        return f"{_plural(count, 'retreat')} to order"
    return f"{_plural(count, 'unit')} without orders"


def status_lines(
    position: Position,
    *,
    ready: Set[str],
    missing: Mapping[str, int],
    deadline_text: str,
) -> Message:
    """Where the phase stands, for everyone: who is ready, how many orders each power still
    lacks (counts only: which units have orders is a power's own business) and centre counts.

    ``missing`` is power -> :func:`missing_orders` count; a power left out is taken to have
    ordered nothing yet.
    """
    state: list[Line] = []
    counts: list[Line] = []
    for power in position.variant.powers:
        if not _alive(position, power):
            continue
        name = power_name(position, power)
        due = len(missing_orders(position, power, ()))
        # a power the caller has no count for has not ordered anything yet
        owed = missing.get(power, due)
        if not due:
            text = "nothing to order"
        elif power in ready:
            text = "ready" if owed <= 0 else f"ready, {_waiting_text(position, power, owed)}"
        elif owed > 0:
            text = _waiting_text(position, power, owed)
        else:
            text = "orders in, not marked ready"
        state.append(Line(f"{name}: {text}"))
        counts.append(Line(f"{name}: {_centres(len(position.centers.get(power, ())))}"))
    return Message(
        title=f"{phase_label(position.phase)} — status",
        sections=(
            Section(None, (Line(f"Deadline: {deadline_text}"),)),
            Section("Orders", tuple(state)),
            Section("Supply centres", tuple(counts)),
        ),
    )
