"""What to tell someone who plays in no game now but played in one here: a game that has
ended is still theirs to ask about (`status`, `history`, `export`); a game they no longer
play in says who took their power, or what became of it.

    hague ended in Fall 1908; `status`, `history`, `map` and `export` still show how it went.
    You no longer play in nmr1: zoe took France in Spring 1903.
"""

from __future__ import annotations

from bot.service.options.game_options import GameOptions
from bot.service.words.english import and_list
from bot.service.words.labels import phase_label
from bot.store import Game, GameStatus, Platform, Player, PowerStatus, Store
from engine import load_variant


async def former_game(
    store: Store, platform: Platform, workspace: str, user_id: str
) -> tuple[Game | None, str | None]:
    """The game a request from someone in no game now means: the last one they played in
    here if it has ended (its readers answer about it, the rest say it ended), else None
    with what to tell them about the one they left; (None, None) for someone who never
    played here."""
    seats = await store.former_seats(platform, workspace, user_id)
    if not seats:
        return None, None
    game, player = seats[0]
    if game.status == GameStatus.FINISHED:
        return game, None
    return None, await no_longer_text(store, game, player)


async def no_longer_text(store: Store, game: Game, player: Player) -> str:
    """``You no longer play in nmr1: zoe took France in Spring 1903.``"""
    power = player.power
    if power is None or game.status == GameStatus.FORMING:
        return f"You left {game.name} before it started. To play, `join` it again in its channel."
    name = load_variant(game.variant).power_info[power].name
    since = await store.power_since(game.id, power)
    label = phase_label(since) if since else None
    holders = [p.display_name for p in await store.players_of(game.id) if p.power == power]
    if holders:
        anonymous = GameOptions.of_game(game).anonymous
        who = "another player" if anonymous else and_list(holders)
        what = f"{who} took {name}" + (f" in {label}" if label else "")
    elif power in await store.computer_powers(game.id):
        what = (
            f"a computer has played {name} since {label}" if label else f"a computer plays {name}"
        )
    else:
        status = (await store.power_statuses(game.id)).get(power, PowerStatus.PLAYING)
        state = "surrendered" if status == PowerStatus.SURRENDERED else "in civil disorder"
        what = f"{name} has been {state} since {label}" if label else f"{name} is {state}"
    return (
        f"You no longer play in {game.name}: {what}. `game {game.name} status` shows how it goes."
    )
