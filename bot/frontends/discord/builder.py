"""The order menus: orders by tapping instead of typing, for players on phones.

A message only the player sees offers their units; choosing one offers its legal orders
(supports and convoys gathered under the unit they help, so no list is longer than Discord's
25 choices; longer lists get pages); choosing an order sends it, shows the service's answer
and offers the units again for the next order.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass
from typing import Any

import discord

from bot.frontends.discord.answer import our_fault, send_reply
from bot.frontends.discord.embeds import render
from bot.frontends.discord.identity import Interaction
from bot.service import Actor, Audience, Message, Place, Reply, Request, safe_trace

logger = logging.getLogger(__name__)

Choices = Sequence[tuple[str, Sequence[str]]]
Handle = Callable[[Request], Awaitable[list[Reply]]]
Reload = Callable[[], Awaitable[Choices | None]]

OPTIONS_LIMIT = 25
TEXT_LIMIT = 100
# The menus answer for ten minutes; then "Enter orders" opens fresh ones.
MENU_SECONDS = 600.0

CHOOSE_UNIT = "Choose a unit to order."
CHOOSE_ORDER = "Choose an order for {unit}."
MORE = "More…"
FIRST_PAGE = "Back to the first choices"
BACK = "Back"
MY_ORDERS = "My orders"
READY = "Ready"


@dataclass(frozen=True, slots=True)
class Entry:
    """One choice in a menu; ``value`` says what it is: ``u:`` a unit, ``o:`` an order,
    ``g:`` a group of supports or convoys, ``p:`` a page."""

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
    for index, order in enumerate(orders):
        key = _group_key(order)
        if key is None or len(keys[key]) == 1:
            entries.append(Entry(_clip(order), f"o:{index}"))
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


class _Menu(discord.ui.Select["OrderBuilder"]):
    def __init__(self, builder: OrderBuilder, placeholder: str, entries: Sequence[Entry]) -> None:
        super().__init__(
            placeholder=placeholder,
            options=[
                discord.SelectOption(label=e.label, value=e.value, description=e.description)
                for e in entries
            ],
        )
        self._builder = builder

    async def callback(self, interaction: Interaction) -> None:
        await self._builder.chose(interaction, self.values[0])


class _Action(discord.ui.Button["OrderBuilder"]):
    def __init__(self, builder: OrderBuilder, label: str, action: str) -> None:
        super().__init__(label=label, style=discord.ButtonStyle.secondary)
        self._builder = builder
        self._action = action

    async def callback(self, interaction: Interaction) -> None:
        await self._builder.act(interaction, self._action)


class OrderBuilder(discord.ui.View):
    def __init__(
        self,
        handle: Handle,
        reload: Reload,
        actor: Actor,
        place: Place,
        choices: Choices,
        *,
        game: str | None = None,
        timeout: float = MENU_SECONDS,
    ) -> None:
        super().__init__(timeout=timeout)
        self._handle = handle
        self._reload = reload
        self._actor = actor
        self._place = place
        self._game = game
        self._choices = list(choices)
        self._unit: int | None = None
        self._groups: list[list[int]] = []
        self._group: int | None = None
        self._page = 0
        self.answer: Message | None = None
        self._compose()

    @property
    def prompt(self) -> str:
        if self._unit is None:
            return CHOOSE_UNIT
        return CHOOSE_ORDER.format(unit=self._choices[self._unit][0])

    def embeds(self) -> list[discord.Embed]:
        """The last answer of the service, shown above the menus."""
        if self.answer is None:
            return []
        return list(render(self.answer)[0].embeds)

    async def interaction_check(self, interaction: Interaction, /) -> bool:
        return str(interaction.user.id) == self._actor.user_id

    # Steps -------------------------------------------------------------------------------

    def _entries(self) -> list[Entry]:
        if self._unit is None:
            return [
                Entry(_clip(label), f"u:{i}", f"{len(orders)} choices")
                for i, (label, orders) in enumerate(self._choices)
            ]
        orders = self._choices[self._unit][1]
        entries, self._groups = order_menu(orders)
        if self._group is not None:
            return [Entry(_clip(orders[i]), f"o:{i}") for i in self._groups[self._group]]
        return entries

    def _compose(self) -> None:
        self.clear_items()
        entries = self._entries()
        if entries:
            self.add_item(_Menu(self, self.prompt, page_of(entries, self._page)))
        if self._unit is not None:
            self.add_item(_Action(self, BACK, "back"))
        self.add_item(_Action(self, MY_ORDERS, "orders"))
        self.add_item(_Action(self, READY, "ready"))

    async def _show(self, interaction: Interaction) -> None:
        self._compose()
        await interaction.response.edit_message(
            content=self.prompt, embeds=self.embeds(), view=self
        )

    async def on_error(
        self, interaction: Interaction, error: Exception, item: discord.ui.Item[Any], /
    ) -> None:
        logger.error("the order menus failed: %s", safe_trace(error))
        await our_fault(interaction)

    async def chose(self, interaction: Interaction, value: str) -> None:
        kind, _, number = value.partition(":")
        index = int(number)
        if kind == "u":
            self._unit, self._group, self._page = index, None, 0
        elif kind == "g":
            self._group, self._page = index, 0
        elif kind == "p":
            self._page = index
        elif kind == "o" and self._unit is not None:
            await self._send(interaction, f"order {self._choices[self._unit][1][index]}")
            return
        await self._show(interaction)

    async def act(self, interaction: Interaction, action: str) -> None:
        if action == "back":
            if self._group is not None:
                self._group = None
            else:
                self._unit = None
            self._page = 0
            await self._show(interaction)
            return
        await self._send(interaction, action)

    async def _send(self, interaction: Interaction, command: str) -> None:
        """Run a command for the player, then show its answer and the units again."""
        await interaction.response.defer()
        text = command if self._game is None else f"game {self._game} {command}"
        replies = await self._handle(Request(self._actor, self._place, text))
        # The answer meant for the player alone shows in the menus' own message; anything
        # else (public news, a picture) goes where its audience says.
        shown = next(
            (r for r in replies if r.audience is not Audience.CHANNEL and r.message.image is None),
            None,
        )
        self.answer = None if shown is None else shown.message
        fresh = await self._reload()
        if fresh:
            self._choices = list(fresh)
        self._unit, self._group, self._page = None, None, 0
        self._compose()
        await interaction.edit_original_response(
            content=self.prompt, embeds=self.embeds(), view=self
        )
        for reply in replies:
            if reply is not shown:
                await send_reply(interaction, reply, self._actor.workspace)
