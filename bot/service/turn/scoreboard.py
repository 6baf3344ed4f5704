"""The scoreboard of a game: its supply centres by year as a chart, the standings, and what a
draw would score, as `scoreboard` shows it at any time and the final announcement at the end.

Everything here is public: centre counts are on the board for all to see.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from bot.service.effects import Image, Line, Section
from bot.service.maps import chart, filename
from bot.service.options.game_options import GameOptions
from bot.service.roster import shown_names
from bot.service.stored_orders import replay
from bot.service.turn.endings import alive, winners_of
from bot.service.turn.last_phase import picture_phase
from bot.service.words.labels import period, power_name
from bot.service.words.standings import draw_scores, ranking, solo_score, standings
from bot.store import Game, GameStatus, PhaseStatus, PowerStatus, Store
from engine import Position


async def positions_of(store: Store, game: Game) -> list[Position]:
    """The board at the start of every phase played, then the board now: the open phase's,
    or (a finished game) the one its last phase left, adjudicated again from the stored
    orders (the engine is a pure function, so that is what happened)."""
    played = [p for p in await store.phases_of(game.id) if p.status != PhaseStatus.ROLLED_BACK]
    positions = [Position.from_json(p.position) for p in played]
    if played and played[-1].status == PhaseStatus.ADJUDICATED:
        _, _, resolution = await replay(store, played[-1])
        positions.append(resolution.position)
    return positions


async def chart_image(game: Game, positions: Sequence[Position]) -> tuple[Image, bytes]:
    """The chart as a picture for a reply (its bytes inside) and its bytes to store, named
    after the phase now (a finished game's: the last one played)."""
    final = positions[-1]
    by = period(final.variant)
    # in the game's palette, as the maps posted beside it
    style = GameOptions.of_game(game).palette.style
    png = await chart(positions, title=f"{game.name} — supply centres by {by}", style=style)
    counts = ", ".join(
        f"{power_name(final, p)} {len(final.centers.get(p, ()))}" for p in ranking(final)
    )
    alt = f"Supply centres of each power by {by}; now {counts}"
    name = filename(game.name, str(picture_phase(game, positions)), "scoreboard", style=style)
    return Image(None, name, alt, data=png), png


async def standings_section(store: Store, game: Game, position: Position) -> Section:
    """The standings: the winners of a finished game first, then by supply centres."""
    statuses: Mapping[str, str] = await store.power_statuses(game.id)
    lines = standings(position, await shown_names(store, game), statuses, _winners(game))
    return Section("Standings", tuple(Line(t) for t in lines))


async def scores_section(store: Store, game: Game, position: Position) -> Section:
    """What a draw scores, by draw size and by sum of squares: the draw that ended the game,
    else a draw of every surviving power still playing (the league's errata: powers in civil
    disorder or surrendered take no share)."""
    over = game.status == GameStatus.FINISHED
    outcome = (game.outcome or {}) if over else {}
    winners = _winners(game)
    order = ranking(position, winners)
    kind = outcome.get("kind")
    # an agreed end with one power ahead is that power's win (rule books' short game), not a draw
    if kind == "solo" or (kind == "limit" and len(winners) == 1):
        lines = solo_score(position, winners, agreed_end=kind == "limit")
        return Section("Scores", tuple(Line(t) for t in lines))
    if winners:
        title = "Scores of the draw"
        in_draw: Sequence[str] = [p for p in position.variant.powers if p in winners]
    else:
        title = "Scores for a draw of the powers still playing"
        if not over:
            title = "Scores if the game were drawn now"
        in_draw = await _still_playing(store, game, position)
    return Section(title, tuple(Line(t) for t in draw_scores(position, in_draw, order)))


def _winners(game: Game) -> tuple[str, ...]:
    return winners_of(game.outcome) if game.status == GameStatus.FINISHED else ()


async def _still_playing(store: Store, game: Game, position: Position) -> list[str]:
    statuses = await store.power_statuses(game.id)
    survivors = [p for p in position.variant.powers if alive(position, p)]
    playing = [p for p in survivors if statuses.get(p, PowerStatus.PLAYING) == PowerStatus.PLAYING]
    return playing or survivors
