"""The UK rule book's sample game (section III.6) played end to end through the console front
end on the fake clock: seven players join, the game master starts, every order is typed by a
player (by DM, or privately in the channel), each deadline passes, and the game reaches Spring
1903 on the board the book prints.

The transcript (``data/uk_sample_game.txt``) is what the players type. What the book says
happened comes from the engine's transcription of the book (``tests/engine/test_sample_games``):
each phase's orders as the book writes them, the outcome of every order and the board after
it. The channel's results must show exactly the book's orders with the book's outcomes, and
the game must stand on the book's boards.
"""

from __future__ import annotations

import re
from collections.abc import AsyncIterator, Sequence
from pathlib import Path

import pytest
from sqlalchemy import select

from bot.store import Phase, PhaseStatus
from engine import Position, format_order
from tests.bot.service.harness import SEVEN, Table, open_table, said
from tests.bot.store.support import BACKENDS
from tests.engine.test_sample_games import UK, read_orders

TRANSCRIPT = Path(__file__).parent / "data" / "uk_sample_game.txt"

POWER_NAMES = ("Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey")
# Who plays what: each player asks for one power and no two ask for the same, so `start` gives
# every player their wish whatever the draw.
PLAYERS = dict(zip(POWER_NAMES, SEVEN, strict=True))
# The title of each phase's results in the channel, in the order of the book's phases.
TITLES = (
    "Spring 1901",
    "Fall 1901",
    "Winter 1901 adjustments",
    "Spring 1902",
    "Fall 1902",
    "Fall 1902 retreats",
    "Winter 1902 adjustments",
)
# One line of a results message: "A BUD - GAL  ✗ bounced", "F EDI B  ✓ built",
# "A BUR - BEL  ✗ dislodged (may retreat to GAS, PAR)", "A VIE  held (no order)".
RESULT_LINE = re.compile(r"^(?P<order>[AF] \S+(?: .*?)?)  (?:[✓✗] )?(?P<outcome>[a-z]+)\b")

# The reply to an `order` that took every line: "Orders: 3 accepted".
ACCEPTED = re.compile(r"Orders: \d+ accepted")

Results = dict[tuple[str, str], tuple[str, str]]


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        yield table


def unit_of(order: str) -> str:
    """``A BUD - GAL`` -> ``A BUD``: the unit an order line is about."""
    return " ".join(order.split()[:2])


def channel_results(channel: Sequence[str], title: str) -> Results:
    """(power, unit) -> (order, outcome word) from the channel's results of one phase."""
    start = channel.index(f"hague: {title} — results")
    results: Results = {}
    power = ""
    for line in channel[start + 1 :]:
        if line.startswith("Next: "):
            return results
        if line in POWER_NAMES:
            power = line
        elif line in ("Dislodged", "Supply centre changes", "Supply centres"):
            power = ""
        elif power and (match := RESULT_LINE.match(line)):
            key = (power, unit_of(match["order"]))
            assert key not in results, f"{title}: two results for {key}"
            results[key] = (match["order"], match["outcome"])
    raise AssertionError(f"{title}: the results never say what comes next")


def book_results(index: int) -> Results:
    """The same, from the book: its orders for the phase (read as the engine test reads them)
    in canonical notation, each with the outcome the book gives it."""
    phase = UK.phases[index]
    orders = read_orders(UK, UK.before(index), phase)
    results: Results = {}
    for power, read in orders.items():
        for order in read:
            text = format_order(order)
            results[(power.title(), unit_of(text))] = (text, phase.results[unit_of(text)].value)
    return results


async def stored_phases(table: Table) -> list[Phase]:
    async with table.sessions() as session:
        return list(await session.scalars(select(Phase).order_by(Phase.id)))


async def test_the_uk_rule_books_sample_game_played_by_seven_players(table: Table) -> None:
    lines = await table.play(TRANSCRIPT.read_text(encoding="utf-8"))
    channel = said(lines, "#game")

    # Seven players, each with the power they asked for.
    begun = channel.index("hague has begun: Spring 1901")
    assert channel[begun + 1 : begun + 8] == [f"{p}: {u}" for p, u in PLAYERS.items()]
    for power, user in PLAYERS.items():
        assert said(lines, f"dm:{user}")[0] == f"hague: you play {power}"

    # Every order the players typed was read and accepted: each reply to an `order` says
    # how many it took, none was refused, and together they are the book's orders.
    private = [line.split("] ", 1)[1] for line in lines if line.startswith(("[dm:", "[only:"))]
    echoes = [text for text in private if text.startswith("Orders: ")]
    assert [text for text in echoes if not ACCEPTED.fullmatch(text)] == []
    assert "Not accepted" not in private
    assert sum(int(text.split()[1]) for text in echoes) == sum(
        len(read_orders(UK, UK.before(i), phase)[power])
        for i, phase in enumerate(UK.phases)
        for power in phase.orders
    )

    # The channel got the results of every phase, in order, each with its map; they show the
    # book's orders with the book's outcomes.
    titles = [line.removeprefix("hague: ").removesuffix(" — results") for line in channel]
    assert [t for t in titles if t in TITLES] == list(TITLES)
    for index, title in enumerate(TITLES):
        assert channel_results(channel, title) == book_results(index), title
    maps = [line.rsplit("/", 1)[-1] for line in lines if line.startswith("[file #game] ")]
    assert maps == [f"hague-{phase.phase}-results.png" for phase in UK.phases]
    assert [line for line in channel if line.startswith("Next: ")][-1] == "Next: Spring 1903"

    # The stored game went through the book's phases, each starting from the book's board,
    # and stands in Spring 1903 on the book's final board: units and centre owners.
    phases = await stored_phases(table)
    assert [p.name for p in phases] == [phase.phase for phase in UK.phases] + ["S1903M"]
    assert [p.status for p in phases[-1:]] == [PhaseStatus.OPEN]
    for index, stored in enumerate(phases[:-1]):
        assert stored.status == PhaseStatus.ADJUDICATED
        expected = UK.before(index).to_json()
        assert Position.from_json(stored.position).to_json() == expected, stored.name
    final = Position.from_json(phases[-1].position)
    book = Position.from_json(UK.phases[-1].after)
    assert final == book
    assert final.to_json()["units"] == book.to_json()["units"]
    assert final.to_json()["centers"] == book.to_json()["centers"]

    # What a player is told when they ask: Spring 1903, and the centres the book counts.
    status = said(await table.play("alice> /dip status"), "only:alice#game")
    assert status[0] == "hague: Spring 1903 — status"
    centres = status[status.index("Supply centres") + 1 :]
    assert sorted(centres) == [
        f"{name}: {len(book.centers[name.upper()])} centres" for name in POWER_NAMES
    ]
