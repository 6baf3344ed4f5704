"""The console front end: a terminal chat with the bot, and the script runner that plays
a transcript on a fake clock. The output format is a public interface::

    [#game] ...            in the channel #game, for all to see
    [only:alice#game] ...  in #game, visible to alice alone
    [dm:alice] ...         in alice's direct messages with the bot
    [file #game] <path>    an image posted there, saved as a PNG file
"""

from bot.frontends.console.interactive import interactive, stdin_lines
from bot.frontends.console.script import ScriptClock, ScriptError, run_script
from bot.frontends.console.terminal import Console

__all__ = ["Console", "ScriptClock", "ScriptError", "interactive", "run_script", "stdin_lines"]
