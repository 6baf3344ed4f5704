"""Sentences about delivery: what the bot lacks in a game's channel and how to grant it, and
the reports of a message that did not arrive (to the game master, to the writer of press,
and, when the game master cannot be reached, to the channel), and their list in history.

Nothing here quotes a message that did not arrive: the reports name it ("a press message",
"the welcome") and say why, and who may read which report is the caller's to decide.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.service.effects import Access, Line, Message, Need, Section
from bot.service.words.english import and_list, plural

THE_CHANNEL = "the game's channel"
HISTORY_HINT = "`history undelivered` lists every message that did not arrive."

# How each platform names what the bot needs in a channel.
_SLACK_SCOPES = {
    Need.SEND: "chat:write",
    Need.ATTACH: "files:write",
    Need.HISTORY: "channels:history, groups:history and im:history",
}
_DISCORD_PERMISSIONS = {
    Need.VIEW: "View Channel",
    Need.SEND: "Send Messages",
    Need.EMBED: "Embed Links",
    Need.ATTACH: "Attach Files",
    Need.HISTORY: "Read Message History",
}
_DISCORD_WHERE = (
    "Allow them for my role in the channel's settings (Permissions), or in its category's "
    "if the channel follows the category."
)
_SLACK_INVITE = "invite me with `/invite @dipgm` in the channel"

# Why a platform refused a message for good (the outbox's Refusal values).
_REASONS = {
    "channel": "I may not post in that channel",
    "dms": "they do not accept direct messages from me",
    "gone": "that channel or person is no longer there",
    "content": "the platform refused the message itself",
}
_GAVE_UP = "it kept failing, so I gave up"


def access_lines(platform: str, access: Access) -> list[str]:
    """What the bot lacks in a channel and how to grant it; nothing when it lacks nothing
    (or could not tell)."""
    if access.unknown or not access.missing:
        return []
    missing = set(access.missing)
    consequence = "the results, maps and announcements cannot be posted here"
    if platform == "slack":
        lines: list[str] = []
        if Need.MEMBER in missing:
            lines.append(f"I am not in this channel, so {consequence}: {_SLACK_INVITE}.")
        scopes = [name for need, name in _SLACK_SCOPES.items() if need in missing]
        if scopes:
            word = "scope" if len(scopes) == 1 and " and " not in scopes[0] else "scopes"
            lines.append(
                f"The dipgm app lacks the {and_list(scopes)} {word}: add them under OAuth & "
                "Permissions at api.slack.com/apps, then reinstall the app to the workspace."
            )
        return lines
    if platform == "discord":
        names = [name for need, name in _DISCORD_PERMISSIONS.items() if need in missing]
        return [
            f"I lack {and_list(names)} in this channel, so {consequence} (or not all of "
            f"them). {_DISCORD_WHERE}"
        ]
    return [f"I cannot post everything in this channel, so {consequence}."]


def reason(refusal: str | None, description: str) -> str:
    """Why a message was given up, in words, with the platform's own code after."""
    words = _REASONS.get(refusal or "", _GAVE_UP)
    return f"{words} ({description})" if description else words


def fix(platform: str, refusal: str | None, *, to_channel: bool) -> str | None:
    """What the game master can do about a refusal; None where nothing can be done."""
    if refusal == "channel" or (to_channel and refusal == "gone"):
        if platform == "slack":
            return f"To fix it, {_SLACK_INVITE} (the app needs the chat:write scope)."
        if platform == "discord":
            names = and_list(
                [_DISCORD_PERMISSIONS[n] for n in (Need.VIEW, Need.SEND, Need.EMBED, Need.ATTACH)]
            )
            return f"To fix it, give me {names} there. {_DISCORD_WHERE}"
        return None
    if refusal == "dms":
        if platform == "discord":
            return (
                "Ask them to allow direct messages from this server's members (the server's "
                "menu, Privacy Settings)."
            )
        return "Ask them to allow direct messages from the dipgm app (Apps, dipgm, Messages)."
    if refusal == "gone":
        return "Check that they are still a member here."
    return None


def _sentence_case(text: str) -> str:
    return text[:1].upper() + text[1:]


def to_game_master(game: str, what: str, whom: str, why: str, how: str | None) -> Message:
    """The game master's report of a message given up: what, to whom, why, what to do."""
    lines = [f"{_sentence_case(what)} for {whom} could not be delivered: {why}."]
    if how:
        lines.append(how)
    if whom == THE_CHANNEL:
        lines.append("Once it is fixed, `status` and `history` show the game as it stands.")
    lines.append(HISTORY_HINT)
    return Message(
        title=f"{game}: a message did not arrive",
        sections=(Section(None, tuple(Line(t) for t in lines)),),
    )


def to_sender(game: str, what: str, to: str | None, why: str) -> Message:
    """The writer's report: their message did not reach someone (named by power alone)."""
    where = f" to {to}" if to else ""
    return Message(
        title=f"{game}: your message did not arrive",
        sections=(
            Section(
                None,
                (
                    Line(f"{_sentence_case(what)} you sent{where} did not arrive: {why}."),
                    Line("The game master has been told."),
                ),
            ),
        ),
    )


def game_master_unreachable(game: str, why: str) -> Message:
    """For the game's channel: the game master's direct messages fail (nothing of what they
    said, nor from whom)."""
    return Message(
        title=f"{game}: the game master could not be reached",
        sections=(
            Section(
                None,
                (
                    Line(f"A direct message to the game master could not be delivered: {why}."),
                    Line("Game master: please allow direct messages from me. " + HISTORY_HINT),
                ),
            ),
        ),
    )


@dataclass(frozen=True, slots=True)
class Undelivered:
    """One message given up, or still being tried, as its reader may see it listed."""

    when: str
    what: str
    whom: str
    why: str
    # still being tried: how many tries failed, and when the next one comes
    tries: int = 0
    next_try: str = ""


def undelivered(
    game: str,
    rows: Sequence[Undelivered],
    *,
    everything: bool,
    retrying: Sequence[Undelivered] = (),
) -> Message:
    """``history undelivered``: the messages given up that the reader may see (all of them
    for the game master, ``everything``), and those still being tried."""
    title = f"{game}: messages that did not arrive"
    sections: list[Section] = []
    if rows:
        lines = tuple(Line(f"{row.when}: {row.what} for {row.whom}: {row.why}.") for row in rows)
        sections.append(Section(None, lines))
    if retrying:
        lines = tuple(
            Line(
                f"{row.when}: {row.what} for {row.whom}: "
                f"{plural(row.tries, 'try', 'tries')} failed ({row.why}); the next {row.next_try}."
            )
            for row in retrying
        )
        sections.append(Section("Still being tried", lines))
    if not sections:
        none = (
            "Every message of this game has been delivered."
            if everything
            else "Every message for you (and the game's channel) has been delivered."
        )
        sections.append(Section(None, (Line(none),)))
    elif not rows:
        none = "None was given up; these are still being tried."
        sections.insert(0, Section(None, (Line(none),)))
    return Message(title=title, sections=tuple(sections))
