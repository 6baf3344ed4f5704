"""The Slack front end: `/dip` commands, orders by DM, buttons and an orders modal, results
with the map in the game's channel, and an App Home listing one's games.

    await run_slack(service, settings)   # Socket Mode, or HTTP with a signing secret
"""

from bot.frontends.slack.app import SlackFrontEnd
from bot.frontends.slack.runner import SlackSettingsError, run_slack

__all__ = ["SlackFrontEnd", "SlackSettingsError", "run_slack"]
