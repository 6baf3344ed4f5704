"""The boards the generator builds: each is its hand-written geography, a picture size, the
projection's framing, and where the result goes. The pipeline itself is shared."""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property
from pathlib import Path
from types import ModuleType

from tools.mapgen import diplomacia_seeds, projection, seeds
from tools.mapgen.projection import Projection, fitted

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Board:
    name: str
    # the geography module: GROUPS, OVERRIDES, RIDGES, BRIDGES, CHANNELS, SEEDS,
    # OFFBOARD_LAND_SEEDS, WHOLE_GROUP_LABEL, IMPASSABLE, OFF_LAND, OFF_WATER, UNIT_POINTS,
    # LABEL_POINTS (see seeds.py)
    facts: ModuleType
    width: int
    height: int
    # the projection before its scale and shift are fitted to ``frame``
    base: Projection
    frame: dict[str, tuple[float, float, float, float]]
    output: Path

    @cached_property
    def projection(self) -> Projection:
        return fitted(self.base, self.frame)


STANDARD = Board(
    name="standard",
    facts=seeds,
    width=projection.WIDTH,
    height=projection.HEIGHT,
    base=Projection(),
    frame=projection.FRAME_TARGETS,
    output=ROOT / "render" / "data" / "standard_map.json",
)

DIPLOMACIA = Board(
    name="diplomacia",
    facts=diplomacia_seeds,
    width=diplomacia_seeds.WIDTH,
    height=diplomacia_seeds.HEIGHT,
    base=replace(Projection(), lenses=diplomacia_seeds.LENSES),
    frame=diplomacia_seeds.FRAME_TARGETS,
    output=ROOT / "engine" / "data" / "diplomacia.json",
)

BOARDS = {board.name: board for board in (STANDARD, DIPLOMACIA)}
