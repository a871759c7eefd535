"""Palace Double-Door on screen: its view (view.py), its lesson (lessons.py) and its rules diagrams (diagrams.py).
Found by game.scenes.views through the game's name."""

from __future__ import annotations

from game.i18n import add
from game.scenes.views.palace.view import View

__all__ = ["SCENES", "View"]

#: modules of this package that register screens of their own (imported with the other screens)
SCENES: tuple[str, ...] = ()

add(
    {
        "games.palace": {"zh": "王宫双门棋", "en": "Palace Double-Door"},
        "games.palace.tag": {"zh": "藏族围猎棋：二王对二十四兵", "en": "Tibetan hunt: 2 kings vs 24 soldiers"},
    }
)
