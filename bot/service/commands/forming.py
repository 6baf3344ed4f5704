"""Forming a game: games, players, and start (powers by lot). `newgame`, which creates one,
and `join` and `leave` (`joining.py`) have modules of their own."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence, Set

from bot.service.commands.channel_access import AFTER_START, check_channel
from bot.service.commands.club_records import club_section, records_at_start
from bot.service.commands.spec import CommandSpec
from bot.service.commands.team_forming import (
    team_wishes,
    teams_formed,
)
from bot.service.context import Context
from bot.service.effects import Deadline, Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.options.fewer_players import Setup, commanded, lead_of, seat_blocs, seats_of
from bot.service.options.game_options import GameOptions
from bot.service.options.teams import check_teams_setup
from bot.service.options.variant_choice import STANDARD, variant_line
from bot.service.outbox import queue
from bot.service.roster import COMPUTER_NAME, game_seed
from bot.service.schedule import describe, first_phase_opens
from bot.service.turn import coin_toss, opening
from bot.service.words import buttons, notices
from bot.service.words.english import plural
from bot.service.words.labels import phase_label, power_list, power_names
from bot.store import Game, GameStatus, Phase, Player, PowerStatus
from engine import Position, load_variant

MIN_PLAYERS = 2


def assign_powers(
    players: Sequence[Player],
    powers: Sequence[str],
    seed: str,
    *,
    preferences: Mapping[str, Sequence[str]] | None = None,
) -> dict[str, str]:
    """user id -> power. Players are drawn in a random order; each takes the first power of
    their preferences (``preferences`` by user id, else their own) still free, and those
    left without one get the remaining powers by lot. The same seed gives the same draw."""
    rng = random.Random(seed)
    order = sorted(players, key=lambda p: p.id)
    rng.shuffle(order)
    free = list(powers)
    assigned: dict[str, str] = {}
    unplaced: list[Player] = []
    for player in order:
        wishes = player.preferences if preferences is None else preferences[player.user_id]
        choice = next((p for p in wishes if p in free), None)
        if choice is None:
            unplaced.append(player)
            continue
        assigned[player.user_id] = choice
        free.remove(choice)
    rng.shuffle(free)
    for player in unplaced:
        assigned[player.user_id] = free.pop()
    return assigned


def setup_of(ctx: Context, game: Game) -> Setup | None:
    """Who commands which powers: as `players=` set it, or the seats the variant is always
    played in (the two sides of World War I)."""
    return ctx.options(game).setup or coin_toss.setup_for(ctx.variant(game))


def seats_for(ctx: Context, game: Game) -> int:
    """How many players the game takes."""
    setup = setup_of(ctx, game)
    return len(ctx.variant(game).powers) if setup is None else setup.players


def _seat_wishes(setup: Setup, wishes: Sequence[str]) -> list[str]:
    """Preferences for powers, read as preferences for the seats that hold them (by the
    seat's first power)."""
    out: list[str] = []
    for power in wishes:
        seat = setup.seat_of(power)
        if seat is not None and seat[0] not in out:
            out.append(seat[0])
    return out


# games / players ---------------------------------------------------------------------------


async def games(ctx: Context) -> list[Reply]:
    mine = [
        g
        for g in await ctx.store.games_of_user(ctx.platform, ctx.actor_id, include_finished=True)
        if g.workspace == ctx.workspace
    ]
    others = [
        g
        for g in await ctx.store.games_of_workspace(ctx.platform, ctx.workspace)
        if g.id not in {m.id for m in mine}
    ]
    sections: list[Section] = []
    if mine:
        sections.append(
            Section("Your games", tuple([Line(await _game_line(ctx, g, True)) for g in mine]))
        )
    if others:
        sections.append(
            Section(
                "Other games here", tuple([Line(await _game_line(ctx, g, False)) for g in others])
            )
        )
    if not sections:
        sections.append(
            Section(None, (Line("No games here yet: create one in a channel with `newgame`."),))
        )
    return [ctx.private(Message(title="Games", sections=tuple(sections)))]


GAMES = CommandSpec(
    "games",
    "games",
    "The games you play in, and the other games here.",
    games,
    (),
    ("games",),
    game_argument=False,
)


async def _game_line(ctx: Context, game: Game, mine: bool) -> str:
    where = f"#{game.channel}"
    if game.status == GameStatus.FORMING:
        count = len(await ctx.store.players_of(game.id))
        action = "" if mine else f"; join with `game {game.name} join`"
        players = f"{count} player" if count == 1 else f"{count} players"
        return f"{game.name} ({where}): forming, {players}{action}"
    if game.status == GameStatus.FINISHED:
        return f"{game.name} ({where}): finished"
    phase = await ctx.store.open_phase_of(game.id)
    state = "paused" if game.status == GameStatus.PAUSED else "playing"
    text = f"{game.name} ({where}): {state}"
    if phase is not None:
        deadline = opening.deadline_text(phase, ctx.zone(game), ctx.now)
        text += f", {phase_label(phase.name)}, deadline {deadline}"
    if mine:
        player = await ctx.membership(game)
        if player is not None and player.power is not None:
            text += f"; you play {ctx.variant(game).power_info[player.power].name}"
    return text


async def players(ctx: Context) -> list[Reply]:
    game = await ctx.game(ended=True)
    variant = ctx.variant(game)
    members = await ctx.store.players_of(game.id)
    total = len(variant.powers)
    if game.status == GameStatus.FORMING:
        names = ", ".join(p.display_name for p in members) or "nobody yet"
        lines = [Line(f"{len(members)} of {total} players: {names}")]
        club = await club_section(ctx, game, members)
        return [
            ctx.private(
                Message(
                    title=f"{game.name}: forming", sections=(Section(None, tuple(lines)), *club)
                )
            )
        ]
    me = next((p for p in members if p.user_id == ctx.actor_id), None)
    computers = await ctx.store.computer_powers(game.id)
    if ctx.options(game).anonymous:
        lines = [Line(f"{len(members)} players; who plays which power is secret in this game.")]
        lines.append(Line("Players: " + (", ".join(p.display_name for p in members) or "none")))
        if computers:
            lines.append(Line(f"Played by computers: {power_list(variant, sorted(computers))}."))
    else:
        statuses = await ctx.store.power_statuses(game.id)
        lines = []
        for power in variant.powers:
            lead = lead_of(game.settings, power)
            playing = [p.display_name for p in members if p.power == lead]
            state = statuses.get(power)
            if power in computers and state != PowerStatus.ELIMINATED:
                text = f"{COMPUTER_NAME} (it reads no press)"
            elif playing:
                text = ", ".join(playing)
            elif state == PowerStatus.ELIMINATED:
                text = "eliminated"
            else:
                text = "nobody (civil disorder: its units hold)"
            lines.append(Line(f"{variant.power_info[power].name}: {text}"))
    if me is not None and me.power is not None:
        lines.append(Line(f"You play {power_names(variant, commanded(game.settings, me.power))}."))
    club = await club_section(ctx, game, members)
    message = Message(title=f"{game.name}: players", sections=(Section(None, tuple(lines)), *club))
    return [ctx.private(message)]


PLAYERS = CommandSpec("players", "players", "Who plays in this game.", players, (), ("players",))


# start -------------------------------------------------------------------------------------


async def start(ctx: Context) -> list[Reply]:
    game = await ctx.game()
    ctx.require_gm(game)
    if game.status != GameStatus.FORMING:
        raise UserError(f"{game.name} has already started.")
    members = await ctx.store.players_of(game.id)
    started = await _start(ctx, game, members)
    return [*started, *await records_at_start(ctx, members)]


async def _start(ctx: Context, game: Game, members: list[Player]) -> list[Reply]:
    variant = ctx.variant(game)
    options = ctx.options(game)
    setup = setup_of(ctx, game)
    refuse_teams_in_seats(options)
    if options.teams is not None:
        return await _start_teams(ctx, game, members)
    leads = list(variant.powers) if setup is None else [seat[0] for seat in setup.seats]
    # a power neutral at the start (Italy in 1914) has nobody to play it, person or computer
    neutral = variant.rules.neutral_in(variant.rules.first_year)
    seats = [lead for lead in leads if lead not in neutral]
    bots = _computer_count(ctx, game, len(members), seats)
    if setup is not None and len(members) + bots != setup.players:
        raise UserError(
            f"{game.name} is set for {setup.players} players; {_joined(len(members), bots)} "
            "so far. Players join with `join`."
        )
    if len(members) + bots > len(variant.powers):
        raise UserError(
            f"{game.name} is played on {variant.name}, which has {len(variant.powers)} powers; "
            f"{_joined(len(members), bots)}: "
            f"{len(members) + bots - len(variant.powers)} must `leave` first, "
            "or the game master changes the variant with `settings variant=...`."
        )
    if len(members) + bots < MIN_PLAYERS:
        raise UserError(
            f"{game.name} needs at least {MIN_PLAYERS} players to start; "
            f"{_joined(len(members), bots)} so far. Players join with `join`."
        )
    if setup is None:
        assignment = assign_powers(members, variant.powers, game_seed(game))
    else:
        wishes = {p.user_id: _seat_wishes(setup, p.preferences) for p in members}
        assignment = assign_powers(members, leads, game_seed(game), preferences=wishes)
        game.settings = {**game.settings, "blocs": seat_blocs(setup.seats)}
    computers = _computer_seats(game, seats, set(assignment.values()), bots)
    return await _begin(ctx, game, members, assignment, computers)


def _joined(humans: int, bots: int) -> str:
    people = f"{humans} joined" if humans != 1 else "1 joined"
    if not bots:
        return people
    return f"{people} and {plural(bots, 'computer player')} fill seats"


def _computer_count(ctx: Context, game: Game, humans: int, seats: Sequence[str]) -> int:
    """How many seats computers take: `bots=N`, or with `bots=all` every seat nobody took."""
    bots = ctx.options(game).bots
    if bots is None:
        return 0
    return bots.wanted(max(0, len(seats) - humans))


def _computer_seats(game: Game, leads: Sequence[str], taken: set[str], count: int) -> list[str]:
    """The seats (their first power) computers take: ``count`` of those nobody took, by lot
    (the game's seed, so the same game draws the same)."""
    free = [lead for lead in leads if lead not in taken]
    rng = random.Random(f"{game_seed(game)}:computers")
    rng.shuffle(free)
    return sorted(free[:count], key=list(leads).index)


async def _start_teams(ctx: Context, game: Game, members: Sequence[Player]) -> list[Reply]:
    """Powers by lot among teams: each team draws as one, with its members' wishes, and every
    member commands the power drawn."""
    variant = ctx.variant(game)
    teams = teams_formed(game, members)
    if len(teams) > len(variant.powers):
        raise UserError(
            f"{game.name} is played on {variant.name}, which has {len(variant.powers)} powers; "
            f"{len(teams)} teams joined: {len(teams) - len(variant.powers)} must `leave` or "
            "join another team first."
        )
    if len(teams) + _computer_count(ctx, game, len(teams), variant.powers) < MIN_PLAYERS:
        raise UserError(
            f"{game.name} needs at least {MIN_PLAYERS} teams to start; {len(teams)} joined so "
            "far. Players join with `join`, or a team with `join with <user>`."
        )
    firsts = [team[0] for team in teams]
    wishes = {team[0].user_id: team_wishes(team) for team in teams}
    drawn = assign_powers(firsts, variant.powers, game_seed(game), preferences=wishes)
    assignment = {p.user_id: drawn[team[0].user_id] for team in teams for p in team}
    bots = _computer_count(ctx, game, len(teams), variant.powers)
    if len(teams) + bots > len(variant.powers):
        raise UserError(
            f"{game.name} is played on {variant.name}, which has {len(variant.powers)} powers; "
            f"{len(teams)} teams joined and bots={bots}: lower bots= with `settings`."
        )
    computers = _computer_seats(game, variant.powers, set(drawn.values()), bots)
    return await _begin(ctx, game, members, assignment, computers)


async def _begin(
    ctx: Context,
    game: Game,
    members: Sequence[Player],
    assignment: Mapping[str, str],
    computers: Sequence[str] = (),
) -> list[Reply]:
    """Seat everyone (user id -> power) and the computers (the first power of each of their
    seats), open the first phase and tell everyone."""
    variant = ctx.variant(game)
    options = ctx.options(game)
    for player in members:
        player.power = assignment[player.user_id]
    game.status = GameStatus.ACTIVE
    game.started_at = ctx.now
    position = Position.initial(variant, seats=seats_of(game.settings))
    first = str(position.phase)
    for lead in computers:
        for each in commanded(game.settings, lead):
            await ctx.store.seat_computer(game.id, each, phase_name=first)
    opens = first_phase_opens(options.schedule, ctx.now)
    phase = await opening.open_phase(
        ctx.store, game, position, options.schedule, opens, ctx.deps.workers
    )
    taken = {
        each
        for lead in [*assignment.values(), *computers]
        for each in commanded(game.settings, lead)
    }
    for power in variant.powers:
        status = PowerStatus.PLAYING if power in taken else PowerStatus.CIVIL_DISORDER
        await ctx.store.set_power_status(game.id, power, status, phase_name=phase.name)
    await ctx.store.session.flush()
    deadline = opening.deadline(phase, options.schedule.zone, ctx.now)
    if deadline is None:  # pragma: no cover - a phase opened from a schedule has one
        raise RuntimeError(f"phase {phase.id} opened without a deadline")
    in_join_order = {p.user_id: assignment[p.user_id] for p in members}
    await _welcome_players(ctx, game, position, in_join_order, deadline)
    check_channel(ctx, game, then=AFTER_START)
    played = {each for lead in computers for each in commanded(game.settings, lead)}
    message = _start_message(ctx, game, members, phase, options, position, played)
    return await ctx.announce(game, message, "start")


START = CommandSpec(
    "start",
    "start",
    "Start the game: assign powers, open Spring 1901 and its deadline.",
    start,
    ("Every player learns their power by direct message.",),
    ("start",),
    gm=True,
    public=True,
)


WELCOME = queue.About("the welcome with their power, units and how to order")


def refuse_teams_in_seats(options: GameOptions) -> None:
    """Teams do not go with seats of several powers (`players=`, or a variant played in
    fixed seats)."""
    seated = coin_toss.setup_for(load_variant(options.variant)) is not None
    check_teams_setup(options.teams, options.setup, seated=seated)


async def _welcome_players(
    ctx: Context, game: Game, position: Position, powers: dict[str, str], deadline: Deadline
) -> None:
    """DM each player (user id -> power) their power, units and how to order; one message
    for each power a player commands."""
    for user_id, lead in powers.items():
        playing = [
            g
            for g in await ctx.store.games_of_user(ctx.platform, user_id)
            if g.workspace == game.workspace
        ]
        for power in commanded(game.settings, lead):
            message = notices.welcome(
                game.name, position, power, deadline, several_games=len(playing) > 1
            )
            key = f"game:{game.id}:start:{user_id}"
            if power != lead:
                key += f":{power}"
            await queue.to_user(ctx.store, game, user_id, key, message, about=WELCOME)


def _start_message(
    ctx: Context,
    game: Game,
    members: Sequence[Player],
    phase: Phase,
    options: GameOptions,
    position: Position,
    computers: Set[str],
) -> Message:
    variant = ctx.variant(game)
    lines: list[Line] = []
    taken = {each for p in members if p.power for each in commanded(game.settings, p.power)}
    taken |= computers
    if options.anonymous:
        lines.append(
            Line(f"{len(members)} players; each has learnt their power by direct message.")
        )
        if computers:
            lines.append(Line(f"Played by computers: {power_list(variant, sorted(computers))}."))
    else:
        for power in variant.powers:
            lead = lead_of(game.settings, power)
            names = ", ".join(p.display_name for p in members if p.power == lead)
            if power in computers:
                names = COMPUTER_NAME
            lines.append(Line(f"{variant.power_info[power].name}: {names or '—'}"))
    setup = setup_of(ctx, game)
    if setup is not None and setup.players < len(variant.powers):
        lines.append(Line(f"Played as the rule book sets out {setup.players} players."))
    for neutral in variant.rules.neutral:
        if neutral.power in position.neutral:
            name = variant.power_info[neutral.power].name
            lines.append(
                Line(
                    f"{name} is neutral in {neutral.until}: nobody may enter its territory and "
                    f"its units hold. A coin tossed before the Winter {neutral.until} "
                    f"adjustments decides which side it joins in Spring {neutral.until + 1}."
                )
            )
    if options.variant != STANDARD:
        lines.append(Line(f"Variant {variant_line(variant)}."))
    empty = [p for p in variant.powers if p not in taken and p not in position.neutral]
    if empty:
        lines.append(
            Line(f"No player for {power_list(variant, empty)}: civil disorder, their units hold.")
        )
    lines.append(Line(notices.victory_line(variant.rules)))
    lines.append(Line("Every player has a direct message with their units and how to order."))
    lines.append(Line(describe(options.schedule, variant.rules)))
    return Message(
        title=f"{game.name} has begun: {phase_label(phase.name)}",
        sections=(Section(None, tuple(lines)),),
        deadline=opening.deadline(phase, options.schedule.zone, ctx.now),
        buttons=buttons.phase_opened(),
    )
