"""The outbox zone: messages queued for delivery, and the one pump that sends them.

- :mod:`.queue`: queueing a message to a game's channel or a player's DM (once per key, in
  the transaction that decided it), with what it is about should it never arrive;
- :mod:`.deliveries`: what the pump takes back out, and recording what became of it;
- :mod:`.pump`: the delivery loop of one platform: claim, send part by part, record, retry;
- :mod:`.doorbell`: the one way the service wakes the pumps;
- :mod:`.transport`: what a front end supplies: its platform's parts, how to send one, what
  is already posted, and whether the bot may post in a channel;
- :mod:`.failures`: the one place a failed delivery is reported, to the log and to the
  people who must act.
"""

from bot.service.outbox.deliveries import Deliveries
from bot.service.outbox.doorbell import Doorbell

__all__ = ["Deliveries", "Doorbell"]
