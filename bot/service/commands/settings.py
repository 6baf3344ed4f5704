"""`settings`: a game's options as players read them, and the game master changing them.

Before the game starts every `newgame` option may change. Once it has started, the variant,
who plays whom and the negotiation period are settled; the rest (press, schedule, missed
orders, the agreed end) apply from now on, the current deadline staying where it is.
"""

from __future__ import annotations

from bot.service.arguments import Argument, Kind
from bot.service.commands.forming import refuse_teams_in_seats
from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.options.agreed_end import refuse_past_end
from bot.service.options.club_rules import ClubRules
from bot.service.options.computer_players import (
    CD_LINE,
    DEFAULT_BOT_LEVEL,
    bot_level_line,
)
from bot.service.options.fewer_players import Setup
from bot.service.options.game_options import FIXED_ONCE_STARTED, GameOptions, changed_options
from bot.service.options.missed_orders_rule import NmrMode
from bot.service.options.palette import Palette
from bot.service.options.teams import Teams
from bot.service.options.variant_choice import STANDARD, variant_line
from bot.service.schedule import describe
from bot.service.words.labels import power_list, power_names
from bot.store import Game, GameStatus
from engine import Variant, load_variant


def option_lines(options: GameOptions, *, every: bool = False) -> list[Line]:
    """The options in words: the variant, the schedule, the press and other rules, the
    seats. The standard variant goes without saying unless ``every`` option is listed."""
    variant = load_variant(options.variant)
    lines = [Line(describe(options.schedule, variant.rules)), Line(rules_line(options))]
    if every or options.variant != STANDARD:
        lines.insert(0, Line(f"Variant {variant_line(variant)}."))
    if options.setup is not None and options.setup.players < len(variant.powers):
        lines.append(Line(seats_line(variant, options.setup)))
    if options.teams is not None:
        lines.append(Line(teams_line(options.teams)))
    if options.bots is not None:
        lines.append(Line(f"Computer players: {options.bots.describe()}."))
    if options.bot_level != DEFAULT_BOT_LEVEL:
        lines.append(Line(bot_level_line(options.bot_level)))
    if options.club != ClubRules():
        lines.append(Line(options.club.describe()))
    return lines


def teams_line(teams: Teams) -> str:
    how = (
        "any member may order, and the power's latest order for a unit counts"
        if teams is Teams.ANY
        else "an order counts once every member has given it; a unit without one holds"
    )
    return (
        f"Teams: several people may command one power (join a team with `join with <user>`); {how}."
    )


def seats_line(variant: Variant, setup: Setup) -> str:
    """The rule book's layout: who commands what, and the powers nobody plays."""
    seats = "; ".join(
        " and ".join(variant.power_info[p].name for p in seat) for seat in setup.seats
    )
    text = f"Seats: {seats}."
    idle = [p for p in variant.powers if p not in setup.played]
    if idle:
        text += f" Not played (civil disorder): {power_list(variant, idle)}."
    return text


def rules_line(options: GameOptions) -> str:
    if options.anonymous:
        anonymous = "anonymous (who plays which power stays secret)"
    else:
        anonymous = "players' powers are public"
    press = f"{options.press.value}, grey press allowed" if options.grey else options.press.value
    text = f"Press: {press}; {anonymous}."
    if options.nmr.mode is not NmrMode.OFF:
        text += f" Missed orders: {options.nmr.describe()}."
    if options.end is not None:
        rules = load_variant(options.variant).rules
        text += f" The game ends {options.end.describe(options.schedule.zone, rules)}."
    if options.computer_cd:
        text += f" {CD_LINE}"
    if options.palette is not Palette.STANDARD:
        text += f" Maps: {options.palette.described}."
    return text


async def settings(ctx: Context) -> list[Reply]:
    # Reading the settings of a game that has ended is fine; changing them is not.
    given = ctx.values.settings("changes")
    game = await ctx.game(ended=not given)
    options = ctx.options(game)
    if not given:
        lines = option_lines(options, every=True)
        if game.status != GameStatus.FINISHED:
            lines.append(
                Line(
                    "The game master changes them with `settings option=value ...`, e.g. "
                    "`settings press=public`; `help newgame` lists the options."
                )
            )
        message = Message(title=f"{game.name}: settings", sections=(Section(None, tuple(lines)),))
        return [ctx.private(message)]
    ctx.require_gm(game)
    changed, names = changed_options(given, options)
    refuse_teams_in_seats(changed)
    if "end" in names:
        refuse_past_end(changed.end, ctx.now, changed.schedule.zone)
    if game.status != GameStatus.FORMING:
        for name in names:
            if name in FIXED_ONCE_STARTED:
                raise UserError(
                    f"{name} cannot change now: {FIXED_ONCE_STARTED[name]}. Nothing was changed."
                )
    if changed == options:
        raise UserError("Those are already the game's settings: nothing was changed.")
    game.settings = {**game.settings, **changed.to_settings()}
    game.variant = changed.variant
    lines = option_lines(changed)
    if changed.variant != options.variant:
        lines.extend(await _seats_left(ctx, game))
    if game.status != GameStatus.FORMING and changed.schedule != options.schedule:
        lines.append(
            Line(
                "The new schedule applies from the next phase; the current deadline stays "
                "(`extend` or `deadline` moves it)."
            )
        )
    title = f"{game.name}: the game master changed the settings ({', '.join(names)})"
    message = Message(title=title, sections=(Section(None, tuple(lines)),))
    return await ctx.announce(game, message, "settings")


async def _seats_left(ctx: Context, game: Game) -> list[Line]:
    """After the variant changed before the start: whether those who joined still fit, and
    that wishes for powers the new board lacks count for nothing."""
    variant = ctx.variant(game)
    joined = await ctx.store.players_of(game.id)
    lines: list[Line] = []
    if len(joined) > len(variant.powers):
        lines.append(
            Line(
                f"{len(joined)} players have joined and {variant.name} takes "
                f"{len(variant.powers)}: {len(joined) - len(variant.powers)} must `leave` "
                "before the game can start."
            )
        )
    if any(w not in variant.powers for p in joined for w in p.preferences):
        lines.append(
            Line(
                f"Wishes for powers not in {variant.name} count for nothing: its powers are "
                f"{power_names(variant, variant.powers)}; `join` again to change yours."
            )
        )
    return lines


SETTINGS = CommandSpec(
    "settings",
    "settings [option=value ...]",
    "The game's settings; the game master changes them with the options of `newgame`.",
    settings,
    (
        "Anyone may read them. Before the game starts every option may change; once it "
        "has started, variant, anonymous, players and negotiation are settled, and the rest "
        "apply from now on (a new schedule from the next phase: `extend` or `deadline` moves "
        "the current deadline). end=none removes an agreed end.",
    ),
    (
        "settings",
        "settings press=public",
        "settings schedule=24h/1h/1h nmr=cd",
        "settings palette=colourblind",
        "settings variant=1961-4",
    ),
    reads_variants=True,
    arguments=(
        Argument(
            "changes",
            "Game master: options to change, as for newgame, e.g. press=public nmr=cd",
            Kind.SETTINGS,
        ),
    ),
    flip="changes",
)
