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
)
