"""Rulesets: the behaviours a game's rules change, asked by the engine (docs/architecture.md,
"The ruleset seam").

A variant's rules name their ruleset (``"ruleset": "diplomacia"``; the standard game when
left out). :class:`Ruleset` answers as the standard game does; :class:`Diplomacia` as the
Diplomacia handbook does. Another game subclasses one of them and is registered once, by
its name, before a variant naming it is loaded::

    class Landlocked(Diplomacia):
        name = "landlocked"
        ...

    LANDLOCKED = register(Landlocked())

An installed package may offer a ruleset instead, found when a variant first names it (so
``dipgm adjudicate`` and the bot play it with nothing imported by hand): an entry point in
the group ``dipgm.rulesets``, named like the ruleset, pointing at its object (or class)::

    [project.entry-points."dipgm.rulesets"]
    landlocked = "landlocked:LANDLOCKED"

Nothing outside this package asks which ruleset it is: only what it does.
"""

from __future__ import annotations

import re

from engine.errors import VariantError
from engine.rulesets.base import Ruleset
from engine.rulesets.diplomacia import Diplomacia

# a ruleset's name is written in variant files: short and plain
_NAME = re.compile(r"[a-z][a-z0-9_-]{0,40}")

# the entry point group where installed packages offer rulesets
ENTRY_POINTS = "dipgm.rulesets"

_KNOWN: dict[str, Ruleset] = {}


def register(ruleset: Ruleset) -> Ruleset:
    """Make ``ruleset`` known by its name to variants, positions and the contract; returns it.
    Registering the same object again changes nothing; another ruleset of a name already
    taken is refused (:class:`ValueError`)."""
    name = ruleset.name
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise ValueError(
            f"a ruleset's name is a lower-case word of letters, digits, - and _: {name!r}"
        )
    known = _KNOWN.get(name)
    if known is not None and known is not ruleset:
        raise ValueError(f"another ruleset is already registered as {name!r}: {known!r}")
    _KNOWN[name] = ruleset
    return ruleset


def ruleset_named(name: object) -> Ruleset:
    """The ruleset registered as ``name``, or offered under it by an installed package
    (:class:`VariantError` naming the known ones)."""
    if not isinstance(name, str):
        found = None
    else:
        found = _KNOWN.get(name) or _offered(name)
    if found is None:
        raise VariantError(f"unknown ruleset {name!r} (known: {', '.join(known_rulesets())})")
    return found


def known_rulesets() -> tuple[str, ...]:
    """The names of every registered ruleset, the standard game's first, then those the
    installed packages offer."""
    # imported when asked: reading the installed packages' metadata costs every start
    from importlib.metadata import entry_points

    offered = (entry.name for entry in entry_points(group=ENTRY_POINTS))
    return tuple(_KNOWN) + tuple(sorted(set(offered) - _KNOWN.keys()))


def _offered(name: str) -> Ruleset | None:
    """The ruleset an installed package offers as ``name``, registered (None if none does)."""
    from importlib.metadata import entry_points

    for entry in entry_points(group=ENTRY_POINTS, name=name):
        try:
            offered = entry.load()
        except Exception as exc:  # whatever its import raised: the variant cannot be played
            raise VariantError(
                f"the ruleset {name!r} ({entry.value}) could not be loaded: "
                f"{type(exc).__name__}: {exc}"
            ) from None
        ruleset = offered() if isinstance(offered, type) else offered
        if not isinstance(ruleset, Ruleset) or ruleset.name != name:
            raise VariantError(
                f"the entry point {name!r} ({entry.value}) is no ruleset named {name!r}"
            )
        return register(ruleset)
    return None


STANDARD = register(Ruleset())
DIPLOMACIA = register(Diplomacia())

__all__ = [
    "DIPLOMACIA",
    "ENTRY_POINTS",
    "STANDARD",
    "Diplomacia",
    "Ruleset",
    "known_rulesets",
    "register",
    "ruleset_named",
]
