"""The store's errors: a write the database would refuse, caught early with a readable reason."""

from __future__ import annotations


class StoreError(Exception):
    """A write the database would refuse, caught early with a readable reason."""


class GameNameTakenError(StoreError):
    """A new game named like an existing one of the same platform and workspace."""


class PhaseAlreadyOpenError(StoreError):
    """A phase opened while the game still has one open."""


class PhaseClosedError(StoreError):
    """Orders for a phase that is no longer open. If raised after a write, the caller's
    transaction holds that write and must be rolled back."""
