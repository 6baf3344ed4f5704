"""The bot's log, on standard error: every line with its time (UTC), level and logger, as
text or as JSON lines (``LOG_FORMAT=json``), at the level ``LOG_LEVEL`` sets.

Whatever the level, the libraries below are held where they write no message contents: their
debug lines carry what travels (gateway events, request and response bodies, SQL statements
with their parameters), and that is a power's orders and press, secret until the phase
resolves.
"""

from __future__ import annotations

import logging
import sys
import time
from typing import TextIO

# The level under which each library writes what it carries.
LIBRARY_LOG_LEVELS = {
    # discord.gateway logs every gateway event, discord.http every request body (DEBUG)
    "discord": logging.INFO,
    # slack_bolt logs request bodies at DEBUG and INFO, slack_sdk API calls at DEBUG
    "slack_bolt": logging.WARNING,
    "slack_sdk": logging.INFO,
    # the web server and client: headers and frames at DEBUG
    "aiohttp": logging.INFO,
    # statements with their parameters at INFO, rows at DEBUG; the drivers' at DEBUG
    "sqlalchemy": logging.WARNING,
    "aiosqlite": logging.INFO,
    "asyncpg": logging.INFO,
    # Pillow's debug lines (PNG chunks) say nothing an operator can use
    "PIL": logging.INFO,
}
TEXT_FORMAT = "%(asctime)s %(levelname)s %(name)s: %(message)s"
JSON_FIELDS = "{asctime}{levelname}{name}{message}"
JSON_NAMES = {"asctime": "time", "levelname": "level", "name": "logger"}


class UtcTimes(logging.Formatter):
    """Times as ISO 8601 in UTC, to the millisecond: 2026-01-05T09:00:00.123Z."""

    converter = staticmethod(time.gmtime)
    default_time_format = "%Y-%m-%dT%H:%M:%S"
    default_msec_format = "%s.%03dZ"


class BotHandler(logging.StreamHandler[TextIO]):
    """The handler the settings put on the root logger (told apart from others, a test's)."""


def formatter(log_format: str) -> logging.Formatter:
    if log_format == "json":
        # Imported when asked for: most runs log text.
        from pythonjsonlogger.json import JsonFormatter

        class UtcJson(UtcTimes, JsonFormatter):
            pass

        return UtcJson(JSON_FIELDS, style="{", rename_fields=JSON_NAMES)
    return UtcTimes(TEXT_FORMAT)


def configure_logging(level: str, log_format: str = "text", stream: TextIO | None = None) -> None:
    """Log to ``stream`` (standard error) at ``level``, as text or JSON lines."""
    root = logging.getLogger()
    for old in [h for h in root.handlers if isinstance(h, BotHandler)]:
        root.removeHandler(old)
    handler = BotHandler(sys.stderr if stream is None else stream)
    handler.setFormatter(formatter(log_format))
    root.addHandler(handler)
    root.setLevel(logging.getLevelNamesMapping()[level])
    for name, floor in LIBRARY_LOG_LEVELS.items():
        logger = logging.getLogger(name)
        logger.setLevel(max(floor, root.level))
