"""The "Enter orders" modal: a menu per unit of the player's legal orders, from the service.

A menu holds at most 100 options in Slack; a unit with more (supports and convoys add up)
gets a menu that searches as one types instead. Both list the orders as the service ranks
them for what was typed (:func:`bot.service.suggest_orders`), holds and moves first. What is
submitted is sent as one `order` command, so the service checks and echoes it as if it had
been typed. The form keeps the phase it was opened for, and the command carries it: once
that phase is adjudicated the service refuses what the form sends, and offers the new form.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from bot.frontends.slack.blocks import Block
from bot.service import Place, suggest_orders

CALLBACK_ID = "dip:orders"
SELECT_ACTION = "dip:unit_order"
TITLE = "Enter orders"
SUBMIT = "Send orders"
CLOSE = "Cancel"
PLACEHOLDER = "Keep as it is"
NOTHING_CHOSEN = "Choose an order for at least one unit."

MAX_OPTIONS = 100
MAX_INPUTS = 99
_BLOCK_PREFIX = "unit|"


@dataclass(frozen=True, slots=True)
class Where:
    """Where the modal was opened, so the answer goes back there; the game, if named; and
    the phase (``S1901M``) whose orders it offers."""

    channel: str | None
    is_dm: bool
    game: str | None = None
    phase: str | None = None

    @property
    def place(self) -> Place:
        return Place(self.channel, is_dm=self.is_dm)

    def to_metadata(self) -> str:
        return json.dumps(
            {"channel": self.channel, "dm": self.is_dm, "game": self.game, "phase": self.phase}
        )

    @classmethod
    def from_metadata(cls, text: str) -> Where | None:
        try:
            data = json.loads(text)
        except (TypeError, ValueError):
            return None
        if not isinstance(data, dict):
            return None
        channel, is_dm, game = data.get("channel"), data.get("dm"), data.get("game")
        phase = data.get("phase")
        if not isinstance(is_dm, bool) or not isinstance(channel, str | None):
            return None
        return cls(
            channel,
            is_dm,
            game if isinstance(game, str) else None,
            phase if isinstance(phase, str) else None,
        )


def order_modal(choices: Sequence[tuple[str, list[str]]], where: Where) -> dict[str, Any]:
    blocks = [_unit_input(unit, orders) for unit, orders in choices[:MAX_INPUTS]]
    return {
        "type": "modal",
        "callback_id": CALLBACK_ID,
        "title": _plain(TITLE),
        "submit": _plain(SUBMIT),
        "close": _plain(CLOSE),
        "private_metadata": where.to_metadata(),
        "blocks": blocks,
    }


def _unit_input(unit: str, orders: list[str]) -> Block:
    element: Block
    if len(orders) <= MAX_OPTIONS:
        element = {
            "type": "static_select",
            "action_id": SELECT_ACTION,
            "placeholder": _plain(PLACEHOLDER),
            "options": matching(unit, orders, ""),
        }
    else:
        element = {
            "type": "external_select",
            "action_id": SELECT_ACTION,
            "placeholder": _plain(PLACEHOLDER),
            "min_query_length": 0,
        }
    return {
        "type": "input",
        "block_id": f"{_BLOCK_PREFIX}{unit}"[:255],
        "optional": True,
        "label": _plain(unit),
        "element": element,
    }


def option(order: str) -> Block:
    return {"text": _plain(order[:75]), "value": order[:150]}


def _plain(text: str) -> dict[str, Any]:
    return {"type": "plain_text", "text": text, "emoji": False}


def unit_of_block(block_id: str) -> str | None:
    """The unit a menu is for, from its block id."""
    return block_id[len(_BLOCK_PREFIX) :] if block_id.startswith(_BLOCK_PREFIX) else None


def first_block(view: dict[str, Any]) -> str | None:
    blocks = view.get("blocks")
    if isinstance(blocks, list) and blocks and isinstance(blocks[0], dict):
        block_id = blocks[0].get("block_id")
        return block_id if isinstance(block_id, str) else None
    return None


def chosen_orders(view: dict[str, Any]) -> list[str] | None:
    """The orders picked in a submitted modal, in the menus' order; None if the view is not
    one this front end could have made."""
    state = view.get("state")
    values = state.get("values") if isinstance(state, dict) else None
    if not isinstance(values, dict):
        return None
    orders: list[str] = []
    for block_id, actions in values.items():
        if unit_of_block(str(block_id)) is None or not isinstance(actions, dict):
            return None
        picked = actions.get(SELECT_ACTION)
        if not isinstance(picked, dict):
            return None
        selected = picked.get("selected_option")
        if selected is None:
            continue
        value = selected.get("value") if isinstance(selected, dict) else None
        if not isinstance(value, str) or not value.strip() or "\n" in value:
            return None
        orders.append(value.strip())
    return orders


def matching(unit: str, orders: Sequence[str], query: str) -> list[Block]:
    """Options for a unit's menu: its orders that fit what was typed, best first, at most
    100."""
    found = suggest_orders(query, [(unit, orders)], unit=unit)
    return [option(order) for order in found[:MAX_OPTIONS]]
