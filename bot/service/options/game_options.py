"""A game's options: its variant, schedule, press rule, anonymity and map palette, as typed to
`newgame` and as kept in the game's settings (the variant in the game's own column)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from bot.service.errors import UserError
from bot.service.options.agreed_end import EndRule, parse_end
from bot.service.options.club_rules import (
    ClubRules,
    parse_reliability,
    parse_season,
    parse_votes,
)
from bot.service.options.computer_players import (
    DEFAULT_BOT_LEVEL,
    BotSeats,
    parse_bot_level,
    parse_bots,
    parse_cd,
)
from bot.service.options.fewer_players import Setup, parse_players
from bot.service.options.missed_orders_rule import NmrPolicy, parse_nmr
from bot.service.options.palette import Palette, parse_palette
from bot.service.options.teams import Teams, check_teams_setup, parse_teams
from bot.service.options.variant_choice import STANDARD, check_variant_setup, parse_variant
from bot.service.schedule import (
    Schedule,
    ScheduleError,
    parse_options,
)
from bot.service.words.quoting import excerpt
from engine import load_variant

NAME = re.compile(r"[a-z0-9][a-z0-9_-]{0,39}")
_ON = ("on", "yes", "true", "1")
_OFF = ("off", "no", "false", "0")
# Games' options read, by their settings' text, zone and variant; the oldest go first.
KEPT_OPTIONS = 4096
_KEPT: dict[tuple[str, str, str], GameOptions] = {}


class KeptGame(Protocol):
    """What a game keeps of its options: its settings, and its variant in a column of its own."""

    @property
    def settings(self) -> Mapping[str, Any]: ...

    @property
    def variant(self) -> str: ...


class Press(StrEnum):
    FULL = "full"
    PUBLIC = "public"
    NONE = "none"
    RULEBOOK = "rulebook"


@dataclass(frozen=True, slots=True)
class GameOptions:
    schedule: Schedule
    press: Press = Press.FULL
    anonymous: bool = False
    # Unsigned press may be sent (never with press=none).
    grey: bool = False
    nmr: NmrPolicy = field(default_factory=NmrPolicy)
    end: EndRule | None = None
    # Fewer than seven players as the rule book sets them out (None: 2 to 7, any powers).
    setup: Setup | None = None
    # The colours of the maps everyone sees (a player may choose their own for theirs).
    palette: Palette = Palette.STANDARD
    # The variant played (a name `dipgm variants` lists); the game row keeps it in its own
    # column, so it is not among the settings.
    variant: str = STANDARD
    # Several people may command one power (None: one person per power).
    teams: Teams | None = None
    # Seats nobody took that computer players fill when the game starts (None: none).
    bots: BotSeats | None = None
    # A computer takes over a power that falls into civil disorder (`cd=bot`).
    computer_cd: bool = False
    # The season it counts for, the reliability to join, the votes to pause or extend.
    club: ClubRules = field(default_factory=ClubRules)
    # How well computer players play: easy, normal or hard (`bot_level=`).
    bot_level: str = DEFAULT_BOT_LEVEL

    def to_settings(self) -> dict[str, Any]:
        settings = {
            "schedule": self.schedule.to_json(),
            "press": self.press.value,
            "grey_press": self.grey,
            "anonymous": self.anonymous,
            "nmr": self.nmr.to_json(),
            "end": None if self.end is None else self.end.to_json(),
            "setup": None if self.setup is None else self.setup.to_json(),
            "palette": self.palette.value,
            "teams": None if self.teams is None else self.teams.value,
            "bots": None if self.bots is None else self.bots.to_json(),
            "cd": "bot" if self.computer_cd else "hold",
            **self.club.to_settings(),
        }
        if self.bot_level != DEFAULT_BOT_LEVEL:
            settings["bot_level"] = self.bot_level  # games kept before levels read the default
        return settings

    @classmethod
    def of_game(cls, game: KeptGame, default_zone: str = "UTC") -> GameOptions:
        """The options a game keeps: its settings and its variant; read once for the same
        settings (every command about a game asks for them, some several times)."""
        # The settings are JSON data: equal texts are equal settings.
        key = (repr(game.settings), default_zone, game.variant)
        options = _KEPT.get(key)
        if options is None:
            options = cls.from_settings(game.settings, default_zone, variant=game.variant)
            if len(_KEPT) >= KEPT_OPTIONS:
                _KEPT.pop(next(iter(_KEPT)))
            _KEPT[key] = options
        return options

    @classmethod
    def from_settings(
        cls, settings: Mapping[str, Any], default_zone: str = "UTC", *, variant: str = STANDARD
    ) -> GameOptions:
        stored = settings.get("schedule")
        schedule = Schedule(zone=default_zone) if stored is None else Schedule.from_json(stored)
        return cls(
            schedule=schedule,
            press=Press(settings.get("press", Press.FULL.value)),
            anonymous=bool(settings.get("anonymous", False)),
            grey=bool(settings.get("grey_press", False)),
            nmr=NmrPolicy.from_json(settings.get("nmr")),
            end=EndRule.from_json(settings.get("end")),
            setup=Setup.from_json(settings.get("setup")),
            palette=Palette(settings.get("palette", Palette.STANDARD.value)),
            variant=variant,
            teams=None if settings.get("teams") is None else Teams(settings["teams"]),
            bots=BotSeats.from_json(settings.get("bots")),
            computer_cd=settings.get("cd") == "bot",
            club=ClubRules.from_settings(settings),
            bot_level=str(settings.get("bot_level", DEFAULT_BOT_LEVEL)),
        )


def new_game_options(
    written: str | None, given: Mapping[str, str], default_zone: str
) -> tuple[str | None, GameOptions]:
    """A new game's name as written (None: choose one) and its options given (`option=value`,
    read), checked: the name and the options."""
    name: str | None = None
    if written:
        name = written.lower()
        if not NAME.fullmatch(name):
            raise UserError(
                f"{excerpt(written)!r} cannot be a game name: use one word of letters, digits, "
                "- or _ (at most 40), e.g. `newgame hague`."
            )
    defaults = GameOptions(schedule=Schedule(zone=default_zone))
    if not given:
        return name, defaults
    return name, changed_options(given, defaults)[0]


# Options that only mean something before powers are assigned: changing them later would
# break what players were told (who plays whom) or what they already live with.
FIXED_ONCE_STARTED = {
    "variant": "the board was set when the game started",
    "anonymous": "who plays which power was settled when the game started",
    "players": "the powers were assigned when the game started",
    "teams": "who commands each power was settled when the game started",
    "negotiation": "the negotiation period is over once the game has started",
    "bots": "the seats nobody took were filled when the game started (the game master puts "
    "a computer on a power with `bot <power>`)",
}


def changed_options(
    given: Mapping[str, str], current: GameOptions
) -> tuple[GameOptions, list[str]]:
    """Options of `newgame` given (`option=value`, read) applied to a game's options: the new
    options, and the names of the options given. ``end=none`` removes an agreed end."""
    if not given:
        raise UserError(
            "Name the options to change, e.g. `settings press=public` or "
            "`settings schedule=24h/1h/1h`; `help newgame` lists the options."
        )
    names = [name.strip().lower().replace("-", "_") for name in given]
    options = dict(given)
    variant = current.variant
    if "variant" in options:
        variant = parse_variant(options.pop("variant"))
    press, grey = current.press, current.grey
    if "press" in options:
        press, grey = _press(options.pop("press"))
    anonymous = current.anonymous
    if "anonymous" in options:
        anonymous = _switch("anonymous", options.pop("anonymous"))
    setup = current.setup
    if "players" in options:
        setup = parse_players(options.pop("players"))
    palette = current.palette
    if "palette" in options:
        palette = parse_palette(options.pop("palette") or "", how="palette={}")
    teams = current.teams
    if "teams" in options:
        teams = parse_teams(options.pop("teams"))
    bots = current.bots
    if "bots" in options:
        bots = parse_bots(options.pop("bots"))
    computer_cd = current.computer_cd
    if "cd" in options:
        computer_cd = parse_cd(options.pop("cd"))
    club = _club_rules(options, current.club)
    bot_level = current.bot_level
    if "bot_level" in options:
        bot_level = parse_bot_level(options.pop("bot_level"))
    nmr_text = options.pop("nmr", None)
    end_text = options.pop("end", None)
    schedule = _changed_schedule(options, current.schedule)
    nmr = current.nmr if nmr_text is None else parse_nmr(nmr_text, schedule)
    check_variant_setup(variant, setup)
    check_teams_setup(teams, setup)
    end = current.end if end_text is None else _changed_end(end_text, variant, schedule)
    changed = GameOptions(
        schedule=schedule,
        press=press,
        anonymous=anonymous,
        grey=grey,
        nmr=nmr,
        end=end,
        setup=setup,
        palette=palette,
        variant=variant,
        teams=teams,
        bots=bots,
        computer_cd=computer_cd,
        club=club,
        bot_level=bot_level,
    )
    return changed, names


def _changed_schedule(options: dict[str, str], base: Schedule) -> Schedule:
    """The schedule with the options left once the others are taken out; an option it
    does not know is refused with the list of all of them."""
    try:
        return parse_options(options, base=base)
    except ScheduleError as exc:
        raise UserError(
            f"{exc}. The other options are variant, press, anonymous, nmr, end, players, "
            "teams, bots, cd, bot_level, palette, season, reliability and votes; `help newgame` "
            "explains each."
        ) from None


def _changed_end(text: str, variant: str, schedule: Schedule) -> EndRule | None:
    """The agreed end as given; ``none`` (or another word for off) removes it."""
    off = text.strip().lower() in ("none", *_OFF)
    rules = load_variant(variant).rules
    if off:
        return None
    return parse_end(text, schedule.zone, rules.first_year, turns=rules.ruleset.numbered_turns)


def _club_rules(options: dict[str, str], current: ClubRules) -> ClubRules:
    """The options `season=`, `reliability=` and `votes=` taken out of ``options``."""
    season, reliability, votes = current.season, current.reliability, current.votes
    if "season" in options:
        season = parse_season(options.pop("season"))
    if "reliability" in options:
        reliability = parse_reliability(options.pop("reliability"))
    if "votes" in options:
        votes = parse_votes(options.pop("votes"))
    return ClubRules(season=season, reliability=reliability, votes=votes)


_PRESS_WORDS = re.compile(r"[\s,+]+")


def _press(value: str | None) -> tuple[Press, bool]:
    """``full``, ``public``, ``none`` or ``rulebook``, with ``grey`` to allow unsigned press
    (``press=grey`` alone: full press, grey allowed)."""
    if value is None:
        return Press.FULL, False
    words = [w for w in _PRESS_WORDS.split(value.strip().lower()) if w]
    grey = any(w in ("grey", "gray") for w in words)
    rules = [w for w in words if w not in ("grey", "gray")]
    wrong = UserError(
        f"press={value} is not a press rule: write press=full, public, none or rulebook, "
        "adding +grey to allow unsigned press (e.g. press=rulebook+grey, or press=grey)."
    )
    if len(rules) > 1:
        raise wrong
    try:
        rule = Press(rules[0]) if rules else Press.FULL
    except ValueError:
        raise wrong from None
    if grey and rule is Press.NONE:
        raise UserError("press=none allows no press at all, so it cannot allow grey press.")
    return rule, grey


def _switch(name: str, value: str | None) -> bool:
    if value is None:
        return False
    word = value.strip().lower()
    if word in _ON:
        return True
    if word in _OFF:
        return False
    raise UserError(f"{name}={value}: write {name}=on or {name}=off.")
