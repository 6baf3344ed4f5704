"""The command grammar and the help of every command."""

from __future__ import annotations

import pytest

from bot.service.arguments import user_mention
from bot.service.commands.grammar import neutral_users, parse_command
from bot.service.commands.registry import COMMANDS, help_message
from bot.service.commands.spec import CommandSpec
from bot.service.context import Command
from bot.service.errors import UserError


@pytest.mark.parametrize(
    ("text", "command"),
    [
        ("order A Par-Bur; F Bre-MAO", Command("order", "A Par-Bur; F Bre-MAO")),
        ("ORDER a par-bur", Command("order", "a par-bur")),
        ("order A PAR - BUR\nF BRE - MAO", Command("order", "A PAR - BUR\nF BRE - MAO")),
        ("  join france,england ", Command("join", "france,england")),
        ("join", Command("join")),
        ("game hague order A PAR - BUR", Command("order", "A PAR - BUR", game="hague")),
        ("Game Hague status", Command("status", "", game="Hague")),
        ("? order", Command("help", "order")),
        ("notready", Command("unready")),
        ("map S1901M balkans mine", Command("map", "S1901M balkans mine")),
    ],
)
def test_commands_are_read(text: str, command: Command) -> None:
    assert parse_command(text) == command


def test_in_a_dm_bare_text_may_be_orders() -> None:
    assert parse_command("A Par-Bur\nF Bre-MAO", in_dm=True) == Command(
        "order", "A Par-Bur\nF Bre-MAO", implicit=True
    )
    assert parse_command("game hague waive\nwaive", in_dm=True) == Command(
        "order", "waive\nwaive", game="hague", implicit=True
    )
    assert parse_command("status", in_dm=True) == Command("status")
    with pytest.raises(UserError):
        parse_command("game", in_dm=True)


def test_arguments_are_read_into_values() -> None:
    command = parse_command("map F1901M  balkans")
    assert dict(command.values.given) == {"phase": "F1901M", "region": "balkans"}


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "Write a command, e.g. `help`."),
        ("   ", "Write a command, e.g. `help`."),
        ("game", "Name the game and the command, e.g. `game hague status`."),
        ("game hague", "Say what to do in hague, e.g. `game hague status`."),
        ("game hague game vienna status", "Name one game only, e.g. `game hague status`."),
        ("statsu", "`statsu` is not a command. Did you mean `status`? `help` lists every command."),
        ("xyzzy", "`xyzzy` is not a command. `help` lists every command."),
        (
            "A Par-Bur",
            "`A` is not a command. To give orders, start with `order`, e.g. `order A Par-Bur`.",
        ),
    ],
)
def test_bad_commands_say_what_would_be_right(text: str, message: str) -> None:
    with pytest.raises(UserError) as caught:
        parse_command(text)
    assert str(caught.value) == message


def test_help_lists_every_command() -> None:
    listed = help_message().plain_text()
    for spec in COMMANDS:
        assert f"{spec.usage} — {spec.summary}" in listed
    assert "game <name> <command>" in listed


@pytest.mark.parametrize("spec", COMMANDS, ids=lambda spec: spec.name)
def test_every_command_has_its_own_help(spec: CommandSpec) -> None:
    message = help_message(spec.name)
    assert message.title == spec.usage
    text = message.plain_text()
    assert spec.summary in text
    assert ("For the game master only." in text) == spec.gm
    for example in spec.examples:
        assert example in text
        # written as a person types it: the front end makes `@zoe` a mention
        assert parse_command(neutral_users(example, _picked)).name == spec.name


def _picked(written: str) -> str | None:
    """A name typed after @, as a front end's list of people makes it a mention."""
    return user_mention(written[1:], written[1:]) if written.startswith("@") else None


def test_help_on_addressing_a_game() -> None:
    assert help_message("game").title == "game <name> <command>"


def test_help_on_an_unknown_command() -> None:
    with pytest.raises(UserError) as caught:
        help_message("ordres")
    assert str(caught.value).startswith("`ordres` is not a command. Did you mean `orders`?")
