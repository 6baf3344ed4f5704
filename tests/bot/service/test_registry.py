"""The registry of commands: every command declared once, with its handler, its help and its
typed arguments; the way messages reach the bot; and how a command names a user."""

from __future__ import annotations

import inspect
import pkgutil
from importlib import import_module

import pytest

import bot.service.commands
from bot.service.arguments import GAME_ARGUMENT, Kind, read_user, user_mention
from bot.service.commands.grammar import (
    command_after_prefix,
    command_in_message,
    neutral_users,
)
from bot.service.commands.registry import BY_NAME, COMMANDS, find_command, help_message
from bot.service.commands.spec import CommandSpec


@pytest.mark.parametrize("spec", COMMANDS, ids=lambda spec: spec.name)
def test_every_command_has_a_handler_and_help(spec: CommandSpec) -> None:
    assert inspect.iscoroutinefunction(spec.handler)
    assert spec.summary and spec.usage.split()[0] == spec.name
    assert help_message(spec.name).title == spec.usage
    assert find_command(spec.usage.split()[0]) is spec


def test_every_declared_command_is_registered_once() -> None:
    declared = [
        value
        for info in pkgutil.iter_modules(bot.service.commands.__path__)
        for value in vars(import_module(f"bot.service.commands.{info.name}")).values()
        if isinstance(value, CommandSpec)
    ]
    assert {id(spec) for spec in declared} == {id(spec) for spec in COMMANDS}
    assert len(BY_NAME) == len(COMMANDS)


@pytest.mark.parametrize("spec", COMMANDS, ids=lambda spec: spec.name)
def test_arguments_fit_every_front_end(spec: CommandSpec) -> None:
    names = [a.name for a in spec.offered_arguments]
    assert len(names) == len(set(names))
    assert GAME_ARGUMENT.name not in [a.name for a in spec.arguments]
    for argument in spec.offered_arguments:
        assert 1 <= len(argument.description) <= 100, argument.name
        assert len(argument.choices) <= 25
        # a word marks a yes/no, or a user or one word written after it (`join with <user>`)
        assert argument.word is None or argument.kind in (
            Kind.YES_NO,
            Kind.USER,
            Kind.WORD,
            Kind.DATE,
        )
    assert spec.flip is None or spec.flip in names
    users = [i for i, a in enumerate(spec.arguments) if a.kind is Kind.USER and a.word is None]
    assert users in ([], [len(spec.arguments) - 1]), "a user without a word is written last"


def test_who_sees_an_answer_first() -> None:
    assert BY_NAME["map"].is_public({}) and not BY_NAME["map"].is_public({"mine": True})
    assert not BY_NAME["settings"].is_public({})
    assert BY_NAME["settings"].is_public({"changes": "press=none"})
    assert BY_NAME["newgame"].is_public({}) and not BY_NAME["order"].is_public({})
    assert all(spec.is_public({}) for spec in COMMANDS if spec.gm)


@pytest.mark.parametrize(
    ("text", "optional", "command"),
    [
        ("/dip join france", False, "join france"),
        ("/DIP\nstatus", False, "status"),
        ("  /dip  ", False, "help"),
        ("hello there", False, None),
        ("hello there", True, "hello there"),
        ("   ", True, None),
        ("/dipper", True, "/dipper"),
    ],
)
def test_the_prefix_rule(text: str, optional: bool, command: str | None) -> None:
    assert command_in_message(text, prefix_optional=optional) == command


def test_bare_prefix_asks_for_help() -> None:
    assert command_after_prefix("  ") == "help"
    assert command_after_prefix(" orders ") == "orders"


def test_users_in_the_neutral_form() -> None:
    assert user_mention("U1", "Zo<e>|@") == "<@U1|Zoe>"
    assert user_mention("U1", " @ ") == "<@U1|U1>"
    assert read_user("<@U1|Zoe>") == ("U1", "Zoe")
    # a bare name is a user only where a front end says so (the console makes `zoe` into
    # `<@zoe|zoe>`); on Slack or Discord it is text, never someone's id
    assert read_user(" zoe ") is None
    assert read_user("two words") is None
    assert read_user("@zoe") is None, "each front end reads its own mention syntax"


def test_front_ends_rewrite_only_the_user_a_command_names() -> None:
    def reader(text: str) -> str | None:
        return text.removeprefix("@") if text.startswith("@") else None

    assert neutral_users("replace france @zoe", reader) == "replace france zoe"
    assert neutral_users("game Hague replace  france @zoe", reader) == (
        "game Hague replace france zoe"
    )
    assert neutral_users("join france with @zoe", reader) == "join france with zoe"
    assert neutral_users("join with=@zoe", reader) == "join with=zoe"
    for unchanged in (
        "replace france two words",
        "replace france",
        "press all hello @zoe",
        "join withdrawn @zoe",
        "xyzzy @zoe",
    ):
        assert neutral_users(unchanged, reader) == unchanged
