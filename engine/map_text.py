"""A map file's text read as JSON within limits (docs/maps.md, "Limits").

Whatever the text holds, reading it costs time and memory in proportion to its size, which
is bounded first: nesting is measured before the JSON reader recurses into it, a number is
refused before Python turns thousands of digits into an integer, and text that is not
characters (a lone surrogate written as ``\\ud800``) is refused before anything prints it.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from engine.errors import VariantError

# the largest file: the shipped Diplomacia board is a quarter of a megabyte
MAX_FILE_BYTES = 4 * 1024 * 1024
# how deep objects and lists nest: a map's deepest, a polygon's point, is 7 down
MAX_DEPTH = 10
# digits of a number: coordinates and counts are small, and Python reads a long integer in
# time that grows with the square of its digits
MAX_DIGITS = 15

# a run of digits longer than a number may have, or an exponent of three digits
_SUSPECT_NUMBER = re.compile(rf"[0-9]{{{MAX_DIGITS + 1}}}|[eE][+-]?[0-9]{{3}}")
_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')
_NOT_BRACKET = re.compile(r"[^\[\]{}]+")
# a UTF-16 half written as an escape: Python reads it as a character no text can hold
_SURROGATE = re.compile(r"[\ud800-\udfff]")
# one written as an escape, maybe half of a pair that reads as one character (an emoji)
_ESCAPED_SURROGATE = re.compile(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


class MapTextError(VariantError):
    """The text is not a map file's JSON; the message says what was found and what is
    accepted."""


def read_map_json(raw: bytes | str) -> Any:
    """The JSON value of a map file's text: :class:`MapTextError` for text over the limits
    or not JSON. Bytes must be UTF-8."""
    size = len(raw.encode("utf-8", "surrogatepass") if isinstance(raw, str) else raw)
    if size > MAX_FILE_BYTES:
        raise MapTextError(
            f"the file is {size:,} bytes; a map file holds at most {MAX_FILE_BYTES:,} "
            f"({MAX_FILE_BYTES // (1024 * 1024)} MiB)"
        )
    if isinstance(raw, bytes):
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise MapTextError(f"not UTF-8 text (byte {exc.start + 1} is not)") from None
    else:
        text = raw
    # the text without its strings: what is left is brackets, numbers and words
    bare = _STRING.sub("", text)
    _check_depth(bare)
    # numbers are read one by one only where one may be too long or too large: a map has
    # hundreds of thousands
    careful = _SUSPECT_NUMBER.search(bare) is not None
    try:
        if careful:
            data = json.loads(
                text, parse_int=_integer, parse_float=_fraction, parse_constant=_no_constant
            )
        else:
            data = json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as exc:
        raise MapTextError(
            f"not JSON: {exc.msg} at line {exc.lineno}, column {exc.colno}"
        ) from None
    suspect = _SURROGATE.search(text) or _ESCAPED_SURROGATE.search(text)
    surrogate = _first_surrogate(data) if suspect else None
    if surrogate is not None:
        raise MapTextError(
            f"{_short(surrogate)} holds a lone UTF-16 surrogate, which is not a character: "
            "write the character itself"
        )
    return data


def _check_depth(bare: str) -> None:
    # the brackets alone, found at the regex engine's speed: what is left to count is a few
    # percent of the text
    skeleton = _NOT_BRACKET.sub("", bare)
    depth = 0
    for mark in skeleton:
        if mark in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                raise MapTextError(
                    f"lists and objects nest more than {MAX_DEPTH} deep; "
                    f"a map file nests at most {MAX_DEPTH} deep"
                )
        else:
            depth -= 1


def _integer(text: str) -> int:
    digits = text.lstrip("-")
    if len(digits) > MAX_DIGITS:
        raise MapTextError(
            f"a number of {len(digits):,} digits ({text[:12]}…); "
            f"a map's numbers have at most {MAX_DIGITS} digits"
        )
    return int(text)


def _fraction(text: str) -> float:
    mantissa = re.split(r"[eE]", text, maxsplit=1)[0]
    value = float(text)
    if sum(c.isdigit() for c in mantissa) > MAX_DIGITS or not math.isfinite(value):
        raise MapTextError(
            f"the number {text[:20]}{'…' if len(text) > 20 else ''} is too long or too large;"
            f" a map's numbers have at most {MAX_DIGITS} digits"
        )
    return value


def _no_constant(name: str) -> Any:
    raise MapTextError(f"{name} is not a number a map file may hold (JSON has no {name})")


def _first_surrogate(value: Any) -> str | None:
    """Where the first text with a lone surrogate is (a key or a value), or None."""
    stack: list[tuple[Any, str]] = [(value, "")]
    while stack:
        item, at = stack.pop()
        if isinstance(item, str) and _SURROGATE.search(item):
            return f"the text at {at or 'the top'}"
        if isinstance(item, dict):
            for key, inner in item.items():
                if _SURROGATE.search(key):
                    return f"a key at {at or 'the top'}"
                stack.append((inner, f"{at}.{key}" if at else key))
        elif isinstance(item, list):
            stack.extend((inner, f"{at}[{n}]") for n, inner in enumerate(item))
    return None


def _short(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"
