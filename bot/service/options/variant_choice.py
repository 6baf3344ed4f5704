"""The variant a game plays (the `variant=` option): a name `dipgm variants` lists.

    variant=standard   the standard board for seven (the default)
    variant=1961-4     the 1961 rules for four players: a smaller board, won by a majority of
                       the pieces on it

The UK rule book's games for fewer players (`players=`) lay out the *standard* board; the
1961 rules answer fewer players by shrinking the board instead. A game takes one answer or
the other, never both. A map file added to the variants folder (`DIPGM_VARIANTS_DIR`) is a
variant by its file's name, offered as soon as it is there (a file rewritten in place, within
:data:`FRESH_SECONDS`).
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from dataclasses import dataclass
from pathlib import Path

from bot.service.errors import UserError
from bot.service.options.fewer_players import Setup
from bot.service.words.quoting import excerpt
from engine import Variant, VariantError, available_variants, load_variant, variants_folder
from engine.variant_folder import added_variants, folder_map, read_files_here

STANDARD = "standard"
# how long a command waits for the variants folder's new and changed files to be read
READ_SECONDS = 10.0
# How old a finished read may be for a command that offers variants to take it as it is,
# when the folder's own time has not changed. A file added, removed or renamed changes the
# folder's time, so it is offered at once; a file rewritten in place does not, so it is read
# again when the last read is older than this. The folder's stat is on the event loop, but
# only for the commands that offer variants, which list the folder there anyway; every
# other command neither waits for a read nor looks at the folder, so a storm of orders
# pays no thread hop and no scan.
FRESH_SECONDS = 2.0

logger = logging.getLogger(__name__)


@dataclass(slots=True)
class _Reads:
    """The folder's reading in one event loop: the one under way, and when (on the
    monotonic clock) the last one to finish began."""

    running: asyncio.Future[None] | None = None
    began: float | None = None
    # the folder's stat when the last read to finish began
    folder: tuple[int, ...] | None = None


_reads: weakref.WeakKeyDictionary[asyncio.AbstractEventLoop, _Reads] = weakref.WeakKeyDictionary()
# each file's problem as last told to whoever runs the bot: told again only when it changes
_told: dict[Path, str | None] = {}


async def read_variants_ahead(*, wait: float | None = None, fresh: float | None = None) -> None:
    """Read the variants folder's new and changed map files in a worker thread, never on
    the event loop, unless a read that began less than ``fresh`` seconds ago has finished;
    wait for the read under way at most ``wait`` seconds (a file read later is offered
    from then on). From here on, in this task and those it starts, variants are looked up
    as they were read, and nothing is read where it is asked for.

    For what offers or checks variants (`newgame`, `settings variant=`, `help newgame`);
    other commands take :func:`variants_as_read`."""
    wait = READ_SECONDS if wait is None else wait
    fresh = FRESH_SECONDS if fresh is None else fresh
    read_files_here(False)
    loop = asyncio.get_running_loop()
    reads = _reads.setdefault(loop, _Reads())
    if reads.running is None or reads.running.done():
        folder = _folder_stamp()
        if reads.began is not None and loop.time() - reads.began < fresh and folder == reads.folder:
            return
        reads.running = asyncio.ensure_future(_read(reads, loop.time(), folder))
    await _wait_for(reads.running, wait)


async def variants_as_read(*, wait: float | None = None) -> None:
    """Look variants up as the folder was last read, without looking at it: how a command
    that only plays a game's board (an order, the deadline's adjudication) starts. It waits
    only while the folder was never read in this loop (the bot's start reads it), so a game
    on a map file of the folder finds its board."""
    read_files_here(False)
    reads = _reads.get(asyncio.get_running_loop())
    if reads is not None and reads.began is not None:
        return
    await read_variants_ahead(wait=wait)


async def _read(reads: _Reads, began: float, folder: tuple[int, ...] | None) -> None:
    await asyncio.to_thread(_read_folder)
    reads.began, reads.folder = began, folder


def _folder_stamp() -> tuple[int, ...] | None:
    """What tells the folder's list of files changed: the folder by inode and time of
    change (None when there is none)."""
    try:
        info = variants_folder().stat()
    except OSError:
        return None
    return (info.st_dev, info.st_ino, info.st_mtime_ns)


async def _wait_for(running: asyncio.Future[None], wait: float) -> None:
    if wait <= 0:
        return
    try:
        await asyncio.wait_for(asyncio.shield(running), wait)
    except TimeoutError:
        logger.warning(
            "the variants folder %s took more than %s s to read: the variants not read yet "
            "are offered once they are",
            variants_folder(),
            wait,
        )


def _read_folder() -> None:
    folder = variants_folder()
    for name in added_variants():
        found = folder_map(folder, name, read=True)
        if _told.get(found.path, "") != found.problem:
            _told[found.path] = found.problem
            if found.problem is not None:
                logger.warning(
                    "map file %s cannot be played: %s (every problem: dipgm variant check %s)",
                    found.path,
                    found.problem,
                    found.path,
                )


def variant_names() -> tuple[str, ...]:
    """Every variant by name, read now (a map file added to the variants folder while the
    bot runs is among them): the standard game first, then as `dipgm variants` lists them."""
    return (STANDARD, *(name for name in available_variants() if name != STANDARD))


def playable_variants() -> list[Variant]:
    """The variants a game may be created on: a map file with problems is left out (and
    logged for whoever runs the bot, once: `dipgm variant check` names them)."""
    found = []
    for name in variant_names():
        try:
            found.append(load_variant(name))
        except VariantError:
            continue
    return found


def unplayable_variants() -> list[tuple[str, str]]:
    """The map files of the variants folder that cannot be played, each with its first
    problem."""
    found = []
    for name in added_variants():
        try:
            load_variant(name)
        except VariantError as exc:
            found.append((name, str(exc)))
    return found


def parse_variant(value: str | None) -> str:
    """The variant ``value`` names, exactly as `dipgm variants` lists it (in any case)."""
    name = (value or "").strip().lower()
    if name in available_variants():
        try:
            load_variant(name)
        except VariantError as exc:
            raise UserError(
                f"variant={name} is a map file the bot cannot play: {exc}. Whoever runs the "
                f"bot can see every problem with `dipgm variant check {name}.json`."
            ) from None
        return name
    raise UserError(
        f"variant={excerpt(value or '')} is not a variant here. The variants:\n"
        + "\n".join(variant_line(variant) for variant in playable_variants())
    )


def variant_line(variant: Variant) -> str:
    """A variant's name and its one-line description."""
    return f"{variant.name} — {variant.description}"


def check_variant_setup(variant: str, setup: Setup | None) -> None:
    """Refuse the rule book's layouts for fewer players on any board but the standard one."""
    if setup is None or variant == STANDARD:
        return
    given = f"{setup.players}:{setup.layout}" if setup.layout > 1 else str(setup.players)
    raise UserError(
        f"players={given} lays out the standard board for fewer players (the UK rule "
        f"book: some players command two powers), and variant={variant} is a board of its own "
        f"({load_variant(variant).description}): the two are different answers to fewer "
        "players. Choose one: drop players=, or write variant=standard."
    )
