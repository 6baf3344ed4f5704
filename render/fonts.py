"""Text: Noto Sans, shipped in the package (``render/data/NotoSans-Regular.ttf``, SIL Open
Font License, ``NotoSans-OFL.txt`` beside it), so a map looks the same on every machine and
draws Latin, Greek and Cyrillic names (``Москва``, ``Čechy``, a team's players) as written.

A character the face lacks is never drawn as an empty box: :func:`drawable` writes it as
its plain letter where it has one (a letter with a mark the face does not have), as a
near equivalent (an arrow as ``->``), or as ``?``.
"""

from __future__ import annotations

import io
import math
import threading
import unicodedata
from functools import cache, lru_cache
from importlib import resources

from PIL import Image, ImageDraw, ImageFont

Colour = tuple[int, ...]
FONT_FILE = "NotoSans-Regular.ttf"
# what stands in for a few characters the face lacks that have no plain letter in them
_NEAR = {
    "→": "->",
    "←": "<-",
    "↔": "<->",
    "−": "-",
    "✓": "v",
    "✗": "x",
}
# a code point no font maps: it draws the face's "missing glyph" box, to compare with
_UNMAPPED = "\U0010fffd"
# the size at which glyphs are compared with the missing glyph's box
_PROBE_PIXELS = 24


@cache
def _font_bytes() -> bytes:
    return resources.files("render").joinpath("data").joinpath(FONT_FILE).read_bytes()


# one set of font objects per thread: a FreeType face must not be used by two threads at once
_local = threading.local()


def font(pixels: int) -> ImageFont.FreeTypeFont:
    faces: dict[int, ImageFont.FreeTypeFont] | None = getattr(_local, "faces", None)
    if faces is None:
        faces = _local.faces = {}
    size = max(6, pixels)
    face = faces.get(size)
    if face is None:
        face = faces[size] = _face(size)
    return face


def _drawing(face: ImageFont.FreeTypeFont, char: str) -> tuple[tuple[int, int], bytes]:
    mask = face.getmask(char)
    return mask.size, bytes(mask)


_probe_lock = threading.Lock()


@lru_cache(maxsize=4096)
def has_glyph(char: str) -> bool:
    """Whether the face draws ``char`` (one character) as itself rather than as its box for
    a missing glyph."""
    if unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
        return False
    with _probe_lock:
        face = _probe_face()
        return _drawing(face, char) != _drawing(face, _UNMAPPED)


@cache
def _probe_face() -> ImageFont.FreeTypeFont:
    # its own face, used under the lock only: the per-thread faces stay unshared
    return _face(_PROBE_PIXELS)


def _face(size: int) -> ImageFont.FreeTypeFont:
    # the basic layout: the scripts drawn need no shaping, and it sets text several times
    # faster than Raqm
    return ImageFont.truetype(io.BytesIO(_font_bytes()), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=4096)
def drawable(text: str) -> str:
    """``text`` in characters the face draws: each one it lacks as its plain letter (a
    letter with a mark the face does not have), a near equivalent, or ``?``; control and
    formatting characters dropped."""
    if text.isascii() and text.isprintable():
        return text
    out: list[str] = []
    for char in text:
        if has_glyph(char):
            out.append(char)
        elif unicodedata.category(char) in ("Cc", "Cf", "Zl", "Zp"):
            continue
        elif char in _NEAR:
            out.append(_NEAR[char])
        else:
            base = "".join(
                c for c in unicodedata.normalize("NFKD", char) if not unicodedata.combining(c)
            )
            out.append(base if base and all(has_glyph(c) for c in base) else "?")
    return "".join(out)


def text_width(text: str, face: ImageFont.FreeTypeFont) -> float:
    return face.getlength(drawable(text))


def draw_text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    text: str,
    face: ImageFont.FreeTypeFont,
    fill: Colour,
    *,
    anchor: str | None = None,
    stroke: int = 0,
) -> None:
    """``text`` at ``xy`` (its top-left corner, or the point ``anchor`` names, as Pillow's
    anchors), with every character it lacks written as :func:`drawable` does."""
    draw.text(
        xy,
        drawable(text),
        font=face,
        fill=fill,
        anchor=anchor,
        stroke_width=stroke,
        stroke_fill=fill if stroke else None,
    )


@lru_cache(maxsize=2048)
def _set(text: str, pixels: int, anchor: str) -> tuple[Image.Image, int, int]:
    """``text`` set once as a coverage mask, with the offset of its corner from the anchor
    point: many maps write the same names and numbers."""
    face = font(pixels)
    left, top, right, bottom = (math.floor(v) for v in face.getbbox(text, anchor=anchor))
    mask = Image.new("L", (max(1, right - left + 1), max(1, bottom - top + 1)), 0)
    ImageDraw.Draw(mask).text((-left, -top), text, font=face, fill=255, anchor=anchor)
    return mask, left, top


def stamp(
    image: Image.Image,
    xy: tuple[float, float],
    text: str,
    pixels: int,
    fill: Colour,
    *,
    anchor: str = "la",
) -> None:
    """:func:`draw_text` from a cache of set text: ``text`` at ``xy`` (the point ``anchor``
    names) in a face ``pixels`` high, onto an ``RGB`` or ``RGBA`` image."""
    mask, left, top = _set(drawable(text), max(6, pixels), anchor)
    ink = Image.new(image.mode, mask.size, (*fill[:3], 255)[: len(image.mode)])
    image.paste(ink, (round(xy[0]) + left, round(xy[1]) + top), mask)
