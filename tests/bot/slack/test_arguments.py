"""Slack's slash command hands the service a line; the service reads its arguments by the
command's declaration, and a wrong one gets the one refusal, to the writer alone."""

from __future__ import annotations

import pytest

from tests.bot.slack.table import GM, PLAYERS, SlackTable

WRONG = [
    # (who, the command, the start of the refusal)
    (GM, "extend soon", "cannot read 'soon' as a duration: `duration` takes a duration"),
    (GM, "kick prussia", "`prussia` is no power of standard: `power` takes a power: Austria,"),
    (PLAYERS["FRANCE"], "history yesterday", "`yesterday` is not a phase: `phase` takes a phase"),
    (PLAYERS["FRANCE"], "surrender maybe", "`maybe` is not a choice: `decision` takes one of"),
    (PLAYERS["FRANCE"], "press", "No `to` was given: `to` takes names separated by commas."),
    (
        PLAYERS["FRANCE"],
        "clear F Atlantis",
        "unknown province 'Atlantis' (did you mean Mid-Atlantic Ocean?): `unit` takes a unit or",
    ),
    (
        PLAYERS["FRANCE"],
        "possible North Atlantis",
        "'north' could be North Africa (NAF), North Atlantic Ocean (NAO) or North Sea (NTH): say "
        "which: `unit` takes a unit or province, e.g. A PAR, PAR, F StP/nc or Paris. Usage: "
        "`possible [province]`",
    ),
]


@pytest.mark.parametrize(("who", "command", "refusal"), WRONG, ids=[c for _, c, _ in WRONG])
async def test_a_wrong_argument_gets_the_one_refusal(
    started: SlackTable, who: str, command: str, refusal: str
) -> None:
    mark = len(started.slack.posts)
    await started.slash(who, command)
    (answer,) = started.slack.received(who, since=mark)
    assert answer.kind == "ephemeral"
    assert answer.text.startswith(refusal)
    assert ". Usage: `" in answer.text


async def test_a_unit_is_read_as_written(started: SlackTable) -> None:
    france = PLAYERS["FRANCE"]
    await started.slash(france, "order F Bre-MAO; A Par-Bur")
    mark = len(started.slack.posts)
    await started.slash(france, "clear F Brest")
    (answer,) = started.slack.received(france, since=mark)
    assert answer.kind == "ephemeral" and answer.text.startswith("Cleared F BRE - MAO.")
    mark = len(started.slack.posts)
    await started.slash(france, "possible mid atlantic ocean")
    (answer,) = started.slack.received(france, since=mark)
    assert answer.text.startswith("You have nothing to order in MAO this phase")
