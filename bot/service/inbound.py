"""Text as it comes in, made storable once for every command: every database takes it.

PostgreSQL's text columns refuse the NUL character, and a lone surrogate (half of an emoji
cut in two) cannot be written as UTF-8 at all; either would fail the command forever, as
"try again". So before any command reads it:

- line breaks are ``\\n`` (``\\r\\n`` and a lone ``\\r`` alike, so no line is lost);
- NUL and the other control characters (C0 and DEL) are removed, but for ``\\n`` and ``\\t``:
  none is anything a player meant to write;
- a lone surrogate becomes U+FFFD, the replacement character ``�``, so the player and the
  readers of a press message see that something was there.

    >>> clean("A Par-Bur\\x00\\r\\nF Bre-MAO \\ud83d")
    'A Par-Bur\\nF Bre-MAO �'
"""

from __future__ import annotations

import re
from dataclasses import replace

from bot.service.effects import Actor, Request

_BREAKS = re.compile(r"\r\n?")
_CONTROLS = re.compile(r"[\x00-\x08\x0b-\x1f\x7f]")
_SURROGATES = re.compile(r"[\ud800-\udfff]")
REPLACEMENT = "\ufffd"


def clean(text: str) -> str:
    """``text`` with nothing a database refuses (see above)."""
    text = _CONTROLS.sub("", _BREAKS.sub("\n", text))
    return _SURROGATES.sub(REPLACEMENT, text)


def clean_actor(actor: Actor) -> Actor:
    """The actor with a storable display name (it is kept with the seat)."""
    name = clean(actor.display_name)
    return actor if name == actor.display_name else replace(actor, display_name=name)


def clean_request(request: Request) -> Request:
    """The request with its text and its writer's name storable."""
    options = request.options
    if options is not None:
        values = {k: clean(v) if isinstance(v, str) else v for k, v in options.values.items()}
        options = replace(options, values=values)
    return replace(
        request, actor=clean_actor(request.actor), text=clean(request.text), options=options
    )
