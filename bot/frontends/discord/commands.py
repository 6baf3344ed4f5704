"""The command tree: every command of the game service under one `/dip`, the game master's
under `/dip gm`, each made from the service's declaration (:mod:`.slash_commands`).

One group rather than some thirty top-level commands: typing `/dip` in Discord's picker
lists the game's commands together, with their descriptions, and nothing else; the names
(`status`, `map`, `help`, ...) cannot clash with other bots' commands on the server; and it
reads as the console and Slack do (`/dip order ...`). The game master's commands get their
own `/dip gm` group: players scrolling the picker are not offered commands they may not use,
and the group stays within Discord's 25 commands a group (which is also why the order menus are
`/dip order` with nothing typed, as a bare `order` is on every front end with menus, rather than
a command of their own). Anyone sees them in the picker,
because a game's creator is its master whatever their roles; the service refuses them to
anyone else, with members who may manage the server counted as masters of every game there.

The club's season (`standings`, `ratings`, `club`, ...: what spans a server's games rather than
one game) is a second group, `/club`, declared by the service (:attr:`CommandSpec.group`).

The groups are for servers only: a direct message to the bot takes plain text instead
(`order A Par-Bur`, or just the orders).
"""

from __future__ import annotations

import logging

import discord
from discord import app_commands

from bot.frontends.discord.answer import our_fault
from bot.frontends.discord.front import Front
from bot.frontends.discord.identity import Interaction
from bot.frontends.discord.slash_commands import slash_command
from bot.service import COMMAND_PREFIX, COMMANDS, safe_trace

logger = logging.getLogger(__name__)

GROUP = COMMAND_PREFIX.removeprefix("/")
GROUP_DESCRIPTION = "Diplomacy: give orders, see the map, and run the game"
GM_GROUP = "gm"
# The club's season across games, a group of its own: `/dip` holds Discord's 25 already.
CLUB_GROUP = "club"
GM_DESCRIPTION = "The game master's commands (the game's creator, or who manages the server)"
CLUB_DESCRIPTION = "The club's season: standings, ratings, reliability, the lobby, and votes"


def dip_group(front: Front) -> app_commands.Group:
    group = app_commands.Group(name=GROUP, description=GROUP_DESCRIPTION, guild_only=True)
    masters = app_commands.Group(name=GM_GROUP, description=GM_DESCRIPTION)
    for spec in COMMANDS:
        if spec.group is None:
            (masters if spec.gm else group).add_command(slash_command(front, spec))
    group.add_command(masters)
    return group


def grouped(front: Front, name: str) -> app_commands.Group:
    """The commands the service declares in the group ``name`` (`/club`)."""
    group = app_commands.Group(name=name, description=CLUB_DESCRIPTION, guild_only=True)
    for spec in COMMANDS:
        if spec.group == name:
            group.add_command(slash_command(front, spec))
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
    tree.add_command(grouped(front, CLUB_GROUP))
    return tree
