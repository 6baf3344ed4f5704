"""The Discord front end's one door to the game service: slash commands, buttons, the order
menus, autocomplete and direct messages all turn into the service's requests here, and its
replies go back where their audience says.

Nothing here writes game text; the few words of its own are about Discord itself (the menus'
prompts, and the question of which server a DM means). What players type is never logged.
"""

from __future__ import annotations

import logging
from functools import partial

import discord

from bot.frontends.discord.answer import answer, our_fault
from bot.frontends.discord.builder import Choices, OrderBuilder
from bot.frontends.discord.embeds import render
from bot.frontends.discord.identity import (
    Interaction,
    actor_of,
    dm_actor,
    neutral_mention,
    place_of,
)
from bot.frontends.discord.sending import MENTIONS, send_message, send_to
from bot.frontends.discord.workspaces import SEVERAL_SERVERS, Workspaces
from bot.service import (
    OUR_FAULT,
    Actor,
    Audience,
    GameService,
    Message,
    Place,
    Reply,
    Request,
    UserError,
    command_in_message,
    neutral_users,
    safe_trace,
    text,
)

logger = logging.getLogger(__name__)


class Front:
    def __init__(self, service: GameService, workspaces: Workspaces) -> None:
        self.service = service
        self.workspaces = workspaces

    async def handle(self, request: Request) -> list[Reply]:
        """The service's replies; never an exception, whatever happens."""
        try:
            return await self.service.handle(request)
        except Exception as exc:
            logger.error("the game service failed: %s", safe_trace(exc))
            audience = Audience.DM if request.place.is_dm else Audience.ONLY_YOU
            return [Reply(audience, text(OUR_FAULT))]

    def _note(self, interaction: Interaction) -> None:
        if interaction.guild_id is not None:
            self.workspaces.saw(interaction.user.id, interaction.guild_id)

    # Slash commands and buttons ----------------------------------------------------------

    async def command(self, interaction: Interaction, command: str, *, private: bool) -> None:
        """Run a command typed as a slash command; ``private``: acknowledge it to the asker
        alone (the command's answers are usually for them only)."""
        self._note(interaction)
        await interaction.response.defer(ephemeral=private, thinking=True)
        await self._run(interaction, command, private=private, workspace=None)

    async def is_game_master(self, interaction: Interaction, game: str | None) -> bool:
        """Whether the asker masters the game the command means (False if there is none)."""
        actor, place = actor_of(interaction), place_of(interaction)
        return await self.service.is_game_master(actor, place, game=game)

    async def press(self, interaction: Interaction, command: str, workspace: str | None) -> None:
        """A button was pressed: the same command, for whoever pressed it."""
        try:
            self._note(interaction)
            private = interaction.guild_id is not None
            await interaction.response.defer(ephemeral=private, thinking=True)
            await self._run(interaction, command, private=private, workspace=workspace)
        except Exception as exc:
            logger.error("a button failed: %s", safe_trace(exc))
            await our_fault(interaction)

    async def _run(
        self, interaction: Interaction, command: str, *, private: bool, workspace: str | None
    ) -> None:
        actor = actor_of(interaction, workspace)
        replies = await self.handle(Request(actor, place_of(interaction), command))
        await answer(interaction, replies, deferred_private=private, workspace=actor.workspace)

    # Order menus and autocomplete --------------------------------------------------------

    async def choices(self, actor: Actor, place: Place, game: str | None) -> Choices | None:
        """The actor's units and their legal orders; None (and why) when there are none."""
        try:
            return await self.service.order_choices(actor, place, game=game)
        except UserError:
            return None
        except Exception as exc:
            logger.error("listing order choices failed: %s", safe_trace(exc))
            return None

    async def order_choices(self, interaction: Interaction, game: str | None) -> Choices:
        """For autocomplete: the asker's units and orders, or nothing."""
        found = await self.choices(actor_of(interaction), place_of(interaction), game)
        return found or []

    async def open_builder(
        self, interaction: Interaction, workspace: str | None, game: str | None = None
    ) -> None:
        """Show the order menus to the asker alone, or say why there are none."""
        try:
            await self._open_builder(interaction, workspace, game)
        except Exception as exc:
            logger.error("the order menus failed: %s", safe_trace(exc))
            await our_fault(interaction)

    async def _open_builder(
        self, interaction: Interaction, workspace: str | None, game: str | None
    ) -> None:
        self._note(interaction)
        actor, place = actor_of(interaction, workspace), place_of(interaction)
        private = interaction.guild_id is not None
        try:
            choices = await self.service.order_choices(actor, place, game=game)
        except UserError as exc:
            await self._say(interaction, text(str(exc)), private=private)
            return
        except Exception as exc:
            logger.error("listing order choices failed: %s", safe_trace(exc))
            await self._say(interaction, text(OUR_FAULT), private=private)
            return

        async def reload() -> Choices | None:
            return await self.choices(actor, place, game)

        builder = OrderBuilder(self.handle, reload, actor, place, choices, game=game)
        await interaction.response.send_message(
            content=builder.prompt, view=builder, ephemeral=private, allowed_mentions=MENTIONS
        )

    @staticmethod
    async def _say(interaction: Interaction, message: Message, *, private: bool) -> None:
        await interaction.response.send_message(
            embeds=list(render(message)[0].embeds), ephemeral=private, allowed_mentions=MENTIONS
        )

    # Direct messages ---------------------------------------------------------------------

    async def direct_message(self, message: discord.Message) -> None:
        """A DM to the bot: a command, or bare orders; answered in the same DM."""
        if message.guild is not None or message.author.bot:
            return
        command = dm_command(message.content)
        if command is None:
            return
        workspace = await self.workspaces.of(message.author.id)
        if workspace is None:
            replies = [Reply(Audience.DM, text(SEVERAL_SERVERS))]
        else:
            actor = dm_actor(message.author, workspace)
            replies = await self.handle(Request(actor, Place(None, is_dm=True), command))
        for reply in replies:
            await send_message(partial(send_to, message.channel), reply.message, workspace or "")


def dm_command(content: str) -> str | None:
    """The command in a DM's text (``/dip`` may be typed or not), users named in the
    service's form; None for nothing."""
    command = command_in_message(content, prefix_optional=True)
    return None if command is None else neutral_users(command, neutral_mention)
