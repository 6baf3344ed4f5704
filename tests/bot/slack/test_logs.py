"""Orders never reach a log line: not from this front end, not from slack_bolt or slack_sdk
(which log request bodies at their debug and info levels), not when a request is forged or a
delivery fails."""

from __future__ import annotations

import logging

import pytest

from tests.bot.slack import signed
from tests.bot.slack.table import GAME, PLAYERS, SlackTable

FRANCE = PLAYERS["FRANCE"]
OURS_AND_THE_SDKS = ("bot", "slack_bolt", "slack_sdk", "dipgm")


async def test_no_order_is_logged(started: SlackTable, caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.DEBUG)
    await started.dm(FRANCE, "A Par-Bur, F Bre-MAO")
    await started.slash(FRANCE, "order A Mar-Spa")
    view = await started.enter_orders(FRANCE)
    assert view is not None
    await started.submit(FRANCE, view, {"A PAR": "A PAR - PIC"})
    forged = signed.slash_body(FRANCE, "order A Par-Gas", GAME)
    response = await started.dispatch(forged, signed.FORM, secret="forged")
    assert response.status == 401
    started.slack.absent.add(started.slack.dm_of(FRANCE))
    started.slack.fail("chat.postEphemeral", "internal_error")
    await started.slash(FRANCE, "order A Par-Bur")
    logged = [
        record.getMessage()
        for record in caplog.records
        if record.name.split(".")[0] in OURS_AND_THE_SDKS
    ]
    assert logged, "the failures above are logged"
    for line in logged:
        assert "PAR" not in line.upper(), line
        assert "MAO" not in line.upper(), line
