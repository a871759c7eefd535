"""The pictures of the draughts rules (drawn by game/scenes/screens/rule_diagrams.py)."""

from __future__ import annotations

from game.scenes.views.teaching import Diagram

DIAGRAMS: tuple[Diagram, ...] = (
    Diagram(
        "draughts-start",
        "draughts",
        "diagram.draughts-start",
    ),
    Diagram(
        "draughts-max",
        "draughts",
        "diagram.draughts-max",
        "W:W37,39:B23,32,34",
        "37x19",
    ),
    Diagram(
        "draughts-king",
        "draughts",
        "diagram.draughts-king",
        "W:WK46:B28",
        "46x23",
    ),
    Diagram(
        "draughts-turkish",
        "draughts",
        "diagram.draughts-turkish",
        "W:W33:B18,19,28,29",
        "33x33",
    ),
    # ---- the 8x8 variants (docs/DRAUGHTS_VARIANTS.md): each drawn under its own rules
    Diagram(
        "draughts-russian",
        "draughts",
        "diagram.draughts-russian",
        "W:W9:B4,6,11",
        "b6:g5",
        options=(("variant", "russian"),),
    ),
    Diagram(
        "draughts-brazilian",
        "draughts",
        "diagram.draughts-brazilian",
        "W:W21,23:B11,17,19",
        "23x7",
        options=(("variant", "brazilian"),),
    ),
    Diagram(
        "draughts-english-man",
        "draughts",
        "diagram.draughts-english-man",
        "W:W18:B14,23",
        "18x9",
        options=(("variant", "english"),),
    ),
    Diagram(
        "draughts-english-king",
        "draughts",
        "diagram.draughts-english-king",
        "W:WK29:B18",
        "29-25",
        options=(("variant", "english"),),
    ),
)
