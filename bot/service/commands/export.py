"""`export`: the game record as JSON, for the archive and for checking.

Every adjudicated phase is one entry: ``request`` is the position and the orders that were
adjudicated, in the form `dipgm adjudicate` reads; ``result`` is what came of them, in the
form it answers (so feeding each request to the adjudicator must give its result again);
then the phase's press and votes. Grey press never names its writer, nor its recipients (who
they are tells who wrote it). Players are listed unless the game is anonymous.

Who may export: any of the game's players once it is over; the game master at any time,
but never anything of the open phase (its orders, votes and press are still secret). Before
the game is over a record holds only the press its reader has already read: what their own
powers sent or received. A game master who plays no power gets none, not even press posted
in the channel (a kept message does not say where it was delivered). Once the game is over,
every message is in it.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from datetime import datetime
from typing import Any

from bot.service.commands.spec import CommandSpec
from bot.service.context import Context
from bot.service.effects import Image, Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.options.fewer_players import commanded
from bot.service.stored_orders import phase_orders
from bot.service.team_votes import member_numbers, voting_powers
from bot.service.words.labels import power_names
from bot.store import Game, GameStatus, Phase, PhaseStatus, Press, Vote, VoteKind
from engine import format_order

FORMAT = "dipgm-game-record/1"


async def export(ctx: Context) -> list[Reply]:
    game = await ctx.game(ended=True)
    if game.status == GameStatus.FORMING:
        raise UserError(f"{game.name} has not started: there is nothing to export yet.")
    if not ctx.is_gm(game):
        members = await ctx.store.players_of(game.id, include_left=True)
        if not any(p.user_id == ctx.actor_id for p in members):
            raise UserError(f"Only the players and the game master of {game.name} may export it.")
        if game.status != GameStatus.FINISHED:
            raise UserError(
                f"{game.name} is still being played: players may export it once it is over."
            )
    seen = await press_seen_by(ctx, game)
    record = await game_record(ctx, game, seen)
    data = json.dumps(record, indent=1, ensure_ascii=False).encode()
    count = len(record["phases"])
    press = "with press and votes" if seen is None else "with votes"
    message = Message(
        title=f"{game.name}: the game record",
        sections=(
            Section(
                None,
                (
                    Line(
                        f"{count} adjudicated phase{'s' if count != 1 else ''}, each as "
                        f"`dipgm adjudicate` reads and answers it, {press}."
                    ),
                    *_press_note(ctx, game, seen),
                ),
            ),
        ),
        image=Image(None, f"{game.name}-record.json", "The game record as JSON", data=data),
    )
    return [ctx.private(message)]


EXPORT = CommandSpec(
    "export",
    "export",
    "The game record as a JSON file: every phase with its orders and results, press, votes.",
    export,
    (
        "Each phase is given as `dipgm adjudicate` reads it and as it answers, so the "
        "record can be checked or replayed. Grey press never names its writer; players "
        "are listed unless the game is anonymous.",
        "Players may export a game once it is over; the game master at any time, without "
        "anything of the phase still open, and with only the press their own power sent or "
        "received until the game is over.",
    ),
    ("export",),
)


async def press_seen_by(ctx: Context, game: Game) -> frozenset[str] | None:
    """Whose press the requester may find in the record: None for all of it (the game is
    over), else the powers they command (none for a game master who plays none)."""
    if game.status == GameStatus.FINISHED:
        return None
    return frozenset(await ctx.powers_played(game))


def _press_note(ctx: Context, game: Game, seen: frozenset[str] | None) -> tuple[Line, ...]:
    if seen is None:
        return ()
    if not seen:
        return (
            Line(
                f"{game.name} is still being played: its press stays with the powers who "
                "sent and received it until the game is over, so none is in the record."
            ),
        )
    powers = power_names(ctx.variant(game), sorted(seen))
    return (
        Line(
            f"{game.name} is still being played: the record holds only the press "
            f"{powers} sent or received; the rest is in it once the game is over."
        ),
    )


def _readable(item: Press, seen: frozenset[str] | None) -> bool:
    if seen is None:
        return True
    return item.from_power in seen or not seen.isdisjoint(item.to_powers)


async def game_record(ctx: Context, game: Game, seen: frozenset[str] | None) -> dict[str, Any]:
    """The record of ``game``; ``seen``: only the press these powers sent or received (None:
    every message)."""
    every = await ctx.store.phases_of(game.id)
    done = [p for p in every if p.status == PhaseStatus.ADJUDICATED]
    press = [item for item in await ctx.store.press_of(game.id) if _readable(item, seen)]
    votes = await ctx.store.votes_of(game.id)
    members = await member_numbers(ctx.store, game.id)
    record: dict[str, Any] = {
        "format": FORMAT,
        "game": {
            "name": game.name,
            "variant": game.variant,
            "status": str(game.status),
            "created_at": _when(game.created_at),
            "started_at": _when(game.started_at),
            "finished_at": _when(game.finished_at),
            "outcome": game.outcome,
            "settings": ctx.options(game).to_settings(),
        },
        # None: every message kept; else the powers whose sent and received press it holds.
        "press_seen_by": None if seen is None else sorted(seen),
    }
    if not ctx.options(game).anonymous:
        record["players"] = [
            {
                "name": p.display_name,
                "power": p.power,
                "powers": commanded(game.settings, p.power) if p.power else [],
                "joined_at": _when(p.joined_at),
                "left_at": _when(p.left_at),
            }
            for p in await ctx.store.players_of(game.id, include_left=True)
        ]
    entries = []
    for index, phase in enumerate(done):
        later = done[index + 1] if index + 1 < len(done) else None
        entries.append(await _entry(ctx, phase, later, press, votes, members))
    record["phases"] = entries
    current = next((p for p in every if p.status == PhaseStatus.OPEN), None)
    if current is not None:
        record["current"] = {"phase": current.name, "position": current.position}
    return record


def _when(moment: datetime | None) -> str | None:
    return None if moment is None else moment.isoformat()


async def _entry(
    ctx: Context,
    phase: Phase,
    later: Phase | None,
    press: Sequence[Press],
    votes: Sequence[Vote],
    members: dict[str, frozenset[int]],
) -> dict[str, Any]:
    _, orders = await phase_orders(ctx.store, phase)
    stored = phase.results or {}
    request = {
        **phase.position,
        "orders": {p: [format_order(o) for o in os] for p, os in orders.items() if os},
    }
    after = stored.get("after") or (later.position if later is not None else None)
    result: dict[str, Any] = {
        "phase": phase.name,
        "results": {
            str(r["unit"]): r["outcome"] + (f": {r['reason']}" if r.get("reason") else "")
            for r in stored.get("results", ())
        },
        "next_phase": stored.get("next_phase"),
    }
    if after is not None:
        for key in ("units", "centers", "dislodged", "contested"):
            result[key] = after[key]
    result["winner"] = stored.get("winner")
    return {
        "request": request,
        "result": result,
        "votes": {
            kind: sorted(voting_powers(votes, members, phase.name, VoteKind(kind)))
            for kind in ("draw", "surrender")
        },
        "press": [
            {
                "from": None if item.grey else item.from_power,
                # Grey press names no recipients either: "every power but one" names the
                # writer, and any list narrows the field.
                "to": None if item.grey else list(item.to_powers),
                "grey": item.grey,
                "text": item.body,
                "at": _when(item.created_at),
            }
            for item in press
            if item.phase_name == phase.name
        ],
    }
