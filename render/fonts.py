"""Text: Pillow's built-in scalable font, so a map looks the same on every machine without
shipping or finding a font file. It has no em dash; :func:`draw_text` draws one. It has no
accented letters either: :func:`plain` writes a name from another language (a map file's
"Gdańsk") in the letters it has ("Gdansk") rather than as empty boxes."""

from __future__ import annotations

import threading
import unicodedata

from PIL import ImageDraw, ImageFont

Colour = tuple[int, ...]
DASH = "—"
# beyond ASCII, the few characters the face has
_DRAWN = frozenset("…·‘’“”" + DASH)
# letters that do not decompose into a plain letter and a mark
_LETTERS = {
    "ł": "l",
    "Ł": "L",
    "ø": "o",
    "Ø": "O",
    "æ": "ae",
    "Æ": "AE",
    "ß": "ss",
    "đ": "d",
    "Đ": "D",
    "œ": "oe",
    "Œ": "OE",
    "ı": "i",
    "þ": "th",
    "Þ": "Th",
}


# one set of font objects per thread: a FreeType face must not be used by two threads at once
_local = threading.local()


def font(pixels: int) -> ImageFont.FreeTypeFont:
    faces: dict[int, ImageFont.FreeTypeFont] | None = getattr(_local, "faces", None)
    if faces is None:
        faces = _local.faces = {}
    size = max(6, pixels)
    face = faces.get(size)
    if face is None:
        loaded = ImageFont.load_default(size=size)
        if not isinstance(loaded, ImageFont.FreeTypeFont):  # pragma: no cover
            raise RuntimeError("rendering maps needs Pillow built with FreeType")
        face = faces[size] = loaded
    return face


def plain(text: str) -> str:
    """``text`` in the characters the face draws: accents dropped, a few letters spelt out,
    anything else left as ``?``."""
    if text.isascii():
        return text
    out: list[str] = []
    for char in text:
        if char.isascii() or char in _DRAWN:
            out.append(char)
        elif char in _LETTERS:
            out.append(_LETTERS[char])
        else:
            base = "".join(
                c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
            )
            out.append(base if base.isascii() and base else "?")
    return "".join(out)


def text_width(text: str, face: ImageFont.FreeTypeFont) -> float:
    parts = text.split(DASH)
    dash = _dash_width(face)
    return sum(face.getlength(p) for p in parts) + dash * (len(parts) - 1)


def _dash_width(face: ImageFont.FreeTypeFont) -> float:
    return face.size * 0.9


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: Colour,
    *,
    stroke: int = 0,
) -> None:
    """Left-aligned text whose top-left corner is ``xy``, with any em dashes drawn as bars."""
    x, y = xy
    parts = text.split(DASH)
    ascent, _ = face.getmetrics()
    bar = max(1.0, face.size * 0.065)
    for i, part in enumerate(parts):
        if i:
            width = _dash_width(face)
            mid = y + ascent * 0.7
            draw.rectangle(
                (x + width * 0.08, mid - bar / 2, x + width * 0.92, mid + bar / 2), fill=fill
            )
            x += width
        if part:
            draw.text((x, y), part, font=face, fill=fill, stroke_width=stroke, stroke_fill=fill)
            x += face.getlength(part)
