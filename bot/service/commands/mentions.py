"""How a command names a user (`replace france <user>`): the grammar's one neutral form.

A user is written ``<@id|name>``: the platform's stable id, and the name to show (neither
``<``, ``>``, ``|`` nor ``@`` in it). Where a user's id is also their name (the console's
users), the bare id will do: ``zoe``. Each front end turns its own mention syntax into this
form before the text reaches the service (see :func:`bot.service.commands.grammar.neutral_users`),
so nothing here knows how Slack or Discord write a mention.
"""

from __future__ import annotations

import re

_MENTION = re.compile(r"<@([\w.-]+)\|([^>]*)>")
_BARE_ID = re.compile(r"[\w.-]+")
_NOT_IN_NAMES = "<>|@"


def user_mention(user_id: str, name: str) -> str:
    """A user in the neutral form: ``<@U0123|Zoe>``."""
    shown = "".join(c for c in name if c not in _NOT_IN_NAMES).strip() or user_id
    return f"<@{user_id}|{shown}>"


def read_user(text: str) -> tuple[str, str] | None:
    """(user id, name to show) of a user in the neutral form; None if it is not one."""
    text = text.strip()
    mention = _MENTION.fullmatch(text)
    if mention is not None:
        user_id = mention.group(1)
        return user_id, (mention.group(2) or user_id)
    if _BARE_ID.fullmatch(text):
        return text, text
    return None
