"""Banqi (Chinese Chess Flipping) on screen: its view (view.py), the assistant for a game on a
real board (assistant.py), its lesson (lessons.py) and its rules diagrams (diagrams.py).
Found by game.scenes.views through the game's name."""

from __future__ import annotations

from game.scenes.views.banqi.view import View

__all__ = ["SCENES", "View"]

#: modules of this package that register screens of their own (imported with the other screens)
SCENES: tuple[str, ...] = ("assistant",)
