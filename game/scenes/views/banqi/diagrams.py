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
    # ---- house rules (docs/BANQI.md): each drawn under its own option
    Diagram(
        "banqi-chain",
        "banqi",
        "diagram.banqi-chain",
        "xxxxxxxx/x.cpxxxx/xRn.xxxx/xxxxxxxx r Pp 0",
        "b2xc2xc3xd3",
        options=(("chain", True),),
    ),
    Diagram(
        "banqi-rush",
        "banqi",
        "diagram.banqi-rush",
        "xxxxxxxx/xxxxxxxx/R....axx/xxxxxxxx r PPpp 0",
        "a2xf2",
        options=(("chariot", "rush"),),
    ),
    Diagram(
        "banqi-hongkong",
        "banqi",
        "diagram.banqi-hongkong",
        "xxxxxxxx/xxxxxxxx/xxxRaxxx/xxxxxxxx r - 0",
        "d2xe2",
        options=(("ranking", "hongkong"),),
    ),
    Diagram(
        "banqi-trade",
        "banqi",
        "diagram.banqi-trade",
        "xxxxxxxx/xxxxxxxx/xxNnxxxx/xxxxxxxx r - 0",
        "c2xd2",
        options=(("trade", True),),
    ),
)
