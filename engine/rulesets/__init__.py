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

Nothing outside this package asks which ruleset it is: only what it does.
"""

from __future__ import annotations

import re

from engine.errors import VariantError
from engine.rulesets.base import Ruleset
from engine.rulesets.diplomacia import Diplomacia

# a ruleset's name is written in variant files: short and plain
_NAME = re.compile(r"[a-z][a-z0-9_-]{0,40}")

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
    """The ruleset registered as ``name`` (:class:`VariantError` naming the known ones)."""
    found = _KNOWN.get(name) if isinstance(name, str) else None
    if found is None:
        raise VariantError(f"unknown ruleset {name!r} (known: {', '.join(known_rulesets())})")
    return found


def known_rulesets() -> tuple[str, ...]:
    """The names of every registered ruleset, the standard game's first."""
    return tuple(_KNOWN)


STANDARD = register(Ruleset())
DIPLOMACIA = register(Diplomacia())

__all__ = [
    "DIPLOMACIA",
    "STANDARD",
    "Diplomacia",
    "Ruleset",
    "known_rulesets",
    "register",
    "ruleset_named",
]
