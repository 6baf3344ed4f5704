"""The rules of Diplomacy: variants, orders, positions and adjudication. Pure Python.

>>> from engine import Position, parse_order, adjudicate, format_order
>>> start = Position.initial()
>>> order = parse_order("Paris army to Burgundy", start, "FRANCE")
>>> format_order(order)
'A PAR - BUR'
>>> resolution = adjudicate(start, {"FRANCE": [order]})
>>> [(r.key, r.text) for r in resolution.results]
[('A PAR', 'moved')]
>>> str(resolution.position.phase)
'F1901M'
"""

from engine.adjustment_ahead import adjustment_at_best
from engine.centre_changes import centres_change
from engine.control import Accounts, accounts, build_site, power_accounts
from engine.convoy_orders import unmatched_convoys
from engine.errors import (
    AmbiguousOrderError,
    IllegalOrderError,
    InvalidOrderError,
    OrderError,
    VariantError,
)
from engine.legal import check_order, legal_orders
from engine.map_file import map_problems, variant_from_map
from engine.neutrality import join_seat
from engine.orders import (
    Build,
    Convoy,
    Disband,
    Hold,
    Move,
    Order,
    Retreat,
    SupportHold,
    SupportMove,
    Waive,
    format_order,
)
from engine.outcomes import OrderResult, Outcome, Resolution
from engine.owed import Account, Adjustment, Holding, adjustment, adjustments_due
from engine.parse import parse_order, parse_orders
from engine.phase import Phase, PhaseKind, Season, kind_name
from engine.position import Dislodged, Position
from engine.rules import Neutral, Rules, Victory
from engine.step import adjudicate
from engine.to_order import still_to_order, units_to_order
from engine.two_orders import doubly_ordered, two_orders_cancel
from engine.units import Unit, UnitType
from engine.variant import (
    ProvinceKind,
    Variant,
    available_variants,
    load_variant,
    variants_folder,
)
from engine.victory import SeatProgress, pieces_on_board, seat_progress, victory_counts

__all__ = [
    "Account",
    "Accounts",
    "Adjustment",
    "AmbiguousOrderError",
    "Build",
    "Convoy",
    "Disband",
    "Dislodged",
    "Hold",
    "Holding",
    "IllegalOrderError",
    "InvalidOrderError",
    "Move",
    "Neutral",
    "Order",
    "OrderError",
    "OrderResult",
    "Outcome",
    "Phase",
    "PhaseKind",
    "Position",
    "ProvinceKind",
    "Resolution",
    "Retreat",
    "Rules",
    "Season",
    "SeatProgress",
    "SupportHold",
    "SupportMove",
    "Unit",
    "UnitType",
    "Variant",
    "VariantError",
    "Victory",
    "Waive",
    "accounts",
    "adjudicate",
    "adjustment",
    "adjustment_at_best",
    "adjustments_due",
    "available_variants",
    "build_site",
    "centres_change",
    "check_order",
    "doubly_ordered",
    "format_order",
    "join_seat",
    "kind_name",
    "legal_orders",
    "load_variant",
    "map_problems",
    "parse_order",
    "parse_orders",
    "pieces_on_board",
    "power_accounts",
    "seat_progress",
    "still_to_order",
    "two_orders_cancel",
    "units_to_order",
    "unmatched_convoys",
    "variant_from_map",
    "variants_folder",
    "victory_counts",
]
