"""The arguments zone: how a command's arguments are declared (:mod:`.declaration`), how a
user is named (:mod:`.mentions`), a unit and what `clear` withdraws (:mod:`.units`), and how
arguments are read, once, into typed values (:mod:`.reading`), whichever front end they come
from; a wrong one gets one refusal."""

from bot.service.arguments.declaration import (
    GAME_ARGUMENT,
    Argument,
    ArgumentValue,
    Choice,
    Kind,
    Suggest,
    choices_of,
)
from bot.service.arguments.mentions import read_user, user_mention
from bot.service.arguments.reading import (
    ArgumentError,
    Values,
    accepted,
    read_line,
    read_typed,
    refusal,
)
from bot.service.arguments.units import AllOrders, Conditional, Place, Waives, Withdrawal

__all__ = [
    "GAME_ARGUMENT",
    "AllOrders",
    "Argument",
    "ArgumentError",
    "ArgumentValue",
    "Choice",
    "Conditional",
    "Kind",
    "Place",
    "Suggest",
    "Values",
    "Waives",
    "Withdrawal",
    "accepted",
    "choices_of",
    "read_line",
    "read_typed",
    "read_user",
    "refusal",
    "user_mention",
]
