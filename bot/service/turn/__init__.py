"""The turn zone: what happens at a deadline and between phases.

Adjudicating a phase exactly once (:mod:`.adjudication`, judged by :mod:`.verdict`, its results
queued by :mod:`.results_announcement`), reminders before a deadline (:mod:`.reminders`), opening
the next one with its deadlines (:mod:`.opening`), powers that sent no orders and the game's
policy for them (:mod:`.missed_orders`), conditional retreats and builds put to work
(:mod:`.conditional_orders`), how a game ends (:mod:`.endings`, announced by
:mod:`.final_announcement`), and the scoreboard (supply centres by year, standings, draw
scores) that `scoreboard` and the final announcement show (:mod:`.scoreboard`). It writes
through the store and queues messages in the outbox; the words it sends come from
:mod:`bot.service.words`.
"""
