"""The registry of games: one description per game, which shared code asks instead of comparing
names. Pure Python, no pygame (each game's view is keyed to the same name in game.scenes.views).

    from game import games
    info = games.get("banqi")           # GameInfo; ValueError naming the choices for an unknown name
    info.rules, info.engine, info.sides, info.options, info.hidden, info.dealt
    state = info.new_state(options, seed=7)
    games.of_state(state).name          # "banqi"
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from types import ModuleType
from typing import Any

from game.rules import banqi, draughts, palace
from game.rules.common import Move, check_options

__all__ = ["GAMES", "LEVELS", "NAMES", "GameInfo", "get", "of_state"]

#: the computer's levels, weakest first
LEVELS = ("easy", "medium", "hard")


# The engines are imported on first use: the window's process never searches (the worker does),
# and importing the three costs a sixth of the start-up.
def _palace_engine() -> ModuleType:
    from game.ai.palace import search as palace_ai

    return palace_ai


def _draughts_engine() -> ModuleType:
    from game.ai.draughts import search as draughts_ai

    return draughts_ai


def _banqi_engine() -> ModuleType:
    from game.ai.banqi import player as banqi_ai

    return banqi_ai


@dataclass(frozen=True)
class GameInfo:
    """What shared code may know of one game.

    rules:  the rules module (new_game, from_text, to_text, OPTIONS, SIDES, states)
    engine: the computer player's module (choose_move, evaluate), loaded by load_engine
    hidden: players see only part of the position: the computer gets rules.public_state(state),
            and a network guest is told what each revealing move turns up
    dealt:  a new game is dealt from a seed (the start is saved as {"seed": N}, not as a text)
    perft:  the rules module counts leaf positions (perft) on a fast internal path
    """

    name: str
    rules: ModuleType
    load_engine: Callable[[], ModuleType]
    hidden: bool = False
    dealt: bool = False
    perft: bool = True

    @property
    def engine(self) -> ModuleType:
        return self.load_engine()

    @property
    def sides(self) -> tuple[str, str]:
        return self.rules.SIDES

    @property
    def options(self) -> tuple:
        return self.rules.OPTIONS

    def check_options(self, given: dict | None = None) -> dict:
        """The full option dict: `given` over the defaults (PositionError for a bad one)."""
        return check_options(self.options, dict(given or {}))

    def new_state(self, options: dict | None = None, seed: int | None = None) -> Any:
        """The start position; a dealt game uses `seed` (None: a random deal)."""
        opts = self.check_options(options)
        return self.rules.new_game(seed=seed, **opts) if self.dealt else self.rules.new_game(**opts)

    def public_start(self, options: dict | None = None) -> Any:
        """A dealt game's start as a player sees it (everything face down)."""
        return self.rules.public_state(self.new_state(options, seed=0))

    def public(self, state: Any) -> Any:
        """What the player to move may know of `state` (what the computer is given)."""
        return self.rules.public_state(state) if self.hidden else state

    def playable(self, state: Any, seed: int | None = None) -> Any:
        """A state a new game can start from: a hidden-information position gets a layout dealt
        from its public view (what a player sees of it is all that counts)."""
        return self.rules.deal(self.rules.public_state(state), seed) if self.hidden else state

    def reveals(self, move: Move) -> bool:
        """True when `move` turns up hidden information."""
        return self.hidden and self.rules.reveals(move)

    def other_side(self, side: str) -> str:
        a, b = self.sides
        return b if side == a else a


GAMES: dict[str, GameInfo] = {
    info.name: info
    for info in (
        GameInfo("palace", palace, _palace_engine),
        GameInfo("draughts", draughts, _draughts_engine),
        GameInfo("banqi", banqi, _banqi_engine, hidden=True, dealt=True, perft=False),
    )
}
#: the games in menu order
NAMES = tuple(GAMES)


def get(name: str) -> GameInfo:
    """The description of game `name`; ValueError naming the choices for an unknown one."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}; expected one of {', '.join(NAMES)}") from None


def of_state(state: Any) -> GameInfo:
    """The game a rules state belongs to."""
    for info in GAMES.values():
        if isinstance(state, info.rules.State):
            return info
    raise TypeError(f"not a game state: {type(state).__name__}")
