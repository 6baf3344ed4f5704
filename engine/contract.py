"""The ``dipgm adjudicate`` contract (DESIGN.md): one JSON request in, one JSON answer out.

:func:`answer_line` answers one line of text; the command line that reads and writes the
lines lives in ``bot.cli``.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from engine.errors import OrderError, PositionError
from engine.orders import Order
from engine.outcomes import Outcome
from engine.parse import parse_order
from engine.position import Position
from engine.step import adjudicate


class RequestError(ValueError):
    """The request is not a position with orders; the message says what is wrong."""


def read_orders(
    position: Position, raw: Any
) -> tuple[dict[str, list[Order]], dict[str, str], dict[tuple[str, Order], str]]:
    """Read every order text; those that cannot be read become results at once. Also
    returns the text each order was read from."""
    orders: dict[str, list[Order]] = {}
    refused: dict[str, str] = {}
    texts: dict[tuple[str, Order], str] = {}
    if raw is None:
        return orders, refused, texts
    if not isinstance(raw, Mapping):
        raise RequestError('\'orders\' must be an object: {"FRANCE": ["A PAR - BUR"], ...}')
    for key, lines in raw.items():
        power = str(key).upper()
        if power not in position.variant.power_info:
            known = " ".join(position.variant.powers)
            raise RequestError(f"unknown power {key!r} in 'orders' (powers: {known})")
        if not isinstance(lines, list) or not all(isinstance(t, str) for t in lines):
            raise RequestError(f"orders of {power} must be a list of strings")
        for text in lines:
            try:
                order = parse_order(text, position, power, check=False)
            except OrderError as exc:
                refused[text] = f"{exc.kind}: {exc}"
                continue
            orders.setdefault(power, []).append(order)
            texts.setdefault((power, order), text)
    return orders, refused, texts


def _powers(position: Position, raw: Any, field: str) -> frozenset[str]:
    """A list of power names (any case), each one the variant has."""
    if raw is None:
        return frozenset()
    if not isinstance(raw, list) or not all(isinstance(p, str) for p in raw):
        raise RequestError(f'{field!r} must be a list of power names, e.g. ["ITALY"]')
    powers = frozenset(p.upper() for p in raw)
    unknown = sorted(powers - set(position.variant.powers))
    if unknown:
        known = " ".join(position.variant.powers)
        raise RequestError(f"unknown power {unknown[0]!r} in {field!r} (powers: {known})")
    return powers


def _owns(position: Position, power: str, province: str) -> bool:
    if position.owner_in(province) == power:
        return True
    dislodged = position.dislodged_in(province)
    return dislodged is not None and dislodged.power == power


def adjudicate_request(request: Any) -> dict[str, Any]:
    """Answer one request object of the contract (raises RequestError on a bad request)."""
    if not isinstance(request, Mapping):
        raise RequestError("each line must be a JSON object with a position and orders")
    try:
        position = Position.from_json(request)
    except PositionError as exc:
        raise RequestError(str(exc)) from None
    orders, refused, texts = read_orders(position, request.get("orders"))
    disorder = _powers(position, request.get("civil_disorder"), "civil_disorder")
    resolution = adjudicate(position, orders, disorder=disorder)
    results: dict[str, str] = dict(refused)
    for result in resolution.results:
        key = result.key
        if (
            result.outcome is Outcome.ILLEGAL
            and result.order is not None
            and result.unit is not None
            and not _owns(position, result.power, result.unit.province)
        ):
            # an order for someone else's unit must not stand in for that unit's own result
            key = texts.get((result.power, result.order), key)
        results[key] = result.text
    after = resolution.position.to_json()
    answer: dict[str, Any] = {
        "phase": str(resolution.phase),
        "results": results,
        "next_phase": None if resolution.winners else after["phase"],
        "units": after["units"],
        "centers": after["centers"],
        "dislodged": after["dislodged"],
        "contested": after["contested"],
        "winner": resolution.winner,
    }
    if "control" in after:
        # Diplomacia: every area's controller, for the next request (centres follow from it)
        answer["control"] = after["control"]
    if "neutral" in after:
        # the powers still neutral, for the next request (only variants with neutral powers)
        answer["neutral"] = after["neutral"]
    return answer


def answer_line(line: str, number: int) -> str:
    """The answer line (without its newline) to one request line of `dipgm adjudicate`; a
    line that is no request gets ``{"error": ...}`` saying why, with its ``number``."""
    try:
        answer = adjudicate_request(json.loads(line))
    except json.JSONDecodeError as exc:
        answer = {"error": f"line {number}: not JSON: {exc.msg} at column {exc.colno}"}
    except RecursionError:
        answer = {"error": f"line {number}: nested too deeply to read"}
    except RequestError as exc:
        answer = {"error": f"line {number}: {exc}"}
    return json.dumps(answer, separators=(",", ":"))
