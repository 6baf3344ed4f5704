"""How a game ends other than by the engine's solo victory: by draw and surrender votes (the
league's errata), and how an ending is recorded and told.

Pure functions of positions, statuses and votes; the adjudicator applies what they decide.

- A draw passes when every surviving power still playing (not in civil disorder, not
  surrendered, not eliminated, not surrendering now) voted DRAW in the same phase; those
  powers share it, nobody else.
- SURRENDER puts the power out of the game when the phase resolves. If that leaves one
  power playing, it wins alone; if it leaves none, the game ends in a tie of those who
  surrendered last.
- Surrender to an alliance is the two together: the losers surrender and the allies vote
  DRAW in the same phase, so the allies are all that survive and all voted.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import dataclass, field
from typing import Any

from bot.service.options.agreed_end import EndRule
from bot.service.words.english import plural
from bot.service.words.labels import power_names
from engine import Position, Variant, Victory


@dataclass(frozen=True, slots=True)
class Ending:
    """``solo`` (one winner), ``draw`` (shared), ``tie`` (everyone surrendered) or
    ``limit`` (the agreed end came: the most centres or units win)."""

    kind: str
    powers: tuple[str, ...]
    # solo: None (the victory count), "surrender" or "last" (nobody else plays on);
    # limit: "centres" or "units"
    by: str | None = None
    counts: Mapping[str, int] = field(default_factory=dict)


def alive(position: Position, power: str) -> bool:
    return bool(
        position.units.get(power)
        or position.centers.get(power)
        or any(d.power == power for d in position.dislodged)
    )


def by_votes(
    after: Position,
    playing: Collection[str],
    draw: Collection[str],
    surrender: Collection[str],
) -> Ending | None:
    """The ending the phase's votes bring, if any. ``playing``: the powers that could vote
    (playing when the phase was adjudicated); votes of others do not count."""
    quitting = {p for p in surrender if p in playing}
    surviving = [p for p in after.variant.powers if p in playing and p not in quitting]
    surviving = [p for p in surviving if alive(after, p)]
    if quitting and not surviving:
        return Ending("tie", _ordered(after.variant, quitting))
    if quitting and len(surviving) == 1:
        return Ending("solo", tuple(surviving), by="surrender")
    voted = {p for p in draw if p in playing and p not in quitting}
    if surviving and voted and set(surviving) <= voted:
        if len(surviving) == 1:
            return Ending("solo", tuple(surviving), by="last")
        return Ending("draw", tuple(surviving))
    return None


def _ordered(variant: Variant, powers: Collection[str]) -> tuple[str, ...]:
    return tuple(p for p in variant.powers if p in powers)


def centre_counts(position: Position) -> dict[str, int]:
    return {p: len(position.centers.get(p, ())) for p in position.variant.powers}


def outcome_json(ending: Ending, after: Position) -> dict[str, Any]:
    """What the game row keeps of how it ended."""
    outcome: dict[str, Any] = {"kind": ending.kind, "centers": centre_counts(after)}
    if ending.kind == "solo":
        outcome["winner"] = ending.powers[0]
        if len(ending.powers) > 1:
            # a player commanding several powers won with them together
            outcome["powers"] = list(ending.powers)
    else:
        outcome["powers"] = list(ending.powers)
    if ending.by is not None:
        outcome["by"] = ending.by
    if ending.counts:
        outcome["counts"] = dict(ending.counts)
    return outcome


def winners_of(outcome: Mapping[str, Any] | None) -> tuple[str, ...]:
    """The powers a stored outcome names as winning or sharing the end: a solo's winner, a
    draw's, a tie's or an agreed end's powers; none when the game master ended it."""
    if not outcome:
        return ()
    if outcome.get("kind") == "solo" and not outcome.get("powers"):
        return (str(outcome["winner"]),)
    # a solo won by a player commanding several powers lists them all
    return tuple(str(p) for p in outcome.get("powers", ()))


def ending_text(variant: Variant, outcome: Mapping[str, Any]) -> str:
    """One sentence on how a finished game ended, from its stored outcome."""
    kind = outcome.get("kind")
    centres: Mapping[str, int] = outcome.get("centers", {})
    powers = [str(p) for p in outcome.get("powers", ())]
    if kind == "solo":
        winner = str(outcome["winner"])
        name = variant.power_info[winner].name
        if outcome.get("by") == "surrender":
            return f"{name} wins: every other power still playing surrendered."
        if outcome.get("by") == "last":
            return f"{name} wins: no other power is still playing."
        seat = powers or [winner]
        names = power_names(variant, seat)
        if variant.rules.victory is not Victory.CENTRES:
            return f"{names} won with {variant.rules.describe()}."
        held = plural(sum(centres.get(p, 0) for p in seat), "supply centre")
        if len(seat) > 1:
            return f"{names} won with {held} between them."
        return f"{names} won with {held}."
    if kind == "draw":
        return f"The game ended in a draw shared by {power_names(variant, powers)}."
    if kind == "tie":
        return (
            "Every power still playing surrendered: the game ended in a tie "
            f"({power_names(variant, powers)})."
        )
    if kind == "limit":
        unit = "unit" if outcome.get("by") == "units" else "supply centre"
        counts: Mapping[str, int] = outcome.get("counts", {})
        best = counts.get(powers[0], 0) if powers else 0
        if len(powers) == 1:
            return (
                f"The agreed end came: {power_names(variant, powers)} won with the most "
                f"{unit}s ({best})."
            )
        return (
            f"The agreed end came: {power_names(variant, powers)} share the win with "
            f"{plural(best, unit)} each."
        )
    return "The game master ended the game without a winner."


def winners(rule: EndRule, after: Position, playing: Collection[str]) -> Ending:
    """The powers with the best count among those still playing (all alive, if none)."""
    alive = [p for p in after.variant.powers if after.units.get(p) or after.centers.get(p)]
    candidates = [p for p in alive if p in playing] or alive
    by = rule.counted_by(after.variant.rules)
    if by == "units":
        counts = {p: len(after.units.get(p, ())) for p in candidates}
    else:
        counts = {p: len(after.centers.get(p, ())) for p in candidates}
    best = max(counts.values(), default=0)
    top = tuple(p for p in candidates if counts[p] == best)
    return Ending("limit", top, by=by, counts=counts)
