"""How a command names a user (`replace france <user>`, `join with <user>`): the grammar's one
neutral form.

A user is written ``<@id|name>``: the platform's stable id, and the name to show (neither
``<``, ``>``, ``|`` nor ``@`` in it). Each front end turns its own mention syntax into this
form before the text reaches the service (see :func:`bot.service.commands.grammar.neutral_users`),
so nothing here knows how Slack or Discord write a mention. Only a front end knows whether a
name typed without the platform's mention is a user: the console's users are named by what is
typed (`zoe` and `@zoe` are zoe), while on Slack and Discord a name the platform did not turn
into a mention is just text, refused when read (:mod:`.reading`) rather than taken for
someone's id.
"""

from __future__ import annotations

import re

_MENTION = re.compile(r"<@([\w.-]+)\|([^>]*)>")
_NOT_IN_NAMES = "<>|@"


def user_mention(user_id: str, name: str) -> str:
    """A user in the neutral form: ``<@U0123|Zoe>``."""
    shown = "".join(c for c in name if c not in _NOT_IN_NAMES).strip() or user_id
    return f"<@{user_id}|{shown}>"


def read_user(text: str) -> tuple[str, str] | None:
    """(user id, name to show) of a user in the neutral form; None if it is not one."""
    mention = _MENTION.fullmatch(text.strip())
    if mention is None:
        return None
    user_id = mention.group(1)
    return user_id, (mention.group(2) or user_id)
