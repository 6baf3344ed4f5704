"""Palettes: the board's colours and each power's colour, tint and ink, per style.

``default`` takes the powers' colours from the variant (the rule books' colours);
``colorblind`` swaps them for a set chosen by measure to stay apart under the common colour
vision deficiencies (:func:`colour_blind`), and marks failures in black rather than red.
Both are checked for every shipped board by tests/render/test_palettes.py.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, lru_cache
from types import MappingProxyType

from engine import Variant, load_variant

RGB = tuple[int, int, int]

STYLES = ("default", "colorblind")

# The colour-blind set, picked by measure (``python -m tools.palettes --choose 10``) from
# Okabe & Ito's and Paul Tol's schemes: one by one, each the colour whose worst pair (as
# units, land fills against each other, neutral land and the grey land off the map, and sea
# washes; to normal vision and simulated deuteranopia, protanopia and tritanopia) is the
# best. Ten powers (Diplomacia) cannot all keep apart by every threshold: the last three
# picked the least.
_CVD_SET = (
    "#D55E00",
    "#5A5A5A",
    "#99DDFF",
    "#DDCC77",
    "#0077BB",
    "#E69F00",
    "#CC79A7",
    "#117733",
    "#EE7733",
    "#33BBEE",
)
# the first seven given to the standard powers nearest their rule-book colours (Italy's
# green an orange: no green stays apart from Austria's red)
_CVD_STANDARD: Mapping[str, str] = {
    "AUSTRIA": "#D55E00",
    "ENGLAND": "#0077BB",
    "FRANCE": "#99DDFF",
    "GERMANY": "#5A5A5A",
    "ITALY": "#E69F00",
    "RUSSIA": "#CC79A7",
    "TURKEY": "#DDCC77",
}


def colour_blind(powers: Mapping[str, RGB]) -> dict[str, RGB]:
    """The colour-blind set given to ``powers`` (power -> its own colour): the standard
    powers their colours of it, the others the rest in order; past its ten, their own."""
    given = {p: hex_rgb(_CVD_STANDARD[p]) for p in powers if p in _CVD_STANDARD}
    rest = [hex_rgb(c) for c in _CVD_SET if hex_rgb(c) not in given.values()]
    for power, own in powers.items():
        if power not in given:
            given[power] = rest.pop(0) if rest else own
    return {p: given[p] for p in powers}


def hex_rgb(text: str) -> RGB:
    value = text.lstrip("#")
    if len(value) != 6:
        raise ValueError(f"not a colour: {text!r} (expected #rrggbb)")
    return (int(value[0:2], 16), int(value[2:4], 16), int(value[4:6], 16))


def mix(a: RGB, b: RGB, share_of_a: float) -> RGB:
    t = share_of_a
    return (
        round(a[0] * t + b[0] * (1 - t)),
        round(a[1] * t + b[1] * (1 - t)),
        round(a[2] * t + b[2] * (1 - t)),
    )


def luminance(c: RGB) -> float:
    """Relative luminance (WCAG), 0 for black to 1 for white."""

    def channel(v: int) -> float:
        s = v / 255
        return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4

    r, g, b = (channel(v) for v in c)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


@dataclass(frozen=True, eq=False, slots=True)
class Style:
    """Compared by identity: one instance per (style, variant), made by :func:`get_style`."""

    name: str
    sea: RGB
    sea_border: RGB
    sea_text: RGB
    land: RGB
    land_border: RGB
    land_text: RGB
    offboard_land: RGB
    offboard_border: RGB
    impassable: RGB
    hatch: RGB
    # provinces an overlay takes off the board: a flat grey without the impassable hatch,
    # darker than any power's fill may get (``owned_floor``), so never read as anyone's;
    # their borders fainter than the board's
    out_of_play: RGB
    out_of_play_border: RGB
    # the cross-hatching over them: a texture no power's flat fill has
    out_of_play_hatch: RGB
    outline: RGB
    failure: RGB
    failure_casing: RGB
    panel: RGB
    panel_text: RGB
    powers: Mapping[str, RGB]
    # how much of the power's colour goes into a province's fill, and how dark a fill may
    # get (relative luminance) before dark labels stop reading on it
    owned_share: float = 0.65
    home_share: float = 0.42
    owned_floor: float = 0.30
    home_floor: float = 0.44
    # a sea sector a power controls (Diplomacia): its colour washed into a paler sea, lighter
    # than its territories, so land and water stay apart at a glance
    sea_share: float = 0.40
    sea_floor: float = 0.50

    def colour(self, power: str) -> RGB:
        return self.powers.get(power, (128, 128, 128))

    def tint(self, power: str, *, home: bool = False) -> RGB:
        """The fill of a province whose centre ``power`` holds; lighter for a home centre still
        held by (or left to) its own power."""
        share = self.home_share if home else self.owned_share
        floor = self.home_floor if home else self.owned_floor
        return _tint(self.colour(power), self.land, share, floor)

    def sea_tint(self, power: str) -> RGB:
        """The fill of a sea sector ``power`` controls (Diplomacia)."""
        pale = mix((255, 255, 255), self.sea, 0.5)
        return _tint(self.colour(power), pale, self.sea_share, self.sea_floor)

    def ink(self, power: str) -> RGB:
        """Lines (arrows, rings) in the power's colour, dark enough to read on land and sea."""
        colour = self.colour(power)
        lum = luminance(colour)
        if lum > 0.45:
            return mix(colour, (0, 0, 0), 0.55)
        if lum > 0.2:
            return mix(colour, (0, 0, 0), 0.72)
        return colour

    def glyph(self, power: str) -> RGB:
        """The army or fleet silhouette drawn on the power's badge: black or white, whichever
        reads better."""
        return (20, 20, 20) if luminance(self.colour(power)) > 0.18 else (250, 250, 250)


@cache
def _tint(colour: RGB, land: RGB, share: float, floor: float) -> RGB:
    tinted = mix(colour, land, share)
    while share > 0.05 and luminance(tinted) < floor:
        share -= 0.01
        tinted = mix(colour, land, share)
    return tinted


def with_colours(name: str, powers: Mapping[str, RGB]) -> Style:
    """The look called ``name`` with exactly these powers' colours (for measuring a set)."""
    if name == "colorblind":
        return Style(
            name=name,
            sea=(178, 207, 232),
            sea_border=(128, 164, 199),
            sea_text=(30, 78, 128),
            land=(243, 238, 226),
            land_border=(96, 84, 70),
            land_text=(40, 34, 28),
            offboard_land=(226, 226, 222),
            offboard_border=(132, 128, 120),
            impassable=(214, 210, 202),
            hatch=(100, 96, 90),
            out_of_play=(104, 104, 104),
            out_of_play_border=(84, 84, 84),
            out_of_play_hatch=(160, 160, 160),
            outline=(24, 24, 24),
            failure=(0, 0, 0),
            failure_casing=(255, 255, 255),
            panel=(255, 255, 255),
            panel_text=(24, 24, 24),
            powers=powers,
        )
    return Style(
        name=name,
        sea=(170, 201, 230),
        sea_border=(122, 160, 198),
        sea_text=(36, 84, 134),
        land=(238, 228, 205),
        land_border=(104, 86, 64),
        land_text=(52, 41, 28),
        offboard_land=(222, 221, 216),
        offboard_border=(130, 122, 108),
        impassable=(208, 200, 186),
        hatch=(112, 102, 88),
        out_of_play=(108, 107, 104),
        out_of_play_border=(88, 86, 82),
        out_of_play_hatch=(164, 162, 156),
        outline=(26, 24, 22),
        failure=(222, 16, 32),
        failure_casing=(255, 255, 255),
        panel=(255, 255, 255),
        panel_text=(30, 26, 22),
        powers=powers,
    )


def get_style(name: str, variant: str = "standard") -> Style:
    """The palette called ``name`` for the powers of the variant called ``variant``;
    ``ValueError`` for an unknown one."""
    return style_of(name, load_variant(variant))


# variants compare by identity, and :func:`load_variant` gives one per name: one style each
@lru_cache(maxsize=64)
def style_of(name: str, variant: Variant) -> Style:
    """The palette called ``name`` for ``variant``'s powers; ``ValueError`` for an unknown
    one."""
    if name not in STYLES:
        raise ValueError(f"unknown style {name!r} (styles: {', '.join(STYLES)})")
    return style_for(name, info_colours(variant))


def info_colours(variant: Variant) -> Mapping[str, RGB]:
    return {p: hex_rgb(info.colour) for p, info in variant.power_info.items()}


def style_for(name: str, colours: Mapping[str, RGB]) -> Style:
    if name == "colorblind":
        colours = colour_blind(colours)
    return with_colours(name, MappingProxyType(dict(colours)))
