"""The Discord front end's one door to the game service: slash commands, buttons, the order
menus, autocomplete and direct messages all turn into the service's requests here, and its
replies go back where their audience says.

Nothing here writes game text; the few words of its own are about Discord itself (the menus'
prompts, and the question of which server a DM means). What players type is never logged.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping
from functools import partial

import discord

from bot.frontends.discord.answer import answer, our_fault, send_reply
from bot.frontends.discord.builder import (
    COMMANDS,
    FORM_EXPIRED,
    Choices,
    FormState,
    Step,
    form_view,
    prompt,
    step,
)
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
    Options,
    OrderForm,
    Place,
    Reply,
    Request,
    UserError,
    asks_for_menus,
    command_in_message,
    form_is_over,
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

    async def command(self, interaction: Interaction, options: Options, *, private: bool) -> None:
        """Run a slash command with its options' values; ``private``: acknowledge it to the
        asker alone (the command's answers are usually for them only). `/dip order` with
        nothing typed opens the order menus."""
        menus = asks_for_menus(options)
        if menus is not None:
            await self._open_builder(interaction, None, menus or None)
            return
        self._note(interaction)
        await interaction.response.defer(ephemeral=private, thinking=True)
        await self._run(interaction, options, private=private, workspace=None)

    async def is_game_master(self, interaction: Interaction, game: str | None) -> bool:
        """Whether the asker masters the game the command means (False if there is none)."""
        actor, place = actor_of(interaction), place_of(interaction)
        return await self.service.is_game_master(actor, place, game=game)

    async def press(self, interaction: Interaction, command: str, workspace: str | None) -> None:
        """A button was pressed: the same command, for whoever pressed it."""
        try:
            menus = asks_for_menus(command)
            if menus is not None:
                # The service offers the form ("Enter orders" under a refusal): the menus.
                await self._open_builder(interaction, workspace, menus or None)
                return
            self._note(interaction)
            private = interaction.guild_id is not None
            await interaction.response.defer(ephemeral=private, thinking=True)
            await self._run(interaction, command, private=private, workspace=workspace)
        except Exception as exc:
            logger.error("a button failed: %s", safe_trace(exc))
            await our_fault(interaction)

    async def _run(
        self,
        interaction: Interaction,
        command: str | Options,
        *,
        private: bool,
        workspace: str | None,
    ) -> None:
        """Run a command: a line of text (a button's), or a slash command's options."""
        actor, place = actor_of(interaction, workspace), place_of(interaction)
        if isinstance(command, Options):
            request = Request(actor, place, command.command, options=command)
        else:
            request = Request(actor, place, command)
        replies = await self.handle(request)
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
        self,
        interaction: Interaction,
        workspace: str | None,
        game: str | None,
        note: str | None = None,
    ) -> None:
        self._note(interaction)
        actor, place = actor_of(interaction, workspace), place_of(interaction)
        private = interaction.guild_id is not None
        form = await self._form(actor, place, game)
        if isinstance(form, Message):
            notes = () if note is None else (text(note),)
            await self._say(interaction, *notes, form, private=private)
            return
        state = FormState(_server(workspace), form.phase, game or "")
        await interaction.response.send_message(
            content=prompt(state, form.choices),
            embeds=[] if note is None else _embeds(text(note)),
            view=form_view(state, form.choices),
            ephemeral=private,
            allowed_mentions=MENTIONS,
        )

    async def _form(self, actor: Actor, place: Place, game: str | None) -> OrderForm | Message:
        """The actor's form in the phase open now, or the service's word on why there is none."""
        try:
            return await self.service.order_form(actor, place, game=game)
        except UserError as exc:
            return text(str(exc))
        except Exception as exc:
            logger.error("listing order choices failed: %s", safe_trace(exc))
            return text(OUR_FAULT)

    async def form_step(self, interaction: Interaction, custom_id: str, value: str | None) -> None:
        """A component of the order menus: the next step, drawn from its custom id and the
        service's form (see :mod:`.builder`)."""
        try:
            read = FormState.parse(custom_id)
            if read is None:
                await self._open_builder(interaction, None, None, note=FORM_EXPIRED)
                return
            await self._form_step(interaction, *read, value)
        except Exception as exc:
            logger.error("the order menus failed: %s", safe_trace(exc))
            await our_fault(interaction)

    async def _form_step(
        self, interaction: Interaction, state: FormState, action: str, value: str | None
    ) -> None:
        self._note(interaction)
        actor, place = actor_of(interaction, state.workspace or None), place_of(interaction)
        game = state.game or None
        if action in COMMANDS or (value or "").startswith("o:"):
            await self._form_command(interaction, actor, place, step(state, action, value, ()))
            return
        form = await self._form(actor, place, game)
        if isinstance(form, Message):
            await interaction.response.edit_message(
                content=None, embeds=_embeds(form), view=None, allowed_mentions=MENTIONS
            )
            return
        if form.phase != state.phase:
            # Nothing is sent by moving through the menus: they just show the new phase's.
            fresh = state.at_top(form.phase)
            await interaction.response.edit_message(
                content=prompt(fresh, form.choices),
                embeds=_embeds(text(form_is_over(state.phase, form.phase))),
                view=form_view(fresh, form.choices),
                allowed_mentions=MENTIONS,
            )
            return
        after = step(state, action, value, form.choices).state
        await interaction.response.edit_message(
            content=prompt(after, form.choices),
            embeds=[],
            view=form_view(after, form.choices),
            allowed_mentions=MENTIONS,
        )

    async def _form_command(
        self, interaction: Interaction, actor: Actor, place: Place, chosen: Step
    ) -> None:
        """Send a command from the menus with the form's phase, then show the service's answer
        above the menus of the phase open now (the same form, or the next phase's)."""
        await interaction.response.defer()
        state, command = chosen.state, chosen.command or ""
        game = state.game or None
        written = command if game is None else f"game {game} {command}"
        replies = await self.handle(Request(actor, place, written, phase=state.phase))
        # The answer meant for the player alone shows in the menus' own message; anything
        # else (public news, a picture) goes where its audience says.
        shown = next(
            (r for r in replies if r.audience is not Audience.CHANNEL and r.message.image is None),
            None,
        )
        embeds = [] if shown is None else _embeds(shown.message)
        form = await self._form(actor, place, game)
        if isinstance(form, Message):
            await interaction.edit_original_response(
                content=None, embeds=embeds or _embeds(form), view=None
            )
        else:
            fresh = state.at_top(form.phase)
            await interaction.edit_original_response(
                content=prompt(fresh, form.choices),
                embeds=embeds,
                view=form_view(fresh, form.choices),
            )
        for reply in replies:
            if reply is not shown:
                await send_reply(interaction, reply, actor.workspace)

    @staticmethod
    async def _say(interaction: Interaction, *messages: Message, private: bool) -> None:
        embeds = [embed for message in messages for embed in _embeds(message)]
        await interaction.response.send_message(
            embeds=embeds, ephemeral=private, allowed_mentions=MENTIONS
        )

    # Direct messages ---------------------------------------------------------------------

    async def direct_message(self, message: discord.Message) -> None:
        """A DM to the bot: a command, or bare orders; answered in the same DM."""
        if message.guild is not None or message.author.bot:
            return
        command = dm_command(message.content, {str(u.id): u.display_name for u in message.mentions})
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


def _embeds(message: Message) -> list[discord.Embed]:
    return list(render(message)[0].embeds)


def _server(workspace: str | None) -> str:
    """A server's id for a custom id; "" for anything else (the server of the interaction)."""
    return workspace if workspace is not None and workspace.isdigit() else ""


def dm_command(content: str, names: Mapping[str, str] | None = None) -> str | None:
    """The command in a DM's text (``/dip`` may be typed or not), users named in the
    service's form (``names``: the mentioned users' display names, by id); None for
    nothing."""
    command = command_in_message(content, prefix_optional=True)
    if command is None:
        return None
    return neutral_users(command, partial(neutral_mention, names=names))
