"""What a command is: as declared (a :class:`CommandSpec` and its typed arguments, each an
:class:`Argument`) and as written (a :class:`Command`).

A command group's module declares each of its commands once, next to its handler::

    ORDERS = CommandSpec(
        "orders",
        "orders",
        "Your orders for this phase, and units still without one.",
        orders,
    )

and :mod:`bot.service.commands.registry` lists them all. From the declarations, text front
ends read commands (:mod:`.grammar`), `help` prints them, and a front end with typed options
(Discord's slash commands) builds its commands, writing what was typed back as one line of
the text grammar (:meth:`CommandSpec.written`), so the service reads every front end alike.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Iterable, Mapping
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING

from bot.service.effects import OptionValue

if TYPE_CHECKING:
    from bot.service.context import Context
    from bot.service.effects import Reply

Handler = Callable[["Context"], Awaitable[list["Reply"]]]
# A typed option's value as a front end with typed options hands it over.
ArgumentValue = OptionValue


class Kind(StrEnum):
    """What an argument's value is; :mod:`.arguments` reads each into its value."""

    # Free text, the rest of the line as typed (orders, a message): the last of its command.
    TEXT = "text"
    WORD = "word"  # one word (a name, a region); with choices, one of them
    # Several names (`england, germany`): written as one word of the grammar, `england,germany`.
    NAMES = "names"
    YES_NO = "yes_no"
    # A person, written as the grammar names users (see :mod:`.mentions`).
    USER = "user"
    POWER = "power"  # a power of the game's variant, read into its code
    DURATION = "duration"  # a span of time: 24h, 1d12h
    WHEN = "when"  # a moment in the game's time zone: +2h, tomorrow 18:00
    PHASE = "phase"  # a phase's short name: S1901M
    # `option=value ...`, the rest of the line, read by the options code into name: value
    SETTINGS = "settings"


class Suggest(StrEnum):
    """What a front end may suggest for an argument as it is typed."""

    ORDERS = "orders"  # the requester's legal orders (:mod:`.order_suggestions`)
    UNITS = "units"  # the requester's units
    TOPICS = "topics"  # the topics of `help`
    # the variants, read when asked: map files added while the bot runs are offered too
    VARIANTS = "variants"


@dataclass(frozen=True, slots=True)
class Choice:
    """One of the fixed values an argument may take, the label offered for it, and other
    spellings read as it (`colorblind`)."""

    value: str
    label: str
    also: tuple[str, ...] = ()

    def means(self, written: str) -> bool:
        """Whether ``written`` (any case) is this choice."""
        word = written.strip().lower()
        return word == self.value.lower() or word in self.also


def choices_of(values: Iterable[StrEnum]) -> tuple[Choice, ...]:
    """The values of an option's enum, each offered as written."""
    return tuple(Choice(v.value, v.value) for v in values)


@dataclass(frozen=True, slots=True)
class Argument:
    """One typed argument of a command.

    ``description`` is one short line (at most 100 characters, the shortest limit of a front
    end). How a value is written in the text grammar: as typed, in its place among the
    arguments; a yes/no with a ``word`` as that word when yes (`map mine`), any other value
    with a ``word`` after that word (`join with <@U1|fran>`); with a
    ``setting``, as ``setting=value`` (`tz=Europe/London`, a yes/no `anonymous=on`), the
    values of arguments sharing a setting joined by ``+`` (`press=public+grey`).
    """

    name: str
    description: str
    kind: Kind = Kind.TEXT
    required: bool = False
    choices: tuple[Choice, ...] = ()
    suggest: Suggest | None = None
    setting: str | None = None
    word: str | None = None

    def value_text(self, value: ArgumentValue) -> str | None:
        """The value as the grammar writes it, without its setting; None when not given."""
        if value is None:
            return None
        if isinstance(value, bool):
            if self.word is not None:
                return self.word if value else None
            return "on" if value else "off"
        text = value.strip()
        if self.kind is Kind.NAMES:
            text = ",".join(text.replace(",", " ").split())
        if text and self.word is not None:
            # a value after its word: `join with <@U1|fran>`
            return f"{self.word} {text}"
        return text or None

    def written(self, value: ArgumentValue) -> str | None:
        """The argument as the grammar writes it alone: ``tz=Europe/Paris``, ``mine``."""
        text = self.value_text(value)
        if text is None or self.setting is None:
            return text
        return f"{self.setting}={text}"


GAME_ARGUMENT = Argument("game", "The game's name, when it is not the game of this channel")


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

    def written(self, values: Mapping[str, ArgumentValue]) -> str:
        """Typed arguments as one line of the text grammar: ``map balkans mine``, or
        ``game hague orders`` when the `game` argument names one."""
        parts: list[tuple[str | None, list[str]]] = []
        for argument in self.arguments:
            text = argument.value_text(values.get(argument.name))
            if text is None:
                continue
            shared = next((p for p in parts if argument.setting and p[0] == argument.setting), None)
            if shared is None:
                parts.append((argument.setting, [text]))
            else:
                shared[1].append(text)
        words = [self.name]
        for setting, texts in parts:
            joined = "+".join(texts)
            words.append(joined if setting is None else f"{setting}={joined}")
        line = " ".join(words)
        game = values.get(GAME_ARGUMENT.name)
        named = game.strip() if isinstance(game, str) else ""
        return f"game {named} {line}" if named else line
