"""Secrecy: before a phase resolves, nothing anyone can see shows another power's orders.

Several phases are played with every kind of question asked by everyone, in channels and in
DMs. Every line the bot sends is then checked against the orders each power had given in
the phase then open, as the bot itself echoed them back in canonical notation.
"""

from __future__ import annotations

import logging
import re
from pathlib import Path

import pytest

from bot.logs import LIBRARY_LOG_LEVELS
from tests.bot.service.harness import SEVEN, FakeRenderer, open_table
from tests.bot.store.support import BACKENDS

POWER_OF = dict(
    zip(
        SEVEN, ("AUSTRIA", "ENGLAND", "FRANCE", "GERMANY", "ITALY", "RUSSIA", "TURKEY"), strict=True
    )
)
_LABEL = re.compile(r"\[(?:file )?(?P<label>[^\]]+)\] ?(?P<text>.*)")
_RESULTS = re.compile(r"hague: .* — results")

NOSY = """
alice> /dip status
bob@dm> status
carol> /dip map
dave@dm> history
eve> /dip games
frank@dm> players
grace> /dip possible
alice@dm> orders
bob> /dip map mine
gm> /dip status
zoe> /dip status
"""

TURNS = [
    """
    alice@dm> order A BUD - SER; A VIE - GAL; F TRI - ALB
    bob@dm> order F LON - NTH; F EDI - NWG; A LVP - YOR
    carol> /dip order A PAR - BUR; A MAR - SPA
    carol@dm> order F BRE - MAO
    dave@dm> order A MUN - RUH; A BER - KIE; F KIE - HOL
    eve@dm> order A VEN H; A ROM - APU; F NAP - ION
    frank@dm> order A WAR - UKR; A MOS - STP; F SEV - BLA; F STP/SC - BOT
    grace@dm> order F ANK - BLA; A CON - BUL; A SMY - ARM
    dave@dm> order A PAR - PIC
    """,
    "gm> /dip process",
    """
    alice@dm> order A SER S A GAL - RUM; A GAL - RUM
    bob> /dip order F NTH C A YOR - NWY; A YOR - NWY
    bob@dm> order F NWG - BAR
    carol@dm> order A BUR - BEL; A SPA - POR; F MAO - IRI
    dave@dm> order F HOL - HEL; A RUH - MUN; A KIE - DEN
    eve@dm> order F ION - TUN; A APU - NAP
    frank@dm> order A UKR - SEV; F BOT - SWE
    grace@dm> order A BUL - GRE; A ARM - SEV
    """,
    "clock +2d",
    """
    alice@dm> order build A BUD
    carol@dm> order build A PAR; build F BRE
    bob@dm> order build F LON
    """,
    "clock +2h",
    """
    carol@dm> order A BEL - HOL
    dave@dm> order A MUN - BUR
    """,
    "clock +2d",
]


@pytest.mark.parametrize("backend", BACKENDS)
async def test_no_one_sees_another_powers_orders_before_they_resolve(
    backend: str, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    quiet_libraries(caplog)
    async with open_table(backend, tmp_path) as table:
        await table.seven_players()
        for turn in TURNS:
            await table.play(NOSY)
            await table.play(turn)
        await table.play(NOSY)
        renderer = table.renderer
        assert isinstance(renderer, FakeRenderer)
        lines = table.lines

    given = check_lines(lines)
    assert sum(len(o) for phase in given for o in phase.values()) > 40, "plenty of orders given"
    assert len(given) >= 5, "at least four phases resolved"
    every_order = {order for phase in given for orders in phase.values() for order in orders}
    for record in caplog.records:
        message = record.getMessage()
        assert not any(order in message for order in every_order), message
    for call in renderer.calls:
        if call["orders"] is not None and call["results"] is None:
            assert len(call["orders"]) <= 1, "a map with orders before the results is a preview"


def quiet_libraries(caplog: pytest.LogCaptureFixture) -> None:
    """The bot's logging policy: the database drivers' debug lines quote query parameters
    (orders among them), so they are never on."""
    for name, level in LIBRARY_LOG_LEVELS.items():
        caplog.set_level(level, logger=name)


def check_lines(lines: list[str]) -> list[dict[str, set[str]]]:
    """Walk the transcript; fail on a line showing an order to someone not of its power.
    Returns the orders given, phase by phase."""
    phases: list[dict[str, set[str]]] = [{}]
    for line in lines:
        match = _LABEL.fullmatch(line)
        assert match is not None, line
        label, text = match["label"], match["text"]
        if label == "#game" and _RESULTS.fullmatch(text):
            phases.append({})
            continue
        viewers = _viewers(label)
        current = phases[-1]
        for power, orders in current.items():
            if viewers is not None and viewers == {power}:
                continue
            for order in orders:
                shown = re.search(rf"(?<![SC] ){re.escape(order)}(?![\w/])", text)
                assert shown is None, f"{label} sees {power}'s order {order!r}: {line}"
        if viewers is not None and len(viewers) == 1 and text[:2] in ("✓ ", "⚠ "):
            (power,) = viewers
            current.setdefault(power, set()).add(text[2:].split(" — ")[0])
    return phases


def _viewers(label: str) -> set[str] | None:
    """The powers who see a line; None: everyone (the channel) or someone playing none."""
    user = None
    if label.startswith("dm:"):
        user = label[3:]
    elif label.startswith("only:"):
        user = label[5:].split("#")[0]
    if user is None or user not in POWER_OF:
        return None
    return {POWER_OF[user]}
