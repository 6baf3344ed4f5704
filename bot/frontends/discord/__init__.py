"""The Discord front end: `/dip` slash commands with order autocomplete, buttons and order
menus, direct messages, and the outbox delivered as embeds with the map attached.

    await run_discord(service, settings, stop=stop_event)
"""

from bot.frontends.discord.runner import MissingTokenError, TokenRefusedError, run_discord

__all__ = ["MissingTokenError", "TokenRefusedError", "run_discord"]
