"""Buttons under the service's messages: the one-click commands the service chose for the
message ("Ready", "My orders", "Map", ...), and "Enter orders", which opens the order menus,
under a message with a deadline.

The buttons outlive the bot: each one's id says what it does (and, for a message sent by
DM, which server's games it is about), and a restarted bot recognises them by that id. A
click acts for the person who clicked, with their own rights, wherever the message is.
"""

from __future__ import annotations

import re
from typing import Any, Protocol, runtime_checkable

import discord

from bot.frontends.discord.identity import Interaction
from bot.service import Message

# Where the client keeps the front end, for buttons pressed after a restart.
FRONT_ATTRIBUTE = "dipgm_front"
CUSTOM_ID_LIMIT = 100
LABEL_LIMIT = 80
# Leave room in a message's five rows of five.
MAX_BUTTONS = 20

ENTER_ORDERS_LABEL = "Enter orders"


@runtime_checkable
class FrontPort(Protocol):
    """What a button needs of the front end."""

    async def press(
        self, interaction: Interaction, command: str, workspace: str | None
    ) -> None: ...

    async def open_builder(self, interaction: Interaction, workspace: str | None) -> None: ...

    async def form_step(self, interaction: Interaction, custom_id: str, value: str | None) -> None:
        """A component of the order menus was used (``value``: the option chosen)."""


def front_of(interaction: Interaction) -> FrontPort:
    front = getattr(interaction.client, FRONT_ATTRIBUTE, None)
    if not isinstance(front, FrontPort):
        raise RuntimeError("the Discord client has no dipgm front end")
    return front


class CommandButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"dip:c:(?P<workspace>\d*):(?P<command>.+)",
):
    """Runs a command for whoever clicks."""

    def __init__(self, label: str, command: str, workspace: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=label[:LABEL_LIMIT],
                style=discord.ButtonStyle.secondary,
                custom_id=f"dip:c:{workspace}:{command}",
            )
        )
        self.command = command
        self.workspace = workspace

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> CommandButton:
        label = item.label if isinstance(item, discord.ui.Button) else None
        return cls(label or match["command"], match["command"], match["workspace"])

    async def callback(self, interaction: Interaction) -> None:
        await front_of(interaction).press(interaction, self.command, self.workspace or None)


class EnterOrdersButton(
    discord.ui.DynamicItem[discord.ui.Button[discord.ui.View]],
    template=r"dip:o:(?P<workspace>\d*)",
):
    """Opens the order menus, for whoever clicks, in a message only they see."""

    def __init__(self, workspace: str) -> None:
        super().__init__(
            discord.ui.Button(
                label=ENTER_ORDERS_LABEL,
                style=discord.ButtonStyle.primary,
                custom_id=f"dip:o:{workspace}",
            )
        )
        self.workspace = workspace

    @classmethod
    async def from_custom_id(
        cls, interaction: Interaction, item: discord.ui.Item[Any], match: re.Match[str], /
    ) -> EnterOrdersButton:
        return cls(match["workspace"])

    async def callback(self, interaction: Interaction) -> None:
        await front_of(interaction).open_builder(interaction, self.workspace or None)


def message_view(message: Message, workspace: str) -> discord.ui.View | None:
    """The buttons of a message: exactly the service's, and "Enter orders" under a message
    with a deadline; None for a message without any."""
    buttons = message.buttons
    if not buttons and message.deadline is None:
        return None
    # Only a server's id identifies a workspace in a button; anything else is left out.
    workspace = workspace if workspace.isdigit() else ""
    view = discord.ui.View(timeout=None)
    for button in buttons[:MAX_BUTTONS]:
        if len(f"dip:c:{workspace}:{button.command}") <= CUSTOM_ID_LIMIT:
            view.add_item(CommandButton(button.label, button.command, workspace))
    if message.deadline is not None:
        view.add_item(EnterOrdersButton(workspace))
    return view if view.children else None
