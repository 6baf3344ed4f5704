"""One request being handled: who asks, where, about which game, and how to answer.

Every command handler gets a :class:`Context` inside the request's transaction. It finds
the game the request means (asking, never guessing, when a DM could mean several; in a
channel, its game even once it has ended, until the next is created there), refuses a game
that has ended to what would change it, checks who may do what, and shapes replies: private
ones go only to the requester.

The game, its players and its open phase are read once per request, however many of the
command's steps ask: a command that changes them afterwards reads the store itself.
"""

from __future__ import annotations

from collections.abc import Awaitable, Callable, Sequence
from dataclasses import dataclass, field
from datetime import datetime

from bot.service.arguments import Values
from bot.service.effects import Access, Audience, Message, Reply, Request, text
from bot.service.errors import UserError
from bot.service.former_seats import former_game
from bot.service.maps import Animator, Renderer, Workers
from bot.service.options.fewer_players import commanded
from bot.service.options.game_options import GameOptions
from bot.service.options.palette import Palette, own_palette
from bot.service.outbox import queue
from bot.service.phase_positions import phase_position
from bot.service.words.labels import phase_label
from bot.service.words.quoting import excerpt
from bot.store import (
    Game,
    GameStatus,
    Phase,
    PhaseStatus,
    Platform,
    Player,
    PowerStatus,
    Store,
)
from bot.store import Order as OrderRow
from engine import Position, Variant, load_variant

FollowUp = Callable[[], Awaitable[list[Reply]]]


@dataclass(frozen=True, slots=True)
class Command:
    """A command: its name, its arguments as written and as read (``values``, by its
    declaration); ``game`` when it named a game (``game hague orders``)."""

    name: str
    args: str = ""
    game: str | None = None
    values: Values = field(default_factory=Values, compare=False)
    # Bare text in a DM taken as `order`: refused as "not a command" unless it is orders,
    # with ``refusal`` (what the text would get as a mistyped command).
    implicit: bool = False
    refusal: str = field(default="", compare=False, repr=False)


@dataclass(frozen=True, slots=True)
class Deps:
    """What every handler may use besides the database."""

    clock: Callable[[], datetime]
    renderer: Renderer
    map_size: int
    process_phase: Callable[[int], Awaitable[bool]]
    animator: Animator
    default_zone: str
    # What the bot lacks to post in a channel (platform, channel), as its front end says.
    access: Callable[[str, str], Awaitable[Access]]
    # Processes for adjudicating and drawing at a deadline; threads when None.
    workers: Workers | None = None


@dataclass
class Context:
    store: Store
    request: Request
    command: Command
    deps: Deps
    now: datetime
    # Work to do once the request's transaction has committed (adjudicating, for one).
    follow_ups: list[FollowUp] = field(default_factory=list)
    # What the request has read, by game id (see the module's docstring).
    _meant: Game | None = field(default=None, init=False, repr=False)
    _players: dict[int, list[Player]] = field(default_factory=dict, init=False, repr=False)
    _open: dict[int, tuple[Phase, Position]] = field(default_factory=dict, init=False, repr=False)

    @property
    def actor_id(self) -> str:
        return self.request.actor.user_id

    @property
    def platform(self) -> Platform:
        return Platform(self.request.actor.platform)

    @property
    def workspace(self) -> str:
        return self.request.actor.workspace

    @property
    def values(self) -> Values:
        """The command's arguments, read."""
        return self.command.values

    # Replies -----------------------------------------------------------------------------

    def private(self, message: Message) -> Reply:
        """For the requester alone: in their DM, or only-you where they wrote."""
        audience = Audience.DM if self.request.place.is_dm else Audience.ONLY_YOU
        return Reply(audience, message)

    def say(self, *lines: str, title: str | None = None) -> Reply:
        return self.private(text(*lines, title=title))

    def public(self, message: Message) -> Reply:
        """Where the request was written, for all there to see."""
        audience = Audience.DM if self.request.place.is_dm else Audience.CHANNEL
        return Reply(audience, message)

    def in_channel_of(self, game: Game) -> bool:
        place = self.request.place
        return not place.is_dm and place.channel == game.channel

    async def announce(self, game: Game, message: Message, action: str) -> list[Reply]:
        """Tell the game's channel: as the reply when the request was written there, else
        through the outbox (keyed by the audit entry of the action, so once)."""
        entry = await self.store.audit(
            self.actor_id, action, game_id=game.id, detail={"command": self.command.name}
        )
        if self.in_channel_of(game):
            return [Reply(Audience.CHANNEL, message)]
        await queue.to_channel(self.store, game, f"game:{game.id}:audit:{entry.id}", message)
        return []

    # The game ----------------------------------------------------------------------------

    async def game(self, *, ended: bool = False) -> Game:
        """The game the request means: named, the channel's, or the requester's only game.

        A channel's game is its newest, also once it has ended, until another is created
        there. A game that has ended is refused, saying when it ended, unless ``ended``
        (for what only reads it: status, map, history, export...)."""
        if self._meant is None:
            self._meant = await self._meant_game()
        game = self._meant
        if game.status == GameStatus.FINISHED and not ended:
            raise UserError(await self._ended_text(game))
        return game

    async def _ended_text(self, game: Game) -> str:
        """Why a game that has ended takes no more moves, and what it still answers."""
        phases = [
            p for p in await self.store.phases_of(game.id) if p.status != PhaseStatus.ROLLED_BACK
        ]
        if phases:
            text = (
                f"{game.name} ended in {phase_label(phases[-1].name)}; `status`, `history`, "
                "`map` and `export` still show how it went."
            )
        else:
            text = f"{game.name} ended before it started; there is nothing to play in it."
        if self.in_channel_of(game):
            text += " `newgame` starts a new game in this channel."
        return text

    async def _meant_game(self) -> Game:
        named = self.command.game
        if named is not None:
            game = await self.store.find_game(self.platform, self.workspace, named.lower())
            if game is None:
                raise UserError(
                    f"There is no game named {excerpt(named)!r} here. `games` lists the games here."
                )
            return game
        place = self.request.place
        if not place.is_dm and place.channel is not None:
            game = await self.store.find_game_by_channel(
                self.platform, self.workspace, place.channel, include_finished=True
            )
            if game is None:
                raise UserError(
                    "There is no game in this channel. Create one with `newgame`, or name a "
                    f"game: `game <name> {self.command.name}`."
                )
            return game
        mine = []
        for game, players in await self.store.games_of_user_with_players(
            self.platform, self.actor_id
        ):
            if game.workspace == self.workspace:
                mine.append(game)
                self._players[game.id] = players
        if not mine:
            return await self._game_played_before()
        if len(mine) > 1:
            names = ", ".join(g.name for g in mine)
            raise UserError(
                f"You play in several games ({names}): say which, e.g. "
                f"`game {mine[0].name} {self.command.name}`."
            )
        return mine[0]

    async def _game_played_before(self) -> Game:
        """The game meant by someone who plays in none now: a game master (or an admin, who
        may master any game) is asked which; a player, about the game they played last, if
        it has ended; otherwise they are told why they play in none."""
        ask = await self._games_mastered()
        if ask is not None:
            raise UserError(ask)
        game, why = await former_game(self.store, self.platform, self.workspace, self.actor_id)
        if game is not None:
            return game
        raise UserError(
            why
            or "You play in no game yet. Join one in its channel with `join`, or name a game: "
            f"`game <name> {self.command.name}`."
        )

    async def _games_mastered(self) -> str | None:
        """For a game master (or an admin, who may master any game) in no game as a player:
        the games they may mean; None for anyone else."""
        here = await self.store.games_of_workspace(self.platform, self.workspace)
        command = self.command.name
        if self.request.actor.is_admin and here:
            names = ", ".join(g.name for g in here)
            return (
                f"Say which game you mean: the games here are {names}, e.g. "
                f"`game {here[0].name} {command}`."
            )
        run = [g for g in here if g.creator == self.actor_id]
        if run:
            names = ", ".join(g.name for g in run)
            return f"Say which game you mean: you run {names}, e.g. `game {run[0].name} {command}`."
        return None

    def options(self, game: Game) -> GameOptions:
        return GameOptions.of_game(game, self.deps.default_zone)

    async def own_palette(self, game: Game) -> Palette:
        """The palette of a map for the requester alone: theirs, else the game's."""
        chosen = await self.store.palette_of(self.platform, self.workspace, self.actor_id)
        return own_palette(chosen, self.options(game).palette)

    def zone(self, game: Game) -> str:
        return self.options(game).schedule.zone

    @staticmethod
    def variant(game: Game) -> Variant:
        return load_variant(game.variant)

    def is_gm(self, game: Game) -> bool:
        return self.request.actor.is_admin or game.creator == self.actor_id

    def require_gm(self, game: Game) -> None:
        if not self.is_gm(game):
            raise UserError(
                f"Only the game master of {game.name} (its creator, or a workspace admin) may "
                f"use `{self.command.name}`."
            )

    async def require_started(self, game: Game) -> None:
        if game.status == GameStatus.FORMING:
            raise UserError(
                f"{game.name} has not started yet: the game master starts it with `start`."
            )
        if game.status == GameStatus.FINISHED:
            raise UserError(await self._ended_text(game))

    async def open_phase(self, game: Game) -> tuple[Phase, Position]:
        await self.require_started(game)
        if game.id not in self._open:
            phase = await self.store.open_phase_of(game.id)
            if phase is None:
                raise UserError(f"{game.name} has no phase open for orders.")
            self._open[game.id] = (phase, phase_position(phase))
        return self._open[game.id]

    async def open_phase_with_powers(
        self, game: Game, powers: Sequence[str]
    ) -> tuple[Phase, Position, dict[str, PowerStatus], dict[str, list[OrderRow]] | None]:
        """:meth:`open_phase`, with how ``powers`` stand (those with a status stored) and,
        when the phase had not been read yet, their orders (kind ORDER), read together; None
        for the orders when it had (they may have changed since: read them afresh)."""
        if game.id in self._open:
            phase, position = await self.open_phase(game)
            return phase, position, await self.store.power_statuses(game.id), None
        await self.require_started(game)
        found = await self.store.open_phase_with_powers(game.id, powers)
        if found.phase is None:
            raise UserError(f"{game.name} has no phase open for orders.")
        self._open[game.id] = (found.phase, phase_position(found.phase))
        phase, position = self._open[game.id]
        return phase, position, found.statuses, found.orders

    async def players(self, game: Game) -> list[Player]:
        """The game's players (those who have not left)."""
        if game.id not in self._players:
            self._players[game.id] = await self.store.players_of(game.id)
        return self._players[game.id]

    async def membership(self, game: Game) -> Player | None:
        for player in await self.players(game):
            if player.user_id == self.actor_id:
                return player
        return None

    async def powers_played(self, game: Game) -> list[str]:
        """Every power the requester commands in ``game``; none when they play none (a game
        master who only runs it, say)."""
        player = await self.membership(game)
        if player is None or player.power is None:
            return []
        return commanded(game.settings, player.power)

    async def powers(self, game: Game) -> list[str]:
        """Every power the requester commands in a started game: one, or several when
        fewer than seven play (the rule book's layouts)."""
        return commanded(game.settings, await self.power(game))

    async def power(self, game: Game) -> str:
        """The power the requester plays in a started game."""
        player = await self.membership(game)
        if player is None:
            raise UserError(f"You do not play in {game.name}.")
        await self.require_started(game)
        if player.power is None:
            raise UserError(f"You have no power in {game.name}.")
        return player.power
