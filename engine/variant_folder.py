"""The variants folder (``DIPGM_VARIANTS_DIR``, docs/maps.md) read safely.

Anyone who can drop a file in the folder can offer a board, so what is read there is
bounded: a map file is a regular file inside the folder (a link may point to another file in
it, never out of it; a pipe, a device or a folder is refused before it is opened), of at
most :data:`engine.map_text.MAX_FILE_BYTES`. Each file is read and checked once, and again
only when it changes; a file with problems is remembered with its first problem, so it costs
nothing more and touches no other variant.
"""

from __future__ import annotations

import errno
import os
import stat
from contextvars import ContextVar
from dataclasses import dataclass
from pathlib import Path

from engine.errors import VariantError
from engine.map_file import checked_map
from engine.map_text import MAX_FILE_BYTES, MapTextError, read_map_json
from engine.variant import _VARIANT_NAME, Variant, _shipped, available_variants, variants_folder


class NotAMapFileError(OSError):
    """The path is not a file dipgm reads as a map: no regular file, or outside the folder."""


def read_variant_file(path: Path, folder: Path | None = None) -> bytes:
    """The bytes of the map file at ``path``: a regular file of at most
    :data:`MAX_FILE_BYTES`, inside ``folder`` (wherever its links lead) when one is given.

    :class:`OSError` for a file that cannot be read (:class:`NotAMapFileError` for one that
    is no regular file or leaves the folder); :class:`MapTextError` for one too large."""
    try:
        real = path.resolve(strict=True)
    except RuntimeError:  # a loop of links
        raise NotAMapFileError(errno.ELOOP, "a loop of symbolic links", str(path)) from None
    if folder is not None and not real.is_relative_to(folder.resolve()):
        # where it leads is not said: the reason may be shown to players
        raise NotAMapFileError(errno.EACCES, "it is a link out of the variants folder", str(path))
    _regular(real.stat(), path)
    descriptor = os.open(real, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0))
    try:
        # what was opened, not what was looked at before: the file may have been swapped
        _regular(os.fstat(descriptor), path)
        with os.fdopen(descriptor, "rb", closefd=False) as file:
            data = file.read(MAX_FILE_BYTES + 1)
    finally:
        os.close(descriptor)
    if len(data) > MAX_FILE_BYTES:
        raise MapTextError(f"the file holds more than {MAX_FILE_BYTES:,} bytes, a map file's most")
    return data


def _regular(info: os.stat_result, path: Path) -> None:
    if not stat.S_ISREG(info.st_mode):
        kind = (
            "a named pipe"
            if stat.S_ISFIFO(info.st_mode)
            else "a folder"
            if stat.S_ISDIR(info.st_mode)
            else "a device or socket"
        )
        raise NotAMapFileError(errno.EINVAL, f"it is {kind}, not a regular file", str(path))
    if info.st_size > MAX_FILE_BYTES:
        raise MapTextError(
            f"the file is {info.st_size:,} bytes; a map file holds at most {MAX_FILE_BYTES:,} "
            f"({MAX_FILE_BYTES // (1024 * 1024)} MiB)"
        )


@dataclass(frozen=True, slots=True)
class FolderMap:
    """A file of the variants folder as read: its board, or why it cannot be played."""

    name: str
    path: Path
    variant: Variant | None
    # the first problem (and how many more), when the file cannot be played
    problem: str | None


# path -> (what the file was when read, what was read); kept while the file is unchanged
_read: dict[Path, tuple[tuple[int, ...] | None, FolderMap]] = {}

# Whether files are read where they are asked for. A program that must not wait on a disk
# where it runs (the bot's event loop) turns this off there and reads ahead elsewhere.
_READ_HERE: ContextVar[bool] = ContextVar("read_variant_files_here", default=True)


def read_files_here(allowed: bool) -> None:
    """Let :func:`folder_map` read files in the current context, or only give what it has
    read before (what was read ahead with ``read=True``)."""
    _READ_HERE.set(allowed)


def folder_map(folder: Path, name: str, *, read: bool | None = None) -> FolderMap:
    """The map file ``name`` of ``folder``, read now only if it changed since last read.

    With ``read`` false (by default, where :func:`read_files_here` forbids it), nothing is
    read: a file read before is given as it was then, one never read says so."""
    path = folder / f"{name}.json"
    known = _read.get(path)
    if not (_READ_HERE.get() if read is None else read):
        if known is not None:
            return known[1]
        return FolderMap(name, path, None, "not read yet (the variants folder is slow to read)")
    seen = _stamp(path)
    if known is not None and known[0] == seen:
        return known[1]
    found = _load(folder, path, name)
    _read[path] = (seen, found)
    return found


def forget_folder_maps() -> None:
    """Read every file again when next asked for (the folder moved, or a test's ended)."""
    _read.clear()


def _stamp(path: Path) -> tuple[int, ...] | None:
    """What tells a changed file: the link and what it leads to, each by inode, size and
    time of change. None for no file."""
    try:
        link = path.lstat()
        target = path.stat()
    except OSError:
        return None
    return tuple(
        n
        for info in (link, target)
        for n in (info.st_dev, info.st_ino, info.st_size, info.st_mtime_ns, info.st_ctime_ns)
    )


def _load(folder: Path, path: Path, name: str) -> FolderMap:
    try:
        data = read_map_json(read_variant_file(path, folder))
    except MapTextError as exc:
        return FolderMap(name, path, None, str(exc))
    except OSError as exc:
        return FolderMap(name, path, None, f"cannot be read: {exc.strerror or exc}")
    variant, problems = checked_map(data, name)
    if variant is None:
        more = f" (and {len(problems) - 1} more)" if len(problems) > 1 else ""
        return FolderMap(name, path, None, problems[0] + more)
    return FolderMap(name, path, variant, None)


def added_variants() -> tuple[str, ...]:
    """The names of the map files in the variants folder, as it is now, whatever they hold
    (a file that cannot be played is still listed, to say why)."""
    shipped = _shipped()
    folder = variants_folder()
    added: list[str] = []
    if folder.is_dir():
        for path in folder.glob("*.json"):
            name = path.name[: -len(".json")]
            if _VARIANT_NAME.fullmatch(name) and name not in shipped:
                added.append(name)
    return tuple(sorted(added))


def folder_variant(name: str) -> Variant:
    """The map file ``name`` of the variants folder as a variant (:func:`folder_map`);
    :class:`VariantError` for a name that is none, or a file that cannot be played (with its
    first problem)."""
    path = variants_folder() / f"{name}.json"
    if not _VARIANT_NAME.fullmatch(name) or not os.path.lexists(path):
        shown = name if len(name) <= 40 else name[:40] + "…"
        known = ", ".join(available_variants())
        raise VariantError(f"unknown variant {shown!r} (variants: {known})")
    found = folder_map(path.parent, name)
    if found.variant is None:
        raise VariantError(str(found.problem))
    return found.variant
