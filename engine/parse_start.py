"""How an order text starts, read before (or without) reading it whole: whether a message
is meant as orders at all, and which unit a line that cannot be read is about.

    A Par - Bur; A Marsailles - Spa      starts as orders do (a unit)
    Marseilles army to Spain             ... a province
    raise A MOS                          ... an adjustment
    statsu                               does not
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.names import Names, compact
from engine.parse_grammar import OPENING_WORDS, UNIT_WORDS, notation_for, order_tokens

# words (and hyphens) a single name may span, as engine.names reads them
_LONGEST_NAME = 6


def starts_like_order(text: str, names: Names) -> bool:
    """Whether ``text`` begins as an order does: with a unit (``A``, ``Fleet``), an
    adjustment (``build``, ``field``, ``remove``, ``waive``), the name or code of one of the
    board's provinces, or a power naming itself before one of these (``France: A Par-Bur``,
    ``England builds F Edi``). What starts so is meant as orders, even with a typo in it.

    >>> from engine.names import names_for
    >>> from engine.variant import load_variant
    >>> names = names_for(load_variant("standard"))
    >>> [starts_like_order(t, names) for t in ("A Xyz - Bur", "Marseilles army to Spain",
    ...     "raise A MOS", "France: F Bre H", "statsu", "Germany is attacking me")]
    [True, True, True, True, False, False]
    """
    tokens = order_tokens(text)
    if not tokens:
        return False
    found = names.power_span(tokens, 0)
    if found is not None and found[1] < len(tokens) and not _names_place(tokens, names):
        tokens = tokens[found[1] :]
    return tokens[0] in OPENING_WORDS or _names_place(tokens, names)


def unit_province(text: str, names: Names) -> str | None:
    """The province of the unit an order starts with, read even when the rest cannot be
    (``A Par - Xyz``: ``PAR``); None when it starts with no one province.

    >>> from engine.names import names_for
    >>> from engine.variant import load_variant
    >>> names = names_for(load_variant("standard"))
    >>> [unit_province(t, names) for t in ("A Par - Xyz", "Paris army to Xyz", "build A Par")]
    ['PAR', 'PAR', None]
    """
    tokens = order_tokens(text)
    start = 1 if tokens and tokens[0] in UNIT_WORDS else 0
    span = names.span(tokens, start, notation_for(names).stop) if start < len(tokens) else None
    if span is None or len(span.tiers[0]) != 1:
        return None
    return span.tiers[0][0]


def _names_place(tokens: Sequence[str], names: Names) -> bool:
    """Whether ``tokens`` start with a province's whole name or code (no abbreviation: a
    word that only begins a name is no sign of an order)."""
    return any(
        names.exact(compact(tokens[:end])) for end in range(1, min(len(tokens), _LONGEST_NAME) + 1)
    )
