"""The banqi engine (game.ai.contract's Engine), found by the registry as game.ai.banqi.ENGINE."""

from game.ai.banqi.player import ENGINE

__all__ = ["ENGINE"]
