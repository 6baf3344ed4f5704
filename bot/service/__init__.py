"""The game service: platform-neutral use cases. Text commands in, effects out.

What a front end, a script or a benchmark needs is importable from here, so that files may
move inside the service without breaking anything outside it::

    from bot.service import GameService, Request, Actor, Place, Audience

    service = GameService(sessions, clock=clock)
    replies = await service.handle(Request(actor, Place("C1"), "order A PAR - BUR"))
    await service.process_due()              # what the alarm clock calls

Inside, code lives in zones, each a package whose docstring says what lives there:

- :mod:`bot.service.commands`: one module per command group, the grammar and the help;
- :mod:`bot.service.turn`: adjudication, deadlines, missed orders, conditional orders,
  endings;
- :mod:`bot.service.words`: every sentence a player reads;
- :mod:`bot.service.schedule`: when phases open and close, and how a game master says so;
- :mod:`bot.service.options`: a game's options as typed to ``newgame`` and kept;
- :mod:`bot.service.outbox`: messages queued for delivery, and the one pump that sends them.

The modules at this level are what every zone shares: :mod:`.effects` (the values going in
and out), :mod:`.errors`, :mod:`.context` (one request being handled), :mod:`.roster` (who
plays what), :mod:`.stored_orders`, :mod:`.maps` and :mod:`.game_service` (the facade).
"""

from bot.service.effects import (
    Actor,
    Audience,
    Button,
    Deadline,
    Image,
    Line,
    Message,
    Place,
    Reply,
    Request,
    Section,
    Target,
    text,
)
from bot.service.errors import UserError, safe_trace
from bot.service.game_service import OUR_FAULT, TOO_LATE, GameService
from bot.service.maps import Animator, Renderer
from bot.service.outbox.pump import Pump
from bot.service.outbox.queue import Delivery
from bot.service.outbox.transport import SendError, Transport

__all__ = [
    "OUR_FAULT",
    "TOO_LATE",
    "Actor",
    "Animator",
    "Audience",
    "Button",
    "Deadline",
    "Delivery",
    "GameService",
    "Image",
    "Line",
    "Message",
    "Place",
    "Pump",
    "Renderer",
    "Reply",
    "Request",
    "Section",
    "SendError",
    "Target",
    "Transport",
    "UserError",
    "safe_trace",
    "text",
]
