"""Quoting back what a player wrote: an answer shows at most a short excerpt of it, on one
line, so that a long or pasted text is never echoed whole (let alone twice).

    >>> excerpt("A Par-Bur")
    'A Par-Bur'
    >>> excerpt("x" * 100)[-5:]
    'xxxx…'
    >>> quotes_cut("unknown province '" + "z" * 100 + "'")[-8:]
    "zzzzzz…'"
"""

from __future__ import annotations

import re

# Long enough for any real order ("F St. Petersburg (South Coast) - Gulf of Bothnia").
EXCERPT = 60

# A text the engine quotes in its messages, as Python's repr writes it.
_QUOTED = re.compile(r"'((?:[^'\\]|\\.)*)'|\"((?:[^\"\\]|\\.)*)\"")


def excerpt(text: str, limit: int = EXCERPT) -> str:
    """``text`` on one line, cut to ``limit`` characters with an ellipsis if longer."""
    line = " ".join(text.split())
    if len(line) <= limit:
        return line
    return line[:limit].rstrip() + "…"


def quotes_cut(message: str, limit: int = EXCERPT) -> str:
    """A message that quotes what was written (``unknown province 'zzz…'``), each quote cut
    to an excerpt."""

    def cut(match: re.Match[str]) -> str:
        mark = match.group(0)[0]
        inner = match.group(1) if match.group(1) is not None else match.group(2)
        return f"{mark}{excerpt(inner, limit)}{mark}"

    return _QUOTED.sub(cut, message)
