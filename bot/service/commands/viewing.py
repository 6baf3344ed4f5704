"""What anyone may see: status, map and history. Before a phase resolves none of these
shows an order; `map mine` shows the requester's own orders to the requester alone."""

from __future__ import annotations

import re
from dataclasses import replace

from bot.service.arguments import Argument, Kind
from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Image, Line, Message, Reply, Section, Target
from bot.service.errors import UserError
from bot.service.maps import draw, filename, off_the_board, region_name, stored_kind
from bot.service.options.palette import Palette
from bot.service.outbox.queue import About
from bot.service.roster import legend_players
from bot.service.schedule import describe, format_relative, format_when
from bot.service.stored_orders import members_by_power, read_orders, replay
from bot.service.team_votes import ready_powers
from bot.service.turn import opening, retrying
from bot.service.turn.endings import ending_text
from bot.service.words import delivery
from bot.service.words.labels import phase_label, power_name
from bot.service.words.quoting import excerpt
from bot.service.words.results import history_message
from bot.service.words.status import status_lines
from bot.store import (
    Game,
    GameStatus,
    OrderKind,
    OutboxMessage,
    Phase,
    PhaseStatus,
    PowerStatus,
)
from engine import Position, still_to_order

_PHASE = re.compile(r"(?i)[SFW]\d{3,4}[MRA]")
_REGION_WORDS = "a province code, or a region such as balkans or scandinavia"


# status --------------------------------------------------------------------------------------


async def status(ctx: Context) -> list[Reply]:
    game = await ctx.game(ended=True)
    if game.status == GameStatus.FORMING:
        return [ctx.private(await _forming_status(ctx, game))]
    if game.status == GameStatus.FINISHED:
        return [ctx.private(_finished_status(ctx, game))]
    phase = await ctx.store.open_phase_of(game.id)
    if phase is None:
        raise UserError(f"{game.name} has no phase open.")
    position = Position.from_json(phase.position)
    rows = await ctx.store.orders_of_phase(phase.id, kind=OrderKind.ORDER)
    orders = read_orders(position, rows, await members_by_power(ctx.store, game.id))
    missing = {
        power: len(still_to_order(position, power, orders.get(power, ())))
        for power in position.variant.powers
    }
    message = status_lines(
        position,
        ready=await ready_powers(ctx.store, game.id, phase.id),
        missing=missing,
        deadline_text=opening.deadline_text(phase, ctx.zone(game), ctx.now),
        own=frozenset(await ctx.powers_played(game)),
        computers=frozenset(await ctx.store.computer_powers(game.id)),
    )
    statuses = await ctx.store.power_statuses(game.id)
    idle = {
        power_name(position, p): _IDLE[state] for p, state in statuses.items() if state in _IDLE
    }
    sections = tuple(_mark_idle(section, idle) for section in message.sections)
    failure = await ctx.store.adjudication_failure(phase.id)
    if failure is not None:
        # right under the deadline it has left behind
        failed = Section(None, (Line(retrying.status_line(failure, ctx.zone(game), ctx.now)),))
        sections = (*sections[:1], failed, *sections[1:])
    if game.status == GameStatus.PAUSED:
        sections += (Section(None, (Line("The game is paused by the game master."),)),)
    if phase.locked:
        held = "The game master has locked this phase: it waits for them, not for the deadline."
        sections += (Section(None, (Line(held),)),)
    title = f"{game.name}: {message.title}"
    return [ctx.private(replace(message, title=title, sections=sections))]


STATUS = CommandSpec(
    "status",
    "status",
    "The phase, its deadline, who is ready or still ordering, and centre counts.",
    status,
    (
        "Of each power it says whether it is ready, still ordering, or has its orders in "
        "without being ready: never what it ordered, nor how many of its units lack orders. "
        "Your own power's missing orders are counted for you (the reply is yours alone).",
    ),
)


_IDLE = {
    PowerStatus.CIVIL_DISORDER: "civil disorder (its units hold)",
    PowerStatus.SURRENDERED: "surrendered (its units hold)",
}


def _mark_idle(section: Section, idle: dict[str, str]) -> Section:
    """A power nobody plays owes no orders: say so instead of counting its units."""
    if section.title != "Orders" or not idle:
        return section
    lines = tuple(
        Line(f"{name}: {idle[name]}") if (name := line.text.partition(":")[0]) in idle else line
        for line in section.lines
    )
    return replace(section, lines=lines)


async def _forming_status(ctx: Context, game: Game) -> Message:
    members = await ctx.store.players_of(game.id)
    total = len(ctx.variant(game).powers)
    names = ", ".join(p.display_name for p in members) or "nobody yet"
    lines = (
        Line(f"{len(members)} of {total} players: {names}"),
        Line("Join with `join`; the game master starts the game with `start`."),
        Line(describe(ctx.options(game).schedule, ctx.variant(game).rules)),
    )
    return Message(title=f"{game.name}: forming", sections=(Section(None, lines),))


def _finished_status(ctx: Context, game: Game) -> Message:
    text = ending_text(ctx.variant(game), game.outcome or {})
    lines = (Line(text), Line("`history` and `map` show how it went."))
    return Message(title=f"{game.name} is over", sections=(Section(None, lines),))


# map -----------------------------------------------------------------------------------------


async def map_(ctx: Context) -> list[Reply]:
    game = await ctx.game(ended=True)
    if game.status == GameStatus.FORMING:
        raise UserError(f"{game.name} has not started: the map appears with `start`.")
    asked_phase = ctx.values.text("phase") or None
    mine = ctx.values.flag("mine")
    current = await ctx.store.open_phase_of(game.id)
    every = await ctx.store.phases_of(game.id)
    board = Position.from_json((current or every[-1]).position) if every else None
    if board is None:
        raise UserError(f"{game.name} has no map yet.")
    region = _region(ctx, board)
    phase = _pick_phase(game, every, current, asked_phase)
    if mine:
        return [await _my_orders_map(ctx, game, phase, current, region)]
    # a map asked for in a DM goes to the asker alone, so in their own palette
    alone = ctx.request.place.is_dm
    palette = await ctx.own_palette(game) if alone else ctx.options(game).palette
    if phase.status == PhaseStatus.OPEN:
        return [ctx.public(await _board_map(ctx, game, phase, region, palette))]
    return [ctx.public(await _results_map(ctx, game, phase, region, palette))]


MAP = CommandSpec(
    "map",
    "map [phase] [region] [mine]",
    "The map now, or of a past phase with its orders and results.",
    map_,
    (
        "region: a province code (it and its neighbours) or one of british_isles, "
        "scandinavia, low_countries, france, iberia, central_europe, italy, balkans, "
        "turkey, russia, mediterranean.",
        "mine: your own orders drawn on the board, sent to you alone.",
    ),
    ("map", "map S1901M", "map balkans", "map mine"),
    arguments=(
        Argument("phase", "A past phase, e.g. S1901M (default: now)", Kind.PHASE),
        Argument(
            "region",
            "A region (balkans, france, ...) or a province code and its neighbours",
            Kind.WORD,
        ),
        Argument(
            "mine", "Draw your own orders on the board, for you alone", Kind.YES_NO, word="mine"
        ),
    ),
    public=True,
    flip="mine",
)


def _pick_phase(game: Game, every: list[Phase], current: Phase | None, asked: str | None) -> Phase:
    done = [p for p in every if p.status == PhaseStatus.ADJUDICATED]
    if asked is None:
        if current is not None:
            return current
        if done:
            return done[-1]
        raise UserError(f"{game.name} has no map yet.")
    if current is not None and current.name == asked:
        return current
    for phase in reversed(done):
        if phase.name == asked:
            return phase
    played = ", ".join(p.name for p in done) or "none yet"
    raise UserError(
        f"{game.name} has no phase {asked} to show. Played so far: {played}"
        + (f"; now: {current.name}." if current is not None else ".")
    )


def _image(
    game: Game,
    phase: Phase,
    png: bytes,
    alt: str,
    *parts: str,
    palette: Palette,
    image_id: int | None = None,
) -> Image:
    name = filename(game.name, phase.name, *parts, style=palette.style)
    return Image(image_id, name, alt, data=png)


def _map_message(title: str, image: Image) -> Message:
    return Message(title=title, image=image)


async def _board_map(
    ctx: Context, game: Game, phase: Phase, region: str | None, palette: Palette
) -> Message:
    position = Position.from_json(phase.position)
    title = f"{game.name}: {phase_label(phase.name)}"
    alt = f"The board at the start of {position.phase.long_name}"
    style = palette.style
    if region is None:
        kind = stored_kind("board", style)
        stored = await ctx.store.image_of(game.id, phase.name, kind)
        if stored is None:
            png = await draw(
                ctx.deps.renderer,
                position,
                size=ctx.deps.map_size,
                style=style,
                players=await legend_players(ctx.store, game),
                workers=ctx.deps.workers,
            )
            stored = await ctx.store.add_image(game.id, phase.name, kind, png)
        image = _image(game, phase, stored.png, alt, "board", palette=palette, image_id=stored.id)
        return _map_message(title, image)
    png = await draw(
        ctx.deps.renderer,
        position,
        size=ctx.deps.map_size,
        style=style,
        region=region,
        players=await legend_players(ctx.store, game),
        workers=ctx.deps.workers,
    )
    return _map_message(
        f"{title} — {region}", _image(game, phase, png, alt, region, palette=palette)
    )


async def _results_map(
    ctx: Context, game: Game, phase: Phase, region: str | None, palette: Palette
) -> Message:
    title = f"{game.name}: {phase_label(phase.name)} — orders and results"
    alt = (
        f"The board after {Position.from_json(phase.position).phase.long_name}, "
        "with its orders and results"
    )
    if region is None:
        stored = await ctx.store.image_of(
            game.id, phase.name, stored_kind("results", palette.style)
        )
        if stored is not None:
            return _map_message(
                title,
                _image(
                    game, phase, stored.png, alt, "results", palette=palette, image_id=stored.id
                ),
            )
    before, orders, resolution = await replay(ctx.store, phase)
    png = await draw(
        ctx.deps.renderer,
        before,
        size=ctx.deps.map_size,
        style=palette.style,
        orders=orders,
        results=resolution,
        region=region,
        players=await legend_players(ctx.store, game),
        workers=ctx.deps.workers,
    )
    if region is None:
        return _map_message(title, _image(game, phase, png, alt, "results", palette=palette))
    return _map_message(
        f"{title} — {region}", _image(game, phase, png, alt, "results", region, palette=palette)
    )


async def _my_orders_map(
    ctx: Context, game: Game, phase: Phase, current: Phase | None, region: str | None
) -> Reply:
    if current is None or phase.id != current.id:
        raise UserError("`map mine` shows your orders for the current phase only.")
    mine = await ctx.powers(game)
    power = mine[0]
    position = Position.from_json(phase.position)
    rows = await ctx.store.orders_of_phase(phase.id, kind=OrderKind.ORDER)
    members = await members_by_power(ctx.store, game.id)
    orders = read_orders(position, [r for r in rows if r.power in mine], members)
    palette = await ctx.own_palette(game)
    png = await draw(
        ctx.deps.renderer,
        position,
        size=ctx.deps.map_size,
        style=palette.style,
        orders=orders,
        region=region,
        players=await legend_players(ctx.store, game),
        workers=ctx.deps.workers,
    )
    parts = (power, "orders") if region is None else (power, "orders", region)
    alt = f"Your orders for {position.phase.long_name}, as they stand"
    title = f"{game.name}: your orders for {phase_label(phase.name)} (only you see this)"
    return ctx.private(_map_message(title, _image(game, phase, png, alt, *parts, palette=palette)))


def _region(ctx: Context, board: Position) -> str | None:
    """The region of the board the map is cut to; None for the whole board."""
    word = ctx.values.text("region")
    if not word:
        return None
    found = region_name(board, word)
    if found is not None:
        return found
    gone = off_the_board(board, word)
    if gone is not None:
        raise UserError(f"{gone} is off the board in {board.variant.name}: there is no map of it.")
    raise ctx.values.refuse(
        "region", f"`{excerpt(word)}` is neither a phase nor a region", _REGION_WORDS
    )


# history -------------------------------------------------------------------------------------


async def history(ctx: Context) -> list[Reply]:
    game = await ctx.game(ended=True)
    if ctx.values.flag(UNDELIVERED):
        return [ctx.private(await _undelivered(ctx, game))]
    word = ctx.values.text("phase")
    every = await ctx.store.phases_of(game.id)
    done = [p for p in every if p.status == PhaseStatus.ADJUDICATED]
    if not done:
        raise UserError(f"No phase of {game.name} has been adjudicated yet.")
    if not word:
        phase = done[-1]
    else:
        found = [p for p in done if p.name == word]
        if not found:
            if any(p.name == word and p.status == PhaseStatus.OPEN for p in every):
                raise UserError(
                    f"{word} has not been adjudicated yet: its orders stay secret until then."
                )
            played = ", ".join(p.name for p in done)
            raise UserError(f"{game.name} has no adjudicated phase {word}. Played: {played}.")
        phase = found[-1]
    before, orders, resolution = await replay(ctx.store, phase)
    message = history_message(before, orders, resolution)
    return [ctx.private(replace(message, title=f"{game.name}: {message.title}"))]


async def _undelivered(ctx: Context, game: Game) -> Message:
    """The game's messages given up, and those still being tried, as far as the requester
    may see them: all for the game master; else those to the requester, those they sent,
    and those to the channel."""
    everything = ctx.is_gm(game)
    names = {p.user_id: p.display_name for p in await ctx.store.players_of(game.id)}
    zone = ctx.zone(game)
    rows: list[delivery.Undelivered] = []
    for row in await ctx.store.given_up(game.id):
        seen = _as_seen(ctx, row, names, everything)
        if seen is not None:
            what, whom = seen
            why = delivery.reason(row.refusal, row.last_error or "")
            rows.append(delivery.Undelivered(format_when(row.created_at, zone), what, whom, why))
    retrying: list[delivery.Undelivered] = []
    for row in await ctx.store.being_retried(game.id):
        seen = _as_seen(ctx, row, names, everything)
        if seen is not None:
            what, whom = seen
            when = format_when(row.created_at, zone)
            why = row.last_error or "no answer"
            next_try = (
                f"try {format_relative(row.next_attempt_at, ctx.now)}"
                if row.next_attempt_at > ctx.now
                else "try is due now"
            )
            retrying.append(delivery.Undelivered(when, what, whom, why, row.attempts, next_try))
    return delivery.undelivered(game.name, rows, everything=everything, retrying=retrying)


def _as_seen(
    ctx: Context, row: OutboxMessage, names: dict[str, str], everything: bool
) -> tuple[str, str] | None:
    """What an undelivered message was and for whom, as the requester may see it; None for
    a message that is none of theirs."""
    target = Target.from_json(row.target)
    about = (
        About.default(Message.from_json(row.payload), dm=target.user_id is not None)
        if row.about is None
        else About.from_json(row.about)
    )
    if target.user_id is None:
        return about.what, delivery.THE_CHANNEL
    if everything:
        return about.what, names.get(target.user_id, target.user_id)
    if target.user_id == ctx.actor_id:
        return about.what, "you"
    if about.sender == ctx.actor_id:
        return about.what, about.to or "another power"
    return None


UNDELIVERED = "undelivered"

HISTORY = CommandSpec(
    "history",
    "history [phase|undelivered]",
    "Every order and result of a past phase (default: the latest), or the messages that "
    "did not arrive.",
    history,
    (
        f"`history {UNDELIVERED}` lists the messages the bot could not deliver (a channel it "
        "may not post in, a player who takes no direct messages), when and why: the game "
        "master sees all of them, a player those to them, those they sent and those to the "
        "game's channel. What they said is never shown. Messages not delivered yet but "
        "still being tried are listed too, with how many tries failed and the next.",
    ),
    ("history", "history F1901M", f"history {UNDELIVERED}"),
    arguments=(
        Argument("phase", "A past phase, e.g. F1901M (default: the latest)", Kind.PHASE),
        Argument(
            UNDELIVERED,
            "The messages that did not arrive, rather than a phase",
            Kind.YES_NO,
            word=UNDELIVERED,
        ),
    ),
)
