"""The last word of a finished game, posted to the game's channel once: how it ended, the
final standings (the winners first) and the whole game as one animated map; then the
supply-centre chart of the whole game with what the ending scores.

The animation shows every adjudicated phase with its orders and results, then the final
board. A game the game master ends with a phase still open shows that phase's board only:
its orders were never adjudicated, so they stay secret. It is kept under the upload limit
of the game's platform (by showing fewer phases), and the post says when it was.
"""

from __future__ import annotations

from bot.service.effects import Image, Line, Message, Section
from bot.service.maps import Animator, animate, stored_kind
from bot.service.options.game_options import GameOptions
from bot.service.outbox import queue
from bot.service.roster import legend_players
from bot.service.stored_orders import replay
from bot.service.turn.endings import ending_text
from bot.service.turn.last_phase import picture_phase
from bot.service.turn.scoreboard import chart_image, scores_section, standings_section
from bot.service.words.labels import period
from bot.store import Game, PhaseStatus, Platform, Store
from engine import Position
from render import Animation
from render.orders import ResultsArg

# The animation is for a chat window, not a wall: smaller than a results map.
HISTORY_SIZE = 800
MIB = 1024 * 1024
# The largest file each platform takes from a bot, by name and bytes, less room for the rest
# of the request: Discord's attachment limit on a server without boosts, Slack's file limit.
UPLOAD_LIMITS: dict[Platform, tuple[str, int]] = {
    Platform.DISCORD: ("Discord's 10 MB limit for attachments", 10 * MIB - 64 * 1024),
    Platform.SLACK: ("Slack's 1 GB limit for files", 1024 * MIB - MIB),
}


async def announce_end(
    store: Store, animator: Animator, game: Game, final: Position, key: str
) -> None:
    """Queue the final announcement for ``game`` (already marked finished), ``final`` being
    the board it ended on; keyed by ``key`` so a retried run queues it once."""
    positions, results = await _history(store, game, final)
    style = GameOptions.of_game(game).palette.style
    players = await legend_players(store, game)
    limit_name, limit = UPLOAD_LIMITS.get(game.platform, ("", None))
    # The console writes a file: no limit.
    animation = await animate(
        animator,
        positions,
        results,
        size=HISTORY_SIZE,
        style=style,
        players=players,
        max_bytes=limit,
    )
    last = picture_phase(game, positions)
    kind = stored_kind("history", style)
    image = await store.add_image(game.id, str(last), kind, animation.data)
    first = positions[0].phase.long_name
    message = Message(
        title=f"{game.name}: final standings",
        sections=(
            Section(None, (Line(ending_text(final.variant, game.outcome or {})),)),
            await standings_section(store, game, final),
            Section(
                None,
                (
                    *_fitted(animation, limit_name),
                    Line(
                        "`history` and `map` still show every phase, `scoreboard` the "
                        f"supply centres by {period(final.variant)}; `export` keeps the "
                        "whole record."
                    ),
                ),
            ),
        ),
        image=Image(
            image.id,
            f"{game.name}-history.gif",
            f"The whole game on the map, {first} to {last.long_name}",
        ),
    )
    await queue.to_channel(store, game, f"{key}:finale", message, image_id=image.id)
    picture, png = await chart_image(game, positions)
    stored = await store.add_image(game.id, str(last), "scoreboard", png)
    scores = Message(
        title=f"{game.name}: supply centres by {period(final.variant)}",
        sections=(await scores_section(store, game, final),),
        image=Image(stored.id, picture.filename, picture.alt),
    )
    await queue.to_channel(store, game, f"{key}:finale-chart", scores, image_id=stored.id)


def _fitted(animation: Animation, limit: str) -> tuple[Line, ...]:
    """What the animation leaves out to fit the platform, if anything."""
    if animation.complete:
        return ()
    shown = f"{animation.frames} of the game's {animation.phases} phases, evenly spread"
    return (Line(f"The animation shows {shown}, to stay within {limit}."),)


async def _history(
    store: Store, game: Game, final: Position
) -> tuple[list[Position], list[ResultsArg | None]]:
    """Every adjudicated phase with its results (the engine is a pure function, so
    adjudicating the stored orders again gives what happened), then the final board."""
    positions: list[Position] = []
    results: list[ResultsArg | None] = []
    for phase in await store.phases_of(game.id):
        if phase.status != PhaseStatus.ADJUDICATED:
            continue
        before, _, resolution = await replay(store, phase)
        positions.append(before)
        results.append(resolution)
    positions.append(final)
    results.append(None)
    return positions, results
