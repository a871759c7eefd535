"""The palace engine (game.ai.contract's Engine), found by the registry as game.ai.palace.ENGINE."""

from game.ai.palace.player import ENGINE

__all__ = ["ENGINE"]
