"""The lobby: the channel a club names (`club lobby=here`) where seats looking for a player
are advertised, for every game of the club: a power in civil disorder or played by a
computer, or the empty seats of a game still forming. A person answers there with the one
command the advert gives (`game hague join france`), which reaches the game master as
volunteering does in the game's channel; the game master hands the power over with one click.

What an advert tells is on the board for everyone (a power's centres and units, the phase,
the schedule): nothing secret.
"""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.effects import Button, Line, Message, Section, Target
from bot.service.options.game_options import GameOptions
from bot.service.outbox import queue
from bot.service.schedule import describe
from bot.service.words.english import plural
from bot.service.words.labels import phase_label, power_name
from bot.store import Game, Store
from engine import Position, load_variant

# Said in the game's channel when its call for a player went to the lobby too.
ADVERTISED = "The call is posted in the club's lobby too."


async def lobby_of(store: Store, game: Game) -> str | None:
    """The channel of the game's club where seats are advertised; None: it has none."""
    club = await store.club_settings(game.platform, game.workspace)
    return club.lobby_channel


async def advertise_seats(
    store: Store, game: Game, position: Position, powers: Sequence[str], why: str, key: str
) -> bool:
    """Post one advert per power (``why``: why it has no player, e.g. "in civil disorder");
    False when the club has no lobby."""
    lobby = await lobby_of(store, game)
    if lobby is None:
        return False
    for power in powers:
        await _post(store, game, lobby, f"{key}:{power}", _seat_advert(game, position, power, why))
    return True


async def advertise_forming(store: Store, game: Game, joined: int, key: str) -> bool:
    """Post an advert for a game still forming: how many have joined, how to join."""
    lobby = await lobby_of(store, game)
    if lobby is None:
        return False
    variant = load_variant(game.variant)
    total = len(variant.powers)
    lines = (
        f"{game.name} is forming: {joined} of {total} players have joined ({variant.name}).",
        _schedule(game),
        f"Answer with `game {game.name} join` (naming powers you would like, best first, if "
        f"you wish: `game {game.name} join france, england`).",
    )
    message = Message(
        title=f"{game.name} is looking for players",
        sections=(Section(None, tuple(Line(t) for t in lines)),),
        buttons=(Button(f"Join {game.name}", f"game {game.name} join"),),
    )
    await _post(store, game, lobby, key, message)
    return True


def _seat_advert(game: Game, position: Position, power: str, why: str) -> Message:
    name = power_name(position, power)
    centres = len(position.centers.get(power, ()))
    units = len(position.units.get(power, ()))
    command = f"game {game.name} join {power.lower()}"
    lines = (
        f"{name} in {game.name} is {why}: {plural(centres, 'supply centre')}, "
        f"{plural(units, 'unit')} as of {phase_label(position.phase)}.",
        _schedule(game),
        f"Answer with `{command}`: the game master is told, and hands it over; its units, the "
        "phase and its orders come by DM.",
    )
    return Message(
        title=f"{game.name} needs a player for {name}",
        sections=(Section(None, tuple(Line(t) for t in lines)),),
        buttons=(Button(f"Play {name}", command),),
    )


def _schedule(game: Game) -> str:
    options = GameOptions.of_game(game)
    return describe(options.schedule, load_variant(game.variant).rules)


async def _post(store: Store, game: Game, lobby: str, key: str, message: Message) -> None:
    target = Target(platform=str(game.platform), workspace=game.workspace, channel=lobby)
    await queue.enqueue(store, game, key, target, message)
