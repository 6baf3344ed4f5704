"""`dipgm play`: a whole game between computer players, from the opening to a win or the last
year, with a summary; optionally the game record (the JSON `export` writes) and the
animation (the GIF of the final announcement)."""

from __future__ import annotations

import argparse
import json
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any, TextIO

# `dipgm --help` reads add_arguments: the players, the engine and the service are imported
# only when a game is played.
if TYPE_CHECKING:
    from computer.match import Chooser, Game
    from engine import Position, Resolution, Variant

KINDS = ("computer", "dumbbot", "hold", "random")
LEVELS = ("easy", "normal", "hard")


def _choosers(level: str) -> dict[str, Chooser]:
    from functools import partial

    from computer import choose_orders, dumbbot_orders, level_of
    from computer.opponents import hold_orders, random_orders

    return {
        "computer": partial(choose_orders, level=level_of(level)),
        "dumbbot": dumbbot_orders,
        "hold": hold_orders,
        "random": random_orders,
    }


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--variant", default="standard", help="the board (see `dipgm variants`)")
    parser.add_argument("--seed", type=int, default=1, help="the same seed plays the same game")
    parser.add_argument(
        "--until",
        type=int,
        default=None,
        metavar="YEAR",
        help="the last year played (a turn on a Diplomacia board); default: 19 years or "
        "turns after the first, 1920 on the standard board",
    )
    parser.add_argument(
        "--hold",
        nargs="+",
        default=[],
        metavar="POWER",
        help="powers that only hold (as in civil disorder) instead of a computer player",
    )
    parser.add_argument(
        "--random",
        nargs="+",
        default=[],
        metavar="POWER",
        help="powers that give random legal orders instead of a computer player",
    )
    parser.add_argument(
        "--dumbbot",
        nargs="+",
        default=[],
        metavar="POWER",
        help="powers played by DumbBot, the classic rule-based yardstick, instead of a "
        "computer player",
    )
    parser.add_argument(
        "--level",
        default="hard",
        choices=LEVELS,
        help="how well the computer players play (default hard; easy plays DumbBot's rules)",
    )
    parser.add_argument("--record", type=Path, default=None, help="write the game record (JSON)")
    parser.add_argument(
        "--animation", type=Path, default=None, help="write the whole game as an animated GIF"
    )


class PlayError(ValueError):
    """A request `dipgm play` cannot run, in words for the user."""


def play_command(args: argparse.Namespace, out: TextIO) -> int:
    from computer.match import opening, play
    from engine import VariantError, load_variant

    try:
        variant = load_variant(args.variant)
    except (ValueError, VariantError) as exc:
        raise PlayError(str(exc)) from None
    kinds = _seats(variant, {"hold": args.hold, "random": args.random, "dumbbot": args.dumbbot})
    start = opening(variant)
    last = args.until if args.until is not None else start.phase.year + 19
    if last < start.phase.year:
        raise PlayError(f"--until {last} is before the game begins ({start.phase.year})")
    choosers = _choosers(args.level)
    players = {power: choosers[kind] for power, kind in kinds.items()}
    game = play(start, players, seed=args.seed, last_year=last)
    out.write(summary(game, kinds))
    if args.record is not None:
        record = game_record(game, kinds, seed=args.seed)
        args.record.write_text(json.dumps(record, indent=1) + "\n", encoding="utf-8")
        out.write(f"game record: {args.record}\n")
    if args.animation is not None:
        from render import history_gif

        positions = [step.position for step in game.steps] + [game.final]
        results: list[Resolution | None] = [step.resolution for step in game.steps] + [None]
        args.animation.write_bytes(history_gif(positions, results=results, size=800))
        out.write(f"animation: {args.animation}\n")
    return 0


def _seats(variant: Variant, named_by_kind: Mapping[str, list[str]]) -> dict[str, str]:
    """Each power's kind of player: a computer unless named for another kind."""
    kinds = dict.fromkeys(variant.powers, "computer")
    for kind, named in named_by_kind.items():
        for name in named:
            power = name.upper()
            if power not in kinds:
                raise PlayError(
                    f"--{kind} {name}: {variant.name} has no such power "
                    f"(powers: {', '.join(variant.powers)})"
                )
            if kinds[power] != "computer":
                raise PlayError(f"{power} is given both --{kinds[power]} and --{kind}")
            kinds[power] = kind
    return kinds


def _counted(count: int, word: str) -> str:
    """``centre `` for one, ``centres`` for any other count: the same width in a column."""
    return f"{word} " if count == 1 else f"{word}s"


def summary(game: Game, kinds: Mapping[str, str]) -> str:
    """The ending and every power's centres and units, most centres first."""
    final = game.final
    variant = final.variant
    last = game.steps[-1].position.phase if game.steps else final.phase
    if game.winners:
        names = " and ".join(variant.power_info[p].name for p in game.winners)
        lines = [f"{names} won ({variant.rules.describe()}) in {last.long_name}."]
    else:
        lines = [f"No winner by the end of {last.long_name}: the standings."]
    ranked = sorted(variant.powers, key=lambda p: (-len(final.centers.get(p, ())), p))
    width = max(len(variant.power_info[p].name) for p in ranked)
    for power in ranked:
        name = variant.power_info[power].name
        centres = len(final.centers.get(power, ()))
        units = len(final.units.get(power, ()))
        held = f"{centres:>2} {_counted(centres, 'centre')}  {units:>2} {_counted(units, 'unit')}"
        lines.append(f"  {name:<{width}}  {held}  ({kinds[power]})")
    lines.append(f"{len(game.steps)} {_counted(len(game.steps), 'phase').rstrip()} played.")
    return "\n".join(lines) + "\n"


def game_record(game: Game, kinds: Mapping[str, str], *, seed: int) -> dict[str, Any]:
    """The game in the form `export` writes: each phase as `dipgm adjudicate` reads it
    (``request``) and answers it (``result``)."""
    from bot.service import RECORD_FORMAT

    final = game.final
    winner: str | list[str] | None = None
    if game.winners:
        winner = game.winners[0] if len(game.winners) == 1 else list(game.winners)
    return {
        "format": RECORD_FORMAT,
        "game": {
            "name": f"dipgm play --seed {seed}",
            "variant": final.variant.name,
            "status": "finished",
            "outcome": {"winner": winner},
            "settings": {"seed": seed},
        },
        "players": [
            {"name": f"{kind} player", "power": power, "powers": [power]}
            for power, kind in kinds.items()
        ],
        "phases": [
            {
                "request": _request(step.position, step.orders),
                "result": _result(step.resolution),
                "votes": {"draw": [], "surrender": []},
                "press": [],
            }
            for step in game.steps
        ],
    }


def _request(position: Position, orders: Mapping[str, Any]) -> dict[str, Any]:
    from engine import format_order

    return {
        **position.to_json(),
        "orders": {p: [format_order(o) for o in os] for p, os in orders.items() if os},
    }


def _result(resolution: Resolution) -> dict[str, Any]:
    """As `dipgm adjudicate` answers (engine/contract.py)."""
    after = resolution.position.to_json()
    answer: dict[str, Any] = {
        "phase": str(resolution.phase),
        "results": {r.key: r.text for r in resolution.results},
        "next_phase": None if resolution.winners else after["phase"],
    }
    for key in ("units", "centers", "dislodged", "contested"):
        answer[key] = after[key]
    answer["winner"] = resolution.winner
    for key in ("control", "neutral"):
        if key in after:
            answer[key] = after[key]
    return answer
