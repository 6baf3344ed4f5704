"""Computer players: orders for a power chosen by the board's values, built on the engine only.

>>> from engine import Position, format_order
>>> orders = choose_orders(Position.initial(), "FRANCE", seed=1)
>>> len(orders)
3
"""

from computer.dumbbot import dumbbot_orders, dumbbot_plays
from computer.player import LEVELS, Level, choose_orders, level_of, orders_of_seats
from computer.search import Budget

__all__ = [
    "LEVELS",
    "Budget",
    "Level",
    "choose_orders",
    "dumbbot_orders",
    "dumbbot_plays",
    "level_of",
    "orders_of_seats",
]
