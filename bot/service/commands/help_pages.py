"""The pages of `help`, written from the commands' declarations: the list of every command,
one command explained, and how to address a game by name."""

from __future__ import annotations

from collections.abc import Sequence

from bot.service.commands.spec import CommandSpec
from bot.service.effects import Line, Message, Section

GAME_TOPIC = (
    "game <name> <command>",
    "Address a game by name: needed in a direct message when you play in several games.",
    "e.g. game hague order A PAR - BUR",
)


def overview(commands: Sequence[CommandSpec]) -> Message:
    """`help`: every command in one line, the players' first, then the game master's."""
    players = tuple(Line(f"{c.usage} — {c.summary}") for c in commands if not c.gm)
    masters = tuple(Line(f"{c.usage} — {c.summary}") for c in commands if c.gm)
    usage, summary, _ = GAME_TOPIC
    return Message(
        title="dipgm commands",
        sections=(
            Section("Everyone", players),
            Section("Game master (the game's creator or a workspace admin)", masters),
            Section(None, (Line(f"{usage} — {summary}"), Line("help <command> — more on one."))),
        ),
    )


def detail(spec: CommandSpec) -> Message:
    """`help <command>`."""
    sections = [Section(None, (Line(spec.summary), *(Line(d) for d in spec.detail_lines)))]
    if spec.gm:
        sections.append(Section(None, (Line("For the game master only."),)))
    if spec.examples:
        sections.append(Section("Examples", tuple(Line(e, code=True) for e in spec.examples)))
    return Message(title=spec.usage, sections=tuple(sections))


def game_topic() -> Message:
    """`help game`."""
    usage, summary, example = GAME_TOPIC
    return Message(title=usage, sections=(Section(None, (Line(summary), Line(example))),))
