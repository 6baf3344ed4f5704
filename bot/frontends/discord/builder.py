"""The order menus: orders by tapping instead of typing, for players on phones.

A message only the player sees offers their units; choosing one offers its legal orders
(supports and convoys gathered under the unit they help, so no list is longer than Discord's
25 choices; longer lists get pages); choosing an order sends it, shows the service's answer
and offers the units again for the next order.

The menus keep nothing in memory: each component's custom id says where the player is (the
server, for a DM; the game, if named; the phase the form was opened for; the unit, group and
page shown) and what it does, and the options carry the orders themselves. A restarted bot,
or one clicked an hour later, reads the id and draws the next step from the service's form;
an order goes with the form's phase, so once that phase is over the service refuses it and
the menus show the new phase's form (:meth:`bot.frontends.discord.front.Front.form_step`).
A component whose id this bot does not read (menus from an older version) says the form
expired and offers a new one, rather than leaving Discord to say "This interaction failed".
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

import discord

from bot.frontends.discord.identity import Interaction
from bot.frontends.discord.views import front_of

Choices = Sequence[tuple[str, Sequence[str]]]

OPTIONS_LIMIT = 25
TEXT_LIMIT = 100

CHOOSE_UNIT = "Choose a unit to order."
CHOOSE_ORDER = "Choose an order for {unit}."
MORE = "More…"
FIRST_PAGE = "Back to the first choices"
BACK_LABEL = "Back"
MY_ORDERS = "My orders"
READY = "Ready"
FORM_EXPIRED = "This form has expired; here is a new one (`/dip order` works too)."

# What a component of the menus does: choose from the menu, go back, or send a command.
PICK, BACK = "s", "b"
COMMANDS = {"o": "orders", "r": "ready"}
_PREFIX = "dip:m:"
_NONE = "-"
_STATE = re.compile(
    r"(?P<action>[sbor]):(?P<workspace>\d*):(?P<phase>[A-Z0-9]+):(?P<game>[\w-]*):"
    r"(?P<unit>\d+|-):(?P<group>\d+|-):(?P<page>\d+)"
)


@dataclass(frozen=True, slots=True)
class Entry:
    """One choice in a menu; ``value`` says what it is: ``u:`` a unit, ``o:`` an order (its
    text follows), ``g:`` a group of supports or convoys, ``p:`` a page."""

    label: str
    value: str
    description: str | None = None


def _clip(text: str) -> str:
    return text if len(text) <= TEXT_LIMIT else text[: TEXT_LIMIT - 1] + "…"


def _group_key(order: str) -> str | None:
    """Supports and convoys are gathered by the unit they help: ``A PAR S A MAR``."""
    words = order.split()
    if len(words) < 4 or words[2] not in ("S", "C"):
        return None
    return " ".join(words[:5] if words[3] in ("A", "F") and len(words) > 4 else words[:4])


def order_menu(orders: Sequence[str]) -> tuple[list[Entry], list[list[int]]]:
    """The entries for one unit's orders, and for each group entry the orders it holds."""
    keys: dict[str, list[int]] = {}
    for index, order in enumerate(orders):
        key = _group_key(order)
        if key is not None:
            keys.setdefault(key, []).append(index)
    entries: list[Entry] = []
    groups: list[list[int]] = []
    shown: set[str] = set()
    for order in orders:
        key = _group_key(order)
        if key is None or len(keys[key]) == 1:
            entries.append(Entry(_clip(order), f"o:{order}"))
        elif key not in shown:
            shown.add(key)
            members = keys[key]
            description = f"{len(members)} choices"
            entries.append(Entry(_clip(f"{key} …"), f"g:{len(groups)}", description))
            groups.append(members)
    return entries, groups


def page_of(entries: Sequence[Entry], page: int) -> list[Entry]:
    """At most 25 entries: a page of 24 and a way on when there are more."""
    if len(entries) <= OPTIONS_LIMIT:
        return list(entries)
    size = OPTIONS_LIMIT - 1
    pages = (len(entries) + size - 1) // size
    page = page % pages
    shown = list(entries[page * size : (page + 1) * size])
    if page + 1 < pages:
        shown.append(Entry(MORE, f"p:{page + 1}", f"page {page + 2} of {pages}"))
    else:
        shown.append(Entry(FIRST_PAGE, "p:0", f"page 1 of {pages}"))
    return shown


@dataclass(frozen=True, slots=True)
class FormState:
    """Where a player is in the menus, as a component's custom id keeps it: the server (for
    a DM), the phase the form was opened for (``S1901M``), the game if named ("" if not),
    and the unit, group of orders and page shown."""

    workspace: str
    phase: str
    game: str = ""
    unit: int | None = None
    group: int | None = None
    page: int = 0

    def custom_id(self, action: str) -> str:
        unit = _NONE if self.unit is None else str(self.unit)
        group = _NONE if self.group is None else str(self.group)
        where = f"{self.workspace}:{self.phase}:{self.game}"
        return f"{_PREFIX}{action}:{where}:{unit}:{group}:{self.page}"

    @classmethod
    def parse(cls, custom_id: str) -> tuple[FormState, str] | None:
        """The state and the action of a menus' custom id; None for one it cannot read."""
        if not custom_id.startswith(_PREFIX):
            return None
        match = _STATE.fullmatch(custom_id.removeprefix(_PREFIX))
        if match is None:
            return None
        unit, group = match["unit"], match["group"]
        state = cls(
            match["workspace"],
            match["phase"],
            match["game"],
            None if unit == _NONE else int(unit),
            None if group == _NONE else int(group),
            int(match["page"]),
        )
        return state, match["action"]

    def at_top(self, phase: str | None = None) -> FormState:
        """Back at the units (of ``phase``'s form, if given)."""
        return FormState(self.workspace, phase or self.phase, self.game)


@dataclass(frozen=True, slots=True)
class Step:
    """What a click asks for: the menus at ``state``, or ``command`` sent for the player."""

    state: FormState
    command: str | None = None


def step(state: FormState, action: str, value: str | None, choices: Choices) -> Step:
    """The next step of the menus after ``action`` (with the option chosen, ``value``), in
    the form's current ``choices``; at the units again for anything that does not fit them."""
    if action in COMMANDS:
        return Step(state.at_top(), COMMANDS[action])
    if action == BACK:
        if state.group is not None:
            return Step(replace(state, group=None, page=0))
        return Step(state.at_top())
    kind, _, rest = (value or "").partition(":")
    if kind == "o" and rest:
        return Step(state.at_top(), f"order {rest}")
    if not rest.isdigit():
        return Step(state.at_top())
    index = int(rest)
    if kind == "u" and index < len(choices):
        return Step(replace(state, unit=index, group=None, page=0))
    if kind == "g" and state.unit is not None:
        return Step(replace(state, group=index, page=0))
    if kind == "p":
        return Step(replace(state, page=index))
    return Step(state.at_top())


def prompt(state: FormState, choices: Choices) -> str:
    if state.unit is None or state.unit >= len(choices):
        return CHOOSE_UNIT
    return CHOOSE_ORDER.format(unit=choices[state.unit][0])


def _entries(state: FormState, choices: Choices) -> list[Entry]:
    if state.unit is None or state.unit >= len(choices):
        return [
            Entry(_clip(label), f"u:{i}", f"{len(orders)} choices")
            for i, (label, orders) in enumerate(choices)
        ]
    orders = choices[state.unit][1]
    entries, groups = order_menu(orders)
    if state.group is not None and state.group < len(groups):
        return [Entry(_clip(orders[i]), f"o:{orders[i]}") for i in groups[state.group]]
    return entries


def form_view(state: FormState, choices: Choices) -> discord.ui.View:
    """The menus at ``state``: a menu of the choices there, and the buttons."""
    view = discord.ui.View(timeout=None)
    entries = _entries(state, choices)
    if entries:
        options = [
            discord.SelectOption(label=e.label, value=e.value, description=e.description)
            for e in page_of(entries, state.page)
        ]
        menu = discord.ui.Select[discord.ui.View](
            custom_id=state.custom_id(PICK), placeholder=prompt(state, choices), options=options
        )
        view.add_item(FormMenu(menu))
    buttons = [("o", MY_ORDERS), ("r", READY)]
    if state.unit is not None:
        buttons.insert(0, (BACK, BACK_LABEL))
    for action, label in buttons:
        button = discord.ui.Button[discord.ui.View](
            label=label, style=discord.ButtonStyle.secondary, custom_id=state.custom_id(action)
        )
        view.add_item(FormButton(button))
    return view


class FormMenu(discord.ui.DynamicItem[discord.ui.Select[discord.ui.View]], template=r"dip:m:s:.*"):
    """The menu of units, orders or groups of orders."""

    def __init__(self, menu: discord.ui.Select[discord.ui.View]) -> None:
        super().__init__(menu)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FormMenu:
        if isinstance(item, discord.ui.Select):
            return cls(item)
        return cls(discord.ui.Select(custom_id=match.string))

    async def callback(self, interaction: Interaction) -> None:
        values = self.item.values
        await front_of(interaction).form_step(
            interaction, self.item.custom_id, values[0] if values else None
        )


class FormButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]], template=r"dip:m:[bor]:.*"
):
    """Back, My orders and Ready under the menus."""

    def __init__(self, button: discord.ui.Button[discord.ui.View]) -> None:
        super().__init__(button)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> FormButton:
        if isinstance(item, discord.ui.Button):
            return cls(item)
        return cls(discord.ui.Button(custom_id=match.string))

    async def callback(self, interaction: Interaction) -> None:
        await front_of(interaction).form_step(interaction, self.item.custom_id or "", None)


class ExpiredForm(
    discord.ui.DynamicItem[discord.ui.Item[discord.ui.View]],
    # Whatever no other item of the bot reads: menus from an older version of it.
    template=r"(?!dip:(?:c:|o:\d*$|m:[sbor]:)).*",
):
    """Says the form expired and offers a new one, instead of "This interaction failed"."""

    def __init__(self, item: discord.ui.Item[discord.ui.View]) -> None:
        super().__init__(item)

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> ExpiredForm:
        return cls(item)

    async def callback(self, interaction: Interaction) -> None:
        await front_of(interaction).form_step(interaction, self.custom_id, None)
