"""The variant a game plays (the `variant=` option): a name `dipgm variants` lists.

    variant=standard   the standard board for seven (the default)
    variant=1961-4     the 1961 rules for four players: a smaller board, won by a majority of
                       the pieces on it

The UK rule book's games for fewer players (`players=`) lay out the *standard* board; the
1961 rules answer fewer players by shrinking the board instead. A game takes one answer or
the other, never both. A map file added to the variants folder (`DIPGM_VARIANTS_DIR`) is a
variant by its file's name, offered as soon as it is there.
"""

from __future__ import annotations

import logging

from bot.service.errors import UserError
from bot.service.options.fewer_players import Setup
from bot.service.words.quoting import excerpt
from engine import Variant, VariantError, available_variants, load_variant

STANDARD = "standard"

logger = logging.getLogger(__name__)


def variant_names() -> tuple[str, ...]:
    """Every variant by name, read now (a map file added to the variants folder while the
    bot runs is among them): the standard game first, then as `dipgm variants` lists them."""
    return (STANDARD, *(name for name in available_variants() if name != STANDARD))


def playable_variants() -> list[Variant]:
    """The variants a game may be created on: a map file with problems is left out (and
    logged for whoever runs the bot: `dipgm variant check` names them)."""
    found = []
    for name in variant_names():
        try:
            found.append(load_variant(name))
        except VariantError as exc:
            logger.warning("map file %s.json cannot be played: %s", name, exc)
    return found


def parse_variant(value: str | None) -> str:
    """The variant ``value`` names, exactly as `dipgm variants` lists it (in any case)."""
    name = (value or "").strip().lower()
    if name in available_variants():
        try:
            load_variant(name)
        except VariantError as exc:
            raise UserError(
                f"variant={name} is a map file the bot cannot play: {exc}. Whoever runs the "
                f"bot can see every problem with `dipgm variant check {name}.json`."
            ) from None
        return name
    raise UserError(
        f"variant={excerpt(value or '')} is not a variant here. The variants:\n"
        + "\n".join(variant_line(variant) for variant in playable_variants())
    )


def variant_line(variant: Variant) -> str:
    """A variant's name and its one-line description."""
    return f"{variant.name} — {variant.description}"


def check_variant_setup(variant: str, setup: Setup | None) -> None:
    """Refuse the rule book's layouts for fewer players on any board but the standard one."""
    if setup is None or variant == STANDARD:
        return
    given = f"{setup.players}:{setup.layout}" if setup.layout > 1 else str(setup.players)
    raise UserError(
        f"players={given} lays out the standard board for fewer players (the UK rule "
        f"book: some players command two powers), and variant={variant} is a board of its own "
        f"({load_variant(variant).description}): the two are different answers to fewer "
        "players. Choose one: drop players=, or write variant=standard."
    )
