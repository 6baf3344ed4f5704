"""`newgame`: a game created in a channel, with its options; whoever creates it is its
game master."""

from __future__ import annotations

from bot.service.arguments import Argument, Choice, Kind, Suggest, choices_of
from bot.service.commands.channel_access import BEFORE_START, check_channel
from bot.service.commands.forming import MIN_PLAYERS, refuse_teams_in_seats, setup_of
from bot.service.commands.settings import option_lines
from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.options.agreed_end import refuse_past_end
from bot.service.options.game_options import Press, new_game_options
from bot.service.options.palette import Palette
from bot.service.options.teams import Teams
from bot.service.options.variant_choice import playable_variants, unplayable_variants

# the game service reads the variants folder ahead of every command
from bot.service.options.variant_choice import read_variants_ahead as read_variants_ahead
from bot.service.options.variant_choice import variants_as_read as variants_as_read
from bot.service.words.english import plural
from bot.store import Game, GameNameTakenError
from engine import Variant


async def newgame(ctx: Context) -> list[Reply]:
    place = ctx.request.place
    if place.is_dm or place.channel is None:
        raise UserError(
            "Create a game in the channel where it will be played: write `newgame` there."
        )
    if ctx.command.game is not None:
        raise UserError("Write `newgame <name>` to name the new game, without `game` first.")
    existing = await ctx.store.find_game_by_channel(ctx.platform, ctx.workspace, place.channel)
    if existing is not None:
        raise UserError(
            f"This channel already has a game, {existing.name} ({existing.status}). "
            "Play one game per channel: create the next one in another channel, or `end` "
            "this one first."
        )
    name, options = new_game_options(
        ctx.values.text("name") or None, ctx.values.settings("settings"), ctx.deps.default_zone
    )
    refuse_teams_in_seats(options)
    refuse_past_end(options.end, ctx.now, options.schedule.zone)
    if name is None:
        name = await _free_name(ctx)
    try:
        game = await ctx.store.create_game(
            platform=ctx.platform,
            workspace=ctx.workspace,
            channel=place.channel,
            name=name,
            creator=ctx.actor_id,
            variant=options.variant,
            settings=options.to_settings(),
        )
    except GameNameTakenError:
        raise UserError(
            f"A game named {name} already exists here: choose another name, "
            f"e.g. `newgame {name}-2`."
        ) from None
    lines = [
        Line(f"Game master: {ctx.request.actor.display_name}."),
        Line(
            "Join with `join`, optionally naming the powers you would like, best first "
            "(e.g. `join france, england`)."
        ),
        Line(f"The game master starts the game with `start` ({_how_many(ctx, game)})."),
        *option_lines(options),
    ]
    message = Message(title=f"New game: {game.name}", sections=(Section(None, tuple(lines)),))
    check_channel(ctx, game, then=BEFORE_START)
    return await ctx.announce(game, message, "newgame")


def variant_detail() -> str:
    """The `variant=` line of `help newgame`, written from the variants there are now."""
    variants = playable_variants()
    unplayable = "".join(
        f"; {name} is a map file that cannot be played: {problem}"
        for name, problem in unplayable_variants()
    )
    return (
        f"variant={'|'.join(v.name for v in variants)}  the board and its rules (default "
        "standard), and what wins: "
        + "; ".join(_variant_help(v) for v in variants)
        + "; the 1961 rules' boards leave powers and provinces off the board, and count "
        "the pieces after every phase; a map file added to the bot (docs/maps.md) is a "
        f"variant by its file's name{unplayable}"
    )


def suggest_variants(typed: str) -> list[Choice]:
    """The variants whose name or title holds what was typed, each with its title (a menu's
    100 characters at most): offered as `variant=` is typed, so none is ever left out."""
    wanted = typed.strip().casefold()
    found = []
    for variant in playable_variants():
        label = f"{variant.name}: {variant.title}"
        if wanted in label.casefold():
            found.append(Choice(variant.name, label if len(label) <= 100 else label[:99] + "…"))
    return found


def _variant_help(variant: Variant) -> str:
    sides = variant.rules.sides
    who = f"{len(sides)} players" if sides else f"{len(variant.powers)} powers"
    return f"{variant.name} ({who}: {variant.rules.describe()})"


def _how_many(ctx: Context, game: Game) -> str:
    setup = setup_of(ctx, game)
    seats = len(ctx.variant(game).powers) if setup is None else setup.players
    bots = ctx.options(game).bots
    if bots is not None and bots.count is None:
        return f"1 to {seats} players; computers take the seats left"
    if bots is not None and bots.count is not None:
        return f"up to {seats - bots.count} players and {plural(bots.count, 'computer')}"
    if setup is not None:
        return f"{setup.players} players"
    return f"{MIN_PLAYERS} to {seats} players"


async def _free_name(ctx: Context) -> str:
    n = 1
    while await ctx.store.find_game(ctx.platform, ctx.workspace, f"game-{n}") is not None:
        n += 1
    return f"game-{n}"


NEWGAME = CommandSpec(
    "newgame",
    "newgame [name] [option=value ...]",
    "Create a game in this channel; you become its game master.",
    newgame,
    (
        "The name is one word of letters, digits, - or _ (default: game-1, game-2, ...).",
        variant_detail,
        "schedule=48h/2h/2h  movement/retreats/adjustments (default), or blitz:5m, "
        "classroom, league, weekly:tz=...;due=wed 00:00,sun 00:00;process=mon 12:30",
        "tz=Europe/London  the game's time zone, for deadlines shown and typed",
        "negotiation=7d  time to negotiate before the first deadline counts",
        "ready_early=on|off  adjudicate early once every power is ready (default on)",
        "grace=10m  once all are ready, wait this long first (default 0)",
        "reminders=24h,1h  remind powers missing orders this long before orders close",
        "press=full|public|none|rulebook  the press rule: any press, only `press all` "
        "(posted in the channel), none (gunboat), or none during retreats and adjustments "
        "(the 1961 rules); add +grey to allow unsigned press (press=grey: full and grey)",
        "anonymous=on|off  keep who plays which power secret (default off)",
        "nmr=off|warn|warn:2|cd|excuse:1|excuse:1/12h  a power sending no orders for a "
        "movement phase: only counted (off), warned each time (warn), warned twice then "
        "civil disorder (warn:2), civil disorder at once (cd), or excused once by moving "
        "the deadline for everyone (24h, or as given) then civil disorder (excuse:1); in "
        "civil disorder its player is replaced",
        "end=1910  the game ends after 1910's adjustments and the most supply centres win "
        "(the most units in a variant won by pieces); end=1910:units  the most units win, "
        "end=1910:centres  the most centres; end=2027-01-15  it ends at the first campaign "
        "finished on or after that day (the game's time zone); in a Diplomacia game, played in "
        "numbered turns, end=12  the shortened game: after turn 12 (and its control "
        "evaluation) the most supply centres win",
        "players=6|5|4|4:2|4:3|3|3:2  the rule book's games for fewer players: 6 without "
        "Italy, 5 without Italy and Germany, 4 and 3 with players commanding two powers "
        "each (England; Austria and France; Germany and Turkey; Italy and Russia, or the "
        "layouts 4:2 and 4:3; for 3, England and Austria, or with 3:2 Germany and Austria); "
        "a player wins with the centres of their powers together (18); powers not played "
        "stand in civil disorder, and their dislodged units are disbanded; for the standard "
        "board only (a 1961 variant is the other answer to fewer players)",
        "palette=standard|colourblind  the colours of the maps posted for everyone "
        "(default standard; colourblind: Okabe-Ito colours that stay apart for colour-blind "
        "eyes, failures in black); each player may choose their own for the maps sent to "
        "them alone with `palette`",
        "bots=3|all  computer players fill that many of the seats nobody took when the game "
        "starts (all: every one); they order as each phase opens, read no press and vote for "
        "a draw only with every person (a game of one person and six computers may start)",
        "cd=bot|hold  a power that falls into civil disorder (missed orders, `kick`, `leave`) "
        "is played by a computer until the game master hands it to a person with `replace` "
        "(default hold: its units hold)",
        "bot_level=easy|normal|hard  how well computer players play: easy follows DumbBot's "
        "simple rules (a table of beginners is not crushed), normal (the default) and hard "
        "try candidate orders against the neighbours' likely ones, hard about three times "
        "as many",
        "teams=off|any|all  several people may command one power (join a team with `join "
        "with <user>`; powers are drawn by lot among teams); any: any member may order and "
        "the latest order for a unit counts; all: an order counts once every member has "
        "given it, a unit without an agreed order holds, and `ready`, `draw` and `surrender` "
        "count once every member gave them (default off)",
        "season=autumn-2026  the season or league the game counts for: `standings "
        "autumn-2026` sums its games alone (every finished game counts in the club's "
        "standings)",
        "reliability=90  joining needs a reliability record of 90% or more (phases whose "
        "orders were given, of those due; a person with no record may join)",
        "votes=all|2/3  how many of the powers still playing must agree, with `vote pause` "
        "or `vote extend`, to pause the game or extend a deadline (default all)",
    ),
    (
        "newgame",
        "newgame hague schedule=24h/1h/1h tz=Europe/Paris anonymous=on",
        "newgame hague variant=1961-4",
        "newgame hague bots=all cd=bot",
        "newgame hague season=autumn-2026 reliability=90 votes=2/3",
        "newgame hague bots=6 bot_level=easy",
    ),
    reads_variants=True,
    arguments=(
        Argument(
            "name", "One word: letters, digits, - or _ (default: game-1, game-2, ...)", Kind.WORD
        ),
        Argument(
            "variant",
            "The board and rules (default: standard)",
            suggest=Suggest.VARIANTS,
            setting="variant",
        ),
        Argument(
            "schedule",
            "48h/2h/2h (movement/retreats/adjustments), blitz:5m, league or weekly:...",
            setting="schedule",
        ),
        Argument("tz", "The game's time zone, e.g. Europe/London", setting="tz"),
        Argument(
            "negotiation",
            "Time to negotiate before the first deadline counts, e.g. 7d",
            setting="negotiation",
        ),
        Argument("grace", "Once all are ready, wait this long first, e.g. 10m", setting="grace"),
        Argument(
            "reminders",
            "Remind powers missing orders this long before orders close, e.g. 24h,1h",
            setting="reminders",
        ),
        Argument(
            "ready_early",
            "Adjudicate early once every power is ready (default: yes)",
            Kind.YES_NO,
            setting="ready_early",
        ),
        Argument(
            "press",
            "The press rule (default: full)",
            choices=choices_of(Press),
            setting="press",
        ),
        Argument(
            "grey_press",
            "Allow unsigned (grey) press (default: no)",
            Kind.YES_NO,
            setting="press",
            word="grey",
        ),
        Argument(
            "anonymous",
            "Keep who plays which power secret (default: no)",
            Kind.YES_NO,
            setting="anonymous",
        ),
        Argument(
            "nmr",
            "Missed orders: off, warn, warn:2, cd or excuse:1 (default: off)",
            setting="nmr",
        ),
        Argument(
            "end",
            "An agreed end: a year (1910), 1910:units, a date (2027-01-15); "
            "Diplomacia: a turn (12)",
            setting="end",
        ),
        Argument(
            "players",
            "Fewer players, as the rule book sets them out: 6, 5, 4, 4:2, 4:3, 3 or 3:2",
            setting="players",
        ),
        Argument(
            "palette",
            "The colours of the maps everyone sees (default: standard)",
            choices=choices_of(Palette),
            setting="palette",
        ),
        Argument(
            "bots",
            "Computer players for seats nobody took: a number, or all (default: none)",
            setting="bots",
        ),
        Argument(
            "cd",
            "Civil disorder: bot (a computer plays the power) or hold (default: hold)",
            choices=(Choice("hold", "hold"), Choice("bot", "bot")),
            setting="cd",
        ),
        Argument(
            "teams",
            "Several people per power: any member's latest order, or all must agree (default off)",
            choices=(Choice("off", "off"), *choices_of(Teams)),
            setting="teams",
        ),
        Argument(
            "season", "The season or league it counts for, e.g. autumn-2026", setting="season"
        ),
        Argument(
            "reliability",
            "The reliability (per cent) needed to join, e.g. 90 (default: none)",
            setting="reliability",
        ),
        Argument(
            "votes",
            "Votes to pause or extend pass with: all, or a share such as 2/3 (default all)",
            setting="votes",
        ),
    ),
    public=True,
    game_argument=False,
)
