"""Diplomacia (Jan Šimbera's handbook, 2017) as a ruleset: numbered turns with a control
evaluation after every even one, continuous control of every area, two accounts (armies
against centres, fleets against ports), port seizure, convoys ordered hop by hop, two orders
for one unit cancelling both, and victory checked after every turn.

Its mechanisms live beside it: :mod:`engine.rulesets.diplomacia_steps` (control, the turn
sequence, the evaluation) and :mod:`engine.rulesets.diplomacia_legal` (its orders).
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar

from engine.errors import VariantError
from engine.phase import Phase, PhaseKind, Season
from engine.rulesets.base import Ruleset

if TYPE_CHECKING:
    from engine.order_checks import OrderChecks
    from engine.owed import Account
    from engine.parse_grammar import Notation
    from engine.position import Position
    from engine.rules import Victory
    from engine.variant import Variant


class Diplomacia(Ruleset):
    name: ClassVar[str] = "diplomacia"
    numbered_turns: ClassVar[bool] = True
    # handbook 4.1: after every turn
    victory_checked_every_phase: ClassVar[bool] = True
    keeps_control: ClassVar[bool] = True
    two_accounts: ClassVar[bool] = True
    two_orders_cancel: ClassVar[bool] = True
    hop_convoys: ClassVar[bool] = True
    port_seizures: ClassVar[bool] = True
    one_unit_kind_per_area: ClassVar[bool] = True
    orders_allowed: ClassVar[Mapping[PhaseKind, str]] = {
        **Ruleset.orders_allowed,
        PhaseKind.MOVEMENT: "holds, moves, supports, port seizures and convoys",
    }

    def first_phase(self, first_year: int) -> Phase:
        """Turn 1, whatever the year."""
        return Phase(1, Season.TURN, PhaseKind.MOVEMENT)

    def check_victory(self, victory: Victory, count: object) -> None:
        """Supply centres win (handbook 4.1); their number may be left to the board (more
        than half of them, :meth:`engine.rules.Rules.with_majority_of`)."""
        from engine.rules import Victory

        if victory is not Victory.CENTRES:
            raise VariantError("a Diplomacia game is won by supply centres")
        if count is not None and (not isinstance(count, int) or count < 1):
            raise VariantError("victory_count must be a positive number of supply centres")

    def initial_control(self, variant: Variant) -> dict[str, str]:
        """Every home area is its power's (handbook 5.1)."""
        return {area: p for p in variant.powers for area in variant.power_info[p].homes}

    def control_after(self, position: Position, seized: Mapping[str, str]) -> Position:
        """Every occupied area its occupant's, every seized port's sector its seizer's."""
        import engine.rulesets.diplomacia_steps as steps

        return steps.controlled(position, seized)

    def next_phase(self, phase: Phase, position: Position) -> tuple[Position, tuple[str, ...]]:
        """After an even turn the control evaluation, if anyone has something to do in it;
        otherwise the next turn (victory is checked after every phase)."""
        import engine.rulesets.diplomacia_steps as steps

        return steps.next_turn(phase, position), ()

    def centres_change(self, phase: Phase) -> bool:
        """Control follows the units (handbook 5): every movement and retreat phase."""
        return phase.kind is not PhaseKind.ADJUSTMENTS

    def accounts(self, position: Position, power: str) -> tuple[Account, ...]:
        """Two accounts never traded (6.5.2): armies against the centres it controls, raised
        in home territories; fleets against its ports, raised in any port it controls."""
        import engine.rulesets.diplomacia_steps as steps

        return steps.accounts(position, power)

    def adjustment_held(self, position: Position, power: str, homes: frozenset[str]) -> Position:
        """The control evaluation of ``position``'s turn with ``power`` controlling its home
        areas (control says who may build where)."""
        import engine.rulesets.diplomacia_steps as steps

        return steps.evaluation_held(position, power, homes)

    def order_checks(self) -> OrderChecks:
        """Its own orders (seizure, hops), and the two accounts at the evaluation."""
        import engine.rulesets.diplomacia_legal as diplomacia_legal

        return diplomacia_legal.CHECKS

    @cached_property
    def notation(self) -> Notation:
        """The handbook's order words (section 8)."""
        import engine.parse_grammar as parse_grammar

        return parse_grammar.DIPLOMACIA
