"""Which phase a game's pictures of its board now are named after."""

from __future__ import annotations

from collections.abc import Sequence

from bot.store import Game, GameStatus
from engine import Phase, Position


def picture_phase(game: Game, positions: Sequence[Position]) -> Phase:
    """The phase pictures of ``positions`` (every board played, the board now last) are
    named and stored after: the board's own phase while the game goes on; once it is over,
    the last phase played, as the animation's last frame says ("Winter 1902 — final
    position"): the final board is what that phase left, and its own phase never came."""
    if game.status == GameStatus.FINISHED and len(positions) > 1:
        return positions[-2].phase
    return positions[-1].phase
