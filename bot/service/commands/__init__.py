"""The commands zone: everything a player or a game master can ask for, one module per group.

Each module holds the handlers of one group of commands (forming a game, ordering, voting,
press, what anyone may see, the game master's tools, seats, rollback, export, settings) and
runs inside one request's transaction with a :class:`~bot.service.context.Context`.
:mod:`.grammar` reads the command text and holds every command's help; :mod:`.order_menus`
and :mod:`.overview` answer the front ends' own views (order menus, a player's home page).
Commands use the turn, the words and the options below them; nothing below imports a command.
"""
