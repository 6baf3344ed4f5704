"""The one command grammar of every front end, and the help text of every command.

A command is a word and the rest of the text, optionally addressed to a game by name::

    order A Par-Bur; F Bre-MAO        ->  Command("order", "A Par-Bur; F Bre-MAO")
    join france,england               ->  Command("join", "france,england")
    game hague order A PAR - BUR      ->  Command("order", "A PAR - BUR", game="hague")

The arguments keep their case and line breaks: orders may come one per line.

In a direct message, text whose first word is no command may be bare orders
(``A Par-Bur, F Bre-MAO``): it is read as ``order`` marked ``implicit``, and the order
handler answers with the usual "not a command" help unless it all reads as orders.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass

from bot.service.effects import Line, Message, Section
from bot.service.errors import UserError

_HEAD = re.compile(r"\s*(\S+)(?:\s+(.*))?", re.DOTALL)
_ORDER_LIKE = re.compile(r"(?i)^(a|f|army|fleet|build|remove|waive)\b")


@dataclass(frozen=True, slots=True)
class Spec:
    """One command: how to write it, what it does, and examples."""

    name: str
    usage: str
    summary: str
    details: tuple[str, ...] = ()
    examples: tuple[str, ...] = ()
    gm: bool = False


SPECS: tuple[Spec, ...] = (
    Spec(
        "help",
        "help [command]",
        "List the commands, or explain one.",
        examples=("help", "help order"),
    ),
    Spec(
        "newgame",
        "newgame [name] [option=value ...]",
        "Create a game in this channel; you become its game master.",
        (
            "The name is one word of letters, digits, - or _ (default: game-1, game-2, ...).",
            "schedule=48h/2h/2h  movement/retreats/adjustments (default), or blitz:5m, "
            "classroom, league, weekly:tz=...;due=wed 00:00,sun 00:00;process=mon 12:30",
            "tz=Europe/London  the game's time zone, for deadlines shown and typed",
            "negotiation=7d  time to negotiate before the first deadline counts",
            "ready_early=on|off  adjudicate early once every power is ready (default on)",
            "grace=10m  once all are ready, wait this long first (default 0)",
            "reminders=24h,1h  remind powers missing orders this long before orders close",
            "press=full|public|none|rulebook  the press rule: any press, only `press all` "
            "(posted in the channel), none (gunboat), or none during retreats and adjustments "
            "(the 1961 rules); add +grey to allow unsigned press (press=grey: full and grey)",
            "anonymous=on|off  keep who plays which power secret (default off)",
            "nmr=off|warn|warn:2|cd|excuse:1|excuse:1/12h  a power sending no orders for a "
            "movement phase: only counted (off), warned each time (warn), warned twice then "
            "civil disorder (warn:2), civil disorder at once (cd), or excused once by moving "
            "the deadline for everyone (24h, or as given) then civil disorder (excuse:1); in "
            "civil disorder its player is replaced",
            "end=1910  the game ends after 1910's adjustments and the most supply centres win; "
            "end=1910:units  the most units win; end=2027-01-15  it ends at the first campaign "
            "finished on or after that day (the game's time zone)",
            "players=6|5|4|4:2|4:3|3  the rule book's games for fewer players: 6 without "
            "Italy, 5 without Italy and Germany, 4 and 3 with players commanding two powers "
            "each (England; Austria and France; Germany and Turkey; Italy and Russia, or the "
            "layouts 4:2 and 4:3); powers not played stand in civil disorder",
        ),
        ("newgame", "newgame hague schedule=24h/1h/1h tz=Europe/Paris anonymous=on"),
    ),
    Spec(
        "join",
        "join [power ...]",
        "Join the game in this channel, naming the powers you would like, best first.",
        ("Powers are assigned by lot when the game starts, preferences honoured where possible.",),
        ("join", "join france, england"),
    ),
    Spec(
        "leave",
        "leave",
        "Leave the game. Once it has started your power falls into civil disorder.",
        ("In a game that has started, write `leave confirm`: your units then hold every turn.",),
        ("leave",),
    ),
    Spec("games", "games", "The games you play in, and the other games here.", (), ("games",)),
    Spec("players", "players", "Who plays in this game.", (), ("players",)),
    Spec(
        "start",
        "start",
        "Start the game: assign powers, open Spring 1901 and its deadline.",
        ("Every player learns their power by direct message.",),
        ("start",),
        gm=True,
    ),
    Spec(
        "order",
        "order <orders>",
        "Give orders: one or many, on new lines or separated by ; or ,",
        (
            "Any usual notation works: A Par-Bur, A PAR - BUR, Paris army to Burgundy, "
            "F Bre-MAO, A Mar S A Par-Bur, F NTH C A Lon-Bel, A Par R Gas, build A Par, waive.",
            "A later order for a unit replaces the earlier one. Send orders here by direct "
            "message; in the channel only you see the answer.",
            "In a direct message the word `order` may be left out: text that reads wholly as "
            "orders for your power (`A Par-Bur, F Bre-MAO`) is taken as orders.",
            "Conditional retreats and adjustments go with movement orders, separated by ; or "
            "new lines: `if MUN dislodged retreat BER, KIE` (first legal one; end with "
            "`disband` to disband rather than be asked), `if +2 build A LON, F EDI` (when two "
            "builds are owed after the Fall), `if -1 remove A MUN` (one removal owed). They "
            "become your orders when that phase opens, and you are told; whatever they did not "
            "foresee you order as usual.",
        ),
        (
            "order A Par-Bur; F Bre-MAO; A Mar-Spa",
            "game hague order A PAR - BUR",
            "order if MUN dislodged retreat BER, KIE; if +1 build A MUN",
        ),
    ),
    Spec("orders", "orders", "Your orders for this phase, and units still without one."),
    Spec(
        "clear",
        "clear [unit|all]",
        "Withdraw one order (by its unit or province) or all of them.",
        (
            "`clear` alone withdraws all of your orders; `clear waive` withdraws your waives; "
            "`clear if` your conditional orders, `clear if MUN` or `clear if +2` one of them.",
        ),
        ("clear A PAR", "clear all", "clear if MUN"),
    ),
    Spec(
        "possible",
        "possible [province]",
        "What your units may do: every move, or every order for the unit in one province.",
        (),
        ("possible", "possible MAR"),
    ),
    Spec(
        "ready",
        "ready",
        "Say your orders are final; when every power is ready the phase may be adjudicated early.",
    ),
    Spec("unready", "unready", "Take back `ready`."),
    Spec(
        "draw",
        "draw",
        "Vote to end the game in a draw, with this phase's orders.",
        (
            "The vote is secret until the phase is adjudicated, then reported to all. The game "
            "ends in a draw shared by every power still playing if all of them vote for it in "
            "the same phase; otherwise play goes on and votes start afresh.",
            "Powers in civil disorder or that surrendered neither vote nor share the draw.",
        ),
        ("draw",),
    ),
    Spec("undraw", "undraw", "Take back your draw vote for this phase.", (), ("undraw",)),
    Spec(
        "surrender",
        "surrender confirm",
        "Surrender: when this phase is adjudicated your power is out of the game.",
        (
            "Your orders for this phase still count; from then on your units hold and you give "
            "no more orders. Secret until the phase is adjudicated; `surrender cancel` takes it "
            "back before then.",
            "If all others surrender, the last power playing wins; if all surrender, the game "
            "is a tie. To surrender to an alliance, the allies vote `draw` in the same phase: "
            "the draw is theirs.",
        ),
        ("surrender confirm", "surrender cancel"),
    ),
    Spec(
        "press",
        "press <powers|all> [grey] <message>",
        "Send a message to other powers, signed with your power.",
        (
            "Name one power, several separated by commas, or `all` (every other power). "
            "Everyone playing them gets it by direct message; it is kept for the game's archive.",
            "`grey` right after the powers sends it unsigned, where the game allows grey press: "
            "nobody is ever told who wrote it.",
            "The game's press rule decides what may be sent: in a public-press game only "
            "`press all`, posted in the game's channel; in a gunboat game nothing; under the "
            "rule book nothing during retreats and adjustments.",
        ),
        (
            "press germany Shall we share Burgundy?",
            "press england,germany A northern alliance?",
            "press all grey Beware of France.",
        ),
    ),
    Spec(
        "report",
        "report <text>",
        "A private note to the game master, e.g. about a dispute or a threat.",
        (
            "Delivered by direct message to the game's creator and nobody else. In-game "
            "negotiation may be coercive, but threats to property or person are not allowed "
            "(the Judge Judy rule): report them.",
        ),
        ("report England threatened to damage my bike",),
    ),
    Spec(
        "export",
        "export",
        "The game record as a JSON file: every phase with its orders and results, press, votes.",
        (
            "Each phase is given as `dipgm adjudicate` reads it and as it answers, so the "
            "record can be checked or replayed. Grey press never names its writer; players "
            "are listed unless the game is anonymous.",
            "Players may export a game once it is over; the game master at any time, without "
            "anything of the phase still open.",
        ),
        ("export",),
    ),
    Spec(
        "status",
        "status",
        "The phase, its deadline, who is ready or still missing orders, and centre counts.",
    ),
    Spec(
        "map",
        "map [phase] [region] [mine]",
        "The map now, or of a past phase with its orders and results.",
        (
            "region: a province code (it and its neighbours) or one of british_isles, "
            "scandinavia, low_countries, france, iberia, central_europe, italy, balkans, "
            "turkey, russia, mediterranean.",
            "mine: your own orders drawn on the board, sent to you alone.",
        ),
        ("map", "map S1901M", "map balkans", "map mine"),
    ),
    Spec(
        "history",
        "history [phase]",
        "Every order and result of a past phase (default: the latest).",
        (),
        ("history", "history F1901M"),
    ),
    Spec(
        "process",
        "process",
        "Adjudicate the current phase now, without waiting for the deadline.",
        gm=True,
    ),
    Spec("pause", "pause", "Stop the clock; the time left is kept.", gm=True),
    Spec("resume", "resume", "Restart the clock with the time that was left.", gm=True),
    Spec(
        "lock",
        "lock",
        "Hold the current phase: it is not adjudicated at its deadline until `unlock`.",
        ("Orders can still be changed; `process` still adjudicates it at once.",),
        ("lock",),
        gm=True,
    ),
    Spec(
        "unlock",
        "unlock",
        "Release a locked phase: it is adjudicated at its deadline (now, if that has passed).",
        (),
        ("unlock",),
        gm=True,
    ),
    Spec(
        "kick",
        "kick <power>",
        "Remove the player(s) of a power: it falls into civil disorder, its units hold.",
        (
            "The channel is told a replacement is wanted. Orders the power had given this "
            "phase stay on file but count only if a new player takes over before the deadline.",
        ),
        ("kick france",),
        gm=True,
    ),
    Spec(
        "replace",
        "replace <power> <user>",
        "Hand a power to a new player (its current players, if any, leave the game).",
        (
            "The new player gets by DM the power's units, centres, what the phase asks of it "
            "and the orders already given for it this phase.",
        ),
        ("replace france @zoe",),
        gm=True,
    ),
    Spec(
        "rollback",
        "rollback confirm",
        "Undo the last adjudication: that phase opens again with its orders as given.",
        (
            "The phase that had opened after it is voided. Surrenders and eliminations of "
            "that adjudication are undone, and a finished game runs again. The channel is told.",
        ),
        ("rollback confirm",),
        gm=True,
    ),
    Spec(
        "extend",
        "extend <duration>",
        "Move the deadline later.",
        (),
        ("extend 24h", "extend 1d12h"),
        gm=True,
    ),
    Spec(
        "deadline",
        "deadline <when>",
        "Set the deadline, in the game's time zone.",
        (),
        ("deadline +2h", "deadline tomorrow 18:00", "deadline 2026-11-25 18:00"),
        gm=True,
    ),
    Spec(
        "settings",
        "settings [option=value ...]",
        "The game's settings; the game master changes them with the options of `newgame`.",
        (
            "Anyone may read them. Before the game starts every option may change; once it "
            "has started, anonymous, players and negotiation are settled, and the rest apply "
            "from now on (a new schedule from the next phase: `extend` or `deadline` moves "
            "the current deadline). end=none removes an agreed end.",
        ),
        ("settings", "settings press=public", "settings schedule=24h/1h/1h nmr=cd"),
    ),
    Spec(
        "end",
        "end",
        "End the game for good, without a winner.",
        ("Write `end confirm` to do it.",),
        ("end confirm",),
        gm=True,
    ),
)

BY_NAME: dict[str, Spec] = {spec.name: spec for spec in SPECS}
ALIASES = {"?": "help", "new": "newgame", "notready": "unready", "moves": "possible"}
GAME_TOPIC = (
    "game <name> <command>",
    "Address a game by name: needed in a direct message when you play in several games.",
    "e.g. game hague order A PAR - BUR",
)


@dataclass(frozen=True, slots=True)
class Command:
    """A command word and the rest of the text; ``game`` when the text named a game."""

    name: str
    args: str = ""
    game: str | None = None
    # Bare text in a DM taken as `order`: refused as "not a command" unless it is orders.
    implicit: bool = False

    @property
    def words(self) -> list[str]:
        return self.args.split()


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
        return _parse(text)
    except NotACommandError as exc:
        if not in_dm:
            raise
        return Command("order", exc.text, game=exc.game, implicit=True)


def _parse(text: str) -> Command:
    match = _HEAD.fullmatch(text)
    if match is None:
        raise UserError("Write a command, e.g. `help`.")
    word, rest = match.group(1), (match.group(2) or "").strip()
    if word.lower() == "game":
        return _addressed(rest)
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
    return Command(_command_name(word, args, whole=tail, game=name), args, game=name)


def _command_name(word: str, rest: str, *, whole: str, game: str | None = None) -> str:
    name = word.lower()
    name = ALIASES.get(name, name)
    if name in BY_NAME:
        return name
    raise NotACommandError(unknown_command_text(word, rest), whole, game)


def not_a_command_text(text: str) -> str:
    """The "not a command" help for a whole text, as :func:`parse_command` gives it."""
    match = _HEAD.fullmatch(text)
    if match is None:
        return "Write a command, e.g. `help`."
    return unknown_command_text(match.group(1), (match.group(2) or "").strip())


def unknown_command_text(word: str, rest: str) -> str:
    text = f"`{word}` is not a command."
    if _ORDER_LIKE.match(word) and rest:
        return f"{text} To give orders, start with `order`, e.g. `order {word} {rest}`."
    close = difflib.get_close_matches(word.lower(), list(BY_NAME), n=1, cutoff=0.6)
    if close:
        return f"{text} Did you mean `{close[0]}`? `help` lists every command."
    return f"{text} `help` lists every command."


# Help ------------------------------------------------------------------------------------


def help_message(topic: str = "") -> Message:
    """`help` (every command in one line each) or `help <command>`."""
    word = topic.strip().lower()
    if not word:
        return _overview()
    if word == "game":
        usage, summary, example = GAME_TOPIC
        return Message(title=usage, sections=(Section(None, (Line(summary), Line(example))),))
    spec = BY_NAME.get(ALIASES.get(word, word))
    if spec is None:
        raise UserError(unknown_command_text(topic.strip(), "") + " Try `help` alone.")
    return _detail(spec)


def _overview() -> Message:
    players = tuple(Line(f"{s.usage} — {s.summary}") for s in SPECS if not s.gm)
    masters = tuple(Line(f"{s.usage} — {s.summary}") for s in SPECS if s.gm)
    usage, summary, _ = GAME_TOPIC
    return Message(
        title="dipgm commands",
        sections=(
            Section("Everyone", players),
            Section("Game master (the game's creator or a workspace admin)", masters),
            Section(None, (Line(f"{usage} — {summary}"), Line("help <command> — more on one."))),
        ),
    )


def _detail(spec: Spec) -> Message:
    sections = [Section(None, (Line(spec.summary), *(Line(d) for d in spec.details)))]
    if spec.gm:
        sections.append(Section(None, (Line("For the game master only."),)))
    if spec.examples:
        sections.append(Section("Examples", tuple(Line(e, code=True) for e in spec.examples)))
    return Message(title=spec.usage, sections=tuple(sections))
