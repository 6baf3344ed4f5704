"""Who plays what in a game: the players of each power, and whether a DM to a player must
name the game."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.service.options.fewer_players import blocs_of, commanded, lead_of
from bot.service.options.game_options import GameOptions
from bot.store import Game, Player, PowerStatus, Store

# How a power a computer plays is named wherever players are: "France (computer)".
COMPUTER_NAME = "computer"


def game_seed(game: Game) -> str:
    """The seed of every draw a game makes (powers by lot, a coin): the same game, the same
    draw, however often it is retried."""
    return f"{game.platform}:{game.workspace}:{game.name}:{game.id}"


async def players_by_power(store: Store, game: Game) -> Mapping[str, Sequence[str]]:
    """The user ids playing each power, in the order they joined; a power commanded by the
    player of another (fewer than seven players) has that player's."""
    by_power: dict[str, list[str]] = {}
    for player in await store.players_of(game.id):
        if player.power is not None:
            by_power.setdefault(player.power, []).append(player.user_id)
    for power, lead in blocs_of(game.settings).items():
        if lead in by_power:
            by_power[power] = list(by_power[lead])
    return by_power


async def shown_names(store: Store, game: Game) -> dict[str, str]:
    """Who plays each power, by display name (a team's names joined), as standings show them;
    a power a computer plays is named as such, even in an anonymous game (no person is
    named by it), where nobody else is."""
    computers = dict.fromkeys(sorted(await store.computer_powers(game.id)), COMPUTER_NAME)
    if GameOptions.of_game(game).anonymous:
        return computers
    shown = {p.user_id: p.display_name for p in await store.players_of(game.id)}
    return {
        power: ", ".join(shown[u] for u in users if u in shown)
        for power, users in (await players_by_power(store, game)).items()
        if users
    } | computers


async def legend_players(store: Store, game: Game) -> dict[str, str] | None:
    """Who plays each power, for a map's legend: the members of each team in a game with
    teams; None in any other game, and always in an anonymous one, whose maps must not tell
    who plays whom."""
    options = GameOptions.of_game(game)
    if options.teams is None or options.anonymous:
        return None
    return await shown_names(store, game) or None


async def users_of(store: Store, game: Game, power: str) -> list[str]:
    """The user ids playing one power (several for a team)."""
    return list((await players_by_power(store, game)).get(power, ()))


async def in_several_games(store: Store, game: Game, user_id: str) -> bool:
    """Whether a DM to this player must say which game it is about."""
    playing = await store.games_of_user(game.platform, user_id)
    return len([g for g in playing if g.workspace == game.workspace]) > 1


async def vacate(store: Store, game: Game, power: str, phase_name: str) -> list[Player]:
    """Remove a power's players and put it in civil disorder, with every other power they
    command; the players removed."""
    lead = lead_of(game.settings, power)
    removed = [p for p in await store.players_of(game.id) if p.power == lead]
    for player in removed:
        await store.remove_player(game.id, player.user_id)
    for each in commanded(game.settings, lead):
        await store.set_power_status(
            game.id, each, PowerStatus.CIVIL_DISORDER, phase_name=phase_name
        )
    return removed


async def computer_takes_over(
    store: Store, game: Game, powers: Sequence[str], phase_name: str
) -> bool:
    """Under `cd=bot`, a computer plays ``powers`` (just fallen into civil disorder) until a
    person takes them over; True if it does. Elsewhere they stay in civil disorder."""
    if not GameOptions.of_game(game).computer_cd:
        return False
    await seat_computers(store, game, powers, phase_name)
    return True


async def seat_computers(store: Store, game: Game, powers: Sequence[str], phase_name: str) -> None:
    """A computer plays ``powers`` from ``phase_name`` on: they are playing again."""
    for power in powers:
        await store.seat_computer(game.id, power, phase_name=phase_name)
        await store.set_power_status(game.id, power, PowerStatus.PLAYING, phase_name=phase_name)


def replacement_wanted(name: str, power: str) -> str:
    """The channel's call for a new player for a power in civil disorder."""
    return (
        f"A replacement is wanted: if you would like to play {name}, write "
        f"`join {power.lower()}`; the game master is told, and hands it over with "
        f"`replace {power.lower()} <user>`."
    )
