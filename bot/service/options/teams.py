"""Teams: several people commanding one power (the classroom game; Diplomacia 1.3 and 7), as
the `teams=` option sets it.

    teams=off   one person per power (the default)
    teams=any   people may join a power together; any member may order, and the power's
                latest order for a unit counts (the classroom: "Your team's moves")
    teams=all   an order counts once every member gave it (Diplomacia 7: "all of them must
                agree upon the orders issued"); a unit without an agreed order holds

Members join a team before the start with `join with <user>`; powers are then drawn by lot
among teams, not people. Every member receives what the power receives.
"""

from __future__ import annotations

from enum import StrEnum

from bot.service.errors import UserError
from bot.service.options.fewer_players import Setup
from bot.service.words.quoting import excerpt

USAGE = (
    "teams=off, teams=any (any member's latest order counts) or teams=all (an order "
    "counts once every member gives it)"
)


class Teams(StrEnum):
    ANY = "any"
    ALL = "all"


def parse_teams(value: str | None) -> Teams | None:
    """``off``, ``any`` or ``all``; None: no teams."""
    word = (value or "").strip().lower()
    if word in ("off", "no", "none"):
        return None
    try:
        return Teams(word)
    except ValueError:
        raise UserError(
            f"teams={excerpt(value or '')} is not a team rule: write {USAGE}."
        ) from None


def check_teams_setup(teams: Teams | None, setup: Setup | None, *, seated: bool = False) -> None:
    """Refuse teams with seats of several powers for one person (`players=`, or a variant
    always played in fixed seats): those are the rule book's answer to fewer people than
    powers, teams the answer to more, and a seat's count of players would be a count of
    teams."""
    if teams is None or (setup is None and not seated):
        return
    if setup is not None and not seated:
        given = f"{setup.players}:{setup.layout}" if setup.layout > 1 else str(setup.players)
        what = f"players={given} gives one person several powers"
        other = "drop players="
    else:
        what = "this variant is played in fixed seats of several powers for one person"
        other = "choose another variant"
    raise UserError(
        f"teams={teams.value} cannot go with seats: {what} (fewer people than powers), "
        "while teams give one power several people (more people than powers). Choose one: "
        f"drop teams=, or {other}."
    )
