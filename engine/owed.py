"""What a power may build or must remove at an adjustment, account by account.

An *account* sets a power's units of some kind against what allows them: in the standard
game one account, every unit against the supply centres the power owns; in Diplomacia two,
armies against the supply centres it controls and fleets against its ports, never traded
(handbook 6.5.2). Each account is settled on its own: more allowed than held is builds
(placed only where a unit of the account may be raised now), fewer is removals. The engine
settles adjustments by these answers (:mod:`engine.builds`), and the service reads them to
say what is owed, so the rule is written once.

>>> from engine.position import Position
>>> owed = adjustment(Position.initial(), "FRANCE")
>>> [(a.holding.value, a.units, a.holdings, a.owed) for a in owed.accounts]
[('centres', 3, 3, 0)]
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from engine.account import Account, Holding
from engine.orders import Build, Disband, Order, Waive, order_unit
from engine.position import Position
from engine.units import Unit

__all__ = ["Account", "Adjustment", "Holding", "adjustment", "adjustments_due"]


class Adjustment(NamedTuple):
    """One power's accounts at an adjustment (or, before one, as they stand)."""

    power: str
    accounts: tuple[Account, ...]

    @property
    def owed(self) -> int:
        """Builds (positive) or removals (negative), the accounts together."""
        return sum(a.owed for a in self.accounts)

    @property
    def builds(self) -> int:
        return sum(a.builds for a in self.accounts)

    @property
    def removals(self) -> int:
        return sum(a.removals for a in self.accounts)

    @property
    def due(self) -> bool:
        """Whether the power has a build it can place or a removal it owes."""
        return any(account.due for account in self.accounts)

    def sites(self, taken: Iterable[str] = ()) -> list[str]:
        """Where the power may raise a unit now, in each account with a build, leaving out
        the places ``taken`` (already built on by its orders)."""
        left = set(taken)
        return [
            area
            for account in self.accounts
            if account.owed > 0
            for area in account.sites
            if area not in left
        ]

    def account_of(self, order: Order) -> Account:
        """The account an adjustment order settles: the one counting its unit; a waive
        gives up a build of the first account that has one (in Diplomacia the armies' while
        they have one, then the fleets'), and with none to give up goes to the last, where
        it is void."""
        unit = order_unit(order)
        if unit is None or isinstance(order, Waive):
            return next((a for a in self.accounts if a.owed > 0), self.accounts[-1])
        return next(a for a in self.accounts if a.counts(unit))

    def overdrawn(self, order: Order, given: Iterable[Order]) -> Account | None:
        """The account ``order`` would overdraw on top of the orders ``given``: a build or
        waive beyond the builds it can place, a removal beyond those it owes; None when the
        order fits (or settles nothing: a retreat or a move)."""
        if not isinstance(order, Build | Waive | Disband):
            return None
        if len(self.alike(order, given)) < self.allowed(order):
            return None
        return self.account_of(order)

    def allowed(self, order: Order) -> int:
        """How many orders like ``order`` its account takes: the builds it can place (a
        build or a waive), or the removals it owes (a removal)."""
        account = self.account_of(order)
        return account.removals if isinstance(order, Disband) else account.builds

    def alike(self, order: Order, given: Iterable[Order]) -> list[Order]:
        """The orders of ``given`` that settle the account ``order`` settles, as it does:
        builds and waives alike, or removals."""
        account = self.account_of(order)
        removing = isinstance(order, Disband)
        return [
            o
            for o in given
            if isinstance(o, Build | Waive | Disband)
            and isinstance(o, Disband) is removing
            and self.account_of(o) == account
        ]

    def removable(self, units: Iterable[Unit]) -> list[Unit]:
        """Those of ``units`` an account owing removals counts: the ones that may be removed."""
        owing = [a for a in self.accounts if a.owed < 0]
        return [u for u in units if any(a.counts(u) for a in owing)]


def adjustment(position: Position, power: str) -> Adjustment:
    """``power``'s accounts in ``position``: what it may build or must remove at an
    adjustment phase (before one, the counts as they stand)."""
    asked = position.accounts_asked
    found: Adjustment | None = asked.get(power)
    if found is None:
        found = asked[power] = Adjustment(
            power, position.variant.rules.ruleset.accounts(position, power)
        )
    return found


def adjustments_due(position: Position) -> bool:
    """Whether any power has a build it can place or a removal it owes (a neutral power
    makes no adjustments)."""
    neutral = position.neutral
    for power in position.variant.powers:
        if power not in neutral and adjustment(position, power).due:
            return True
    return False
