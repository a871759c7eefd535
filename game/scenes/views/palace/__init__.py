"""The palace family (one, two or four palaces) on screen: its view (view.py), its lesson (lessons.py) and its rules diagrams (diagrams.py).
Found by game.scenes.views through the game's name."""

from __future__ import annotations

from game.i18n import add
from game.scenes.views.palace.view import View

__all__ = ["SCENES", "View"]

#: modules of this package that register screens of their own (imported with the other screens)
SCENES: tuple[str, ...] = ()

add(
    {
        "games.palace": {"zh": "王宫多门棋", "en": "Palace Doors"},
        "games.palace.tag": {
            "zh": "藏族围猎棋：王对兵，一宫、两宫或四宫",
            "en": "Tibetan hunt: kings vs soldiers, 1, 2 or 4 palaces",
        },
    }
)
