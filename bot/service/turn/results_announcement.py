"""An adjudicated phase's results, queued: for the game's channel, and for each power that
must retreat or adjust, its choices with its own results and the same map.

Every message is keyed by game, phase and purpose, so a retried run queues nothing twice.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from bot.service.context import Deps
from bot.service.effects import Deadline, Image, Message, Section
from bot.service.maps import draw, filename, stored_kind
from bot.service.options.game_options import GameOptions
from bot.service.options.palette import Palette, own_palette
from bot.service.outbox import queue
from bot.service.roster import in_several_games, legend_players, players_by_power
from bot.service.turn import opening
from bot.service.turn.conditional_orders import Applied
from bot.service.turn.endings import ending_text
from bot.service.turn.lapsed_votes import lapsed_votes
from bot.service.turn.verdict import Verdict
from bot.service.words import buttons, notices
from bot.service.words.results import power_results, results_message
from bot.store import Game, Phase, PowerStatus, Store
from bot.store import Image as StoredImage
from engine import Position

# What these direct messages are, told to the game master should one not arrive.
CHOICES = queue.About("the call to retreat, build or disband, with their results")


async def announce_results(
    store: Store,
    deps: Deps,
    game: Game,
    phase: Phase,
    verdict: Verdict,
    image_id: int,
    next_phase: Phase | None,
    key: str,
    applied: Mapping[str, Applied],
) -> None:
    """Queue the results for the channel, then each power's choices.

    The channel's message opens the next phase with its buttons; a final one has none."""
    options = GameOptions.of_game(game, deps.default_zone)
    now = deps.clock()
    before, resolution = verdict.before, verdict.resolution
    deadline = None
    if next_phase is not None:
        deadline = opening.deadline(next_phase, options.schedule.zone, now)
    ending = None
    if verdict.ending is not None and not resolution.winners and game.outcome:
        ending = ending_text(before.variant, game.outcome)
    name = filename(game.name, phase.name, "results", style=options.palette.style)
    image = Image(image_id, name, _alt(before))
    announcement = replace(
        results_message(
            before,
            resolution,
            game_name=game.name,
            anonymous=options.anonymous,
            votes=verdict.votes,
            lapsed=await lapsed_votes(store, game, phase),
            ending=ending,
        ),
        deadline=deadline,
        image=image,
        buttons=() if deadline is None else buttons.phase_opened(),
    )
    await queue.to_channel(store, game, f"{key}:results", announcement, image_id=image_id)
    if deadline is not None:
        await _send_choices(
            store, deps, game, phase, verdict, options, image, deadline, key, applied
        )


async def _send_choices(
    store: Store,
    deps: Deps,
    game: Game,
    phase: Phase,
    verdict: Verdict,
    options: GameOptions,
    image: Image,
    deadline: Deadline,
    key: str,
    applied: Mapping[str, Applied],
) -> None:
    """To each player of a power that must retreat or adjust (or whose conditional orders
    were applied), its choices with its own results and the results map."""
    before, resolution = verdict.before, verdict.resolution
    after = resolution.position
    statuses = await store.power_statuses(game.id)
    by_power = await players_by_power(store, game)
    chosen = await store.palettes_of(
        game.platform, game.workspace, [u for users in by_power.values() for u in users]
    )
    # the results map again in a player's own palette, drawn once for all who chose it
    images = {options.palette: image}
    for power, users in by_power.items():
        if statuses.get(power, PowerStatus.PLAYING) != PowerStatus.PLAYING:
            continue
        done = applied.get(power)
        if done is None and not notices.has_choices(after, power):
            continue
        # Public since the phase resolved; this power's own lines only all the same.
        results = power_results(before, resolution, power)
        for user_id in users:
            several = await in_several_games(store, game, user_id)
            message = _choices_message(game, after, power, deadline, several, results, image, done)
            if message is None:
                break
            palette = own_palette(chosen.get(user_id), options.palette)
            if palette not in images:
                stored = await results_image(store, deps, game, phase, verdict, palette)
                name = filename(game.name, phase.name, "results", style=palette.style)
                images[palette] = Image(stored.id, name, image.alt)
            theirs = images[palette]
            message = replace(message, image=theirs)
            await queue.to_user(
                store,
                game,
                user_id,
                f"{key}:choices:{power}:{user_id}",
                message,
                image_id=theirs.image_id,
                about=CHOICES,
            )


def _choices_message(
    game: Game,
    after: Position,
    power: str,
    deadline: Deadline,
    several: bool,
    results: Section | None,
    image: Image,
    done: Applied | None,
) -> Message | None:
    """The call to retreat, build or disband, or what the conditional orders did for it."""
    if done is None:
        return notices.choices(
            game.name,
            after,
            power,
            deadline,
            several_games=several,
            results=results,
            image=image,
        )
    return notices.conditional_applied(
        game.name,
        after,
        power,
        done.orders,
        deadline,
        complete=done.complete,
        several_games=several,
        results=results,
        image=image,
    )


async def results_image(
    store: Store, deps: Deps, game: Game, phase: Phase, verdict: Verdict, palette: Palette
) -> StoredImage:
    """The results map of ``phase`` in ``palette``, drawn and stored."""
    png = await draw(
        deps.renderer,
        verdict.before,
        size=deps.map_size,
        style=palette.style,
        orders=dict(verdict.orders),
        results=verdict.resolution,
        players=await legend_players(store, game),
        workers=deps.workers,
    )
    return await store.add_image(game.id, phase.name, stored_kind("results", palette.style), png)


def _alt(position: Position) -> str:
    return (
        f"The board after {position.phase.long_name}, as it now stands, with every order "
        "of the phase and its result"
    )
