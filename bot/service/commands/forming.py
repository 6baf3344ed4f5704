"""Forming a game: join, leave, games, players, and start (powers by lot). `newgame`, which
creates one, has a module of its own."""

from __future__ import annotations

import random
import re
from collections.abc import Mapping, Sequence, Set

from bot.service.commands.channel_access import AFTER_START, check_channel
from bot.service.commands.late_joining import answer_request, join_running
from bot.service.commands.spec import Argument, CommandSpec, Kind
from bot.service.commands.team_forming import (
    drop_from_team,
    join_team_forming,
    read_partner,
    split_user,
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
from bot.service.roster import COMPUTER_NAME, computer_takes_over, game_seed
from bot.service.schedule import describe, first_phase_opens
from bot.service.turn import coin_toss, computer_turns, opening
from bot.service.words import buttons, notices
from bot.service.words.english import plural
from bot.service.words.labels import phase_label, power_list, power_names
from bot.service.words.quoting import quotes_cut
from bot.store import Game, GameStatus, Phase, Player, PowerStatus
from engine import OrderError, Position, Variant, load_variant
from engine.names import power_code

MIN_PLAYERS = 2
_SEPARATORS = re.compile(r"[\s,;/]+")


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


def read_preferences(variant: Variant, text: str) -> list[str]:
    chosen: list[str] = []
    for word in _SEPARATORS.split(text.strip()):
        if not word:
            continue
        try:
            code = power_code(variant, word)
        except OrderError as exc:
            raise UserError(f"{quotes_cut(str(exc))}. Write e.g. `join france, england`.") from None
        if code not in chosen:
            chosen.append(code)
    return chosen


# join / leave ------------------------------------------------------------------------------


async def join(ctx: Context) -> list[Reply]:
    game = await ctx.game()
    variant = ctx.variant(game)
    teams = ctx.options(game).teams
    accepted, rest = split_user(ctx.args, "accept")
    refused, rest = split_user(rest, "refuse")
    if accepted is not None or refused is not None:
        return await answer_request(ctx, game, accepted or refused or "", accept=bool(accepted))
    partner_text, wishes = split_user(rest, "with")
    if partner_text is not None and teams is None:
        raise UserError(
            f"{game.name} has one player per power: teams are allowed only in a game created "
            "with `newgame ... teams=any` or `teams=all`."
        )
    if game.status != GameStatus.FORMING:
        return await join_running(ctx, game, wishes, partner_text)
    partner = None if partner_text is None else read_partner(ctx, game, partner_text)
    preferences = read_preferences(variant, wishes)
    players = await ctx.store.players_of(game.id)
    already = any(p.user_id == ctx.actor_id for p in players)
    total = seats_for(ctx, game)
    if teams is not None:
        taken = len(teams_formed(game, players))
        if partner is None and not already and taken >= total - reserved_for_computers(ctx, game):
            raise UserError(
                f"{game.name} is full: {total} teams have joined. Join one of them with "
                "`join with <user>`."
            )
    elif not already and len(players) >= total - reserved_for_computers(ctx, game):
        raise UserError(_full(ctx, game, len(players)))
    await ctx.store.add_player(game.id, ctx.actor_id, ctx.request.actor.display_name, preferences)
    if partner is not None:
        await join_team_forming(ctx, game, partner)
        return await _joined_team(ctx, game, partner[1], total)
    wanted = (
        f"Your preferences: {power_list(variant, preferences)}."
        if preferences
        else "No preferences: any power will do."
    )
    if already:
        return [ctx.say(f"You are already in {game.name}. {wanted}")]
    count = len(players) + 1
    if teams is not None:
        count = len(teams_formed(game, await ctx.store.players_of(game.id)))
    public = Message(
        title=None,
        sections=(
            Section(
                None,
                (
                    Line(
                        f"{ctx.request.actor.display_name} joined {game.name} "
                        f"({_of_total(count, total, teams is not None)})."
                    ),
                ),
            ),
        ),
    )
    replies = await ctx.announce(game, public, "join")
    return [*replies, ctx.say(f"You joined {game.name}. {wanted}")]


def reserved_for_computers(ctx: Context, game: Game) -> int:
    """The seats `bots=N` keeps for computer players (none with `bots=all`, which fills
    whatever nobody takes)."""
    bots = ctx.options(game).bots
    return 0 if bots is None or bots.count is None else bots.count


def _full(ctx: Context, game: Game, joined: int) -> str:
    reserved = reserved_for_computers(ctx, game)
    if not reserved:
        return f"{game.name} is full: {joined} players have joined."
    return (
        f"{game.name} is full: {joined} players have joined and computers take the other "
        f"{reserved} seats (bots={reserved}); the game master may lower bots= with `settings`."
    )


def _of_total(count: int, total: int, teams: bool) -> str:
    return f"{count} of {total} teams" if teams else f"{count} of {total} players"


async def _joined_team(ctx: Context, game: Game, partner: str, total: int) -> list[Reply]:
    members = await ctx.store.players_of(game.id)
    team = next(t for t in teams_formed(game, members) if ctx.actor_id in {p.user_id for p in t})
    names = ", ".join(p.display_name for p in team)
    count = len(teams_formed(game, members))
    line = f"{ctx.request.actor.display_name} joined {partner}'s team in {game.name}: {names}"
    message = _line_message(f"{line} ({_of_total(count, total, True)}).")
    replies = await ctx.announce(game, message, "join")
    return [
        *replies,
        ctx.say(
            f"You are in a team with {partner}'s: {names}. The team draws its power by lot "
            "when the game starts, and every member commands it."
        ),
    ]


JOIN = CommandSpec(
    "join",
    "join [power ...] [with <user>] | join accept|refuse <user>",
    "Join the game in this channel, naming the powers you would like, best first.",
    join,
    (
        "Powers are assigned by lot when the game starts, preferences honoured where possible.",
        "Where the game allows teams (`teams=any` or `teams=all`), `join with <user>` joins "
        "that player's team: powers are drawn by lot among teams, and every member commands "
        "the team's power.",
        "Once the game is under way, `join france` (or `join with <user>`) asks to join the "
        "team of a power people play: its members and the game master are asked, and any of "
        "them answers `join accept <user>` or `join refuse <user>`; until then you see nothing "
        "of the power. `join <power>` of a power nobody plays (civil disorder, or a computer) "
        "volunteers for it: the game master is told, and hands it over with `replace`.",
    ),
    ("join", "join france, england", "join with @alice", "join accept @zoe"),
    arguments=(
        Argument("powers", "The powers you would like, best first: e.g. france, england"),
        Argument(
            "with",
            "A player whose team you join, where the game allows teams",
            Kind.USER,
            word="with",
        ),
        Argument(
            "accept", "Let this player join your team (a game under way)", Kind.USER, word="accept"
        ),
        Argument("refuse", "Refuse this player a place in your team", Kind.USER, word="refuse"),
    ),
    public=True,
    game_argument=False,
)


async def leave(ctx: Context) -> list[Reply]:
    game = await ctx.game()
    player = await ctx.membership(game)
    if player is None:
        raise UserError(f"You do not play in {game.name}.")
    name = ctx.request.actor.display_name
    if game.status == GameStatus.FORMING:
        await ctx.store.remove_player(game.id, ctx.actor_id)
        drop_from_team(game, ctx.actor_id)
        remaining = await ctx.store.players_of(game.id)
        teams = ctx.options(game).teams is not None
        count = len(teams_formed(game, remaining)) if teams else len(remaining)
        total = seats_for(ctx, game)
        message = _line_message(f"{name} left {game.name} ({_of_total(count, total, teams)}).")
        return [*await ctx.announce(game, message, "leave"), ctx.say(f"You left {game.name}.")]
    if ctx.args.strip().lower() != "confirm":
        raise UserError(
            f"{game.name} is under way: if you leave, your power falls into civil disorder and "
            "its units hold every turn. Write `leave confirm` to leave."
        )
    power = player.power
    await ctx.store.remove_player(game.id, ctx.actor_id)
    mine = commanded(game.settings, power) if power is not None else []
    country = power_names(ctx.variant(game), mine) if mine else "your power"
    by_computer = False
    if power is not None:
        partners = [p for p in await ctx.store.players_of(game.id) if p.power == power]
        if not partners:
            for each in mine:
                await ctx.store.set_power_status(game.id, each, PowerStatus.CIVIL_DISORDER)
            by_computer = await _computer_after(ctx, game, mine)
    who = "" if ctx.options(game).anonymous else f"{name} left {game.name}. "
    verb = "is" if len(mine) <= 1 else "are"
    state = (
        f"a computer plays {country} until a new player takes over."
        if by_computer
        else f"{country} {verb} in civil disorder: its units hold."
    )
    message = _line_message(f"{who}{state}")
    return [*await ctx.announce(game, message, "leave"), ctx.say(f"You left {game.name}.")]


async def _computer_after(ctx: Context, game: Game, powers: Sequence[str]) -> bool:
    """Under `cd=bot`, a computer takes over the powers just left, with orders for the open
    phase; True if it did."""
    phase = await ctx.store.open_phase_of(game.id)
    if phase is None or not await computer_takes_over(ctx.store, game, powers, phase.name):
        return False
    position = Position.from_json(phase.position)
    await computer_turns.give_orders(ctx.store, game, phase, position, powers)
    return True


LEAVE = CommandSpec(
    "leave",
    "leave",
    "Leave the game. Once it has started your power falls into civil disorder.",
    leave,
    ("In a game that has started, write `leave confirm`: your units then hold every turn.",),
    ("leave",),
    arguments=(
        Argument(
            "confirm",
            "Yes, leave a game under way (your power falls into civil disorder)",
            Kind.YES_NO,
            word="confirm",
        ),
    ),
    public=True,
)


def _line_message(line: str) -> Message:
    return Message(sections=(Section(None, (Line(line),)),))


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
        return [
            ctx.private(
                Message(title=f"{game.name}: forming", sections=(Section(None, tuple(lines)),))
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
    return [
        ctx.private(Message(title=f"{game.name}: players", sections=(Section(None, tuple(lines)),)))
    ]


PLAYERS = CommandSpec("players", "players", "Who plays in this game.", players, (), ("players",))


# start -------------------------------------------------------------------------------------


async def start(ctx: Context) -> list[Reply]:
    game = await ctx.game()
    ctx.require_gm(game)
    if game.status != GameStatus.FORMING:
        raise UserError(f"{game.name} has already started.")
    members = await ctx.store.players_of(game.id)
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
    phase = await opening.open_phase(ctx.store, game, position, options.schedule, opens)
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
