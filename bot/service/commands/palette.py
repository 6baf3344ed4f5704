"""`palette`: the colours of the maps sent to the requester alone, chosen by each person for
themself in all their games here (the game master's `palette=` option sets those everyone
sees)."""

from __future__ import annotations

from bot.service.arguments import Argument, Choice, Kind
from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Reply
from bot.service.options.palette import Palette, parse_palette

# `palette game`: no choice of one's own, each game's palette
_GAME = "game"
_WHAT = "`map mine`, `map` asked for in a direct message, and your retreat and adjustment messages"


async def palette(ctx: Context) -> list[Reply]:
    word = ctx.values.text("palette")
    if not word:
        chosen = await ctx.store.palette_of(ctx.platform, ctx.workspace, ctx.actor_id)
        now = (
            "each game's palette (you chose none)"
            if chosen is None
            else f"the {Palette(chosen).described}"
        )
        return [
            ctx.say(
                f"Maps sent to you alone ({_WHAT}) use {now}.",
                "Choose with `palette colourblind` or `palette standard`; `palette game` "
                "follows each game's palette again.",
            )
        ]
    if word == _GAME:
        await ctx.store.set_palette(ctx.platform, ctx.workspace, ctx.actor_id, None)
        return [
            ctx.say(
                f"Maps sent to you alone ({_WHAT}) now follow each game's palette "
                "(`settings` shows it)."
            )
        ]
    chosen_palette = parse_palette(word, how="`palette {}`")
    await ctx.store.set_palette(ctx.platform, ctx.workspace, ctx.actor_id, chosen_palette.value)
    return [
        ctx.say(
            f"Maps sent to you alone ({_WHAT}) now use the {chosen_palette.described}, in "
            "every game you play here.",
            "Maps posted for everyone keep the game's palette, which the game master sets "
            "with `settings palette=...`; `palette game` undoes your choice.",
        )
    ]


PALETTE = CommandSpec(
    "palette",
    "palette [standard|colourblind|game]",
    "The colours of the maps sent to you alone: standard or colour-blind.",
    palette,
    (
        "Your own choice, for every game you play here: it colours `map mine`, a `map` you "
        "ask for in a direct message, and the results map in your retreat and adjustment "
        "messages. colourblind uses Okabe-Ito colours, which stay apart for colour-blind "
        "eyes, and marks failures in black. game (the default) follows each game's palette, "
        "which its game master sets with `settings palette=...` for the maps everyone sees.",
    ),
    ("palette", "palette colourblind", "palette game"),
    arguments=(
        Argument(
            "palette",
            "standard, colourblind, or game (each game's own)",
            Kind.WORD,
            choices=(
                Choice(Palette.STANDARD.value, Palette.STANDARD.value),
                Choice(Palette.COLOURBLIND.value, Palette.COLOURBLIND.value, also=("colorblind",)),
                Choice(_GAME, "game's own"),
            ),
        ),
    ),
    game_argument=False,
)
