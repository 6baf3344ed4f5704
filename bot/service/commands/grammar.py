"""The one command grammar of every front end: text in, a :class:`Command` out.

A command is a word and the rest of the text, optionally addressed to a game by name::

    order A Par-Bur; F Bre-MAO        ->  Command("order", "A Par-Bur; F Bre-MAO")
    join france,england               ->  Command("join", "france,england")
    game hague order A PAR - BUR      ->  Command("order", "A PAR - BUR", game="hague")

The arguments keep their case and line breaks: orders may come one per line. Which words
are commands, and what each one's arguments are, is declared once in
:mod:`bot.service.commands.registry`.

In a direct message, text whose first word is no command may be bare orders
(``A Par-Bur, F Bre-MAO``): it is read as ``order`` marked ``implicit``, and the order
handler answers with the usual "not a command" help unless it starts as orders do.

Messages reach the bot as ``/dip <command>`` (:data:`COMMAND_PREFIX`): a slash command, or
a line starting so where the bot reads more than its own commands (a console channel); in a
direct message the prefix may be left out (:func:`command_in_message`).

A user is named in the neutral form of :mod:`bot.service.commands.mentions`
(``<@U0123|Zoe>``); each front end turns its own mention syntax into it
(:func:`neutral_users`).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace

from bot.service.arguments import GAME_ARGUMENT, Kind, Values, read_line, read_typed
from bot.service.commands.order_votes import leads_with_vote
from bot.service.commands.ordering import ORDERS_ARGUMENT
from bot.service.commands.registry import BY_NAME, find_command, unknown_command_text
from bot.service.context import Command
from bot.service.effects import Options
from bot.service.errors import UserError
from bot.service.words.quoting import excerpt

COMMAND_PREFIX = "/dip"
# Bare `/dip` asks for this.
_BARE_PREFIX_COMMAND = "help"
_HEAD = re.compile(r"\s*(\S+)(?:\s+(.*))?", re.DOTALL)


class NotACommandError(UserError):
    """The first word is no command; ``text`` is everything after any ``game <name>``."""

    def __init__(self, message: str, text: str, game: str | None) -> None:
        super().__init__(message)
        self.text = text
        self.game = game


def parse_command(text: str, *, in_dm: bool = False) -> Command:
    """Read a command; raise :class:`UserError` saying what would be right.

    ``in_dm``: text that starts with no command word may be bare orders (see above)."""
    try:
        written = _parse(text)
    except NotACommandError as exc:
        if not in_dm:
            raise
        values = Values(BY_NAME["order"], {ORDERS_ARGUMENT: exc.text})
        return Command("order", exc.text, exc.game, values, implicit=True, refusal=str(exc))
    return replace(written, values=read_line(BY_NAME[written.name], written.args))


def _parse(text: str) -> Command:
    """The command's name, its arguments as written and the game named; not read yet."""
    match = _HEAD.fullmatch(text)
    if match is None:
        raise UserError("Write a command, e.g. `help`.")
    word, rest = match.group(1), (match.group(2) or "").strip()
    if word.lower() == "game":
        return _addressed(rest)
    _refuse_votes_with_orders(text.strip(), None)
    return Command(_command_name(word, rest, whole=text.strip()), rest)


def _addressed(rest: str) -> Command:
    match = _HEAD.fullmatch(rest)
    if match is None:
        raise UserError("Name the game and the command, e.g. `game hague status`.")
    name, tail = match.group(1), (match.group(2) or "").strip()
    inner = _HEAD.fullmatch(tail)
    if inner is None:
        raise UserError(f"Say what to do in {name}, e.g. `game {name} status`.")
    word, args = inner.group(1), (inner.group(2) or "").strip()
    if word.lower() == "game":
        raise UserError("Name one game only, e.g. `game hague status`.")
    _refuse_votes_with_orders(tail, name)
    return Command(_command_name(word, args, whole=tail, game=name), args, game=name)


def typed_command(options: Options) -> Command:
    """A command given with typed options: its values read from them, never from text."""
    spec = BY_NAME[options.command]
    game = options.values.get(GAME_ARGUMENT.name) if spec.game_argument else None
    named = game.strip() if isinstance(game, str) and game.strip() else None
    return Command(spec.name, "", named, read_typed(spec, options.values))


def _refuse_votes_with_orders(text: str, game: str | None) -> None:
    """``DRAW`` on the first line and orders after it are orders with a vote (the league's
    way to vote), so in a direct message they are read as bare orders; elsewhere, and if
    not all of it reads as orders, this says what to write."""
    if not leads_with_vote(text):
        return
    word = re.split(r"[;,\n]", text, maxsplit=1)[0].strip().lower()
    alone = "surrender confirm" if word == "surrender" else word
    refusal = (
        f"`{word}` with other lines after it counts only if every line is an order, so "
        f"`{excerpt(text)}` was not done. Write `{alone}` alone to vote, or `order` before "
        "your orders to see which could not be read."
    )
    raise NotACommandError(refusal, text, game)


def _command_name(word: str, rest: str, *, whole: str, game: str | None = None) -> str:
    spec = find_command(word)
    if spec is None:
        raise NotACommandError(unknown_command_text(word, rest), whole, game)
    if rest and not spec.arguments:
        # `draw no` or `ready not yet` must never vote or mark ready: words a command does
        # not take are refused, never ignored.
        raise UserError(_nothing_after(spec.name, rest))
    return spec.name


def _nothing_after(name: str, rest: str) -> str:
    text = (
        f"`{name}` takes nothing after it, so `{excerpt(f'{name} {rest}')}` was not done. "
        f"Write `{name}`"
    )
    opposite = f"un{name}"
    if opposite in BY_NAME:
        text += f" to do it, or `{opposite}` to take it back"
    return text + "."


# How messages reach the bot ---------------------------------------------------------------


def command_after_prefix(rest: str) -> str:
    """The command written after ``/dip``; bare ``/dip`` asks for help."""
    return rest.strip() or _BARE_PREFIX_COMMAND


def command_in_message(text: str, *, prefix_optional: bool) -> str | None:
    """The command in a message to the bot: what follows a leading ``/dip`` (any case), or,
    where the prefix is optional (a direct message), the whole text; None when nothing in
    it is for the bot (nothing written, or no prefix where one is needed)."""
    match = _HEAD.fullmatch(text)
    if match is None:
        return None
    if match.group(1).lower() == COMMAND_PREFIX:
        return command_after_prefix(match.group(2) or "")
    return text.strip() if prefix_optional else None


def neutral_users(text: str, read_mention: Callable[[str], str | None]) -> str:
    """``text`` with the users its command names (``replace france @zoe``, ``join with @fran``)
    in the neutral form.

    ``read_mention`` is a front end's reader of its own mention syntax: the user in the
    neutral form, or None for text it does not recognise, which is left as written (the
    service then says what is wrong with it). Text that is no command stays as it is.
    """
    try:
        command = _parse(text)
    except UserError:
        return text
    arguments = BY_NAME[command.name].arguments
    args = command.args
    for place, argument in enumerate(arguments):
        if argument.kind is not Kind.USER:
            continue
        if argument.word is None:
            args = _user_in_place(args, place, read_mention)
        else:
            args = _user_after_word(args, argument.word, read_mention)
    if args == command.args:
        return text
    line = f"{command.name} {args}"
    return line if command.game is None else f"game {command.game} {line}"


def _user_in_place(args: str, place: int, read_mention: Callable[[str], str | None]) -> str:
    """A user written last, after one word for each argument before it."""
    words = args.split(maxsplit=place)
    if len(words) <= place:
        return args
    neutral = read_mention(words[place].strip())
    return args if neutral is None else " ".join([*words[:place], neutral])


def _user_after_word(args: str, word: str, read_mention: Callable[[str], str | None]) -> str:
    """A user written after its word, anywhere: `with @fran` (or `with=@fran`)."""

    def neutral(found: re.Match[str]) -> str:
        user = read_mention(found.group(2))
        return found.group(0) if user is None else found.group(1) + user

    # A mention Slack sends may have spaces in its name: `<@U1|Fran Smith>`.
    pattern = rf"(?i)((?<!\S){re.escape(word)}(?:\s*=\s*|\s+))(<@[^>]*>|\S+)"
    return re.sub(pattern, neutral, args, count=1)


def asks_for_menus(text: str | Options) -> str | None:
    """`order` with nothing after it (as text or as options) asks for a front end's order
    menus (its form): the game's name if one was given (`game hague order`), "" if not; None
    for anything else."""
    if isinstance(text, Options):
        if text.command != "order" or text.values.get(ORDERS_ARGUMENT):
            return None
        game = text.values.get(GAME_ARGUMENT.name)
        return game.strip() if isinstance(game, str) else ""
    try:
        parsed = _parse(text)
    except UserError:
        return None
    if parsed.name != "order" or parsed.args.strip():
        return None
    return parsed.game or ""
