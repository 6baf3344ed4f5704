"""The game service: platform-neutral use cases. Text commands in, effects out.

What a front end, a script or a benchmark needs is importable from here, so that files may
move inside the service without breaking anything outside it::

    from bot.service import GameService, Request, Actor, Place, Audience

    service = GameService(sessions, clock=clock)
    replies = await service.handle(Request(actor, Place("C1"), "order A PAR - BUR"))
    await service.process_due()              # what the alarm clock calls

Inside, code lives in zones, each a package whose docstring says what lives there:

- :mod:`bot.service.commands`: one module per command group, each declaring its commands
  (grammar entry, typed arguments, help and handler), the registry of them all, the text
  grammar and order suggestions;
- :mod:`bot.service.turn`: adjudication, deadlines, missed orders, conditional orders,
  endings;
- :mod:`bot.service.words`: every sentence a player reads;
- :mod:`bot.service.schedule`: when phases open and close, and how a game master says so;
- :mod:`bot.service.options`: a game's options as typed to ``newgame`` and kept;
- :mod:`bot.service.outbox`: messages queued for delivery, and the one pump that sends them.

The modules at this level are what every zone shares: :mod:`.effects` (the values going in
and out), :mod:`.errors`, :mod:`.context` (one request being handled), :mod:`.roster` (who
plays what), :mod:`.stored_orders`, :mod:`.maps`, :mod:`.health` (what an operator checks) and
:mod:`.game_service` (the facade).
"""

from bot.service.arguments import (
    GAME_ARGUMENT,
    Argument,
    ArgumentValue,
    Choice,
    Kind,
    Suggest,
    read_user,
    user_mention,
)
from bot.service.commands.export import FORMAT as RECORD_FORMAT
from bot.service.commands.grammar import (
    COMMAND_PREFIX,
    asks_for_menus,
    command_after_prefix,
    command_in_message,
    neutral_users,
    parse_command,
)
from bot.service.commands.newgame import read_variants_ahead, suggest_variants
from bot.service.commands.order_menus import OrderForm, choices_for
from bot.service.commands.order_suggestions import suggest_orders, suggest_units
from bot.service.commands.registry import COMMANDS, find_command, help_topics
from bot.service.commands.spec import CommandSpec
from bot.service.effects import (
    Access,
    Actor,
    Audience,
    Button,
    Deadline,
    Image,
    Line,
    Message,
    Need,
    Options,
    Place,
    Reply,
    Request,
    Section,
    Target,
    text,
)
from bot.service.errors import UserError, safe_trace
from bot.service.game_service import OUR_FAULT, TOO_LATE, GameService
from bot.service.health import (
    FORGET_AFTER,
    HEARTBEAT_SECONDS,
    Health,
    Worker,
    read_health,
)
from bot.service.maps import Animator, Renderer, Workers
from bot.service.options.game_options import Press
from bot.service.outbox.failures import Refusal, SendError
from bot.service.outbox.pump import Pump
from bot.service.outbox.queue import Delivery
from bot.service.outbox.transport import (
    PicturePart,
    TextPart,
    Transport,
    text_then_picture,
)
from bot.service.stored_orders import order_key
from bot.service.words.labels import form_is_over

__all__ = [
    "COMMANDS",
    "COMMAND_PREFIX",
    "FORGET_AFTER",
    "GAME_ARGUMENT",
    "HEARTBEAT_SECONDS",
    "OUR_FAULT",
    "RECORD_FORMAT",
    "SPECS",
    "TOO_LATE",
    "Access",
    "Actor",
    "Animator",
    "Argument",
    "ArgumentValue",
    "Audience",
    "Button",
    "Choice",
    "CommandSpec",
    "Deadline",
    "Delivery",
    "GameService",
    "Health",
    "Image",
    "Kind",
    "Line",
    "Message",
    "Need",
    "Options",
    "OrderForm",
    "PicturePart",
    "Place",
    "Press",
    "Pump",
    "Refusal",
    "Renderer",
    "Reply",
    "Request",
    "Section",
    "SendError",
    "Suggest",
    "Target",
    "TextPart",
    "Transport",
    "UserError",
    "Worker",
    "Workers",
    "asks_for_menus",
    "choices_for",
    "command_after_prefix",
    "command_in_message",
    "find_command",
    "form_is_over",
    "help_topics",
    "neutral_users",
    "order_key",
    "parse_command",
    "read_health",
    "read_user",
    "read_variants_ahead",
    "safe_trace",
    "suggest_orders",
    "suggest_units",
    "suggest_variants",
    "text",
    "text_then_picture",
    "user_mention",
]
