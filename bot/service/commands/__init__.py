"""The commands zone: what players and game masters write, and what it does.

One module per command group (:mod:`.forming`, :mod:`.ordering`, :mod:`.voting`, ...), each
declaring its commands next to their handlers: grammar entry, typed arguments, help text and
handler in one :class:`~bot.service.commands.spec.CommandSpec`. :mod:`.registry` lists them
all and serves `help`; :mod:`.grammar` reads text into commands by it; front ends build their
own commands (Discord's slash commands) from the same declarations. :mod:`.order_menus` and
:mod:`.order_suggestions` give front ends the requester's legal orders to choose from.
:mod:`.turns` is the requester's power in the open phase, which the order and vote commands
share; :mod:`.order_limits` bounds one `order` message and :mod:`.order_votes` reads DRAW and
SURRENDER among its orders as votes.
"""
