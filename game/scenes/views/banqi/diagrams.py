"""The pictures of the banqi rules (drawn by game/scenes/screens/rule_diagrams.py)."""

from __future__ import annotations

from game.scenes.views.teaching import Diagram

DIAGRAMS: tuple[Diagram, ...] = (
    Diagram(
        "banqi-start",
        "banqi",
        "diagram.banqi-start",
    ),
    Diagram(
        "banqi-flip",
        "banqi",
        "diagram.banqi-flip",
        "xxxxxxxx/xxRxxxxx/xxxxnxxx/xxxxxxxx r - 0",
        "d3",
    ),
    Diagram(
        "banqi-cannon",
        "banqi",
        "diagram.banqi-cannon",
        "xxxx.xxx/xx.xx.xx/.C.x..r./xxx.xxxx r PPPppBbNn 0",
        "b2xg2",
    ),
    Diagram(
        "banqi-soldier",
        "banqi",
        "diagram.banqi-soldier",
        "xxxkxxxx/xxxPxxxx/xxxxxxxx/xxxxxxxx r - 0",
        "d3xd4",
    ),
)
