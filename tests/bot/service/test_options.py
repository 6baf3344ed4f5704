"""Game options as `newgame` reads them and as the game's settings keep them."""

from __future__ import annotations

from datetime import timedelta

import pytest

from bot.service.errors import UserError
from bot.service.options.game_options import GameOptions, Press
from bot.service.options.missed_orders_rule import NmrMode
from tests.bot.service.option_text import parse_newgame


@pytest.mark.parametrize(
    ("text", "press", "grey"),
    [
        ("", Press.FULL, False),
        ("press=full", Press.FULL, False),
        ("press=grey", Press.FULL, True),
        ("press=Rulebook+grey", Press.RULEBOOK, True),
        ("press=public,gray", Press.PUBLIC, True),
        ("press=none", Press.NONE, False),
    ],
)
def test_press_rules(text: str, press: Press, grey: bool) -> None:
    _, options = parse_newgame(text, "UTC")
    assert (options.press, options.grey) == (press, grey)
    again = GameOptions.from_settings(options.to_settings())
    assert (again.press, again.grey) == (press, grey)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("press=none+grey", "press=none allows no press at all"),
        ("press=full+public", "press=full+public is not a press rule"),
        ("press=loud", "press=loud is not a press rule"),
    ],
)
def test_bad_press_rules(text: str, message: str) -> None:
    with pytest.raises(UserError) as caught:
        parse_newgame(text, "UTC")
    assert message in str(caught.value)


def test_settings_of_older_games_read_with_defaults() -> None:
    options = GameOptions.from_settings({"press": "public"})
    assert (options.press, options.grey, options.anonymous) == (Press.PUBLIC, False, False)


@pytest.mark.parametrize(
    ("text", "mode", "limit", "hours"),
    [
        ("", NmrMode.OFF, None, 24),
        ("nmr=off", NmrMode.OFF, None, 24),
        ("nmr=warn", NmrMode.WARN, None, 24),
        ("nmr=warn:2", NmrMode.WARN, 2, 24),
        ("nmr=cd", NmrMode.WARN, 0, 24),
        ("nmr=excuse:1", NmrMode.EXCUSE, 1, 24),
        ("nmr=excuse:2/12h", NmrMode.EXCUSE, 2, 12),
        ("nmr=excuse:1 schedule=blitz:10m", NmrMode.EXCUSE, 1, 1 / 6),
    ],
)
def test_missed_orders_rules(text: str, mode: NmrMode, limit: int | None, hours: float) -> None:
    _, options = parse_newgame(text, "UTC")
    policy = options.nmr
    assert (policy.mode, policy.limit, policy.extension) == (mode, limit, timedelta(hours=hours))
    assert GameOptions.from_settings(options.to_settings()).nmr == policy


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("nmr=sometimes", "nmr=sometimes is not a missed-orders rule"),
        ("nmr=excuse", "say how many misses are excused"),
        ("nmr=excuse:0", "say how many misses are excused"),
        ("nmr=excuse:1/soon", "nmr=excuse:1/soon: cannot read 'soon'"),
        ("nmr=warn/2h", "is not a missed-orders rule"),
    ],
)
def test_bad_missed_orders_rules(text: str, message: str) -> None:
    with pytest.raises(UserError) as caught:
        parse_newgame(text, "UTC")
    assert message in str(caught.value)
