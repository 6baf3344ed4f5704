"""Measure the maps' palettes, and choose the colour-blind one, by how far apart their colours
look (CAM02-UCS colour difference, through colorspacious) to normal colour vision and under
the common colour-vision deficiencies (deuteranopia, protanopia, tritanopia, simulated as
Machado et al. 2009 at full severity).

    .venv/bin/python -m tools.palettes            # the worst pairs of each shipped board
    .venv/bin/python -m tools.palettes --choose   # pick the colour-blind set again

What is compared: the powers' own colours (units, legend, chart), the fills of provinces
they hold (and home centres, and sea sectors on a Diplomacia board), against each other and
against the board's own colours (neutral land, sea, provinces out of play). The chosen set
is written into ``render/styles.py`` by hand; ``tests/render/test_palettes.py`` checks every
shipped board against :data:`THRESHOLDS` with the same measure.

Needs the ``test`` extra (colorspacious, numpy).
"""

from __future__ import annotations

import argparse
import itertools
import warnings
from collections.abc import Iterable, Sequence
from functools import cache

from engine import Variant, available_variants, load_variant
from render.styles import RGB, STYLES, Style, hex_rgb, style_of, with_colours

VISIONS = ("normal", "deuteranomaly", "protanomaly", "tritanomaly")


@cache
def _seen(colour: RGB, vision: str) -> tuple[float, float, float]:
    import numpy as np
    from colorspacious import cspace_convert

    rgb = np.array(colour, dtype=float) / 255
    if vision != "normal":
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            space = {"name": "sRGB1+CVD", "cvd_type": vision, "severity": 100}
            rgb = np.clip(cspace_convert(rgb, space, "sRGB1"), 0, 1)
    jab = cspace_convert(rgb, "sRGB1", "CAM02-UCS")
    return (float(jab[0]), float(jab[1]), float(jab[2]))


def difference(a: RGB, b: RGB, vision: str = "normal") -> float:
    """How different ``a`` and ``b`` look with ``vision`` (CAM02-UCS ΔE')."""
    x, y = _seen(a, vision), _seen(b, vision)
    return float(sum((p - q) ** 2 for p, q in zip(x, y, strict=True)) ** 0.5)


# how different each kind of pair must look (CAM02-UCS ΔE'): a unit's badge, a centre's
# marker, a legend's swatch and a chart's line are small and must read apart at a glance; a
# province's fill is large, beside its neighbours and under their units; a sea sector's
# wash (Diplomacia) is paler by design, so land and water stay apart
THRESHOLDS = {"units": 10.0, "land": 6.0, "seas": 3.5}


def pairs(
    style: Style, powers: Sequence[str], *, seas: bool
) -> Iterable[tuple[str, str, RGB, RGB]]:
    """Every pair of colours a map puts side by side, as (kind, name, one, other): the
    powers' own colours, the fills of land they hold against each other and against neutral
    land, and with ``seas`` (a Diplomacia board) the washes of the sectors they hold against
    each other and against open sea. A home centre's lighter fill is not compared: its
    marker carries its holder's full colour. Provinces off the board are told apart by
    their cross-hatching, not by colour."""
    for a, b in itertools.combinations(powers, 2):
        yield "units", f"{a}/{b} units", style.colour(a), style.colour(b)
        yield "land", f"{a}/{b} land", style.tint(a), style.tint(b)
        if seas:
            yield "seas", f"{a}/{b} seas", style.sea_tint(a), style.sea_tint(b)
    for power in powers:
        yield "land", f"{power} land/neutral land", style.tint(power), style.land
        yield "land", f"{power} land/land off the map", style.tint(power), style.offboard_land
        if seas:
            yield "seas", f"{power} seas/open sea", style.sea_tint(power), style.sea


def worst(
    style: Style, variant: Variant, visions: Sequence[str]
) -> list[tuple[float, float, str, str]]:
    """The pairs of ``variant``'s map as (share of its threshold, difference, vision,
    name), the least different for its kind first."""
    return _measured(
        pairs(style, variant.powers, seas=variant.rules.ruleset.keeps_control), visions
    )


def _measured(
    found: Iterable[tuple[str, str, RGB, RGB]], visions: Sequence[str]
) -> list[tuple[float, float, str, str]]:
    measured = []
    for kind, name, a, b in found:
        for vision in visions:
            d = difference(a, b, vision)
            measured.append((d / THRESHOLDS[kind], d, vision, name))
    return sorted(measured)


def visions_of(style: str) -> tuple[str, ...]:
    """The colour-blind palette must hold apart for every vision; the rule books' colours
    (Austria's red beside Italy's green) only for normal vision."""
    return VISIONS if style == "colorblind" else VISIONS[:1]


# colour sets made to stay apart with colour-vision deficiencies: Okabe & Ito (2008), and
# Paul Tol's bright, muted, light and vibrant schemes
CANDIDATES = tuple(
    dict.fromkeys(
        hex_rgb(f"#{c}")
        for c in [
            "E69F00",
            "56B4E9",
            "009E73",
            "F0E442",
            "0072B2",
            "D55E00",
            "CC79A7",
            "4477AA",
            "EE6677",
            "228833",
            "CCBB44",
            "66CCEE",
            "AA3377",
            "BBBBBB",
            "CC6677",
            "332288",
            "DDCC77",
            "117733",
            "88CCEE",
            "882255",
            "44AA99",
            "999933",
            "AA4499",
            "77AADD",
            "EE8866",
            "EEDD88",
            "FFAABB",
            "99DDFF",
            "44BB99",
            "BBCC33",
            "AAAA00",
            "EE7733",
            "0077BB",
            "33BBEE",
            "EE3377",
            "CC3311",
            "009988",
            "5A5A5A",
        ]
    )
)


def choose(count: int) -> list[RGB]:
    """``count`` colours from :data:`CANDIDATES`, picked one by one: each the one whose
    worst pair (against those already picked, as units, land and seas, for every vision,
    as a share of its kind's threshold) is the best."""
    picked: list[RGB] = []

    def score(colours: Sequence[RGB]) -> float:
        names = [f"P{i}" for i in range(len(colours))]
        style = with_colours("colorblind", dict(zip(names, colours, strict=True)))
        return _measured(pairs(style, names, seas=True), VISIONS)[0][0]

    while len(picked) < count:
        best = max((c for c in CANDIDATES if c not in picked), key=lambda c: score([*picked, c]))
        picked.append(best)
        print(f"{len(picked)}: #{best[0]:02X}{best[1]:02X}{best[2]:02X} worst {score(picked):.2f}")
    return picked


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--choose", type=int, default=0, help="pick this many colours")
    args = parser.parse_args(argv)
    if args.choose:
        choose(args.choose)
        return
    for name in available_variants():
        variant = load_variant(name)
        for style_name in STYLES:
            style = style_of(style_name, variant)
            low = worst(style, variant, visions_of(style_name))[:3]
            text = ", ".join(f"{n} ({v}) {d:.1f}" for _, d, v, n in low)
            print(f"{name:<11} {style_name:<10} {text}")


if __name__ == "__main__":
    main()
