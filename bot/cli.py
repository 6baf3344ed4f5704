"""The ``dipgm`` command line. Each subcommand imports only what it needs."""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import sys
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

if TYPE_CHECKING:
    from bot.config import Settings


def _adjudicate(source: Iterable[str | bytes], sink: TextIO) -> int:
    """JSON lines in, JSON lines out; a bad line gets an error object and the run goes on,
    whatever it holds (bytes that are not UTF-8, nesting too deep to read, a position the
    engine refuses)."""
    from engine.contract import answer_line

    for number, raw in enumerate(source, start=1):
        try:
            line = raw.decode("utf-8") if isinstance(raw, bytes) else raw
        except UnicodeDecodeError as exc:
            _answer(sink, {"error": f"line {number}: not UTF-8 (byte {exc.start + 1})"})
            continue
        if not line.strip():
            continue
        try:
            answered = answer_line(line, number)
        except Exception as exc:
            # A request the checks let through must still not end the run.
            print(f"line {number}: {type(exc).__name__}: {exc}", file=sys.stderr)
            error = f"line {number}: could not be adjudicated ({type(exc).__name__})"
            _answer(sink, {"error": error})
            continue
        sink.write(answered + "\n")
        sink.flush()
    return 0


def _answer(sink: TextIO, answer: dict[str, object]) -> None:
    sink.write(json.dumps(answer, separators=(",", ":")) + "\n")
    sink.flush()


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="dipgm", description="dipgm: a game master for Diplomacy in Slack and Discord."
    )
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser(
        "adjudicate",
        help="adjudicate phases: one JSON object per line on stdin, one answer per line out",
        description="Read positions with orders as JSON lines (see DESIGN.md, the "
        "adjudication contract) and write one result per line.",
    )
    commands.add_parser(
        "variants",
        help="list the variants (ways to play) by name, one line each",
        description="List every variant the engine knows, by the name `dipgm adjudicate` "
        '("variant": NAME) and `newgame variant=NAME` take, with a line on each.',
    )
    variant = commands.add_parser(
        "variant",
        help="check a map file before playing it (dipgm variant check FILE)",
        description="Tools for map files (docs/maps.md): boards added to the bot without "
        "code, played with `newgame variant=NAME` once in the folder DIPGM_VARIANTS_DIR names.",
    )
    variant_commands = variant.add_subparsers(dest="variant_command", required=True)
    check = variant_commands.add_parser(
        "check",
        help="list every problem of a map file, or sum up a good board",
        description="Check a map file: every problem is listed (exit status 1); a good "
        "board is summed up (its powers, areas, what wins) with where to put the file.",
    )
    check.add_argument("file", metavar="FILE", type=Path, help="the map file, NAME.json")
    from bot.render_cli import add_arguments as add_render_arguments

    add_render_arguments(
        commands.add_parser(
            "render",
            help="draw the map: one position (JSON, optionally with orders) in, a PNG out",
            description="Read one position of the adjudication contract on stdin, with "
            "optional orders, and write the map as PNG to stdout. Any variant `dipgm "
            "variants` lists renders; provinces a variant takes off the board are greyed.",
        )
    )
    from bot.play_cli import add_arguments as add_play_arguments

    add_play_arguments(
        commands.add_parser(
            "play",
            help="play a whole game between computer players and sum it up",
            description="Play a game between computer players, from the opening to a win "
            "or the last year, and print who won (or the standings) with every power's "
            "centres. Powers may instead only hold (--hold) or order at random (--random), "
            "to test against. The same seed plays the same game.",
        )
    )
    _add_chat_parsers(commands)
    return parser


def _start_time(text: str) -> datetime:
    try:
        moment = datetime.fromisoformat(text)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an ISO date and time, e.g. 2026-01-05T09:00Z"
        ) from None
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _add_front_end_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--db", metavar="URL", help="database URL (default: DATABASE_URL)")
    parser.add_argument(
        "--out", metavar="DIR", type=Path, help="folder for map PNGs (default: MAP_DIR)"
    )
    parser.add_argument(
        "--admin",
        metavar="NAME",
        action="append",
        default=[],
        help="a console user who is a workspace admin (may act as any game's master); "
        "repeat for several",
    )


def _add_chat_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    console = commands.add_parser(
        "console",
        help="chat with the bot in the terminal, as any number of players",
        description="A terminal chat with the bot. Interactive on the real clock; with "
        "--script, plays a transcript on a fake clock (on a throwaway database unless --db "
        "is given) and prints what the bot sent.",
    )
    _add_front_end_options(console)
    console.add_argument("--script", metavar="FILE", type=Path, help="play this transcript")
    console.add_argument(
        "--start",
        metavar="ISO",
        type=_start_time,
        help="the script's starting time (default 2026-01-05T09:00Z)",
    )
    run = commands.add_parser(
        "run",
        help="run the bot: Slack and/or Discord when their tokens are set, else the console",
        description="Run the bot with its alarm clock: every chat front end whose token is "
        "set (SLACK_BOT_TOKEN, DISCORD_TOKEN), together in one process; with no token set, "
        "the console front end.",
    )
    _add_front_end_options(run)
    commands.add_parser(
        "db",
        help="upgrade, downgrade or inspect the database schema (dipgm db --help)",
        add_help=False,
    )


def _chat(args: argparse.Namespace) -> int:
    from bot import launch
    from bot.config import export_variants_dir, load_settings
    from bot.frontends.console import ScriptError
    from bot.store import SchemaError

    settings = load_settings()
    export_variants_dir(settings)
    launch.configure_logging(settings.log_level)
    if args.command == "run" and launch.chat_tokens(settings):
        return _run_chat(settings, launch.chat_tokens(settings))
    script = getattr(args, "script", None)
    try:
        lines = None if script is None else script.read_text(encoding="utf-8").splitlines()
        asyncio.run(
            launch.console(
                settings,
                database_url=args.db,
                map_dir=args.out,
                admins=args.admin,
                script=lines,
                start=getattr(args, "start", None),
            )
        )
    except OSError as exc:
        print(f"dipgm {args.command}: {exc}", file=sys.stderr)
        return 2
    except ScriptError as exc:
        print(f"dipgm console: {script}: {exc}", file=sys.stderr)
        return 2
    except SchemaError as exc:
        print(f"dipgm {args.command}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


def _variants(sink: TextIO) -> int:
    from engine import VariantError, available_variants, load_variant, variants_folder

    # the standard game first: the one most people come for
    names = sorted(available_variants(), key=lambda name: (name != "standard", name))
    width = max(len(name) for name in names)
    for name in names:
        try:
            line = load_variant(name).description
        except VariantError as exc:
            path = variants_folder() / f"{name}.json"
            line = f"cannot be played: {exc} (every problem: dipgm variant check {path})"
        sink.write(f"{name.ljust(width)}  {line}\n")
    return 0


def _variants_dir_from_settings() -> None:
    """The variants folder as the bot would see it, `.env` included; with settings that do
    not load (a bad value elsewhere), the environment's alone."""
    from pydantic import ValidationError

    from bot.config import export_variants_dir, load_settings

    with contextlib.suppress(ValidationError):
        export_variants_dir(load_settings())


def _run_chat(settings: Settings, platforms: list[str]) -> int:
    from bot import launch
    from bot.frontends.discord import MissingTokenError, TokenRefusedError
    from bot.frontends.slack import SlackSettingsError
    from bot.store import SchemaError

    print(f"dipgm run: starting {' and '.join(platforms)}", file=sys.stderr)
    try:
        asyncio.run(launch.chat(settings, platforms))
    except (SlackSettingsError, MissingTokenError, TokenRefusedError, SchemaError) as exc:
        print(f"dipgm run: {exc}", file=sys.stderr)
        return 2
    except OSError as exc:  # the platform cannot be reached: say so, without a traceback
        print(f"dipgm run: cannot connect to {' / '.join(platforms)}: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    try:
        return _command(argv)
    except BrokenPipeError:
        # The reader went away (`dipgm variants | head -1`): what it did not read is not
        # wanted, and Python must not complain again when it flushes stdout at exit.
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1


def _command(argv: Sequence[str] | None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if given[:1] == ["db"]:
        from bot.dbcli import db_command

        return db_command(given[1:])
    args = build_parser().parse_args(argv)
    if args.command in ("console", "run"):
        return _chat(args)
    if args.command in ("variants", "variant"):
        _variants_dir_from_settings()
    if args.command == "variants":
        return _variants(sys.stdout)
    if args.command == "variant":
        from bot.variant_check import check_map_file

        return check_map_file(args.file, sys.stdout)
    if args.command == "adjudicate":
        return _adjudicate(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout)
    if args.command == "play":
        from bot.play_cli import PlayError, play_command

        _variants_dir_from_settings()
        try:
            return play_command(args, sys.stdout)
        except PlayError as exc:
            print(f"dipgm play: {exc}", file=sys.stderr)
            return 2
    if args.command == "render":
        from bot.render_cli import render_command

        given = list(sys.argv[1:] if argv is None else argv)
        return render_command(given[given.index("render") + 1 :], sys.stdin, sys.stdout)
    return 2


if __name__ == "__main__":
    sys.exit(main())
