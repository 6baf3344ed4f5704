"""`dipgm render`: one position of the adjudication contract in (JSON on stdin), a PNG out.

The object may carry "orders" (order texts per power, in any notation the parser reads;
those it cannot read are left out). With ``--results`` the position is adjudicated with
those orders first and the map shows what happened; without it, the orders as given.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import IO, Any, TextIO

_STYLES = ("default", "colorblind")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--style", default="default", choices=_STYLES, help="colour palette")
    parser.add_argument("--size", type=int, default=1200, help="width in pixels (default 1200)")
    parser.add_argument(
        "--region",
        default=None,
        help="a named region (e.g. balkans, scandinavia) or a province code; default: the "
        "whole board (a region with nothing in play on the variant's board is refused)",
    )
    parser.add_argument(
        "--results",
        action="store_true",
        help="adjudicate the position with its orders and draw the results",
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dipgm render",
        description="Read one position (the `dipgm adjudicate` JSON, optionally with "
        "orders) on stdin and write the map as PNG to stdout. Any variant `dipgm variants` "
        "lists renders; provinces a variant takes off the board are drawn greyed.",
    )
    add_arguments(parser)
    return parser


def _binary(stream: IO[Any]) -> IO[bytes]:
    """The byte stream under a text stream (sys.stdout), or the stream itself."""
    buffer = getattr(stream, "buffer", None)
    return buffer if buffer is not None else stream


def _fail(message: str) -> int:
    sys.stderr.write(f"dipgm render: {message}\n")
    return 2


def render_command(argv: list[str], stdin: TextIO, stdout: IO[Any]) -> int:
    """Run ``dipgm render``; 0 on success, 2 with a message on stderr for bad input."""
    args = build_parser().parse_args(argv)
    from engine.contract import read_orders
    from engine.errors import PositionError
    from engine.position import Position
    from engine.step import adjudicate
    from render import map_png

    try:
        request = json.loads(stdin.read())
    except json.JSONDecodeError as exc:
        return _fail(f"not JSON: {exc.msg} at line {exc.lineno}")
    if not isinstance(request, dict):
        return _fail("expected one JSON object (a position)")
    try:
        position = Position.from_json(request)
        orders, _, _ = read_orders(position, request.get("orders"))
        if args.results:
            png = map_png(
                position,
                results=adjudicate(position, orders),
                style=args.style,
                size=args.size,
                region=args.region,
            )
        else:
            png = map_png(
                position,
                orders=orders or None,
                style=args.style,
                size=args.size,
                region=args.region,
            )
    except (PositionError, ValueError) as exc:
        return _fail(str(exc))
    out = _binary(stdout)
    out.write(png)
    out.flush()
    return 0
