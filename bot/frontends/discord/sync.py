"""Registering the slash commands with Discord, only when they changed.

Discord limits how often commands may be registered, and a global registration takes a
while to reach every server, so the tree's payload is hashed and the hash kept in a small
file: a start with the same commands registers nothing. A development server
(DISCORD_DEV_GUILD_ID) gets the commands at once, as that server's own commands; the file
remembers it, so that once DISCORD_DEV_GUILD_ID is unset (the commands go global) that
server's own copy is removed and its members do not see every command twice.
"""

from __future__ import annotations

import hashlib
import json
import logging
from pathlib import Path

import discord
from discord import app_commands

logger = logging.getLogger(__name__)

DEFAULT_STATE = Path(".dipgm-discord-commands.json")


def command_digest(
    tree: app_commands.CommandTree[discord.Client], guild: discord.abc.Snowflake | None
) -> str:
    payload = [command.to_dict(tree) for command in tree.get_commands(guild=guild)]
    text = json.dumps(payload, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


async def sync_commands(
    tree: app_commands.CommandTree[discord.Client],
    application_id: int,
    guild_id: int | None,
    state: Path = DEFAULT_STATE,
) -> bool:
    """Register the commands (to one server, or globally) if they changed since the last
    registration from this place; whether they were registered."""
    guild = discord.Object(id=guild_id) if guild_id else None
    known = _read(state)
    if guild is None:
        await _remove_server_copies(tree, application_id, known, state)
    else:
        tree.copy_global_to(guild=guild)
    key = f"{application_id}:{guild_id or 'global'}"
    digest = command_digest(tree, guild)
    if known.get(key) == digest:
        logger.info("slash commands unchanged: not registered again")
        return False
    try:
        await tree.sync(guild=guild)
    except discord.HTTPException as exc:
        logger.error(
            "registering the slash commands failed (HTTP %s); next start tries again", exc.status
        )
        return False
    known[key] = digest
    _write(state, known)
    logger.info("slash commands registered %s", f"on server {guild_id}" if guild else "globally")
    return True


async def _remove_server_copies(
    tree: app_commands.CommandTree[discord.Client],
    application_id: int,
    known: dict[str, str],
    state: Path,
) -> None:
    """Empty the commands of every server this application registered on as a development
    server: with the commands global, a copy there would show each command twice."""
    prefix = f"{application_id}:"
    servers = [k.removeprefix(prefix) for k in known if k.startswith(prefix)]
    for server in (s for s in servers if s.isdigit()):
        guild = discord.Object(id=int(server))
        tree.clear_commands(guild=guild)
        try:
            await tree.sync(guild=guild)
        except discord.Forbidden:
            # The bot left that server: there is nothing of ours to remove there any more.
            logger.info("server %s no longer lets the bot manage its commands", server)
        except discord.HTTPException as exc:
            logger.warning(
                "removing the commands of server %s failed (HTTP %s); next start tries again",
                server,
                exc.status,
            )
            continue
        else:
            logger.info("the commands registered on server %s were removed", server)
        del known[f"{prefix}{server}"]
        _write(state, known)


def _read(path: Path) -> dict[str, str]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {str(k): str(v) for k, v in data.items()}


def _write(path: Path, data: dict[str, str]) -> None:
    try:
        partial = path.with_name(path.name + ".tmp")
        partial.write_text(json.dumps(data, indent=2, sort_keys=True), encoding="utf-8")
        partial.replace(path)
    except OSError as exc:
        logger.warning(
            "could not remember the registered commands (%s): the next start registers them again",
            type(exc).__name__,
        )
