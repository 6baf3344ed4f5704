"""A command's arguments, read once into typed values by its declaration: from a line of text
(Slack, direct messages, the console) and from typed options (Discord) alike; a wrong one
gets one refusal: what was wrong, what the argument takes, and the command's usage."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import date, timedelta
from pathlib import Path
from typing import Any

import pytest

from bot.service.arguments import (
    AllOrders,
    ArgumentError,
    ArgumentValue,
    Conditional,
    Kind,
    Place,
    Waives,
    Withdrawal,
    read_line,
    read_typed,
)
from bot.service.commands.grammar import parse_command
from bot.service.commands.registry import BY_NAME, COMMANDS
from engine.variant import load_variant
from tests.bot.service.harness import Table, open_table


@pytest.mark.parametrize(
    ("line", "values"),
    [
        ("extend 1d12h", {"duration": timedelta(days=1, hours=12)}),
        ("extend 2 hours", {"duration": timedelta(hours=2)}),
        ("deadline tomorrow 18:00", {"when": "tomorrow 18:00"}),
        ("history F1901M", {"phase": "F1901M"}),
        ("history s1901m", {"phase": "S1901M"}),
        ("history undelivered", {"undelivered": True}),
        ("map balkans mine", {"region": "balkans", "mine": True}),
        # an optional argument passed over is still there for a later word
        ("map balkans S1901M", {"phase": "S1901M", "region": "balkans"}),
        ("map S1901M balkans", {"phase": "S1901M", "region": "balkans"}),
        ("kick France", {"power": "France"}),
        ("replace france <@U1|Fran Smith>", {"power": "france", "user": "<@U1|Fran Smith>"}),
        ("bot france off", {"power": "france", "off": True}),
        ("end confirm", {"confirm": True}),
        ("surrender CANCEL", {"decision": "cancel"}),
        ("palette colorblind", {"palette": "colourblind"}),
        ("vote no", {"vote": "no"}),
        ("vote pause until 2026-12-28", {"vote": "pause", "until": date(2026, 12, 28)}),
        ("join france, england", {"powers": ("france", "england")}),
        (
            "join france with <@U1|Fran Smith>",
            {"powers": ("france",), "with": "<@U1|Fran Smith>"},
        ),
        (
            "press england,germany grey Shall we?\nYes.",
            {"to": ("england", "germany"), "grey": True, "message": "Shall we?\nYes."},
        ),
        ("press all grey skies", {"to": ("all",), "grey": True, "message": "skies"}),
        ("order A Par-Bur; F Bre-MAO", {"orders": "A Par-Bur; F Bre-MAO"}),
        (
            "newgame hague press=public+grey tz=Europe/London",
            {"name": "hague", "settings": {"press": "public+grey", "tz": "Europe/London"}},
        ),
        ("settings nmr=cd schedule=24h/1h/1h", {"changes": {"nmr": "cd", "schedule": "24h/1h/1h"}}),
        (
            "standings autumn-2026 scoring=c-diplo",
            {"season": "autumn-2026", "settings": {"scoring": "c-diplo"}},
        ),
    ],
)
def test_a_line_is_read_into_values(line: str, values: dict[str, Any]) -> None:
    command = parse_command(line)
    assert dict(command.values.given) == values


# Typed options of every kind, as a front end with typed options hands them over, and the
# same arguments typed as text after the command's word.
TYPED: list[tuple[str, dict[str, ArgumentValue], str]] = [
    ("extend", {"duration": "1d12h"}, "1d12h"),
    ("map", {"phase": "S1901M", "region": "balkans", "mine": True}, "S1901M balkans mine"),
    ("map", {"phase": None, "region": "balkans", "mine": True}, "balkans mine"),
    ("history", {"undelivered": True}, "undelivered"),
    ("replace", {"power": "france", "user": "<@U1|Fran Smith>"}, "france <@U1|Fran Smith>"),
    (
        "join",
        {"powers": "france, england", "with": "<@U1|Fran>"},
        "france, england with <@U1|Fran>",
    ),
    ("join", {"with": "<@U1|Fran>"}, "with <@U1|Fran>"),
    (
        "press",
        {"to": "england ,germany", "grey": True, "message": "Shall we?\nYes."},
        "england,germany grey Shall we?\nYes.",
    ),
    (
        "newgame",
        {"name": "hague", "press": "public", "grey_press": True, "tz": " Europe/London "},
        "hague press=public+grey tz=Europe/London",
    ),
    ("newgame", {"grey_press": True, "anonymous": False}, "press=grey anonymous=off"),
    ("newgame", {"variant": "1961-4"}, "variant=1961-4"),
    ("leave", {"confirm": True}, "confirm"),
    ("bot", {"power": "france", "off": True}, "france off"),
    ("vote", {"vote": "extend", "by": "1d"}, "extend 1d"),
    ("order", {"orders": "A Par-Bur; F Bre-MAO"}, "A Par-Bur; F Bre-MAO"),
    ("possible", {"unit": "F St Petersburg/sc"}, "F St Petersburg/sc"),
    ("clear", {"unit": "if +2"}, "if +2"),
    ("clear", {"unit": "A Par"}, "A Par"),
]


@pytest.mark.parametrize(
    ("name", "typed", "line"), TYPED, ids=[f"{name} {line}" for name, _, line in TYPED]
)
def test_typed_options_and_the_same_arguments_typed_read_alike(
    name: str, typed: dict[str, ArgumentValue], line: str
) -> None:
    spec = BY_NAME[name]
    assert read_typed(spec, typed).given == read_line(spec, line).given


UNITS = [
    # (as written, the province read)
    ("A PAR", "PAR"),
    ("par", "PAR"),
    ("Paris", "PAR"),
    ("F StP/nc", "STP"),
    ("fleet St Petersburg (south coast)", "STP"),
    ("army vienna", "VIE"),
    ("Mid-Atlantic Ocean", "MAO"),
]


@pytest.mark.parametrize(("written", "province"), UNITS)
def test_a_unit_is_read_into_its_province(written: str, province: str) -> None:
    variant = load_variant()
    possible = read_line(BY_NAME["possible"], written)
    assert possible.province("unit", variant) == province
    assert read_typed(BY_NAME["possible"], {"unit": written}).province("unit", variant) == province
    assert read_line(BY_NAME["clear"], written).withdrawal("unit", variant) == Place(province)


WITHDRAWALS: list[tuple[str, Withdrawal]] = [
    ("", AllOrders()),
    ("ALL", AllOrders()),
    ("waives", Waives()),
    ("if", Conditional()),
    ("if MUN", Conditional(province="MUN")),
    ("IF a munich", Conditional(province="MUN")),
    ("if +2", Conditional(number=2)),
    ("if - 1", Conditional(number=-1)),
    ("Wales", Place("WAL")),
]


@pytest.mark.parametrize(("written", "withdrawal"), WITHDRAWALS)
def test_what_clear_withdraws_is_read_into_a_value(written: str, withdrawal: Withdrawal) -> None:
    assert read_line(BY_NAME["clear"], written).withdrawal("unit", load_variant()) == withdrawal


def test_no_unit_is_none_and_a_wrong_one_gets_the_one_refusal() -> None:
    variant = load_variant()
    assert read_line(BY_NAME["possible"], "").province("unit", variant) is None
    with pytest.raises(ArgumentError) as refused:
        read_line(BY_NAME["possible"], "A Xyz").province("unit", variant)
    assert str(refused.value) == (
        "unknown province 'Xyz': `unit` takes a unit or province, e.g. A PAR, PAR, F StP/nc or "
        "Paris. Usage: `possible [province]`, e.g. `possible MAR`."
    )
    with pytest.raises(ArgumentError) as refused:
        read_line(BY_NAME["clear"], "if Nowhere").withdrawal("unit", variant)
    assert str(refused.value).startswith("unknown province 'Nowhere'")
    assert str(refused.value).endswith("Usage: `clear [unit|all]`, e.g. `clear A PAR`.")


def test_every_kind_is_declared_somewhere() -> None:
    used = {a.kind for spec in COMMANDS for a in spec.arguments}
    assert used == set(Kind)


@pytest.fixture
async def table(tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table("sqlite", tmp_path) as table:
        await table.seven_players()
        table.fresh()
        yield table


# (who writes, the line, the start of the refusal): a wrong argument of each kind.
WRONG = [
    ("gm", "kick prussia", "`prussia` is no power of standard: `power` takes a power: Austria,"),
    (
        "gm",
        "extend soon",
        "cannot read 'soon' as a duration: `duration` takes a duration, e.g. 24h, 90m or 1d12h.",
    ),
    ("gm", "deadline whenever", "cannot read 'whenever' as a time: `when` takes a time in the"),
    (
        "alice",
        "history yesterday",
        "`yesterday` is not a phase: `phase` takes a phase, e.g. S1901M",
    ),
    (
        "gm",
        "replace france two words",
        "`two words` names nobody I can tell: `user` takes a person",
    ),
    ("gm", "end now", "`now` is more than `end` takes (`confirm`)."),
    (
        "alice",
        "surrender maybe",
        "`maybe` is not a choice: `decision` takes one of `confirm`, `cancel`.",
    ),
    (
        "alice",
        "press prussia, england Hi",
        "`prussia` is no power of standard: `to` takes a power:",
    ),
    ("alice", "report", "No `text` was given: `text` takes some text."),
    ("alice", "vote pause until someday", "`someday` is not a date: `until` takes a date, e.g. 2"),
    (
        "gm",
        "settings press",
        "'press': options are name=value, e.g. schedule=48h/2h/2h: `changes` takes",
    ),
    (
        "alice",
        "map atlantis",
        "`atlantis` is neither a phase nor a region: `region` takes a province",
    ),
    ("alice", "clear F Atlantis", "unknown province 'Atlantis' (did you mean Mid-Atlantic Ocean?)"),
    ("alice", "possible Xyz", "unknown province 'Xyz': `unit` takes a unit or province, e.g. A"),
    (
        "alice",
        "standings autumn!",
        "`autumn!` cannot name a season: `season` takes one word of letters, digits, - or _ (at "
        "most 40), e.g. autumn-2026.",
    ),
]


@pytest.mark.parametrize(("who", "line", "refusal"), WRONG, ids=[line for _, line, _ in WRONG])
async def test_a_wrong_argument_gets_the_one_refusal(
    table: Table, who: str, line: str, refusal: str
) -> None:
    usage = BY_NAME[line.split()[0]].usage
    lines = await table.play(f"{who}> /dip {line}")
    assert lines == [lines[0]] and lines[0].startswith(f"[only:{who}#game] {refusal}")
    assert f". Usage: `{usage}`" in lines[0]


def test_a_refusal_is_an_error_the_player_reads() -> None:
    with pytest.raises(ArgumentError) as caught:
        parse_command("extend 36")
    assert str(caught.value) == (
        "'36' has no unit: `duration` takes a duration, e.g. 24h, 90m or 1d12h. Usage: "
        "`extend <duration>`, e.g. `extend 24h`."
    )
