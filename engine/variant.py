"""A variant is data: provinces, coasts, adjacency, centres, powers, and the rules it plays by
(:mod:`engine.rules`). Loaded from ``engine/data``.

The adjudicator never names a province; everything it knows about the board comes from
a :class:`Variant`. A second map is a second JSON file; a board that is another board with
provinces and powers taken away and links added (the 1961 boards for fewer players) is an
overlay: a small file naming its ``base`` and what changes.
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cache, cached_property
from importlib import resources
from pathlib import Path
from typing import TYPE_CHECKING, Any, SupportsIndex

from engine.errors import VariantError
from engine.rules import Rules, Victory
from engine.units import Unit, UnitType, province_of

if TYPE_CHECKING:
    from engine.board_index import BoardIndex


_NOWHERE: frozenset[str] = frozenset()


class ProvinceKind(StrEnum):
    LAND = "land"
    SEA = "sea"
    COAST = "coast"


@dataclass(frozen=True, slots=True)
class Province:
    code: str
    name: str
    kind: ProvinceKind
    supply_center: bool
    coasts: tuple[str, ...]
    aliases: tuple[str, ...]
    home_of: str | None
    # Diplomacia: the name of the port in this sea sector, and the territory it lies off
    port: str | None = None
    port_off: str | None = None

    @property
    def army_can_stand(self) -> bool:
        return self.kind is not ProvinceKind.SEA

    @property
    def fleet_can_stand(self) -> bool:
        return self.kind is not ProvinceKind.LAND


@dataclass(frozen=True, slots=True)
class PowerInfo:
    code: str
    name: str
    adjective: str
    aliases: tuple[str, ...]
    colour: str
    homes: tuple[str, ...]
    units: tuple[Unit, ...]


@dataclass(frozen=True, eq=False)
class Variant:
    """An immutable map and setup. Compare variants by ``name``."""

    name: str
    title: str
    # one line for `dipgm variants` and the game's setup message
    description: str
    rules: Rules
    powers: tuple[str, ...]
    power_info: Mapping[str, PowerInfo]
    provinces: Mapping[str, Province]
    impassable: Mapping[str, str]
    # provinces of the base board taken off this one: code -> name (named in refusals)
    out_of_play: Mapping[str, str]
    # province -> provinces an army can move to
    army_adjacency: Mapping[str, frozenset[str]]
    # location (PROV or PROV/COAST) -> locations a fleet can move to
    fleet_adjacency: Mapping[str, frozenset[str]]
    ambiguous_names: Mapping[str, tuple[str, ...]]
    # the whole board this one is an overlay on (its map is drawn on that board's), or None
    base: str | None = None
    # Diplomacia: area -> the areas of the other kind it touches (a territory's sectors, a
    # sector's coast); where convoys land and ports lie. Empty on a board with coasts.
    shores: Mapping[str, frozenset[str]] = field(default_factory=dict)
    # a map file's own drawing (docs/maps.md "Geometry"), kept as read for the renderer
    geometry: Mapping[str, Any] | None = None

    @cached_property
    def index(self) -> BoardIndex:
        """The board numbered for the adjudicator (:mod:`engine.board_index`), built once."""
        # imported here: the index is built from the convoy tables, which build on this module
        from engine.board_index import BoardIndex

        return BoardIndex.of(self)

    @cached_property
    def ports(self) -> frozenset[str]:
        """The sea sectors that hold a port (Diplomacia)."""
        return frozenset(code for code, p in self.provinces.items() if p.port is not None)

    @cached_property
    def supply_centers(self) -> frozenset[str]:
        return frozenset(code for code, p in self.provinces.items() if p.supply_center)

    def homes(self, power: str) -> tuple[str, ...]:
        return self.power_info[power].homes

    def fleet_locations(self, province: str) -> tuple[str, ...]:
        """Where a fleet can stand in a province: its coasts, or the province itself."""
        p = self.provinces[province]
        if p.coasts:
            return tuple(f"{province}/{c}" for c in p.coasts)
        return (province,) if p.fleet_can_stand else ()

    def can_stand(self, unit_type: UnitType, location: str) -> bool:
        """Whether a unit of this type may occupy this exact location."""
        province = province_of(location)
        p = self.provinces.get(province)
        if p is None:
            return False
        if unit_type is UnitType.ARMY:
            return location == province and p.army_can_stand
        return location in self.fleet_adjacency

    def can_move(self, unit_type: UnitType, source: str, target: str) -> bool:
        """A move of one step without convoy; for fleets both ends are exact locations."""
        if unit_type is UnitType.ARMY:
            return target in self.army_adjacency.get(source, frozenset())
        return target in self.fleet_adjacency.get(source, frozenset())

    def reaches(self, unit_type: UnitType, source: str, province: str) -> bool:
        """Whether a unit at ``source`` could move into ``province`` (any coast of it).

        This is the test for supports: a unit may support into a province it could move to.
        """
        if unit_type is UnitType.ARMY:
            return province in self.army_adjacency.get(source, _NOWHERE)
        return province in self._fleet_reach.get(source, _NOWHERE)

    def fleet_targets(self, source: str, province: str) -> tuple[str, ...]:
        """The locations in ``province`` a fleet at ``source`` can move to."""
        return self._fleet_targets.get((source, province), ())

    def neighbours(self, unit_type: UnitType, source: str) -> frozenset[str]:
        """The provinces a unit at ``source`` can move to in one step."""
        if unit_type is UnitType.ARMY:
            return self.army_adjacency.get(source, frozenset())
        return self._fleet_reach.get(source, frozenset())

    # Derived tables, built once: order checks ask these for every order of every phase.

    @cached_property
    def _fleet_reach(self) -> dict[str, frozenset[str]]:
        return {
            loc: frozenset(province_of(t) for t in targets)
            for loc, targets in self.fleet_adjacency.items()
        }

    @cached_property
    def _fleet_targets(self) -> dict[tuple[str, str], tuple[str, ...]]:
        table: dict[tuple[str, str], list[str]] = {}
        for loc, targets in self.fleet_adjacency.items():
            for target in targets:
                table.setdefault((loc, province_of(target)), []).append(target)
        return {key: tuple(sorted(locs)) for key, locs in table.items()}

    @cached_property
    def standing_units(self) -> dict[str, Unit]:
        """Every unit that may stand on the board, by its canonical notation (``F STP/SC``):
        positions are read from it, a dictionary lookup a unit."""
        units = [
            Unit(unit_type, location)
            for code in self.provinces
            for unit_type, locations in (
                (UnitType.ARMY, (code,)),
                (UnitType.FLEET, (code, *self.fleet_locations(code))),
            )
            for location in locations
        ]
        return {str(u): u for u in units if self.can_stand(u.type, u.location)}

    @cached_property
    def added_links(self) -> frozenset[tuple[str, str]]:
        """Pairs of provinces (each pair in alphabetical order) a unit may pass between here
        and not on the base board: the passages an overlay opens, such as the Black Sea to
        the Aegean once Constantinople is off the board. Empty for a whole board."""
        if self.base is None:
            return frozenset()
        return _linked_pairs(self) - _linked_pairs(load_variant(self.base))

    def __reduce_ex__(self, protocol: SupportsIndex) -> str | tuple[Any, ...]:
        """A loaded variant travels to another process (the pool that adjudicates and draws
        at a deadline) by name: the other side uses its own loaded one, with the tables and
        board drawings it has already built, and what comes back is this very variant."""
        loaded = _loaded_with(self)
        if loaded is not None:
            return (load_variant, loaded)
        return super().__reduce_ex__(protocol)

    def province_name(self, code: str) -> str:
        province = self.provinces.get(code)
        if province is not None:
            return province.name
        return self.impassable.get(code) or self.out_of_play.get(code, code)

    def __repr__(self) -> str:
        return f"load_variant({self.name!r})"


def _linked_pairs(variant: Variant) -> frozenset[tuple[str, str]]:
    """Every pair of provinces some unit can move between in one step, coasts left aside."""
    pairs: set[tuple[str, str]] = set()
    for table in (variant.army_adjacency, variant._fleet_reach):
        for source, targets in table.items():
            a = province_of(source)
            pairs.update((min(a, b), max(a, b)) for b in targets if b != a)
    return frozenset(pairs)


def _as_tuple(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        return tuple(value.split())
    return tuple(str(v) for v in value)


def variant_from_dict(data: Mapping[str, Any]) -> Variant:
    """Build and check a variant from its JSON form (see ``engine/data/standard.json``), or
    from an overlay on another variant's form (a ``base``, see ``engine/data/1961-6.json``)."""
    base = str(data["base"]) if "base" in data else None
    if base is not None:
        data = _overlaid(data)
    powers = tuple(sorted(data["powers"]))
    home_of: dict[str, str] = {}
    for power in powers:
        for home in data["powers"][power]["homes"]:
            home_of[home] = power
    provinces: dict[str, Province] = {}
    for raw in data["provinces"]:
        code = raw["code"]
        if code in provinces:
            raise VariantError(f"province {code} is listed twice")
        provinces[code] = Province(
            code=code,
            name=raw["name"],
            kind=ProvinceKind(raw["type"]),
            supply_center=bool(raw.get("supply_center", False)),
            coasts=tuple(raw.get("coasts", ())),
            aliases=tuple(raw.get("aliases", ())),
            home_of=home_of.get(code),
        )
    power_info = {
        power: PowerInfo(
            code=power,
            name=info["name"],
            adjective=info["adjective"],
            aliases=tuple(info.get("aliases", ())),
            colour=info["colour"],
            homes=tuple(info["homes"]),
            units=tuple(Unit.parse(u) for u in info["units"]),
        )
        for power, info in ((p, data["powers"][p]) for p in powers)
    }
    army = {k: frozenset(_as_tuple(v)) for k, v in data["army_adjacency"].items()}
    fleet = {k: frozenset(_as_tuple(v)) for k, v in data["fleet_adjacency"].items()}
    variant = Variant(
        name=data["name"],
        title=data.get("title", data["name"]),
        description=data.get("description", data.get("title", data["name"])),
        rules=Rules.from_json(data.get("rules", {})),
        powers=powers,
        power_info=power_info,
        provinces=provinces,
        impassable={p["code"]: p["name"] for p in data.get("impassable", ())},
        out_of_play={p["code"]: p["name"] for p in data.get("out_of_play", ())},
        army_adjacency=army,
        fleet_adjacency=fleet,
        ambiguous_names={k.upper(): tuple(v) for k, v in data.get("ambiguous_names", {}).items()},
        base=base,
    )
    _check(variant)
    return variant


def _check(v: Variant) -> None:
    """Refuse a data file that would make the adjudicator wrong rather than fail loudly later."""
    for a, targets in v.army_adjacency.items():
        if a not in v.provinces or not v.provinces[a].army_can_stand:
            raise VariantError(f"army adjacency names {a}, where no army can stand")
        for b in targets:
            if a not in v.army_adjacency.get(b, frozenset()):
                raise VariantError(f"army adjacency is one-way: {a} -> {b}")
    for a, targets in v.fleet_adjacency.items():
        province = v.provinces.get(province_of(a))
        if province is None or not province.fleet_can_stand:
            raise VariantError(f"fleet adjacency names {a}, where no fleet can stand")
        if province.coasts and a == province.code:
            raise VariantError(f"fleet adjacency names {a} without a coast; it has coasts")
        for b in targets:
            if a not in v.fleet_adjacency.get(b, frozenset()):
                raise VariantError(f"fleet adjacency is one-way: {a} -> {b}")
    for power, info in v.power_info.items():
        for home in info.homes:
            if not v.provinces[home].supply_center:
                raise VariantError(f"{power} home {home} is not a supply centre")
        for unit in info.units:
            if not v.can_stand(unit.type, unit.location):
                raise VariantError(f"{power} starts with {unit}, which cannot stand there")
    for neutral in v.rules.neutral:
        if neutral.power not in v.power_info:
            raise VariantError(f"neutral power {neutral.power} is not a power of {v.name}")
        for code in sorted(neutral.territory - set(v.provinces)):
            raise VariantError(f"{neutral.power}'s neutral territory names {code}: no province")
        if neutral.until < v.rules.first_year:
            raise VariantError(f"{neutral.power} is neutral until {neutral.until}, before play")
    for side in v.rules.sides:
        for power in side:
            if power not in v.power_info:
                raise VariantError(f"side names {power}, which is not a power of {v.name}")
    count = v.rules.victory_count
    if (
        v.rules.victory is Victory.CENTRES
        and count is not None
        and not (0 < count <= len(v.supply_centers))
    ):
        raise VariantError("victory_count must be between 1 and the number of centres")


def _overlaid(overlay: Mapping[str, Any]) -> dict[str, Any]:
    """The JSON form of an overlay's board: its base with the overlay's provinces and powers
    taken away, its links added and its own name, text and rules.

    A power taken away leaves its home centres on the board as neutral centres (the 1961
    four-player board keeps Vienna and Trieste); a province taken away goes with every link
    to it and every name for it.
    """
    base = _variant_json(str(overlay["base"]))
    if "base" in base:
        raise VariantError(f"{overlay['name']}: an overlay's base must be a whole board")
    gone = set(overlay.get("remove_provinces", ()))
    codes = {p["code"] for p in base["provinces"]}
    for code in sorted(gone - codes):
        raise VariantError(f"{overlay['name']}: removes {code}, which {base['name']} lacks")
    dropped = set(overlay.get("remove_powers", ()))
    for power in sorted(dropped - set(base["powers"])):
        raise VariantError(f"{overlay['name']}: removes {power}, which {base['name']} lacks")
    powers = {p: info for p, info in base["powers"].items() if p not in dropped}
    for power, info in powers.items():
        lost = [h for h in info["homes"] if h in gone]
        if lost:
            raise VariantError(f"{overlay['name']}: removes {power}'s home {lost[0]}")

    def kept(location: str) -> bool:
        return province_of(location) not in gone

    def links(table: Mapping[str, Any], added: Any) -> dict[str, list[str]]:
        out = {k: [t for t in _as_tuple(v) if kept(t)] for k, v in table.items() if kept(k)}
        for a, b in added:
            out.setdefault(a, []).append(b)
            out.setdefault(b, []).append(a)
        return out

    return {
        "name": overlay["name"],
        "title": overlay.get("title", overlay["name"]),
        "description": overlay.get("description", overlay.get("title", overlay["name"])),
        "rules": overlay.get("rules", base.get("rules", {})),
        "impassable": base.get("impassable", []),
        "out_of_play": [
            {"code": p["code"], "name": p["name"]} for p in base["provinces"] if p["code"] in gone
        ],
        "powers": powers,
        "provinces": [p for p in base["provinces"] if p["code"] not in gone],
        "army_adjacency": links(base["army_adjacency"], overlay.get("add_army_links", ())),
        "fleet_adjacency": links(base["fleet_adjacency"], overlay.get("add_fleet_links", ())),
        "ambiguous_names": {
            name: [c for c in codes_ if c not in gone]
            for name, codes_ in base.get("ambiguous_names", {}).items()
            if len([c for c in codes_ if c not in gone]) > 1
        },
    }


# Variant names are file names: short, plain, never a path.
_VARIANT_NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,40}")

# Where a community's map files go (docs/maps.md); read at each call so that every entry
# point (the bot, `dipgm adjudicate`, `dipgm render`) sees the same folder.
VARIANTS_DIR_VARIABLE = "DIPGM_VARIANTS_DIR"


def variants_folder() -> Path:
    """The folder of added map files: ``$DIPGM_VARIANTS_DIR``, by default ``variants``."""
    return Path(os.environ.get(VARIANTS_DIR_VARIABLE) or "variants")


class _Loader:
    """:func:`load_variant`: the shipped variants read once; a map file of the variants
    folder read again only when it changes (:mod:`engine.variant_folder`)."""

    def __call__(self, name: str = "standard") -> Variant:
        """The variant shipped as ``engine/data/<name>.json``, or added as a map file in
        :func:`variants_folder`; checked. :class:`VariantError` for a name that is none
        of these, or a map file that cannot be played (with its first problem)."""
        if name in _shipped():
            return _shipped_variant(name)
        # imported here: the folder's files are read by the map file reader, built on this
        from engine.variant_folder import folder_variant

        return folder_variant(name)

    def cache_clear(self) -> None:
        """Read every variant again when next asked for."""
        from engine.variant_folder import forget_folder_maps

        _shipped_variant.cache_clear()
        forget_folder_maps()


load_variant = _Loader()


@cache
def _shipped_variant(name: str) -> Variant:
    data = _variant_json(name)
    if "format" in data:
        # a map file (docs/maps.md); imported here because that reader builds on this module
        from engine.map_file import variant_from_map

        return variant_from_map(data, name)
    return variant_from_dict(data)


def _loaded_with(variant: Variant) -> tuple[str, ...] | None:
    """The arguments :func:`load_variant` returned this very variant for, if it did: the
    default variant is cached apart from the same one asked for by name."""
    calls: tuple[tuple[str, ...], ...] = ((variant.name,),)
    if variant.name == "standard":
        calls = ((), *calls)
    for args in calls:
        try:
            if load_variant(*args) is variant:
                return args
        except VariantError:
            return None
    return None


def _variant_json(name: str) -> dict[str, Any]:
    """A shipped variant's JSON (an overlay's base is one)."""
    if name not in _shipped():
        known = ", ".join(_shipped())
        raise VariantError(f"{name!r} is not a shipped variant (shipped: {known})")
    text = resources.files("engine").joinpath("data").joinpath(f"{name}.json").read_text("utf-8")
    data = json.loads(text)
    if not isinstance(data, dict):
        raise VariantError(f"{name}.json must hold a JSON object")
    return data


@cache
def _shipped() -> tuple[str, ...]:
    folder = resources.files("engine").joinpath("data")
    return tuple(
        sorted(p.name[: -len(".json")] for p in folder.iterdir() if p.name.endswith(".json"))
    )


def available_variants() -> tuple[str, ...]:
    """Every variant by name: the shipped ones, then the map files added in the variants
    folder (a file named like a shipped variant is left aside)."""
    from engine.variant_folder import added_variants

    return _shipped() + added_variants()
