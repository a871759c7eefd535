"""Computer players. Pure Python, no pygame; the UI runs them in a worker process (game.worker).

Every game's engine implements game.ai.contract.Engine and lives in its own package,
game.ai.<name> (its ENGINE); the registry game.games hands it out, and shared code calls
engine.search(position, Limits(...)) -> SearchResult. The functions here are the thin public
calls of shared/DESIGN.md over that one contract:

    choose_move(state, level=1..10 | "1".."10" | "easy"|"medium"|"hard", time_limit=seconds, seed=int, nodes=None)
    evaluate(state, time_limit=0.5, nodes=None) -> value in [-1, 1] for the side to move

This package imports no game's engine until one is asked for, and never game.games (which
imports it): a game plugs in by adding game.ai.<name>.
"""

from __future__ import annotations

import importlib
import sys
from typing import Any

from game.ai.contract import LEVEL_TIME, LEVELS, TOP_LEVEL, Engine, Limits, SearchResult

__all__ = [
    "LEVELS",
    "LEVEL_TIME",
    "TOP_LEVEL",
    "Engine",
    "Limits",
    "SearchResult",
    "choose_move",
    "engine",
    "engine_of",
    "evaluate",
    "search",
]


def engine_of(name: str) -> Engine:
    """The engine of game `name`: game.ai.<name>.ENGINE, imported on first use (the window's
    process never searches; the worker does)."""
    return importlib.import_module(f"game.ai.{name}").ENGINE


def engine(state: Any) -> Engine:
    """The engine that plays the game of `state` (named by its rules module's NAME)."""
    return engine_of(sys.modules[type(state).__module__].NAME)


def search(state: Any, **limits: Any) -> SearchResult:
    """engine(state).search(state, Limits(**limits))."""
    return engine(state).search(state, Limits(**limits))


def choose_move(state, level=6, time_limit=None, seed=None, nodes=None):
    """The computer's move in `state` (a thin call of the engine's search).

    level: 1-10 (int or digit string) or "easy" | "medium" | "hard" (3, 6, 10); ValueError else.
    time_limit: seconds (None: the level's default, LEVEL_TIME); levels 1-9 search their own node
                budget and the time only caps it.
    seed: makes random choices repeatable.
    nodes: stop after this many search nodes instead of by the clock, so the same call gives the
           same answer on any machine.
    """
    if state.result() is not None:
        raise ValueError("no legal move: the game is over")
    return search(state, level=level, time=time_limit, seed=seed, nodes=nodes).move


def evaluate(state, time_limit=0.5, nodes=None) -> float:
    """How good `state` is for the side to move, in [-1, 1] (1: winning, 0: level, -1: losing)."""
    return search(state, level=TOP_LEVEL, time=time_limit, nodes=nodes, seed=0).value
