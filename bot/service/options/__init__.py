"""The options zone: a game's options as a game master types them to ``newgame`` or
``settings`` and as the game keeps them.

:mod:`.game_options` reads and writes them all (schedule, press, anonymity and the rest);
each option with rules of its own has a module: the variant played (:mod:`.variant_choice`),
the games for fewer players (:mod:`.fewer_players`), what happens to a power that misses its orders
(:mod:`.missed_orders_rule`), an agreed end to the game (:mod:`.agreed_end`) and the colours
maps are drawn in, the game's or a player's own (:mod:`.palette`). The schedule options are
read by :mod:`bot.service.schedule`.
"""
