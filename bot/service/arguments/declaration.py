"""How a command's arguments are declared: each an :class:`Argument` of a :class:`Kind`,
with its choices, what a front end may suggest for it, and how the text grammar writes it.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import StrEnum

from bot.service.effects import OptionValue

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
    # A unit or province (`A PAR`, `Paris`), read into its province in the game's variant.
    UNIT = "unit"
    # What `clear` withdraws: all, waive, `if` and a place or number, or a unit or province.
    WITHDRAWAL = "withdrawal"
    DURATION = "duration"  # a span of time: 24h, 1d12h
    WHEN = "when"  # a moment in the game's time zone: +2h, tomorrow 18:00
    PHASE = "phase"  # a phase's short name: S1901M
    DATE = "date"  # a day: 2026-12-28
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


GAME_ARGUMENT = Argument("game", "The game's name, when it is not the game of this channel")
