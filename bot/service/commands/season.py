"""`standings` and `ratings`: the club's season across its finished games. Anyone may ask;
only finished games count, so the answer is for everyone where it was asked."""

from __future__ import annotations

from bot.service.arguments import Argument, Kind, choices_of
from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Image, Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.maps import season_chart
from bot.service.options.club_rules import parse_season
from bot.service.season import (
    DEFAULT_SCORING,
    FinishedGame,
    Scoring,
    Standing,
    finished_games,
    is_solo,
    parse_scoring,
    rate,
    record_of,
    standings,
)
from bot.service.words.english import plural
from bot.service.words.labels import power_names
from bot.service.words.quoting import excerpt
from engine import load_variant
from render import MOST_LINES

# The leaderboard and the standings list this many people at most.
SHOWN = 30
_A_SEASON = "one word of letters, digits, - or _ (at most 40), e.g. autumn-2026"


async def scoring_of(ctx: Context) -> Scoring:
    """The club's scoring system (the default until its admins choose one)."""
    club = await ctx.store.club_settings(ctx.platform, ctx.workspace)
    return Scoring(club.scoring) if club.scoring else DEFAULT_SCORING


def _points(value: float) -> str:
    return f"{value:.1f}".removesuffix(".0") if value == int(value) else f"{value:.1f}"


def _season(ctx: Context) -> str | None:
    """The season named (None: every game of the club)."""
    if "season" not in ctx.values:
        return None
    written = ctx.values.text("season")
    try:
        return parse_season(written)
    except UserError:
        raise ctx.values.refuse(
            "season", f"`{excerpt(written)}` cannot name a season", _A_SEASON
        ) from None


async def standings_command(ctx: Context) -> list[Reply]:
    season, system = _season(ctx), await scoring_of(ctx)
    for name, value in ctx.values.settings("settings").items():
        if name != "scoring" or not value:
            raise ctx.values.refuse("scoring", f"`{excerpt(name)}={excerpt(value)}` is no choice")
        system = parse_scoring(value)
    games = await finished_games(ctx.store, ctx.platform, ctx.workspace, season)
    where = f"season {season}" if season else "the club"
    if not games:
        raise UserError(
            f"No game of {where} has finished with a result yet: the standings begin with "
            "the first game won or drawn."
        )
    table = standings(games, system)
    lines = [
        Line(
            f"{place}. {row.person.name}: {_points(round(row.points, 1))} points "
            f"({plural(row.games, 'game')}{_ends(row.solos, row.draws)})"
        )
        for place, row in enumerate(table[:SHOWN], start=1)
    ]
    played = Section("Games", tuple(Line(f"{g.name}: {_ending(g)}") for g in games))
    how = Section("Scoring", (Line(f"Each game scored by {system.described}, summed."),))
    title = f"Standings of {where} ({plural(len(games), 'game')} finished)"
    sections = (Section(None, tuple(lines)), played, how)
    image = await _chart(table, games, f"Points by game, {where}")
    return [ctx.public(Message(title=title, sections=sections, image=image))]


async def _chart(table: list[Standing], games: list[FinishedGame], title: str) -> Image:
    """The leaders' points game by game, as a picture (the table names everyone)."""
    shown = table[:MOST_LINES]
    png = await season_chart(
        [r.person.name for r in shown],
        [r.by_game for r in shown],
        [g.name for g in games],
        title=title,
    )
    leaders = ", ".join(f"{r.person.name} {_points(round(r.points, 1))}" for r in shown)
    alt = f"Each player's points summed game by game; now {leaders}"
    return Image(None, "standings.png", alt, data=png)


def _ends(solos: int, draws: int) -> str:
    parts = [plural(solos, "solo")] if solos else []
    if draws:
        parts.append(plural(draws, "draw"))
    return "; " + ", ".join(parts) if parts else ""


def _ending(game: FinishedGame) -> str:
    names = power_names(load_variant(game.variant), game.ending.winners)
    if is_solo(game.ending):
        return f"won by {names}"
    if game.ending.kind == "tie":
        return f"tied ({names})"
    return f"drawn by {names}"


async def ratings_command(ctx: Context) -> list[Reply]:
    club = await ctx.store.club_settings(ctx.platform, ctx.workspace)
    if not club.ratings:
        raise UserError("This club keeps no ratings (its admins chose `club ratings=off`).")
    season = _season(ctx)
    rated = rate(await finished_games(ctx.store, ctx.platform, ctx.workspace, season))
    if not rated:
        raise UserError(
            "Nobody has a rating yet: a rating moves when a game with two players or more "
            "finishes with a result."
        )
    lines = [
        Line(
            f"{place}. {r.person.name}: {r.shown:.1f} (skill {r.mu:.1f} ± {r.sigma:.1f}, "
            f"{plural(r.games, 'game')})"
        )
        for place, r in enumerate(rated[:SHOWN], start=1)
    ]
    how = Line(
        "OpenSkill (Plackett-Luce) ratings, moved by each finished game in turn: the rating "
        "shown is skill − 3 × uncertainty, the skill a player very likely has at least."
    )
    where = f"season {season}" if season else "the club"
    message = Message(
        title=f"Ratings of {where}", sections=(Section(None, tuple(lines)), Section(None, (how,)))
    )
    return [ctx.public(message)]


STANDINGS = CommandSpec(
    "standings",
    "standings [season] [scoring=sum-of-squares|draw-size|c-diplo]",
    "The club's standings across its finished games, or one season's.",
    standings_command,
    (
        "Each finished game with a result (a solo, a draw, a tie or an agreed end) scores "
        "every person who held a power at its end under the club's scoring (`club scoring=...`"
        "; sum of squares unless chosen): sum-of-squares (a solo 100; in a draw 100 × "
        "centres² over the drawing powers' centres²), draw-size (a solo 100; a draw shared "
        "equally by its powers) or c-diplo (C-Diplo 100: a solo 100; else 1 for playing, 1 a "
        "centre, and 38/14/7 for the most, second and third most centres). The points are "
        "summed over the club's games, or over one season's (`newgame ... season=...`).",
        "A game the game master ended without a result counts for nobody, nor does an "
        "anonymous game: who played which power stays secret after its end, and a person's "
        "points (or rating) would tell it.",
    ),
    ("standings", "standings autumn-2026", "standings scoring=c-diplo"),
    arguments=(
        Argument("season", "A season's name (default: every game of the club)", Kind.WORD),
        Argument(
            "scoring",
            "The scoring system (default: the club's)",
            choices=choices_of(Scoring),
            setting="scoring",
        ),
    ),
    public=True,
    game_argument=False,
    reschedules=False,
    group="club",
)

RATINGS = CommandSpec(
    "ratings",
    "ratings [season]",
    "The leaderboard: each person's rating across the club's finished games.",
    ratings_command,
    (
        "A rating moves only when a game finishes with a result: OpenSkill's Plackett-Luce "
        "model ranks each game's powers (the winner, or the draw's powers together, first; "
        "the others by supply centres) and moves each player's skill and uncertainty. The "
        "number shown is skill − 3 × uncertainty. A club may keep no ratings (`club "
        "ratings=off`).",
    ),
    ("ratings", "ratings autumn-2026"),
    arguments=(Argument("season", "A season's name (default: every game of the club)", Kind.WORD),),
    public=True,
    game_argument=False,
    reschedules=False,
    group="club",
)


async def reliability_command(ctx: Context) -> list[Reply]:
    named = ctx.values.user("user")
    if named is None:
        found = await record_of(ctx.store, ctx.platform, ctx.workspace, ctx.actor_id)
        return [ctx.say(f"Your reliability: {found.describe()}.", RELIABILITY_HOW)]
    user_id, name = named
    club = await ctx.store.club_settings(ctx.platform, ctx.workspace)
    if not (club.reliability_public or ctx.request.actor.is_admin or user_id == ctx.actor_id):
        raise UserError(
            "This club shows a player's reliability to game masters alone (at `join`, "
            "`start` and in `players`); `reliability` alone shows yours."
        )
    found = await record_of(ctx.store, ctx.platform, ctx.workspace, user_id)
    return [ctx.say(f"{name}'s reliability: {found.describe()}.", RELIABILITY_HOW)]


RELIABILITY_HOW = (
    "Counted over this club's games but its anonymous ones: the movement phases already "
    "adjudicated in which the player held a power with units (orders due), those they missed, "
    "those excused, and the games they left or were replaced in while under way."
)

RELIABILITY = CommandSpec(
    "reliability",
    "reliability [user]",
    "A player's reliability record across the club's games (yours by default).",
    reliability_command,
    (
        RELIABILITY_HOW,
        "The percentage is the due phases not missed (an excused one is not missed). A game "
        "may ask for a minimum to join (`newgame ... reliability=90`). Game masters see a "
        "joiner's record; anyone sees others' where the club chose `club reliability=public`.",
    ),
    ("reliability", "reliability @zoe"),
    arguments=(Argument("user", "Whose record (default: yours)", Kind.USER),),
    game_argument=False,
    reschedules=False,
    group="club",
)
