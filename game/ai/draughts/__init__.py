"""The draughts engine (game.ai.contract's Engine), found by the registry as game.ai.draughts.ENGINE."""

from game.ai.draughts.player import ENGINE

__all__ = ["ENGINE"]
