"""International draughts on screen: its view (view.py), the position editor (editor.py), its lesson (lessons.py), its rules
diagrams (diagrams.py) and its row of Settings (settings_rows.py: build the 4-piece endgame tables).
Found by game.scenes.views through the game's name."""

from __future__ import annotations

from game.scenes.views.draughts.view import View

__all__ = ["SCENES", "View"]

#: modules of this package that register screens of their own (imported with the other screens)
SCENES: tuple[str, ...] = ("editor",)
