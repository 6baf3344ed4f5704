"""The ``dipgm`` command line. Each subcommand imports only what it needs, when it runs:
``dipgm --help`` and ``dipgm --version`` import none of the service (keep it so: a
subcommand's parser is declared here, or by a module that imports nothing heavy, and its
``run`` handler imports the rest)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Iterable, Sequence
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, TextIO

from bot.exit_codes import FAILED, INTERRUPTED, OK, CommandError, UsageError

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


def package_version() -> str:
    """This dipgm's version, from the installed package's metadata."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("dipgm")
    except PackageNotFoundError:  # run from a checkout that was never installed
        return "unknown (not installed)"


class _Version(argparse.Action):
    """``--version``: the metadata is read only when asked for."""

    def __init__(self, option_strings: Sequence[str], dest: str, **kwargs: object) -> None:
        super().__init__(option_strings, dest, nargs=0, help="print dipgm's version and exit")

    def __call__(self, parser: argparse.ArgumentParser, *_: object) -> None:
        print(f"dipgm {package_version()}")
        parser.exit()


def build_parser() -> argparse.ArgumentParser:
    """Every subcommand, each with ``run``: its handler, which imports what it needs."""
    parser = argparse.ArgumentParser(
        prog="dipgm",
        description="dipgm: a game master for Diplomacy in Slack and Discord.",
        epilog="Exit status: 0 done, 1 the work failed (a database or platform that cannot be "
        "reached, a schema that cannot be used), 2 a usage or settings error, 130 interrupted.",
    )
    parser.add_argument("--version", action=_Version)
    commands = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    commands.add_parser(
        "adjudicate",
        help="adjudicate phases: one JSON object per line on stdin, one answer per line out",
        description="Read positions with orders as JSON lines (see DESIGN.md, the "
        "adjudication contract) and write one result per line.",
    ).set_defaults(run=lambda _: _adjudicate(getattr(sys.stdin, "buffer", sys.stdin), sys.stdout))
    commands.add_parser(
        "variants",
        help="list the variants (ways to play) by name, one line each",
        description="List every variant the engine knows, by the name `dipgm adjudicate` "
        '("variant": NAME) and `newgame variant=NAME` take, with a line on each.',
    ).set_defaults(run=_variants_command)
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
    check.set_defaults(run=_variant_check_command)
    _add_game_parsers(commands)
    _add_chat_parsers(commands)
    return parser


def _add_game_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    from bot.render_cli import add_arguments as add_render_arguments

    render = commands.add_parser(
        "render",
        help="draw the map: one position (JSON, optionally with orders) in, a PNG out",
        description="Read one position of the adjudication contract on stdin, with "
        "optional orders, and write the map as PNG to stdout. Any variant `dipgm "
        "variants` lists renders; provinces a variant takes off the board are greyed.",
    )
    add_render_arguments(render)
    render.set_defaults(run=_render_command)
    from bot.play_cli import add_arguments as add_play_arguments

    play = commands.add_parser(
        "play",
        help="play a whole game between computer players and sum it up",
        description="Play a game between computer players, from the opening to a win "
        "or the last year, and print who won (or the standings) with every power's "
        "centres. Powers may instead only hold (--hold) or order at random (--random), "
        "to test against. The same seed plays the same game.",
    )
    add_play_arguments(play)
    play.set_defaults(run=_play_command)


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
    console.set_defaults(run=_chat)
    run = commands.add_parser(
        "run",
        help="run the bot: Slack and/or Discord when their tokens are set, else the console",
        description="Run the bot with its alarm clock: every chat front end whose token is "
        "set (SLACK_BOT_TOKEN, DISCORD_TOKEN), together in one process; with no token set, "
        "the console front end.",
    )
    _add_front_end_options(run)
    run.set_defaults(run=_chat)
    commands.add_parser(
        "db",
        help="upgrade, inspect or back up the database (dipgm db --help)",
        add_help=False,
    )
    from bot.status_cli import add_arguments as add_status_arguments

    status = commands.add_parser(
        "status",
        help="is the bot well? games, deadlines, outbox, workers (exit 1: needs attention)",
        description="Read the database and say what an operator needs: games by state, "
        "phases past their deadline and overdue, the outbox's backlog and the day's "
        "failures, the last run of the alarm clock and which bot processes are alive. "
        "Exit status: 0 all is well; 1 something is overdue or no bot is running; 2 the "
        "database cannot be read.",
    )
    add_status_arguments(status)
    status.set_defaults(run=_status_command)


def _status_command(args: argparse.Namespace) -> int:
    from bot.status_cli import status_command

    return status_command(args, sys.stdout, sys.stderr)


def _chat(args: argparse.Namespace) -> int:
    from bot import launch
    from bot.config import export_variants_dir, load_settings
    from bot.logs import configure_logging

    settings = load_settings()
    export_variants_dir(settings)
    configure_logging(settings.log_level, settings.log_format)
    if args.command == "run" and launch.chat_tokens(settings):
        return _run_chat(settings, launch.chat_tokens(settings))
    script = getattr(args, "script", None)
    try:
        lines = None if script is None else script.read_text(encoding="utf-8").splitlines()
    except OSError as exc:
        raise UsageError(f"cannot read the script: {exc}") from None
    return _console(args, settings, lines)


def _console(args: argparse.Namespace, settings: Settings, lines: list[str] | None) -> int:
    import asyncio

    from bot import launch
    from bot.frontends.console import ScriptError

    try:
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
    except ScriptError as exc:
        raise UsageError(f"{args.script}: {exc}") from None
    except OSError as exc:
        raise CommandError(str(exc)) from None
    return OK


def _variants_command(_: argparse.Namespace) -> int:
    _variants_dir_from_settings()
    return _variants(sys.stdout)


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
    return OK


def _variant_check_command(args: argparse.Namespace) -> int:
    from bot.variant_check import check_map_file

    _variants_dir_from_settings()
    return check_map_file(args.file, sys.stdout)


def _variants_dir_from_settings() -> None:
    """The variants folder as the bot would see it, `.env` included (the engine reads it
    from the environment); read alone, so a bad value elsewhere does not matter here."""
    from bot.places import variants_dir

    os.environ["DIPGM_VARIANTS_DIR"] = str(variants_dir())


def _play_command(args: argparse.Namespace) -> int:
    from bot.play_cli import PlayError, play_command

    _variants_dir_from_settings()
    try:
        return play_command(args, sys.stdout)
    except PlayError as exc:
        raise UsageError(str(exc)) from None


def _render_command(args: argparse.Namespace) -> int:
    from bot.render_cli import render_command

    # render reads its own options again, to answer a bad one in its own words
    return render_command(args.given[args.given.index("render") + 1 :], sys.stdin, sys.stdout)


def _run_chat(settings: Settings, platforms: list[str]) -> int:
    import asyncio

    from bot import launch
    from bot.frontends.discord import MissingTokenError, TokenRefusedError
    from bot.frontends.slack import SlackSettingsError

    print(f"dipgm run: starting {' and '.join(platforms)}", file=sys.stderr)
    try:
        asyncio.run(launch.chat(settings, platforms))
    except (SlackSettingsError, MissingTokenError, TokenRefusedError) as exc:
        raise UsageError(str(exc)) from None
    except OSError as exc:  # the platform cannot be reached: say so, without a traceback
        raise CommandError(f"cannot connect to {' / '.join(platforms)}: {exc}") from None
    print("dipgm run: stopped", file=sys.stderr)
    return OK


def main(argv: Sequence[str] | None = None) -> int:
    """Run one command; its exit status (bot/exit_codes.py)."""
    given = list(sys.argv[1:] if argv is None else argv)
    command = "db" if given[:1] == ["db"] else None
    try:
        if command == "db":
            from bot.dbcli import db_command

            return db_command(given[1:])
        args = build_parser().parse_args(given)
        command = args.command
        args.given = given
        status: int = args.run(args)
        return status
    except CommandError as exc:
        for line in str(exc).splitlines() or [type(exc).__name__]:
            print(f"dipgm {command}: {line}", file=sys.stderr)
        return exc.exit_status
    except KeyboardInterrupt:
        return INTERRUPTED
    except BrokenPipeError:
        # The reader left (`dipgm variants | head`): what it did not read is not wanted, and
        # Python must not complain again when it flushes standard output at exit. Status 1,
        # as Python's own documentation has it for a broken pipe.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return FAILED


if __name__ == "__main__":
    sys.exit(main())
