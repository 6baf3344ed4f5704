"""Regenerate the example maps in docs/: the opening position, a busy Fall turn with its
results (drawn on the board it left), and the retreat phase that follows it, with where the
dislodged unit may go. Plays real orders through the engine.

    .venv/bin/python -m tools.make_examples
"""

from __future__ import annotations

import argparse
import io
from collections.abc import Mapping, Sequence
from pathlib import Path

from PIL import Image

from engine import Order, Position, Resolution, adjudicate, parse_order
from render import map_png

ROOT = Path(__file__).resolve().parents[1]

SPRING_1901 = {
    "AUSTRIA": ["A VIE - GAL", "A BUD - SER", "F TRI - ALB"],
    "ENGLAND": ["F LON - NTH", "F EDI - NWG", "A LVP - YOR"],
    "FRANCE": ["A PAR - BUR", "A MAR - SPA", "F BRE - MAO"],
    "GERMANY": ["A MUN - RUH", "A BER - KIE", "F KIE - DEN"],
    "ITALY": ["A VEN H", "A ROM - APU", "F NAP - ION"],
    "RUSSIA": ["A WAR - UKR", "A MOS - STP", "F SEV - RUM", "F STP/SC - BOT"],
    "TURKEY": ["A CON - BUL", "A SMY - CON", "F ANK - BLA"],
}

FALL_1901 = {
    "AUSTRIA": ["A GAL - RUM", "A SER S A GAL - RUM", "F ALB - GRE"],
    "ENGLAND": ["F NTH C A YOR - NWY", "A YOR - NWY", "F NWG - BAR"],
    "FRANCE": ["A BUR - RUH", "A SPA - POR", "F MAO - IRI"],
    "GERMANY": ["A RUH S A KIE - HOL", "A KIE - HOL", "F DEN - SWE"],
    "ITALY": ["F ION C A APU - TUN", "A APU - TUN", "A VEN - TRI"],
    "RUSSIA": ["F RUM H", "A UKR S F RUM", "F BOT - SWE", "A STP - FIN"],
    "TURKEY": ["A BUL S A GAL - RUM", "F BLA - SEV", "A CON H"],
}

FALL_RETREATS = {"RUSSIA": ["F RUM - BLA"]}


def read(position: Position, texts: Mapping[str, Sequence[str]]) -> dict[str, list[Order]]:
    return {
        power: [parse_order(text, position, power) for text in lines]
        for power, lines in texts.items()
    }


def play(
    position: Position, texts: Mapping[str, Sequence[str]]
) -> tuple[Resolution, dict[str, list[Order]]]:
    orders = read(position, texts)
    return adjudicate(position, orders), orders


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--out", type=Path, default=ROOT / "docs")
    parser.add_argument("--size", type=int, default=1000)
    args = parser.parse_args(argv)
    out: Path = args.out
    out.mkdir(parents=True, exist_ok=True)

    start = Position.initial()
    spring, _ = play(start, SPRING_1901)
    fall = spring.position
    fall_result, _ = play(fall, FALL_1901)
    retreat = fall_result.position

    maps = {
        "map_start.png": map_png(start, size=args.size),
        "map_fall_results.png": map_png(fall, results=fall_result, size=args.size),
        # the retreat phase as `map` shows it: the dislodged fleet and where it may go
        "map_retreats.png": map_png(retreat, size=args.size),
    }
    for name, png in maps.items():
        # files kept in the repository are worth the slowest, smallest encoding
        image = Image.open(io.BytesIO(png))
        image.save(out / name, optimize=True)
        print(f"{out / name}: {(out / name).stat().st_size / 1024:.0f} KiB")


if __name__ == "__main__":
    main()
