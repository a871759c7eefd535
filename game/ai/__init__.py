"""Computer players. Pure Python, no pygame; the UI runs them in a worker process (game.worker).

choose_move(state, level, time_limit, seed, nodes) goes to the engine of the state's game
(game.ai.palace_ai, draughts_ai, banqi_ai), which each provide with the same signature, plus
evaluate(state, ...) -> float in [-1, 1] from the point of view of the side to move (used for
draw offers against the computer). The registry game.games says which engine plays which game.
"""

from __future__ import annotations

from types import ModuleType

from game import games
from game.games import LEVELS

__all__ = ["LEVELS", "can_ponder", "choose_move", "engine", "evaluate", "ponder", "warm"]


def engine(state) -> ModuleType:
    """The AI module that plays the game of `state` (the registry game.games names it)."""
    return games.of_state(state).engine


def choose_move(state, level="medium", time_limit=None, seed=None, nodes=None):
    """The computer's move in `state`.

    level: "easy" | "medium" | "hard".
    time_limit: seconds (None: the level's default, see game.ai.common.LEVEL_TIME).
    seed: makes random choices repeatable.
    nodes: stop after this many search nodes / playouts instead of by the clock, so the same call
           gives the same answer on any machine.
    """
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; expected one of {', '.join(LEVELS)}")
    return engine(state).choose_move(state, level=level, time_limit=time_limit, seed=seed, nodes=nodes)


def evaluate(state, time_limit=0.5, nodes=None):
    """How good `state` is for the side to move, in [-1, 1] (1: winning, 0: level, -1: losing)."""
    return engine(state).evaluate(state, time_limit=time_limit, nodes=nodes)


def can_ponder(state) -> bool:
    """Whether the engine of `state`'s game thinks on the opponent's time (draughts does)."""
    return hasattr(engine(state), "ponder")


def ponder(state, should_stop) -> None:
    """Think on the opponent's time in `state` (the opponent to move) until should_stop() is
    true, so that the engine's next timed move at hard starts from deeper tables."""
    engine(state).ponder(state, should_stop)


def warm(game: str) -> None:
    """Prepare the engine of `game` before its first timed move, if it needs it (draughts
    compiles its hard search, or loads it from the cache). The worker does it in a thread as it
    starts for a game against the computer."""
    prepare = getattr(games.get(game).engine, "warm", None)
    if prepare is not None:
        prepare()
