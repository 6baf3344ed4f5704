"""Joining a game under way: `join <power>` (or `join with <user>`) after the start.

- A power people command, in a game with teams (`teams=`): joining its team needs the team's
  consent. The request is kept with the game (``join_requests``: user id -> the power and the
  name to show) and its members and the game master are asked by DM; any one of them answers
  `join accept <user>` or `join refuse <user>`. Until then the newcomer is no player of the
  game: they see nothing of the power (no orders, press or DMs) and count in none of its
  agreements, so an outsider's `join` can never change what the team agreed.
- A power nobody plays (in civil disorder, or played by a computer): the newcomer volunteers.
  The game master is told by DM, with the `replace` that hands the power over as a button, so
  taking the volunteer is one step.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.service.arguments import user_mention
from bot.service.commands.club_records import record, record_line
from bot.service.commands.seating import Seat, brief, line_message, playable_status
from bot.service.commands.team_forming import JOIN_WITH_USAGE, someone_else
from bot.service.context import Context
from bot.service.effects import Button, Message, Reply, text
from bot.service.errors import UserError
from bot.service.options.teams import Teams
from bot.service.outbox import queue
from bot.service.roster import users_of
from bot.store import Game, GameStatus, PowerStatus

_REQUESTS = "join_requests"
# What these DMs are, told to the game master should one not arrive.
ASKED = queue.About("a request to join a team, to its members")
ANSWERED = queue.About("the answer to their request to join a team")
WITHDRAWN = queue.About("the notice that a request to join a team was withdrawn")
VOLUNTEER = queue.About("a player volunteering to take over a power")
# Room for a user's name in a button's command: Discord keeps a button's command, with the
# game's name and the user's id, in 100 characters.
_NAME_IN_BUTTON = 12


def join_requests(game: Game) -> dict[str, dict[str, str]]:
    """The requests waiting for a team's answer: user id -> {"power", "name"}."""
    stored = game.settings.get(_REQUESTS)
    if not isinstance(stored, Mapping):
        return {}
    return {str(k): {str(a): str(b) for a, b in v.items()} for k, v in stored.items()}


def _keep(game: Game, requests: Mapping[str, Mapping[str, str]]) -> None:
    game.settings = {**game.settings, _REQUESTS: {k: dict(v) for k, v in requests.items()}}


async def join_running(ctx: Context, game: Game, partner: tuple[str, str] | None) -> list[Reply]:
    """`join` in a game under way: ask a team's consent, or volunteer for a power nobody
    plays."""
    if game.status == GameStatus.FINISHED:
        raise UserError(f"{game.name} has ended.")
    seat = await _seat_named(ctx, game, partner)
    if await ctx.membership(game) is not None:
        raise UserError(f"You already play in {game.name}.")
    state = await playable_status(ctx, seat)
    played = state == PowerStatus.PLAYING and await users_of(ctx.store, game, seat.power)
    if not played:
        return await _volunteer(ctx, seat)
    if ctx.options(game).teams is None:
        raise UserError(
            f"{seat.name} has a player, and {game.name} has one player per power. Powers "
            "without a player are named in `players`; `join <power>` offers to take one over."
        )
    return await _ask_team(ctx, seat)


async def _seat_named(ctx: Context, game: Game, partner: tuple[str, str] | None) -> Seat:
    """The power the newcomer names, or their partner's."""
    phase, position = await ctx.open_phase(game)
    if partner is not None:
        user_id, display = someone_else(ctx, partner)
        theirs = next((p for p in await ctx.players(game) if p.user_id == user_id), None)
        if theirs is None or theirs.power is None:
            raise UserError(f"{display} does not play a power in {game.name}.")
        return Seat(game, phase, position, theirs.power)
    powers = ctx.values.powers("powers", position.variant)
    if not powers:
        if ctx.options(game).teams is None:
            raise UserError(
                f"{game.name} has already started: players join before the game master writes "
                "`start`. A power without a player (see `players`) goes to a volunteer: "
                "`join <power>` offers to take it over."
            )
        raise UserError(
            f"{game.name} is under way: name the power whose team you would like to join, e.g. "
            f"`join france`, or {JOIN_WITH_USAGE}; its members are asked. A power without a "
            "player goes to a volunteer the game master chooses."
        )
    if len(powers) > 1:
        raise ctx.values.refuse(
            "powers", f"{game.name} is under way: a team is joined one power at a time", "one power"
        )
    return Seat(game, phase, position, powers[0])


# A power nobody plays: volunteering ----------------------------------------------------------


async def _volunteer(ctx: Context, seat: Seat) -> list[Reply]:
    game, name = seat.game, ctx.request.actor.display_name
    why = (
        "is played by a computer"
        if seat.power in await ctx.store.computer_powers(game.id)
        else "is in civil disorder"
    )
    found = await record(ctx, ctx.actor_id)
    known = () if found.percent is None and not found.left else (record_line(name, found),)
    message = line_message(
        f"{game.name}: {name} volunteers to play {seat.name}",
        f"{name} would like to take over {seat.name}, which {why}.",
        *known,
        f"The button hands {seat.name} to {name} in one step, with the picture by DM; "
        f"`replace {seat.power.lower()}` naming {name} does the same.",
    )
    short = f"replace {seat.power.lower()} {_in_button(ctx.actor_id, name)}"
    hand = Button(f"Hand {seat.name} to {name}", f"game {game.name} {short}")
    message = _with_buttons(message, hand)
    key = f"game:{game.id}:volunteer:{seat.phase.id}:{seat.power}:{ctx.actor_id}"
    await queue.to_user(ctx.store, game, game.creator, key, message, about=VOLUNTEER)
    return [
        ctx.say(
            f"The game master of {game.name} is told you volunteer to play {seat.name}. When "
            "they hand it to you, its units, the phase and its orders so far come by DM."
        )
    ]


# A power people command: the team's consent --------------------------------------------------


async def _ask_team(ctx: Context, seat: Seat) -> list[Reply]:
    game, name = seat.game, ctx.request.actor.display_name
    requests = join_requests(game)
    already = requests.get(ctx.actor_id)
    if already is not None and already.get("power") == seat.power:
        raise UserError(
            f"You already asked to join {seat.name}'s team in {game.name}: its members or the "
            "game master will answer."
        )
    requests[ctx.actor_id] = {"power": seat.power, "name": name}
    _keep(game, requests)
    entry = await ctx.store.audit(
        ctx.actor_id, "join request", game_id=game.id, detail={"power": seat.power}
    )
    withdrawn = ""
    if already is not None:
        # One request at a time; the team asked before would otherwise wait on it for ever.
        earlier = Seat(game, seat.phase, seat.position, already["power"])
        await _tell_withdrawn(ctx, earlier, seat, entry.id)
        withdrawn = f" Your request to join {earlier.name}'s team is withdrawn, and they are told."
    short = _in_button(ctx.actor_id, name)
    message = line_message(
        f"{game.name}: {name} asks to join {seat.name}'s team",
        f"{name} would like to command {seat.name} with its team. Until one of you answers, "
        f"they see nothing of {seat.name} and its orders stand as the team gives them.",
        f"Any member, or the game master, answers with the buttons, or with `join accept` or "
        f"`join refuse` and @{name} (picked from the list @ opens).",
    )
    message = _with_buttons(
        message,
        Button("Accept", f"game {game.name} join accept {short}"),
        Button("Refuse", f"game {game.name} join refuse {short}"),
    )
    await _to_team(ctx, seat, f"join-request:{entry.id}", message, ASKED)
    return [
        ctx.say(
            f"You asked to join {seat.name}'s team in {game.name}: its members and the game "
            "master are asked, and you hear from me when one of them answers. Until then you "
            f"see nothing of {seat.name}.{withdrawn}"
        )
    ]


async def _tell_withdrawn(ctx: Context, earlier: Seat, seat: Seat, entry_id: int) -> None:
    """The team asked before, and the game master, hear that the newcomer asks another."""
    game, name = earlier.game, ctx.request.actor.display_name
    message = line_message(
        f"{game.name}: {name} no longer asks to join {earlier.name}'s team",
        f"{name} asks to join {seat.name}'s team instead, so their request to {earlier.name} "
        "is withdrawn: there is nothing more to answer.",
    )
    await _to_team(ctx, earlier, f"join-withdrawn:{entry_id}", message, WITHDRAWN)


async def _to_team(
    ctx: Context, seat: Seat, kind: str, message: Message, about: queue.About
) -> None:
    """``message`` by DM to the members of ``seat``'s power and to the game master, each
    queued once under ``kind``."""
    game = seat.game
    for user_id in sorted({*await users_of(ctx.store, game, seat.power), game.creator}):
        key = f"game:{game.id}:{kind}:{user_id}"
        await queue.to_user(ctx.store, game, user_id, key, message, about=about)


async def answer_request(
    ctx: Context, game: Game, named: tuple[str, str], *, accept: bool
) -> list[Reply]:
    """`join accept <user>` / `join refuse <user>`: a member of the team asked, or the game
    master, decides."""
    user_id, display = named
    phase, position = await ctx.open_phase(game)
    requests = join_requests(game)
    request = requests.get(user_id)
    if request is None:
        raise UserError(f"{display} has not asked to join a team in {game.name}.")
    seat = Seat(game, phase, position, request["power"])
    display = request.get("name") or display
    mine = await ctx.membership(game)
    if not ctx.is_gm(game) and (mine is None or mine.power != seat.power):
        raise UserError(
            f"{display} asked to join {seat.name}'s team: its members or the game master answer."
        )
    del requests[user_id]
    _keep(game, requests)
    if not accept:
        return await _refused(ctx, seat, user_id, display)
    return await _accepted(ctx, seat, user_id, display)


async def _refused(ctx: Context, seat: Seat, user_id: str, display: str) -> list[Reply]:
    game = seat.game
    note = line_message(
        f"{game.name}: your request was refused",
        f"{seat.name}'s team did not take you in {game.name}.",
    )
    entry = await ctx.store.audit(ctx.actor_id, "join refused", game_id=game.id)
    key = f"game:{game.id}:join-refused:{entry.id}"
    await queue.to_user(ctx.store, game, user_id, key, note, about=ANSWERED)
    return [ctx.say(f"{display} does not join {seat.name}'s team; they are told.")]


async def _accepted(ctx: Context, seat: Seat, user_id: str, display: str) -> list[Reply]:
    game = seat.game
    if any(p.user_id == user_id for p in await ctx.store.players_of(game.id)):
        return [ctx.say(f"{display} plays in {game.name} already: the request is dropped.")]
    if not await users_of(ctx.store, game, seat.power):
        raise UserError(
            f"Nobody plays {seat.name} now, so there is no team to join: the game master "
            f"hands it to {display} with `replace {seat.power.lower()} <user>`."
        )
    player = await ctx.store.add_player(game.id, user_id, display)
    player.power = seat.power
    await ctx.store.session.flush()
    await brief(ctx, seat, player, team=True)
    who = (
        f"{seat.name} has a new team member."
        if ctx.options(game).anonymous
        else f"{display} joined {seat.name}'s team."
    )
    replies = await ctx.announce(game, text(who), "join")
    agreed = (
        f" Under teams=all an order now counts once {display} gives it too."
        if ctx.options(game).teams is Teams.ALL
        else ""
    )
    return [*replies, ctx.say(f"{display} joined {seat.name}'s team and is briefed by DM.{agreed}")]


def _in_button(user_id: str, name: str) -> str:
    """A user as a button's command names them: short enough for any platform's button."""
    return user_mention(user_id, name[:_NAME_IN_BUTTON])


def _with_buttons(message: Message, *buttons: Button) -> Message:
    return Message(title=message.title, sections=message.sections, buttons=buttons)
