"""The outbox zone: messages queued for delivery, and the one pump that sends them.

- :mod:`.queue`: queueing a message to a game's channel or a player's DM (once per key, in
  the transaction that decided it), and what the pump takes back out;
- :mod:`.pump`: the delivery loop of one platform: claim, send part by part, record, retry;
- :mod:`.doorbell`: the one way the service wakes the pumps;
- :mod:`.transport`: what a front end supplies: its platform's parts and how to send one;
- :mod:`.failures`: the one place a failed delivery is reported.
"""

from bot.service.outbox.doorbell import Doorbell
from bot.service.outbox.queue import Deliveries

__all__ = ["Deliveries", "Doorbell"]
