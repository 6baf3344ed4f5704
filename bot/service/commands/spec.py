"""What a command is: as declared, a :class:`CommandSpec` and its typed arguments (each an
:class:`~bot.service.arguments.Argument`).

A command group's module declares each of its commands once, next to its handler::

    ORDERS = CommandSpec(
        "orders",
        "orders",
        "Your orders for this phase, and units still without one.",
        orders,
    )

and :mod:`bot.service.commands.registry` lists them all. From the declarations, text front
ends read commands (:mod:`.grammar`) and their arguments (:mod:`bot.service.arguments`),
`help` prints them, and a front end with typed options (Discord's slash commands) builds its
commands, whose option values the service reads into the same values as a line of text.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

from bot.service.arguments import GAME_ARGUMENT, Argument, ArgumentValue

if TYPE_CHECKING:
    from bot.service.context import Context
    from bot.service.effects import Reply

Handler = Callable[["Context"], Awaitable[list["Reply"]]]


@dataclass(frozen=True, slots=True)
class CommandSpec:
    """One command: how to write it, what it does, its arguments and its handler.

    ``gm``: for the game master only. ``public``: its answer is mostly news for the table
    rather than for the asker, which a front end that says who sees an answer before it comes
    (Discord's acknowledgement) needs to know; ``flip`` names an argument that, given, makes
    it the other way (`map mine` is for the asker alone). ``game_argument``: front ends with
    typed options offer the `game` argument (in text, any command may follow `game <name>`).
    ``reschedules``: it may change when something falls due (a deadline, a reminder), so the
    alarm clock looks again after it; a command that never does (giving or reading orders,
    sent by a whole table at once) answers without waiting for that look. ``group``: the
    group of commands it belongs to, where a front end has several (Discord's `/club`).
    """

    name: str
    usage: str
    summary: str
    handler: Handler
    # a detail may be written when asked (what the variants folder holds now)
    details: tuple[str | Callable[[], str], ...] = ()
    examples: tuple[str, ...] = ()
    arguments: tuple[Argument, ...] = ()
    gm: bool = False
    public: bool = False
    flip: str | None = None
    game_argument: bool = True
    reschedules: bool = True
    # A front end that groups its commands (Discord's `/dip`) puts this one in the named
    # group instead (`club`: the season across games); None: the game's own commands.
    group: str | None = None
    # It offers or checks the variants folder's boards (`newgame`, `settings variant=`,
    # `help newgame`): it waits for the folder to be read when it may have changed. Every
    # other command plays boards as last read and never waits for the folder.
    reads_variants: bool = False

    @property
    def detail_lines(self) -> tuple[str, ...]:
        """The details as `help <command>` prints them now."""
        return tuple(d if isinstance(d, str) else d() for d in self.details)

    @property
    def offered_arguments(self) -> tuple[Argument, ...]:
        """The arguments a front end with typed options offers, `game` last."""
        return (*self.arguments, GAME_ARGUMENT) if self.game_argument else self.arguments

    def is_public(self, values: Mapping[str, ArgumentValue]) -> bool:
        """Whether the answer to these typed arguments is news for the table."""
        given = self.flip is not None and values.get(self.flip) not in (None, False)
        return self.public != given
