"""The stand-ins take exactly the keywords of the discord.py methods they stand for, and
carry only attributes the real objects have (besides what tests read back)."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import discord
import pytest

from tests.bot.discord.standins import (
    StandInChannel,
    StandInFollowup,
    StandInInteraction,
    StandInResponse,
    StandInUser,
)

PAIRS: list[tuple[Callable[..., Any], Callable[..., Any]]] = [
    (StandInResponse.send_message, discord.InteractionResponse.send_message),
    (StandInResponse.defer, discord.InteractionResponse.defer),
    (StandInResponse.edit_message, discord.InteractionResponse.edit_message),
    (StandInResponse.autocomplete, discord.InteractionResponse.autocomplete),
    (StandInResponse.is_done, discord.InteractionResponse.is_done),
    (StandInFollowup.send, discord.Webhook.send),
    (StandInInteraction.edit_original_response, discord.Interaction.edit_original_response),
    (StandInInteraction.delete_original_response, discord.Interaction.delete_original_response),
    (StandInUser.send, discord.abc.Messageable.send),
    (StandInChannel.send, discord.abc.Messageable.send),
    (StandInChannel.history, discord.abc.Messageable.history),
    (StandInChannel.permissions_for, discord.TextChannel.permissions_for),
]

# What the stand-ins keep for the tests, which Discord's objects have no need of.
TEST_ONLY = {
    *("recorder", "record", "original", "message_ephemeral", "dms_open", "fail", "readers"),
    "granted",
}


def _parameters(function: Callable[..., Any]) -> list[tuple[str, inspect._ParameterKind]]:
    return [(p.name, p.kind) for p in inspect.signature(function).parameters.values()]


@pytest.mark.parametrize(("standin", "real"), PAIRS, ids=lambda f: f.__qualname__)
def test_same_keywords_as_discord(standin: Callable[..., Any], real: Callable[..., Any]) -> None:
    assert _parameters(standin) == _parameters(real)


@pytest.mark.parametrize(
    ("standin", "real"),
    [
        (StandInInteraction, discord.Interaction),
        (StandInUser, discord.Member),
        (StandInChannel, discord.TextChannel),
    ],
)
def test_only_attributes_discord_has(standin: type, real: type) -> None:
    extra = [
        name
        for name in [*getattr(standin, "__slots__", ()), *vars(standin)]
        if not name.startswith("__") and name not in TEST_ONLY and not hasattr(real, name)
    ]
    assert extra == []


def test_a_misspelled_attribute_fails() -> None:
    user = StandInUser({"id": "1", "username": "alice"}, recorder=None)  # type: ignore[arg-type]
    with pytest.raises(AttributeError):
        user.displayname  # type: ignore[attr-defined]  # noqa: B018
    with pytest.raises(AttributeError):
        user.nickname = "x"  # type: ignore[attr-defined]
