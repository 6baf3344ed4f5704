"""`press`: messages between powers, relayed by the bot and kept for the game's archive.

    press germany Shall we share Burgundy?        signed "from France", to Germany's players
    press england,germany Northern alliance?      to several powers
    press all Peace in our time.                  to every other power
    press russia grey Beware of Turkey.           unsigned, where the game allows grey press
    press team Shall we take Belgium?             to the other members of one's own team only

Who wrote grey press is never told to anyone: not in the message, not in an error, not in a
log line, nor in the game's archive. The game's press rule decides what may be sent at all;
powers out of the game (eliminated, surrendered) receive none, nor do powers a computer
plays: the writer is told it cannot read press, and nothing is sent or kept for it.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence
from dataclasses import dataclass

from bot.service.arguments import Argument, Kind, Values
from bot.service.commands.spec import CommandSpec
from bot.service.commands.team_talk import team_talk
from bot.service.context import Context
from bot.service.effects import Line, Message, Reply, Section
from bot.service.errors import UserError
from bot.service.options.game_options import GameOptions, Press
from bot.service.outbox import queue
from bot.service.roster import players_by_power
from bot.service.words.labels import power_names
from bot.store import Game, PowerStatus
from engine import Phase, PhaseKind, Position, Variant, kind_name

# Long enough for any letter; every front end splits a longer text over several posts, so
# this is the one limit, and what `help press` states.
MAX_LENGTH = 3500
# `press team <message>`: to the other members of one's team
_TEAM = "team"
PRESS_MESSAGE = "a press message"
USAGE = "`press germany <message>`, `press england,germany <message>` or `press all <message>`"


@dataclass(frozen=True, slots=True)
class Letter:
    """A message as written: to whom (None: every other power), signed or grey, and its text."""

    to: tuple[str, ...] | None
    grey: bool
    body: str


def read_letter(variant: Variant, values: Values) -> Letter:
    """The letter the arguments give: to the powers named (or all), signed or grey."""
    names = values.names("to")
    if [w.lower() for w in names] == ["all"]:
        to: tuple[str, ...] | None = None
    elif any(w.lower() == "all" for w in names):
        raise values.refuse("to", "`all` with powers", "`all` alone, or powers")
    else:
        to = tuple(values.powers("to", variant))
    body = values.text("message").strip()
    if len(body) > MAX_LENGTH:
        raise UserError(
            f"That message has {len(body)} characters; send at most {MAX_LENGTH} at a time."
        )
    return Letter(to, values.flag("grey"), body)


def _check_rule(game: Game, options: GameOptions, letter: Letter, phase: Phase) -> None:
    if options.press is Press.NONE:
        raise UserError(
            f"{game.name} is a no-press (gunboat) game: players send no messages through me."
        )
    if options.press is Press.PUBLIC and letter.to is not None:
        raise UserError(
            f"{game.name} allows public press only: write `press all <message>`; it is posted "
            "in the game's channel for everyone."
        )
    if options.press is Press.RULEBOOK and phase.kind is not PhaseKind.MOVEMENT:
        third = kind_name(PhaseKind.ADJUSTMENTS, numbered_turns=phase.is_turn).lower()
        raise UserError(
            f"{game.name} follows the rule book: there is no diplomacy during retreats and "
            f"{third}. Your message was not sent; press opens again with the next movement "
            "phase."
        )
    if letter.grey and not options.grey:
        raise UserError(
            f"{game.name} does not allow grey press, so your message was not sent. Leave out "
            "`grey` to send it signed with your power."
        )


async def press(ctx: Context) -> list[Reply]:
    if [w.lower() for w in ctx.values.names("to")] == [_TEAM]:
        return await team_talk(ctx, ctx.values.text("message"), MAX_LENGTH)
    game = await ctx.game()
    mine = await ctx.powers(game)
    phase = await ctx.store.open_phase_of(game.id)
    if phase is None:
        raise UserError(f"{game.name} has no phase open: press waits for the next one.")
    position = Position.from_json(phase.position)
    letter = read_letter(position.variant, ctx.values)
    statuses = await ctx.store.power_statuses(game.id)
    signers = [p for p in mine if statuses.get(p, PowerStatus.PLAYING) == PowerStatus.PLAYING]
    if not signers:
        raise UserError(
            f"{power_names(position.variant, mine)} is out of the game and sends no press."
        )
    power = signers[0]
    options = ctx.options(game)
    _check_rule(game, options, letter, position.phase)
    # Eliminated and surrendered powers are out of the game ("the game continues without
    # the surrendering players"): press is for powers still in it. A power in civil
    # disorder may yet have a player again, and its letters are kept.
    out = {
        p
        for p, state in statuses.items()
        if state in (PowerStatus.ELIMINATED, PowerStatus.SURRENDERED)
    }
    others = [p for p in position.variant.powers if p not in mine and p not in out]
    # A computer reads no press: nothing is kept or sent for it, so no word meant for
    # people reaches it.
    computers = await ctx.store.computer_powers(game.id)
    to, skipped = _addressees(position, letter, mine, others, out, computers)
    if skipped and not to:
        raise UserError(f"{_computer_text(position, skipped)} Nothing was sent.")
    if not to:
        raise UserError(f"Name another power than your own: {USAGE}.")
    record = await ctx.store.add_press(
        game.id,
        phase.name,
        from_power=power,
        to_powers=to,
        body=letter.body,
        sent_by=ctx.actor_id,
        grey=letter.grey,
    )
    key = f"game:{game.id}:press:{record.id}"
    how = (
        "unsigned (grey press)"
        if letter.grey
        else f"signed {power_names(position.variant, signers)}"
    )
    if options.press is Press.PUBLIC:
        await queue.to_channel(ctx.store, game, key, _public(game, position, signers, letter))
        return [ctx.say(f"Posted in the game's channel, {how}.")]
    everyone = set(to) | set(skipped) == set(others)
    unread = await _send_private(ctx, game, position, power, signers, to, letter, key, everyone)
    lines = [f"Sent to {power_names(position.variant, to)}, {how}."]
    if skipped:
        lines.append(f"{_computer_text(position, skipped)} It was not sent there.")
    if unread:
        lines.append(
            f"Nobody plays {power_names(position.variant, unread)} now, so nobody read it "
            "there; it is kept for the game's archive."
        )
    return [ctx.say(*lines)]


def _addressees(
    position: Position,
    letter: Letter,
    mine: Sequence[str],
    others: Sequence[str],
    out: set[str],
    computers: Collection[str],
) -> tuple[list[str], list[str]]:
    """The powers a letter goes to, and those it names that a computer plays (skipped);
    naming a power out of the game is refused."""
    if letter.to is None:
        return [p for p in others if p not in computers], [p for p in others if p in computers]
    gone = [p for p in letter.to if p in out and p not in mine]
    if gone:
        verb = "is" if len(gone) == 1 else "are"
        raise UserError(
            f"{power_names(position.variant, gone)} {verb} out of the game: press goes "
            "to powers still in it."
        )
    to = [p for p in letter.to if p not in mine and p not in computers]
    skipped = [p for p in letter.to if p not in mine and p in computers]
    return to, skipped


async def _send_private(
    ctx: Context,
    game: Game,
    position: Position,
    power: str,
    signers: Sequence[str],
    to: Sequence[str],
    letter: Letter,
    key: str,
    everyone: bool,
) -> list[str]:
    """Queue the letter for the players of each power it goes to, and a copy for the
    writer's teammates; the powers nobody plays now (nobody reads it there)."""
    users = await players_by_power(ctx.store, game)
    message = _private(game, position, signers, to, letter, everyone=everyone)
    unread: list[str] = []
    for recipient in to:
        if not users.get(recipient):
            unread.append(recipient)
        # Should it not arrive, the writer is told to which power (never to which player).
        about = queue.About(
            PRESS_MESSAGE, sender=ctx.actor_id, to=power_names(position.variant, [recipient])
        )
        for user_id in users.get(recipient, ()):
            await queue.to_user(ctx.store, game, user_id, f"{key}:{user_id}", message, about=about)
    copy = _copy(game, position, to, letter)
    for user_id in users.get(power, ()):
        if user_id != ctx.actor_id:
            await queue.to_user(
                ctx.store,
                game,
                user_id,
                f"{key}:{user_id}",
                copy,
                about=queue.About(f"the copy of {PRESS_MESSAGE} of their power"),
            )
    return unread


PRESS = CommandSpec(
    "press",
    "press <powers|all> [grey] <message>",
    "Send a message to other powers, signed with your power.",
    press,
    (
        "Name one power, several separated by commas, or `all` (every other power). "
        "Everyone playing them gets it by direct message; it is kept for the game's archive. "
        "A power a computer plays reads no press: nothing is sent to it, and you are told.",
        "`grey` right after the powers sends it unsigned, where the game allows grey press: "
        "nobody is ever told who wrote it.",
        f"A message may be up to {MAX_LENGTH:,} characters; it arrives whole (in several "
        "posts where the platform needs). If it cannot be delivered to someone (they take no "
        "direct messages from me), you and the game master are told.",
        "The game's press rule decides what may be sent: in a public-press game only "
        "`press all`, posted in the game's channel; in a gunboat game nothing; under the "
        "rule book nothing during retreats and adjustments.",
        "`press team <message>`: where several people command your power, a message to the "
        "other members of your team alone, by DM, whatever the press rule; it is not kept.",
    ),
    (
        "press germany Shall we share Burgundy?",
        "press england,germany A northern alliance?",
        "press all grey Beware of France.",
        "press team Shall we take Belgium?",
    ),
    arguments=(
        Argument("to", "One power, several separated by commas, or all", Kind.NAMES, required=True),
        Argument(
            "grey", "Send it unsigned, where the game allows grey press", Kind.YES_NO, word="grey"
        ),
        Argument("message", "What to say", Kind.TEXT, required=True),
    ),
)


def _computer_text(position: Position, powers: Sequence[str]) -> str:
    names = power_names(position.variant, powers)
    if len(powers) == 1:
        return f"{names} is played by a computer, which cannot read press."
    return f"{names} are played by computers, which cannot read press."


def _body(letter: Letter) -> tuple[Line, ...]:
    return tuple(Line(text) for text in letter.body.splitlines())


def _private(
    game: Game,
    position: Position,
    signers: Sequence[str],
    to: Sequence[str],
    letter: Letter,
    *,
    everyone: bool,
) -> Message:
    if letter.grey:
        # No recipient list either: "to everyone but X" would name the writer.
        return Message(
            title=f"{game.name}: grey press (the writer is not named)",
            sections=(Section(None, _body(letter)),),
        )
    to_line = "To: all powers" if everyone else f"To: {power_names(position.variant, to)}"
    return Message(
        title=f"{game.name}: press from {power_names(position.variant, signers)}",
        sections=(Section(None, (Line(to_line),)), Section(None, _body(letter))),
    )


def _copy(game: Game, position: Position, to: Sequence[str], letter: Letter) -> Message:
    """What the writer's teammates read: their own power's message."""
    kind = "grey press" if letter.grey else "press"
    return Message(
        title=f"{game.name}: your power sent {kind} to {power_names(position.variant, to)}",
        sections=(Section(None, _body(letter)),),
    )


def _public(game: Game, position: Position, signers: Sequence[str], letter: Letter) -> Message:
    title = (
        f"{game.name}: grey press (the writer is not named)"
        if letter.grey
        else f"{game.name}: press from {power_names(position.variant, signers)}"
    )
    return Message(title=title, sections=(Section(None, _body(letter)),))
