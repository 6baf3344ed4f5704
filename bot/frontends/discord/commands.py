"""The command tree: every command of the game service under one `/dip`, the game master's
under `/dip gm`.

One group rather than some thirty top-level commands: typing `/dip` in Discord's picker
lists the game's commands together, with their descriptions, and nothing else; the names
(`status`, `map`, `help`, ...) cannot clash with other bots' commands on the server; and it
reads as the console and Slack do (`/dip order ...`). The game master's commands get their
own `/dip gm` group: players scrolling the picker are not offered commands they may not use,
and the group stays within Discord's 25 commands a group.

The group is for servers only: a direct message to the bot takes plain text instead
(`order A Par-Bur`, or just the orders).
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.frontends.discord.answer import our_fault
from bot.frontends.discord.diplomacy_commands import diplomacy_commands
from bot.frontends.discord.front import Front
from bot.frontends.discord.generic_commands import generic_commands
from bot.frontends.discord.gm_commands import GROUP as GM_GROUP
from bot.frontends.discord.gm_commands import GROUP_DESCRIPTION as GM_DESCRIPTION
from bot.frontends.discord.gm_commands import gm_commands
from bot.frontends.discord.identity import Interaction
from bot.frontends.discord.order_commands import order_commands
from bot.frontends.discord.table_commands import table_commands
from bot.service import COMMAND_PREFIX, safe_trace

logger = logging.getLogger(__name__)

GROUP = COMMAND_PREFIX.removeprefix("/")
GROUP_DESCRIPTION = "Diplomacy: give orders, see the map, and run the game"


def dip_group(front: Front) -> app_commands.Group:
    group = app_commands.Group(name=GROUP, description=GROUP_DESCRIPTION, guild_only=True)
    masters = app_commands.Group(name=GM_GROUP, description=GM_DESCRIPTION)
    players = [*order_commands(front), *diplomacy_commands(front), *table_commands(front)]
    for command in players:
        group.add_command(command)
    typed = gm_commands(front)
    for command in typed:
        masters.add_command(command)
    known = {c.name for c in (*players, *typed)}
    for spec, command in generic_commands(front, known):
        (masters if spec.gm else group).add_command(command)
    group.add_command(masters)
    return group


class DipTree(app_commands.CommandTree[discord.Client]):
    """The tree, with one answer for whatever went wrong: ours, never a traceback."""

    async def on_error(
        self, interaction: Interaction, error: app_commands.AppCommandError, /
    ) -> None:
        cause = error.original if isinstance(error, app_commands.CommandInvokeError) else error
        name = interaction.command.qualified_name if interaction.command else "?"
        logger.error("/%s failed: %s", name, safe_trace(cause))
        await our_fault(interaction)


def build_tree(client: discord.Client, front: Front) -> DipTree:
    tree = DipTree(client)
    tree.add_command(dip_group(front))
    return tree
