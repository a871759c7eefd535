"""Computer players. Pure Python, no pygame; the UI runs them in a worker process.

choose_move(state, level, time_limit, seed, nodes) dispatches to game.ai.<game>_ai, which each
game provides with the same signature, plus evaluate(state, ...) -> float in [-1, 1] from the
point of view of the side to move (used for draw offers against the computer).
"""
from __future__ import annotations

import importlib

from game.rules import game_of

LEVELS = ("easy", "medium", "hard")


def engine(state):
    """The AI module that plays the game of `state`."""
    return importlib.import_module(f"game.ai.{game_of(state)}_ai")


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
