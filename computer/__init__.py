"""Computer players: orders for a power chosen by the board's values, built on the engine only.

>>> from engine import Position, format_order
>>> orders = choose_orders(Position.initial(), "FRANCE", seed=1)
>>> len(orders)
3
"""

from computer.player import choose_orders

__all__ = ["choose_orders"]
