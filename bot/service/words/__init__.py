"""The words zone: every sentence a player reads, as :class:`~bot.service.effects.Message`
values built from engine values.

Results, history and one power's results (:mod:`.results`), a power's own orders
(:mod:`.order_lists`), where a phase stands (:mod:`.status`), direct messages to one power
(:mod:`.notices`), which buttons go under which message (:mod:`.buttons`), how powers and phases
are named (:mod:`.labels`), what a position says of one power (:mod:`.power_state`), how
much of a player's own text an answer quotes (:mod:`.quoting`), the standings and what a draw
scores (:mod:`.standings`), and the English helpers every other zone uses (:mod:`.english`).
Pure functions: no store, no clock, no command; the caller decides who sees a message.
"""
