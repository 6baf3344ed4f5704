"""The ``dipgm adjudicate`` contract (DESIGN.md): one JSON request in, one JSON answer out.

Pure dict-to-dict; the command line that reads and writes the lines lives in ``bot.cli``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from engine.errors import OrderError, PositionError
from engine.orders import Order
from engine.parse import parse_order
from engine.position import Position
from engine.step import adjudicate


class RequestError(ValueError):
    """The request is not a position with orders; the message says what is wrong."""


def read_orders(position: Position, raw: Any) -> tuple[dict[str, list[Order]], dict[str, str]]:
    """Read every order text; those that cannot be read become results at once."""
    if raw is None:
        return {}, {}
    if not isinstance(raw, Mapping):
        raise RequestError('\'orders\' must be an object: {"FRANCE": ["A PAR - BUR"], ...}')
    orders: dict[str, list[Order]] = {}
    refused: dict[str, str] = {}
    for key, texts in raw.items():
        power = str(key).upper()
        if power not in position.variant.power_info:
            known = " ".join(position.variant.powers)
            raise RequestError(f"unknown power {key!r} in 'orders' (powers: {known})")
        if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
            raise RequestError(f"orders of {power} must be a list of strings")
        for text in texts:
            try:
                orders.setdefault(power, []).append(parse_order(text, position, power, check=False))
            except OrderError as exc:
                refused[text] = f"{exc.kind}: {exc}"
    return orders, refused


def adjudicate_request(request: Any) -> dict[str, Any]:
    """Answer one request object of the contract (raises RequestError on a bad request)."""
    if not isinstance(request, Mapping):
        raise RequestError("each line must be a JSON object with a position and orders")
    try:
        position = Position.from_json(request)
    except PositionError as exc:
        raise RequestError(str(exc)) from None
    orders, refused = read_orders(position, request.get("orders"))
    resolution = adjudicate(position, orders)
    results: dict[str, str] = dict(refused)
    for result in resolution.results:
        results[result.key] = result.text
    after = resolution.position.to_json()
    return {
        "phase": str(resolution.phase),
        "results": results,
        "next_phase": None if resolution.winner else after["phase"],
        "units": after["units"],
        "centers": after["centers"],
        "dislodged": after["dislodged"],
        "contested": after["contested"],
        "winner": resolution.winner,
    }
