"""The last word of a finished game: how it ended, the final standings, and the whole game
as one animated map, posted to the game's channel once.

The animation shows every adjudicated phase with its orders and results, then the final
board. A game the game master ends with a phase still open shows that phase's board only:
its orders were never adjudicated, so they stay secret.
"""

from __future__ import annotations

from collections.abc import Mapping

from bot.service.effects import Image, Line, Message, Section
from bot.service.maps import Animator, animate, stored_kind
from bot.service.options.game_options import GameOptions
from bot.service.outbox import queue
from bot.service.roster import players_by_power
from bot.service.stored_orders import phase_orders
from bot.service.turn.endings import ending_text
from bot.service.words.english import plural
from bot.service.words.labels import power_name
from bot.store import Game, PhaseStatus, PowerStatus, Store
from engine import Position, adjudicate
from render.orders import ResultsArg

# The animation is for a chat window, not a wall: smaller than a results map.
HISTORY_SIZE = 800


async def announce_end(
    store: Store, animator: Animator, game: Game, final: Position, key: str
) -> None:
    """Queue the final announcement for ``game`` (already marked finished), ``final`` being
    the board it ended on; keyed by ``key`` so a retried run queues it once."""
    positions, results = await _history(store, game, final)
    options = GameOptions.from_settings(game.settings)
    style = options.palette.style
    gif = await animate(animator, positions, results, size=HISTORY_SIZE, style=style)
    image = await store.add_image(game.id, str(final.phase), stored_kind("history", style), gif)
    anonymous = options.anonymous
    names = {} if anonymous else await _names_by_power(store, game)
    statuses = await store.power_statuses(game.id)
    first, last = positions[0].phase.long_name, positions[-1].phase.long_name
    message = Message(
        title=f"{game.name}: final standings",
        sections=(
            Section(None, (Line(ending_text(final.variant, game.outcome or {})),)),
            Section("Standings", tuple(Line(t) for t in standings(final, names, statuses))),
            Section(
                None,
                (
                    Line(
                        "`history` and `map` still show every phase; `export` keeps "
                        "the whole record."
                    ),
                ),
            ),
        ),
        image=Image(
            image.id,
            f"{game.name}-history.gif",
            f"The whole game on the map, {first} to {last}",
        ),
    )
    await queue.to_channel(store, game, f"{key}:finale", message, image_id=image.id)


def standings(
    final: Position, names: Mapping[str, str], statuses: Mapping[str, PowerStatus]
) -> list[str]:
    """One line per power, most supply centres first (then most units, then name)."""
    variant = final.variant

    def rank(power: str) -> tuple[int, int, str]:
        centres = len(final.centers.get(power, ()))
        units = len(final.units.get(power, ()))
        return (-centres, -units, power_name(final, power))

    lines: list[str] = []
    for place, power in enumerate(sorted(variant.powers, key=rank), start=1):
        centres = len(final.centers.get(power, ()))
        units = len(final.units.get(power, ()))
        who = f" ({names[power]})" if power in names else ""
        status = _STATUS.get(statuses.get(power, PowerStatus.PLAYING), "")
        lines.append(
            f"{place}. {power_name(final, power)}{who}: {plural(centres, 'supply centre')}, "
            f"{plural(units, 'unit')}{status}"
        )
    return lines


_STATUS = {
    PowerStatus.CIVIL_DISORDER: " — in civil disorder",
    PowerStatus.SURRENDERED: " — surrendered",
    PowerStatus.ELIMINATED: " — eliminated",
}


async def _names_by_power(store: Store, game: Game) -> dict[str, str]:
    """Who played each power at the end, by display name (a team's names joined)."""
    shown = {p.user_id: p.display_name for p in await store.players_of(game.id)}
    return {
        power: ", ".join(shown[u] for u in users if u in shown)
        for power, users in (await players_by_power(store, game)).items()
        if users
    }


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
        before, orders = await phase_orders(store, phase)
        positions.append(before)
        results.append(adjudicate(before, orders))
    positions.append(final)
    results.append(None)
    return positions, results
