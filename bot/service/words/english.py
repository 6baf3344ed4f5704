"""English for players: plurals and lists joined with "and" / "or"."""

from __future__ import annotations

from collections.abc import Iterable


def plural(count: int, word: str, many: str | None = None) -> str:
    """``1 unit``, ``2 units``; ``many`` where the plural is not the word with an s."""
    return f"{count} {word}" if count == 1 else f"{count} {many or word + 's'}"


def and_list(items: Iterable[str]) -> str:
    return _joined(list(items), "and")


def or_list(items: Iterable[str]) -> str:
    return _joined(list(items), "or")


def _joined(items: list[str], word: str) -> str:
    if len(items) <= 1:
        return "".join(items)
    return ", ".join(items[:-1]) + f" {word} {items[-1]}"
