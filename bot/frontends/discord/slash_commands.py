"""The `/dip` slash commands, made from the service's command declarations.

discord.py reads a slash command's options from its callback: each parameter after the
interaction is an option, named as the parameter, typed by its annotation (``str``,
``bool``, a user), optional when it has a default; descriptions and choices come from the
:func:`~discord.app_commands.describe` and :func:`~discord.app_commands.choices`
decorators, autocomplete from :meth:`~discord.app_commands.Command.autocomplete`.

So for each declared command this makes one callback that takes its options as keyword
arguments, and gives it the signature the options call for as an :class:`inspect.Signature`
in ``__signature__``: that is where :func:`inspect.signature`, and so discord.py, reads a
callable's parameters first (PEP 362), instead of from its source. The decorators are then
applied as the functions they are, and the autocomplete callbacks attached through the
command's own method. Nothing of discord.py's private state is touched, no code is written
at run time, and a command the service declares appears under `/dip` with nothing to write
here.

When a command runs, the options' values go to the service as they are (a
:class:`bot.service.Options`), which reads them by the same declaration as the text front
ends' lines, into the same values: nothing typed is joined into a line and read again.
Whether Discord first shows "thinking…" to the asker alone or to the
channel follows the declaration (:meth:`bot.service.CommandSpec.is_public`); a game master's
command from anyone who is not the game's master (which the service refuses) thinks privately.
"""

from __future__ import annotations

import inspect
import keyword
from collections.abc import Callable, Coroutine
from typing import Any

import discord
from discord import app_commands

from bot.frontends.discord.front import Front
from bot.frontends.discord.identity import Interaction, mention_of
from bot.service import (
    Argument,
    ArgumentValue,
    CommandSpec,
    Kind,
    Options,
    Suggest,
    help_topics,
    read_variants_ahead,
    suggest_orders,
    suggest_units,
    suggest_variants,
)

AnyCommand = app_commands.Command[Any, ..., None]
Suggestions = list[app_commands.Choice[str]]
Suggester = Callable[[Interaction, str], Coroutine[Any, Any, Suggestions]]

# Discord's limits: a description, a suggestion's length, and how many suggestions it shows.
DESCRIPTION_LIMIT = 100
MAX_SUGGESTIONS = 25
SUGGESTION_LIMIT = 100

# How Discord offers each kind of argument: a yes/no as a boolean, a person picked from the
# members, any other as text the service reads into its value.
_ANNOTATIONS: dict[Kind, Any] = dict.fromkeys(Kind, str) | {
    Kind.YES_NO: bool,
    Kind.USER: discord.User | discord.Member,
}


def clip(text: str) -> str:
    """A description within Discord's 100 characters."""
    return text if len(text) <= DESCRIPTION_LIMIT else text[: DESCRIPTION_LIMIT - 1] + "…"


def slash_command(front: Front, spec: CommandSpec) -> AnyCommand:
    """The slash command of one declared command."""
    arguments = spec.offered_arguments

    async def callback(interaction: Interaction, **typed: Any) -> None:
        values = {_argument_name(name): _value(value) for name, value in typed.items()}
        private = not spec.is_public(values)
        if spec.gm and not private:
            # Decided before "thinking…" shows: a refusal is for the asker alone, and so is
            # the acknowledgement that comes before it.
            private = not await front.is_game_master(interaction, typed_game(interaction))
        await front.command(interaction, Options(spec.name, values), private=private)

    # inspect.signature (and discord.py) reads __signature__ first; typeshed does not declare
    # it on functions.
    callback.__signature__ = _signature(arguments)  # type: ignore[attr-defined]
    app_commands.describe(**{_parameter(a): clip(a.description) for a in arguments})(callback)
    renamed = {_parameter(a): a.name for a in arguments if _parameter(a) != a.name}
    if renamed:
        app_commands.rename(**renamed)(callback)
    choices = {
        _parameter(a): [app_commands.Choice(name=c.label, value=c.value) for c in a.choices]
        for a in arguments
        if a.choices
    }
    if choices:
        app_commands.choices(**choices)(callback)
    command: AnyCommand = app_commands.Command(
        name=spec.name, description=clip(spec.summary), callback=callback
    )
    for argument in arguments:
        if argument.suggest is not None:
            command.autocomplete(_parameter(argument))(_suggester(front, argument.suggest))
    return command


def _parameter(argument: Argument) -> str:
    """The callback's parameter for an argument: its name, or with `_` after a name Python
    keeps for itself (`with`), which Discord still shows as the argument's name."""
    return f"{argument.name}_" if keyword.iskeyword(argument.name) else argument.name


def _argument_name(parameter: str) -> str:
    name = parameter.removesuffix("_")
    return name if name != parameter and keyword.iskeyword(name) else parameter


def _signature(arguments: tuple[Argument, ...]) -> inspect.Signature:
    only_keyword = inspect.Parameter.KEYWORD_ONLY
    parameters = [
        inspect.Parameter(
            "interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=Interaction
        )
    ]
    for argument in arguments:
        annotation = _ANNOTATIONS[argument.kind]
        name = _parameter(argument)
        if argument.required:
            parameters.append(inspect.Parameter(name, only_keyword, annotation=annotation))
        else:
            parameters.append(
                inspect.Parameter(name, only_keyword, annotation=annotation | None, default=None)
            )
    return inspect.Signature(parameters)


def _value(typed: str | bool | discord.User | discord.Member | None) -> ArgumentValue:
    """An option's value as the service takes it: a picked user in its neutral form."""
    if isinstance(typed, discord.User | discord.Member):
        return mention_of(typed)
    return typed


def _suggester(front: Front, source: Suggest) -> Suggester:
    async def orders(interaction: Interaction, current: str) -> Suggestions:
        found = await front.order_choices(interaction, typed_game(interaction))
        fitting = [s for s in suggest_orders(current, found) if len(s) <= SUGGESTION_LIMIT]
        return _choices(fitting)

    async def units(interaction: Interaction, current: str) -> Suggestions:
        found = await front.order_choices(interaction, typed_game(interaction))
        return _choices(suggest_units(current, found))

    async def topics(interaction: Interaction, current: str) -> Suggestions:
        return _choices(help_topics(current))

    async def variants(interaction: Interaction, current: str) -> Suggestions:
        # the folder's new and changed files are read (off the event loop) at each
        # keystroke: a map file added today is offered, and only the 25 that fit what was
        # typed are sent
        await read_variants_ahead()
        return [
            app_commands.Choice(name=c.label, value=c.value)
            for c in suggest_variants(current)[:MAX_SUGGESTIONS]
        ]

    suggesters: dict[Suggest, Suggester] = {
        Suggest.ORDERS: orders,
        Suggest.UNITS: units,
        Suggest.TOPICS: topics,
        Suggest.VARIANTS: variants,
    }
    return suggesters[source]


def _choices(values: list[str]) -> Suggestions:
    return [app_commands.Choice(name=v, value=v) for v in values[:MAX_SUGGESTIONS]]


def typed_game(interaction: Interaction) -> str | None:
    """The `game` option as typed so far (autocomplete sees the other options too)."""
    value = getattr(interaction.namespace, "game", None)
    return value.strip() if isinstance(value, str) and value.strip() else None
