"""A person's reliability record across the club's games: the movement phases whose orders
were due from them, those they missed (excused or not), and the seats they left or were
replaced in while the game went on.

Orders are due from the person holding a power with units in a movement phase (the phases in
which missed orders are counted and can cost a power its units' moves). Only phases already
adjudicated are read, so the record never tells anything of a phase still being played. An
anonymous game is left out, as the standings leave it out: its results say which power gave no
orders or fell into civil disorder, and a person's record moving with them would tell who
played it.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime

from bot.service.options.game_options import GameOptions
from bot.store import Game, MissedOrders, Phase, Platform, Player, Store
from engine import Phase as EnginePhase
from engine import PhaseKind


@dataclass(frozen=True, slots=True)
class Record:
    """Phases where orders were due, missed (not excused), excused, and seats left early."""

    due: int = 0
    missed: int = 0
    excused: int = 0
    left: int = 0

    @property
    def percent(self) -> int | None:
        """The share of due phases not missed, rounded down; None with no phase due yet."""
        if not self.due:
            return None
        return (self.due - self.missed) * 100 // self.due

    def describe(self) -> str:
        """``92% (24 of 26 phases; 1 excused; left 1 game)`` or ``no record yet``."""
        if self.percent is None:
            text = "no record yet"
        else:
            phases = "phase" if self.due == 1 else "phases"
            text = f"{self.percent}% ({self.due - self.missed} of {self.due} {phases}"
            if self.excused:
                text += f"; {self.excused} excused"
            text += ")"
        if self.left:
            text += f", left or replaced in {self.left} game{'s' if self.left > 1 else ''}"
        return text


async def record_of(store: Store, platform: Platform, workspace: str, user_id: str) -> Record:
    """A person's record in a club's games that started."""
    stints = await store.stints_of_user(platform, workspace, user_id)
    held = [(g, p) for g, p in stints if p.power is not None and not _anonymous(g)]
    games = {g.id for g, _ in held}
    phases = await store.resolved_phases(games)
    misses = {(m.game_id, m.power, m.phase_name): m for m in await store.misses_in_games(games)}
    due = missed = excused = 0
    for game, player in held:
        for phase in phases:
            if not _owed(game, player, phase):
                continue
            due += 1
            miss: MissedOrders | None = misses.get((game.id, str(player.power), phase.name))
            if miss is None:
                continue
            if miss.excused:
                excused += 1
            else:
                missed += 1
    left = len({g.id for g, p in held if _left_early(g, p)})
    return Record(due=due, missed=missed, excused=excused, left=left)


def _anonymous(game: Game) -> bool:
    return GameOptions.of_game(game).anonymous


def _owed(game: Game, player: Player, phase: Phase) -> bool:
    """Whether the player owed orders in the phase: theirs when it was adjudicated, a
    movement phase, with units of their power on the board."""
    if phase.game_id != game.id or phase.processed_at is None:
        return False
    if not _held_at(player, phase, phase.processed_at):
        return False
    if EnginePhase.parse(phase.name).kind is not PhaseKind.MOVEMENT:
        return False
    units = (phase.position.get("units") or {}).get(str(player.power)) or []
    return bool(units)


def _held_at(player: Player, phase: Phase, moment: datetime) -> bool:
    """Whether the player held their power when ``phase`` was adjudicated at ``moment``."""
    # A seat taken at the very moment of the adjudication (a replacement on a clock that has
    # not moved on) is the next phase's: the missed orders were the former player's.
    began = player.joined_at < moment or player.joined_at <= phase.opened_at
    # removed by the very adjudication that found the orders missing: the phase was theirs
    return began and (player.left_at is None or moment <= player.left_at)


def _left_early(game: Game, player: Player) -> bool:
    """A seat given up while the game was being played (left, kicked or replaced)."""
    if player.left_at is None or game.started_at is None or player.left_at < game.started_at:
        return False
    return game.finished_at is None or player.left_at < game.finished_at
