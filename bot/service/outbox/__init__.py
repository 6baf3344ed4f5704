"""The outbox zone: messages for a game's channel or a player's direct messages, queued in the
database inside the transaction that decided them (:mod:`.queue`), so a crash after a
decision still delivers it, and handed to the front end of their platform.
"""
