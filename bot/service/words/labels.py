"""How powers and phases are named to players, and the marks beside an order's outcome."""

from __future__ import annotations

from collections.abc import Iterable

from bot.service.words.english import and_list
from engine import Phase, Position, Variant

OK = "✓"
FAILED = "✗"
WARNING = "⚠"


def power_name(position: Position, power: str) -> str:
    info = position.variant.power_info.get(power)
    return info.name if info is not None else power


def power_names(variant: Variant, powers: Iterable[str]) -> str:
    """``Austria, France and Germany``: the powers' display names joined for a sentence."""
    return and_list(variant.power_info[p].name for p in powers)


def power_list(variant: Variant, powers: Iterable[str]) -> str:
    """``Austria, France``: the powers' display names as a list (preferences, empty seats)."""
    return ", ".join(variant.power_info[p].name for p in powers)


def phase_label(phase: Phase | str) -> str:
    """``Spring 1901``, ``Fall 1901 retreats``, ``Winter 1901 adjustments``: a phase, or a
    stored phase's name (``F1901R``)."""
    return (Phase.parse(phase) if isinstance(phase, str) else phase).label


def form_is_over(form_phase: str, open_phase: str) -> str:
    """The refusal of a form opened for a phase that has since been adjudicated."""
    return (
        f"{phase_label(form_phase)} is over, so nothing was changed; here is "
        f"{phase_label(open_phase)}'s form."
    )


def period(variant: Variant) -> str:
    """What a game counts its time in: ``year`` (seasons), ``turn`` (Diplomacia)."""
    return variant.rules.ruleset.period
