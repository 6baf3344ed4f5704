"""The exit statuses of ``dipgm``, and the errors that end a command with one of them.

    0    done
    1    the work could not be done: the database or a chat platform cannot be reached, the
         database's schema cannot be used, a migration failed (and was undone), a backup failed
    2    the command was asked wrongly: an unknown option, a bad setting, a missing token, a
         file that cannot be read
    130  interrupted (Ctrl-C)

The README's "Exit statuses" lists the same. This module is imported by ``dipgm --help``: it
imports nothing.
"""

from __future__ import annotations

OK = 0
FAILED = 1
USAGE = 2
INTERRUPTED = 130


class CommandError(Exception):
    """Ends a command with one line (or one per problem) on standard error, no traceback, and
    the exit status ``exit_status``."""

    exit_status = FAILED


class UsageError(CommandError):
    """What the user typed or set is wrong; the message says what would be right."""

    exit_status = USAGE
