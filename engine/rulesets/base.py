"""What a ruleset decides, with the standard game's answers (Calhamer's Diplomacia as the
UK rule book and the DATC read it).

The engine asks the ruleset of a variant's rules (``variant.rules.ruleset``) instead of
asking which game it is: every behaviour a ruleset changes is named here for what it does.
A ruleset is one object per game, registered by its name (:func:`engine.rulesets.register`);
another ruleset subclasses :class:`Ruleset` and answers differently where its game does
(:class:`engine.rulesets.diplomacia.Diplomacia`). The answers that are flags are read once
per phase or per call, never per order; the methods run once per phase or per power.

The engine's modules are imported inside the methods: this module is imported by
:mod:`engine.rules`, below everything that plays a position. They are imported as
``import engine.x as x`` (a look-up in the loaded modules, where ``from ... import`` costs
several times more), and what runs for every power or every order read
(:attr:`Ruleset.notation`) is looked up once per ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from functools import cached_property
from typing import TYPE_CHECKING, Any, ClassVar

from engine.account import Account, Holding
from engine.errors import VariantError
from engine.phase import Phase, PhaseKind, Season

if TYPE_CHECKING:
    from engine.order_checks import OrderChecks
    from engine.parse_grammar import Notation
    from engine.position import Position
    from engine.rules import Victory
    from engine.variant import Variant


class Ruleset:
    """The standard game. Subclass it for another game; register one instance by name."""

    # the name variants and stored games give it ("ruleset" in a variant's rules)
    name: ClassVar[str] = "standard"

    # Phases and their names -------------------------------------------------------------
    # phases are numbered turns (T1M, T2A: "turn 2", the "Control evaluation") rather than
    # the seasons of a year (S1901M, W1901A: "1901", "Adjustments")
    numbered_turns: ClassVar[bool] = False
    # victory is checked after every phase, whatever the variant's victory condition
    victory_checked_every_phase: ClassVar[bool] = False

    # Control and centres ----------------------------------------------------------------
    # every area has a controller, kept in the position (its JSON "control"): the areas
    # take their controller's colour, homes are every home area, not only the centres
    keeps_control: ClassVar[bool] = False

    # Adjustments ------------------------------------------------------------------------
    # two accounts: armies against the centres controlled, fleets against the ports; an
    # army is raised in a home territory with a centre, a fleet in any port controlled
    two_accounts: ClassVar[bool] = False

    # Orders -------------------------------------------------------------------------------
    # two different orders for one unit cancel each other (else the later one stands)
    two_orders_cancel: ClassVar[bool] = False
    # convoys are ordered fleet by fleet, one hop each (no "via convoy"; the adjudicator
    # follows each chain of hops)
    hop_convoys: ClassVar[bool] = False
    # an army may seize the port of the sector off its territory (an imaginary fleet)
    port_seizures: ClassVar[bool] = False
    # an area holds one kind of unit, which its kind says (a territory an army, a sector a
    # fleet): orders may name only the area, and a board is a map file of such areas
    one_unit_kind_per_area: ClassVar[bool] = False
    # what may be ordered in each kind of phase, in a refusal's words
    orders_allowed: ClassVar[Mapping[PhaseKind, str]] = {
        PhaseKind.MOVEMENT: "holds, moves, supports and convoys",
        PhaseKind.RETREATS: "retreats and disbands",
        PhaseKind.ADJUSTMENTS: "builds, removals and waives",
    }

    @property
    def period(self) -> str:
        """What a game counts its time in, in a player's words: ``year`` or ``turn``."""
        return "turn" if self.numbered_turns else "year"

    def first_phase(self, first_year: int) -> Phase:
        """The opening phase: Spring of the first year."""
        return Phase(first_year, Season.SPRING, PhaseKind.MOVEMENT)

    def check_victory(self, victory: Victory, count: object) -> None:
        """Refuse (:class:`VariantError`) a victory condition this game cannot be won by."""
        from engine.rules import Victory

        if victory is Victory.PIECES:
            if count is not None:
                raise VariantError("a majority of the pieces takes no victory_count")
        elif not isinstance(count, int) or count < 1:
            raise VariantError(f"victory {victory} needs a positive victory_count")

    def initial_control(self, variant: Variant) -> dict[str, str]:
        """Who controls each area at the start (nobody: the standard game owns only centres)."""
        return {}

    def control_after(self, position: Position, seized: Mapping[str, str]) -> Position:
        """The position after a movement or retreat phase with control and centres brought
        up to date (``seized``: sector -> the power whose army took its port). Centres
        change hands only when the Fall is settled (:meth:`next_phase`)."""
        return position

    def next_phase(self, phase: Phase, position: Position) -> tuple[Position, tuple[str, ...]]:
        """What follows ``phase`` (movement or retreats) once no retreat is pending, and the
        winners if the game ends there: after the Spring the Fall; after the Fall the centres
        change hands, and the Winter follows when anyone has an adjustment to make."""
        import engine.step as step

        return step.next_season(phase, position)

    def centres_change(self, phase: Phase) -> bool:
        """Whether resolving ``phase`` may change who owns supply centres: the Fall's
        movement (once its retreats are settled, a centre is whoever stands in it then)."""
        return phase.settles_centres

    def accounts(self, position: Position, power: str) -> tuple[Account, ...]:
        """``power``'s accounts: one, every unit against the supply centres it owns, a unit
        raised in an owned home centre left empty."""
        owned = position.centers.get(power, frozenset())
        units = len(position.units.get(power, ()))
        homes: tuple[str, ...] = ()
        if len(owned) > units:  # where to build matters only to a power that may
            occupied = position.occupants  # the position's own index, made once
            homes = tuple(
                h for h in position.homes.get(power, ()) if h in owned and h not in occupied
            )
        return (Account(None, Holding.CENTRES, units, len(owned), homes),)

    def adjustment_held(self, position: Position, power: str, homes: frozenset[str]) -> Position:
        """The Winter adjustment of ``position``'s year with ``power`` owning ``homes`` and
        nobody else owning them (the units are the caller's)."""
        centers = {p: frozenset(c - homes) for p, c in position.centers.items()}
        centers[power] = frozenset(position.centers.get(power, frozenset()) | homes)
        winter = Phase(position.phase.year, Season.WINTER, PhaseKind.ADJUSTMENTS)
        return replace(position, phase=winter, centers=centers)

    def order_checks(self) -> OrderChecks:
        """Which orders exist, the phases each is given in, and how each is checked (the
        plain holds, moves and supports of a movement phase are accepted by a look-up in
        the numbered board first, in every ruleset: :func:`engine.legal.check_orders`)."""
        import engine.order_checks as order_checks

        return order_checks.STANDARD_CHECKS

    @cached_property
    def notation(self) -> Notation:
        """The order words players write (:mod:`engine.parse_grammar`)."""
        import engine.parse_grammar as parse_grammar

        return parse_grammar.STANDARD

    def __repr__(self) -> str:
        return f"<ruleset {self.name}>"

    def __reduce__(self) -> tuple[Any, ...]:
        # one object per ruleset: a copy or a pickled position finds the registered one
        from engine.rulesets import ruleset_named

        return (ruleset_named, (self.name,))
