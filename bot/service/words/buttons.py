"""Which one-click commands go under which message: decided here, shown as given by every
front end (which may add its own platform-only "Enter orders" menus under a message that has
a deadline).

- A channel message that opens a phase (the start, results with the next deadline, a
  rollback): ``Ready``, ``My orders``, ``Map`` — everyone in the channel may have to act.
- A direct message asking one power to act (its welcome, a handover, its retreats or
  adjustments to decide): ``Possible orders``, ``My orders``, ``Map`` — what its units may
  do comes first; ``Ready`` is left out so nobody settles for holding (or disbanding)
  before looking.
- Conditional orders that decided everything: ``Ready``, ``My orders``, ``Map`` — the orders
  are in; one click makes them final.
- A reminder: ``My orders``, ``Possible orders``, ``Ready`` — what is missing, what could
  fill it, or "that is fine as it is", as its text says.
- A refusal of a form sent after its phase was adjudicated: ``Enter orders``, the form of
  the phase open now (``order`` with nothing after it: each front end's own menus).
- A final announcement (and any other message): none.

A direct message is about one game but is read away from its channel, so its buttons name
the game (``game hague orders``): they work for a player in several games too.
"""

from __future__ import annotations

from bot.service.effects import Button

READY = Button("Ready", "ready")
MY_ORDERS = Button("My orders", "orders")
POSSIBLE = Button("Possible orders", "possible")
MAP = Button("Map", "map")
# `order` with nothing after it asks for the menus (see bot.service.asks_for_menus).
ENTER_ORDERS = Button("Enter orders", "order")


def addressed(game_name: str, buttons: tuple[Button, ...]) -> tuple[Button, ...]:
    """The same buttons, each naming the game (``game <name> <command>``)."""
    return tuple(Button(b.label, f"game {game_name} {b.command}") for b in buttons)


def phase_opened() -> tuple[Button, ...]:
    """Under a channel message that opens a phase."""
    return (READY, MY_ORDERS, MAP)


def to_act(game_name: str) -> tuple[Button, ...]:
    """Under a direct message asking a power to decide its orders."""
    return addressed(game_name, (POSSIBLE, MY_ORDERS, MAP))


def orders_in(game_name: str) -> tuple[Button, ...]:
    """Under a direct message telling a power its orders are all given (by conditionals)."""
    return addressed(game_name, (READY, MY_ORDERS, MAP))


def reminder(game_name: str) -> tuple[Button, ...]:
    """Under a reminder to a power that still owes orders."""
    return addressed(game_name, (MY_ORDERS, POSSIBLE, READY))


def fresh_form(game_name: str) -> tuple[Button, ...]:
    """Under the refusal of a form whose phase is over: the open phase's form."""
    return addressed(game_name, (ENTER_ORDERS,))
