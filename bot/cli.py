"""The ``dipgm`` command line. Each subcommand imports only what it needs."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import TextIO


def _adjudicate(source: TextIO, sink: TextIO) -> int:
    """JSON lines in, JSON lines out; a bad line gets an error object and the run goes on."""
    from engine.contract import RequestError, adjudicate_request

    for number, line in enumerate(source, start=1):
        if not line.strip():
            continue
        try:
            answer = adjudicate_request(json.loads(line))
        except json.JSONDecodeError as exc:
            answer = {"error": f"line {number}: not JSON: {exc.msg} at column {exc.colno}"}
        except RequestError as exc:
            answer = {"error": f"line {number}: {exc}"}
        sink.write(json.dumps(answer, separators=(",", ":")) + "\n")
        sink.flush()
    return 0


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
    from bot.render_cli import add_arguments as add_render_arguments

    add_render_arguments(
        commands.add_parser(
            "render",
            help="draw the map: one position (JSON, optionally with orders) in, a PNG out",
            description="Read one position of the adjudication contract on stdin, with "
            "optional orders, and write the map as PNG to stdout.",
        )
    )
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "adjudicate":
        return _adjudicate(sys.stdin, sys.stdout)
    if args.command == "render":
        from bot.render_cli import render_command

        given = list(sys.argv[1:] if argv is None else argv)
        return render_command(given[given.index("render") + 1 :], sys.stdin, sys.stdout)
    return 2


if __name__ == "__main__":
    sys.exit(main())
