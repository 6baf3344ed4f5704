"""The colours maps are drawn in: a game's palette (its `palette=` option, for the maps
everyone sees) and a player's own (the `palette` command, for the maps sent to them alone)."""

from __future__ import annotations

from enum import StrEnum

from bot.service.errors import UserError


class Palette(StrEnum):
    STANDARD = "standard"
    # Okabe-Ito colours, which stay apart under the common colour vision deficiencies
    COLOURBLIND = "colourblind"

    @property
    def style(self) -> str:
        """The renderer's name for it (render.STYLES)."""
        return "colorblind" if self is Palette.COLOURBLIND else "default"

    @property
    def described(self) -> str:
        if self is Palette.COLOURBLIND:
            return "colour-blind palette (Okabe-Ito colours, failures in black)"
        return "standard palette (the rule book's colours)"


_WORDS = {
    "standard": Palette.STANDARD,
    "default": Palette.STANDARD,
    "colourblind": Palette.COLOURBLIND,
    "colorblind": Palette.COLOURBLIND,
    "colour-blind": Palette.COLOURBLIND,
    "color-blind": Palette.COLOURBLIND,
}


def parse_palette(text: str, *, how: str) -> Palette:
    """``standard`` or ``colourblind`` (any case; ``colorblind`` too); ``how`` is what the
    error shows as the way to write it, e.g. ``palette=colourblind``."""
    found = _WORDS.get(text.strip().lower())
    if found is None:
        raise UserError(
            f"{text.strip() or 'nothing'!r} is not a palette: write {how.format('standard')} "
            f"or {how.format('colourblind')}."
        )
    return found


def own_palette(chosen: str | None, game: Palette) -> Palette:
    """The palette of a map sent to one person alone: theirs (as the store keeps it), else
    the game's."""
    return game if chosen is None else Palette(chosen)
