"""The service decides the buttons under each message (the front ends show exactly these, plus
their own "Enter orders" menus where a phase is open); and each power that must act gets the
results in its DM: its own orders with their outcomes, and the results map.

Every message the console front end receives is recorded here, replies and outbox deliveries
alike, as the service made it.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from bot.service.commands.grammar import parse_command
from bot.service.commands.registry import BY_NAME
from bot.service.effects import Audience, Button, Message, Reply, Request
from bot.service.outbox import Deliveries
from bot.service.outbox.queue import Delivery
from bot.service.words import buttons
from tests.bot.service.harness import PNG, Table, open_table
from tests.bot.store.support import BACKENDS

PHASE = [("Ready", "ready"), ("My orders", "orders"), ("Map", "map")]
TO_ACT = [
    ("Possible orders", "game hague possible"),
    ("My orders", "game hague orders"),
    ("Map", "game hague map"),
]
ORDERS_IN = [
    ("Ready", "game hague ready"),
    ("My orders", "game hague orders"),
    ("Map", "game hague map"),
]
REMINDER = [
    ("My orders", "game hague orders"),
    ("Possible orders", "game hague possible"),
    ("Ready", "game hague ready"),
]

# Germany dislodges the French army in Burgundy in the Fall; France keeps Spain and Austria
# Serbia (a build each in the Winter).
SPRING = """
carol@dm> order A PAR - BUR; A MAR - SPA
dave@dm> order A MUN - RUH; A BER - MUN
alice@dm> order A BUD - SER
gm> /dip process
"""
FALL = """
dave@dm> order A RUH - BUR; A MUN S A RUH - BUR
carol@dm> order A SPA H
alice@dm> order A SER H
"""


@dataclass(frozen=True)
class Seen:
    where: str  # "#game", "dm:carol", "only:carol"
    message: Message
    image: bytes | None = None

    @property
    def buttons(self) -> list[tuple[str, str]]:
        return [(b.label, b.command) for b in self.message.buttons]

    @property
    def text(self) -> str:
        return self.message.plain_text()


class Recorder:
    """Wraps the service the console uses: every reply and every delivery, as made."""

    def __init__(self, table: Table, monkeypatch: pytest.MonkeyPatch) -> None:
        self.seen: list[Seen] = []
        service = table.service
        handle, pending = service.handle, Deliveries.pending

        async def handled(request: Request) -> list[Reply]:
            replies = await handle(request)
            for reply in replies:
                self.seen.append(Seen(_where(reply, request), reply.message))
            return replies

        async def taken(outbox: Deliveries, platform: str) -> list[Delivery]:
            deliveries = await pending(outbox, platform)
            for d in deliveries:
                where = (
                    f"#{d.target.channel}" if d.target.user_id is None else f"dm:{d.target.user_id}"
                )
                self.seen.append(Seen(where, d.message, d.image))
            return deliveries

        monkeypatch.setattr(service, "handle", handled)
        monkeypatch.setattr(Deliveries, "pending", taken)

    def mark(self) -> int:
        return len(self.seen)

    def find(self, where: str, words: str, *, since: int = 0) -> list[Seen]:
        return [s for s in self.seen[since:] if s.where == where and words in (s.text or "")]

    def one(self, where: str, words: str, *, since: int = 0) -> Seen:
        (found,) = self.find(where, words, since=since)
        return found


def _where(reply: Reply, request: Request) -> str:
    user = request.actor.user_id
    if reply.audience is Audience.DM or request.place.is_dm:
        return f"dm:{user}"
    if reply.audience is Audience.ONLY_YOU:
        return f"only:{user}"
    return f"#{request.place.channel}"


@pytest.fixture(params=BACKENDS)
async def table(request: pytest.FixtureRequest, tmp_path: Path) -> AsyncIterator[Table]:
    async with open_table(request.param, tmp_path) as table:
        yield table


@pytest.fixture
def seen(table: Table, monkeypatch: pytest.MonkeyPatch) -> Recorder:
    return Recorder(table, monkeypatch)


async def test_the_start_and_the_welcome(table: Table, seen: Recorder) -> None:
    await table.seven_players()
    # The channel: everyone has a phase to play.
    assert seen.one("#game", "hague has begun").buttons == PHASE
    # Each player's DM asks them to order: what their units may do comes first, and the
    # buttons name the game, so they work for a player in several games.
    for user in ("alice", "carol", "grace"):
        assert seen.one(f"dm:{user}", "you play").buttons == TO_ACT


async def test_a_handover(table: Table, seen: Recorder) -> None:
    await table.seven_players()
    await table.play("gm> /dip kick france\ngm> /dip replace france zoe")
    assert seen.one("dm:zoe", "you now play France").buttons == TO_ACT


async def test_reminders(table: Table, seen: Recorder) -> None:
    await table.seven_players()
    await table.play("clock +24h")
    reminder = seen.one("dm:carol", "reminder")
    assert reminder.buttons == REMINDER


async def test_results_open_the_next_phase_and_a_final_one_has_none(
    table: Table, seen: Recorder
) -> None:
    await table.seven_players()
    await table.play("gm> /dip process")
    assert seen.one("#game", "Spring 1901 — results").buttons == PHASE
    mark = seen.mark()
    await table.play("\n".join(f"{u}@dm> draw" for u in ("alice", "bob", "carol", "dave")))
    await table.play("\n".join(f"{u}@dm> draw" for u in ("eve", "frank", "grace")))
    await table.play("gm> /dip process")
    final = seen.one("#game", "Fall 1901 — results", since=mark)
    assert final.message.deadline is None and final.buttons == []
    # Nothing sent once the game is over asks anyone to act.
    assert all(s.buttons == [] for s in seen.seen[mark:] if "Fall 1901" in (s.text or ""))


async def test_a_rollback_opens_the_phase_again_with_its_buttons(
    table: Table, seen: Recorder
) -> None:
    await table.seven_players()
    await table.play("gm> /dip process")
    await table.play("gm> /dip rollback confirm")
    assert seen.one("#game", "Spring 1901 rolled back").buttons == PHASE


async def test_a_retreat_dm_has_the_powers_results_and_the_map(
    table: Table, seen: Recorder
) -> None:
    await table.seven_players(options="reminders=off")
    await table.play(SPRING)
    await table.play(FALL)
    mark = seen.mark()
    await table.play("gm> /dip process")
    channel = seen.one("#game", "Fall 1901 — results", since=mark)
    assert channel.buttons == PHASE
    choice = seen.one("dm:carol", "France to act", since=mark)
    assert choice.buttons == TO_ACT
    # France's own orders with what became of them, before what it must decide.
    mine = choice.message.sections[0]
    assert mine.title == "Your orders in Fall 1901"
    assert [line.text for line in mine.lines] == [
        "A BUR  ✗ dislodged (may retreat to BEL, GAS, MAR, PAR, PIC)",
        "A SPA H  ✓ held",
        "F BRE  held (no order)",
    ]
    assert "A RUH - BUR" not in choice.text  # Germany's: in the channel, not in France's DM
    # The same stored map as the channel's, delivered with the DM.
    assert choice.message.image is not None and channel.message.image is not None
    assert choice.message.image.image_id == channel.message.image.image_id
    assert choice.image is not None and choice.image.startswith(PNG)
    assert choice.image == channel.image
    # Powers with nothing to decide get no DM.
    assert seen.find("dm:dave", "", since=mark) == []


async def test_conditional_orders_reach_their_own_power_alone(table: Table, seen: Recorder) -> None:
    await table.seven_players(options="reminders=off")
    await table.play(SPRING)
    await table.play(
        FALL
        + "carol@dm> order if BUR dislodged retreat MAR; if +1 build A PAR\n"
        + "alice@dm> order if +1 build A BUD\n"
        + "gm> /dip process"
    )
    retreat = seen.one("dm:carol", "Applied from your conditional orders")
    assert retreat.buttons == ORDERS_IN  # all decided: one click makes it final
    assert retreat.image is not None
    mark = seen.mark()
    await table.play("clock +2h")
    france = seen.one("dm:carol", "Winter 1901 adjustments", since=mark)
    austria = seen.one("dm:alice", "Winter 1901 adjustments", since=mark)
    assert "A PAR B" in france.text and "A BUD B" not in france.text
    assert "A BUD B" in austria.text and "A PAR B" not in austria.text
    assert france.buttons == austria.buttons == ORDERS_IN
    for other in seen.seen[mark:]:
        if other.where not in ("dm:carol", "dm:alice"):
            assert "A PAR B" not in other.text and "A BUD B" not in other.text
    # France's DM shows its retreat's result; Austria ordered nothing in the retreats.
    assert france.message.sections[0].title == "Your orders in Fall 1901 retreats"
    assert "Your orders" not in austria.text


async def test_a_conditional_that_leaves_something_to_decide_asks_as_usual(
    table: Table, seen: Recorder
) -> None:
    await table.seven_players(options="reminders=off")
    await table.play(SPRING)
    await table.play(FALL + "carol@dm> order if +2 build A PAR, F MAR\ngm> /dip process")
    assert seen.one("dm:carol", "France to act").buttons == TO_ACT


async def test_every_button_command_parses(table: Table, seen: Recorder) -> None:
    await table.seven_players()
    await table.play(SPRING)
    await table.play(FALL + "carol@dm> order if BUR dislodged retreat MAR\ngm> /dip process")
    await table.play("clock +24h")
    await table.play("gm> /dip rollback confirm")
    with_buttons = [s for s in seen.seen if s.buttons]
    assert {s.where.split(":")[0] for s in with_buttons} == {"#game", "dm"}
    for shown in with_buttons:
        for label, command in shown.buttons:
            parsed = parse_command(command, in_dm=shown.where.startswith("dm:"))
            assert parsed.name in BY_NAME and not parsed.implicit, (label, command)
            if shown.where.startswith("dm:"):
                assert parsed.game == "hague", (label, command)


@pytest.mark.parametrize(
    "chosen",
    [
        buttons.phase_opened(),
        buttons.to_act("a-very-long-game-name_of-forty-chars-xx"),
        buttons.orders_in("hague"),
        buttons.reminder("hague"),
    ],
)
def test_the_button_sets_are_commands(chosen: tuple[Button, ...]) -> None:
    for button in chosen:
        for in_dm in (False, True):
            parsed = parse_command(button.command, in_dm=in_dm)
            assert parsed.name in BY_NAME and not parsed.implicit
