"""A command's arguments read once, into values, from its declaration (:class:`Argument`).

Text front ends (Slack, direct messages, the console) hand over the line after the command's
word, read here by :func:`read_line` as :class:`Argument` tells the grammar: a yes/no
with a ``word`` is that word (`map mine`), any other worded argument the word and its value
(`join with <@U1|fran>`), arguments with a ``setting`` (and a :attr:`Kind.SETTINGS`) are
`option=value ...` to the end of the line, and the others come in their declared order, one
word each, except several names (`england, germany`) and free text, which takes the rest of
the line as typed. An optional argument whose kind a word cannot be (`map balkans`: no phase)
is passed over for the next.

A front end with typed options (Discord) hands over the option values themselves, read by
:func:`read_typed` into the same values: nothing is joined into a line and read again.

A wrong argument gets one refusal everywhere (:func:`refusal`): what was wrong, what the
argument accepts, and the command's usage.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta
from typing import Protocol, TypeVar

from bot.service.arguments.declaration import Argument, ArgumentValue, Kind
from bot.service.arguments.mentions import read_user
from bot.service.arguments.units import Withdrawal, province_of, withdrawal_of
from bot.service.errors import UserError
from bot.service.schedule import ScheduleError
from bot.service.schedule.parsing import parse_when, split_options
from bot.service.schedule.spans import parse_duration
from bot.service.words.quoting import excerpt, quotes_cut
from engine import OrderError, Variant
from engine.names import power_code


class Declared(Protocol):
    """What reading needs of a command's declaration
    (:class:`bot.service.commands.spec.CommandSpec`)."""

    @property
    def name(self) -> str: ...
    @property
    def usage(self) -> str: ...
    @property
    def examples(self) -> tuple[str, ...]: ...
    @property
    def arguments(self) -> tuple[Argument, ...]: ...


# A read argument: text, a yes/no, a span of time, a day, several names, settings; None: not
# given.
Value = str | bool | timedelta | date | tuple[str, ...] | Mapping[str, str] | None

# One word of a line; a user in the neutral form may have spaces in its name (`<@U1|Fran S>`).
_TOKEN = re.compile(r"(?:[^\s<]*=)?<@[^>]*>|\S+")
_PHASE = re.compile(r"(?i)[SFW]\d{3,4}[MRA]")
_NAME_BREAK = re.compile(r"[\s,;/]+")
# Kinds written in several words, read to the end of the line (and so last in place).
_TO_THE_END = (Kind.TEXT, Kind.SETTINGS, Kind.WHEN, Kind.DURATION, Kind.UNIT, Kind.WITHDRAWAL)
_YES = ("yes", "on", "true")
_NO = ("no", "off", "false")
_A_UNIT = "a unit or province, e.g. A PAR, PAR, F StP/nc or Paris"
# What each kind accepts, as the refusal says it.
_ACCEPTED: dict[Kind, str] = {
    Kind.TEXT: "some text",
    Kind.WORD: "one word",
    Kind.NAMES: "names separated by commas",
    Kind.YES_NO: "yes or no",
    Kind.USER: "a person: type @ and pick them from the list that opens",
    Kind.POWER: "a power",
    Kind.UNIT: _A_UNIT,
    Kind.WITHDRAWAL: f"{_A_UNIT}; or `all`, `waive`, `if`, `if MUN`, `if +2`",
    Kind.DURATION: "a duration, e.g. 24h, 90m or 1d12h",
    Kind.WHEN: "a time in the game's time zone, e.g. +2h, tomorrow 18:00 or 2026-11-25 18:00",
    Kind.PHASE: "a phase, e.g. S1901M, F1901R or W1901A",
    Kind.DATE: "a date, e.g. 2026-12-28",
    Kind.SETTINGS: "options written option=value, e.g. press=public",
}


_T = TypeVar("_T")


class ArgumentError(UserError):
    """A wrong argument, refused in the one shape of :func:`refusal`."""


def accepted(argument: Argument, variant: Variant | None = None) -> str:
    """What an argument accepts, in words."""
    if argument.choices:
        return "one of " + ", ".join(f"`{c.value}`" for c in argument.choices)
    if argument.kind is Kind.YES_NO and argument.word is not None:
        return f"`{argument.word}` alone"
    if argument.kind is Kind.POWER and variant is not None:
        return "a power: " + ", ".join(variant.power_info[p].name for p in variant.powers)
    return _ACCEPTED[argument.kind]


def refusal(spec: Declared, argument: Argument | None, problem: str, what: str = "") -> str:
    """The one refusal of a wrong argument: the problem, what is accepted, and the usage."""
    takes = f": `{argument.name}` takes {what or accepted(argument)}" if argument else ""
    shown = next((e for e in spec.examples if " " in e), None)
    example = f", e.g. `{shown}`" if shown else ""
    return f"{problem}{takes}. Usage: `{spec.usage}`{example}."


def _problem(error: ScheduleError) -> str:
    """A reader's complaint without its own advice, which the refusal gives."""
    return quotes_cut(str(error)).split(": write", 1)[0]


@dataclass(frozen=True, slots=True)
class Values:
    """A command's arguments, read: each by its name, as its kind reads it."""

    spec: Declared | None = None
    given: Mapping[str, Value] = field(default_factory=dict)

    def __contains__(self, name: str) -> bool:
        return self.given.get(name) is not None

    def text(self, name: str) -> str:
        """Text or one word as written; "" when not given."""
        value = self.given.get(name)
        return value if isinstance(value, str) else ""

    def flag(self, name: str) -> bool:
        return self.given.get(name) is True

    def names(self, name: str) -> tuple[str, ...]:
        value = self.given.get(name)
        return value if isinstance(value, tuple) else ()

    def duration(self, name: str) -> timedelta | None:
        value = self.given.get(name)
        return value if isinstance(value, timedelta) else None

    def day(self, name: str) -> date | None:
        value = self.given.get(name)
        return value if isinstance(value, date) else None

    def settings(self, name: str) -> dict[str, str]:
        """`option=value ...`, names in lower case with ``-`` read as ``_``."""
        value = self.given.get(name)
        return dict(value) if isinstance(value, Mapping) else {}

    def user(self, name: str) -> tuple[str, str] | None:
        """(user id, name to show) of the person named."""
        return read_user(self.text(name)) if name in self else None

    def power(self, name: str, variant: Variant) -> str | None:
        """The code of the power named, in ``variant``; None when none was named."""
        written = self.text(name)
        return _power(self._refused(name), written, variant) if written else None

    def powers(self, name: str, variant: Variant) -> list[str]:
        """The codes of the powers named, in order, each once."""
        found: list[str] = []
        for written in self.names(name):
            code = _power(self._refused(name), written, variant)
            if code not in found:
                found.append(code)
        return found

    def province(self, name: str, variant: Variant) -> str | None:
        """The province of the unit or place named, in ``variant``; None when none was."""
        written = self.text(name)
        return self._on_map(name, province_of, variant) if written else None

    def withdrawal(self, name: str, variant: Variant) -> Withdrawal:
        """What `clear` withdraws, places read in ``variant``: every order when not given."""
        return self._on_map(name, withdrawal_of, variant)

    def _on_map(self, name: str, read: Callable[[Variant, str], _T], variant: Variant) -> _T:
        try:
            return read(variant, self.text(name))
        except OrderError as exc:
            raise self._refused(name)(quotes_cut(str(exc))) from None

    def when(self, name: str, *, now: datetime, zone: str) -> datetime | None:
        """The moment named, read in ``zone``, in UTC; None when none was named."""
        written = self.text(name)
        if not written:
            return None
        try:
            return parse_when(written, now=now, zone=zone)
        except ScheduleError as exc:
            raise self._refused(name)(_problem(exc)) from None

    def refuse(self, name: str, problem: str, what: str = "") -> ArgumentError:
        """The refusal of this argument, for what only its handler can tell is wrong."""
        return self._refused(name)(problem, what)

    def _refused(self, name: str) -> _Refuser:
        return _Refuser(self.spec, _argument(self.spec, name))


@dataclass(frozen=True, slots=True)
class _Refuser:
    spec: Declared | None
    argument: Argument | None

    def __call__(self, problem: str, what: str = "") -> ArgumentError:
        if self.spec is None:
            return ArgumentError(f"{problem}.")
        return ArgumentError(refusal(self.spec, self.argument, problem, what))


def _argument(spec: Declared | None, name: str) -> Argument | None:
    if spec is None:
        return None
    return next((a for a in spec.arguments if a.name == name), None)


def _power(refuse: _Refuser, written: str, variant: Variant) -> str:
    try:
        return power_code(variant, written)
    except OrderError:
        what = accepted(Argument("power", "", Kind.POWER), variant)
        raise refuse(f"`{excerpt(written)}` is no power of {variant.name}", what) from None


# Reading ------------------------------------------------------------------------------------


def read_typed(spec: Declared, typed: Mapping[str, ArgumentValue]) -> Values:
    """Option values as a front end with typed options hands them over, read."""
    given: dict[str, Value] = {}
    settings: dict[str, str] = {}
    for argument in spec.arguments:
        value = typed.get(argument.name)
        if value is None or value == "":
            continue
        if argument.setting is not None:
            text = argument.value_text(value)
            if text is not None:
                key = argument.setting.lower().replace("-", "_")
                settings[key] = f"{settings[key]}+{text}" if key in settings else text
        elif isinstance(value, bool):
            given[argument.name] = value
        else:
            _refuse_misplaced(spec, argument, value)
            given[argument.name] = _read(spec, argument, value.strip())
    if settings:
        given[_settings_name(spec)] = settings
    _require(spec, given)
    return Values(spec, given)


def _refuse_misplaced(spec: Declared, argument: Argument, value: str) -> None:
    """An option's value that starts as another argument is written in a line (`with
    @zoe` in `powers`): that argument has an option of its own, which is where it goes.
    Free text is what it is, whatever its first word (`message: grey skies`)."""
    if argument.kind is Kind.TEXT:
        return
    first = value.split(maxsplit=1)[0].lower() if value.strip() else ""
    other = next((a for a in spec.arguments if a.word and a.word.lower() == first), None)
    if other is None or other is argument or other.setting is not None:
        return
    raise ArgumentError(
        refusal(
            spec,
            argument,
            f"`{excerpt(value)}` was typed in the {argument.name} option",
            f"{accepted(argument)}; give `{other.name}` in an option of its own",
        )
    )


def read_line(spec: Declared, line: str) -> Values:
    """The text after a command's word, read by its declaration."""
    given: dict[str, Value] = {}
    worded = {a.word.lower(): a for a in spec.arguments if a.word is not None and a.setting is None}
    waiting = [a for a in spec.arguments if a.word is None and a.setting is None]
    tokens = list(_TOKEN.finditer(line))
    at = 0
    while at < len(tokens):
        word = tokens[at].group(0)
        head, eq, _ = word.partition("=")
        argument = worded.get(word.lower()) or (worded.get(head.lower()) if eq else None)
        if argument is not None and argument.name not in given:
            at = _read_worded(spec, argument, tokens, at, given)
            continue
        if eq and _takes_settings(spec) and not word.startswith("<@"):
            given[_settings_name(spec)] = _read_settings(spec, line[tokens[at].start() :])
            break
        at = _read_in_place(spec, waiting, line, tokens, at, given, worded)
    _require(spec, given)
    return Values(spec, given)


def _read_worded(
    spec: Declared,
    argument: Argument,
    tokens: list[re.Match[str]],
    at: int,
    given: dict[str, Value],
) -> int:
    """A worded argument at ``tokens[at]``: the word alone for a yes/no, else the word and
    its value (`with <user>` or `with=<user>`); where the reading goes on."""
    word = tokens[at].group(0)
    if argument.kind is Kind.YES_NO:
        given[argument.name] = True
        return at + 1
    _, eq, value = word.partition("=")
    if not eq:
        if at + 1 >= len(tokens):
            raise ArgumentError(refusal(spec, argument, f"Nothing follows `{word}`"))
        value, at = tokens[at + 1].group(0), at + 1
    given[argument.name] = _read(spec, argument, value)
    return at + 1


def _read_in_place(
    spec: Declared,
    waiting: list[Argument],
    line: str,
    tokens: list[re.Match[str]],
    at: int,
    given: dict[str, Value],
    worded: Mapping[str, Argument],
) -> int:
    """The next argument read in its place from ``tokens[at]``; where the reading goes on."""
    word = tokens[at].group(0)
    # optional arguments this word cannot be: a later word may be one (`map balkans S1901M`)
    passed: list[Argument] = []
    while waiting:
        argument = waiting.pop(0)
        if argument.kind in _TO_THE_END or (argument.kind is Kind.USER and not waiting):
            # a user written last is all the rest: `two words` names nobody, as a whole
            rest = line[tokens[at].start() :].strip()
            given[argument.name] = _read(spec, argument, rest)
            return len(tokens)
        if argument.kind is Kind.NAMES:
            names, at = _names(tokens, at, worded, last=not waiting)
            given[argument.name] = _read(spec, argument, names)
            waiting[:0] = passed
            return at
        if not argument.required and waiting and not _may_be(argument, word):
            passed.append(argument)
            continue
        given[argument.name] = _read(spec, argument, word)
        waiting[:0] = passed
        return at + 1
    if _takes_settings(spec):
        # more than the arguments in place: options, read by the options code (`schedule`
        # alone is an option without its value)
        given[_settings_name(spec)] = _read_settings(spec, line[tokens[at].start() :])
        return len(tokens)
    takes = ", ".join(f"`{a.name}`" for a in spec.arguments) or "nothing after it"
    raise ArgumentError(
        refusal(spec, None, f"`{excerpt(word)}` is more than `{spec.name}` takes ({takes})")
    )


def _names(
    tokens: list[re.Match[str]], at: int, worded: Mapping[str, Argument], *, last: bool
) -> tuple[str, int]:
    """Names from ``tokens[at]``: while commas join them, or, last of the arguments read in
    place, up to the next worded argument."""
    taken = [tokens[at].group(0)]
    at += 1
    while at < len(tokens):
        word = tokens[at].group(0)
        joined = taken[-1].endswith(",") or word.startswith(",")
        if word.lower() in worded or "=" in word or not (joined or last):
            break
        taken.append(word)
        at += 1
    return " ".join(taken), at


def _may_be(argument: Argument, word: str) -> bool:
    """Whether a word may be this argument's value (an optional one is passed over if not)."""
    if argument.choices:
        return any(c.means(word) for c in argument.choices)
    if argument.kind is Kind.PHASE:
        return _PHASE.fullmatch(word) is not None
    if argument.kind is Kind.USER:
        return read_user(word) is not None
    return True


def _read(spec: Declared, argument: Argument, written: str) -> Value:
    """One argument's text, read into its kind's value."""
    refuse = _Refuser(spec, argument)
    kind = argument.kind
    if argument.choices:
        chosen = next((c.value for c in argument.choices if c.means(written)), None)
        if chosen is None:
            raise refuse(f"`{excerpt(written)}` is not a choice")
        return chosen
    if kind is Kind.NAMES:
        return tuple(n for n in _NAME_BREAK.split(written) if n)
    if kind is Kind.YES_NO:
        if written.lower() in _YES:
            return True
        if written.lower() in _NO:
            return False
        raise refuse(f"`{excerpt(written)}` is neither yes nor no")
    if kind is Kind.USER and read_user(written) is None:
        raise refuse(f"`{excerpt(written)}` names nobody I can tell")
    if kind is Kind.DURATION:
        try:
            return parse_duration(written)
        except ScheduleError as exc:
            raise refuse(_problem(exc)) from None
    if kind is Kind.PHASE:
        if _PHASE.fullmatch(written) is None:
            raise refuse(f"`{excerpt(written)}` is not a phase")
        return written.upper()
    if kind is Kind.DATE:
        try:
            return date.fromisoformat(written)
        except ValueError:
            raise refuse(f"`{excerpt(written)}` is not a date") from None
    if kind is Kind.SETTINGS:
        return _read_settings(spec, written)
    return written


def _read_settings(spec: Declared, written: str) -> dict[str, str]:
    argument = next((a for a in spec.arguments if a.kind is Kind.SETTINGS), None)
    try:
        return split_options(written)
    except ScheduleError as exc:
        raise ArgumentError(refusal(spec, argument, _problem(exc))) from None


def _takes_settings(spec: Declared) -> bool:
    return any(a.setting is not None or a.kind is Kind.SETTINGS for a in spec.arguments)


def _settings_name(spec: Declared) -> str:
    """Where a command's settings are kept: its settings argument, else `settings`."""
    return next((a.name for a in spec.arguments if a.kind is Kind.SETTINGS), "settings")


def _require(spec: Declared, given: Mapping[str, Value]) -> None:
    for argument in spec.arguments:
        if argument.required and given.get(argument.name) in (None, "", ()):
            what = accepted(argument)
            raise ArgumentError(refusal(spec, argument, f"No `{argument.name}` was given", what))
