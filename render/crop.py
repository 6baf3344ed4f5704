"""Regional maps: a named part of the board, or one province with its neighbours."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from types import MappingProxyType

from render.geometry import Board, Box, load_board
from render.view import View, board_view, crop_view

# Named regions of the standard board: the provinces each must show in full.
REGIONS: Mapping[str, tuple[str, ...]] = MappingProxyType(
    {
        "british_isles": ("CLY", "EDI", "LVP", "YOR", "WAL", "LON", "IRI", "NTH", "ENG"),
        "scandinavia": ("NWY", "SWE", "DEN", "FIN", "SKA", "BOT", "BAL", "STP"),
        "low_countries": ("HOL", "BEL", "PIC", "RUH", "KIE", "HEL", "BUR"),
        "france": ("BRE", "PAR", "PIC", "BUR", "GAS", "MAR", "ENG"),
        "iberia": ("POR", "SPA", "GAS", "MAO", "WES", "LYO", "NAF"),
        "central_europe": ("MUN", "BER", "KIE", "SIL", "BOH", "TYR", "VIE", "GAL", "PRU", "RUH"),
        "italy": ("PIE", "VEN", "TUS", "ROM", "APU", "NAP", "TYS", "ADR", "LYO"),
        "balkans": ("SER", "BUL", "GRE", "ALB", "RUM", "CON", "BUD", "TRI", "AEG"),
        "turkey": ("CON", "ANK", "SMY", "ARM", "SYR", "BLA", "AEG", "EAS"),
        "russia": ("STP", "MOS", "WAR", "UKR", "SEV", "LVN", "FIN"),
        "mediterranean": ("LYO", "TYS", "ION", "ADR", "AEG", "EAS", "TUN", "NAP", "GRE"),
    }
)

_PAD = 0.12
# crops between these proportions (height / width) read well in a chat window
_MIN_ASPECT = 0.6
_MAX_ASPECT = 1.25


def region_provinces(board: Board, region: str) -> tuple[str, ...]:
    """The provinces a region must show; ``ValueError`` for a name that is neither a region
    nor a province of the board, for a province out of play, and for a region with no
    province in play. A region partly out of play shows all of it, the rest greyed."""
    named = REGIONS.get(region.lower()) if board.named_regions else None
    if named is not None:
        shown = tuple(p for p in named if p in board.provinces)
        if not any(board.in_play(p) for p in shown):
            raise ValueError(
                f"the {region.lower()} region is off the board in {board.name}: "
                f"use a province code or one of {', '.join(regions_in_play(board))}"
            )
        return shown
    code = region.upper()
    if code in board.out_of_play:
        raise ValueError(
            f"{board.out_of_play[code]} ({code}) is off the board in {board.name}: "
            f"use a province in play or one of {', '.join(regions_in_play(board))}"
        )
    if code in board.provinces:
        return (code, *sorted(board.neighbours.get(code, ())))
    known = regions_in_play(board)
    if not known:
        raise ValueError(
            f"unknown region {region!r}: use an area code of {board.name} "
            f"(e.g. {min(board.provinces)}) for that area and its neighbours"
        )
    raise ValueError(f"unknown region {region!r}: use a province code or one of {', '.join(known)}")


def board_region(variant: str, region: str) -> tuple[str, ...]:
    """:func:`region_provinces` on the map of ``variant`` (a name): what a map of ``region``
    would show, or ``ValueError`` saying why there is none."""
    return region_provinces(load_board(variant), region)


def regions_in_play(board: Board) -> tuple[str, ...]:
    """The named regions with a province in play on ``board`` (none on a board of its own
    map file: they are parts of the standard board)."""
    if not board.named_regions:
        return ()
    return tuple(name for name, codes in REGIONS.items() if any(board.in_play(p) for p in codes))


def _box(board: Board, provinces: Iterable[str]) -> Box:
    boxes = [board.provinces[p].bbox for p in provinces]
    return (
        min(b[0] for b in boxes),
        min(b[1] for b in boxes),
        max(b[2] for b in boxes),
        max(b[3] for b in boxes),
    )


def crop_box(board: Board, provinces: Iterable[str]) -> Box:
    """The provinces' bounding box, padded, brought to a readable shape, kept on the board."""
    x0, y0, x1, y1 = _box(board, provinces)
    w, h = x1 - x0, y1 - y0
    pad = _PAD * max(w, h)
    x0, y0, x1, y1 = x0 - pad, y0 - pad, x1 + pad, y1 + pad
    w, h = x1 - x0, y1 - y0
    if h < w * _MIN_ASPECT:
        grow = (w * _MIN_ASPECT - h) / 2
        y0, y1 = y0 - grow, y1 + grow
    elif h > w * _MAX_ASPECT:
        grow = (h / _MAX_ASPECT - w) / 2
        x0, x1 = x0 - grow, x1 + grow
    return _clamp(board, (x0, y0, x1, y1))


def _clamp(board: Board, box: Box) -> Box:
    x0, y0, x1, y1 = box
    w = min(x1 - x0, board.width)
    h = min(y1 - y0, board.height)
    x0 = min(max(0.0, x0), board.width - w)
    y0 = min(max(0.0, y0), board.height - h)
    return (x0, y0, x0 + w, y0 + h)


def view_for(board: Board, size: int, region: str | None) -> View:
    if region is None:
        return board_view(board, size)
    box = crop_box(board, region_provinces(board, region))
    if box[2] - box[0] >= board.width * 0.98 and box[3] - box[1] >= board.height * 0.98:
        return board_view(board, size)
    return crop_view(board, box, size)
