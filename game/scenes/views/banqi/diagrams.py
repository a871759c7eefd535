"""The pictures of the banqi rules (drawn by game/scenes/screens/rule_diagrams.py)."""

from __future__ import annotations

from game.scenes.views.teaching import Diagram, text

DIAGRAMS: tuple[Diagram, ...] = (
    Diagram(
        "banqi-start",
        "banqi",
        text(
            "diagram.banqi-start",
            "开局：三十二子全部背面朝上，洗乱摆满半张棋盘。",
            "The start: all 32 pieces face down, shuffled, filling half a board.",
        ),
    ),
    Diagram(
        "banqi-flip",
        "banqi",
        text(
            "diagram.banqi-flip",
            "翻棋：把任一暗子翻开，翻出的可能是自己的，也可能是对方的。",
            "A flip: turn any face-down piece over; it may be yours or your opponent's.",
        ),
        "xxxxxxxx/xxRxxxxx/xxxxnxxx/xxxxxxxx r - 0",
        "d3",
    ),
    Diagram(
        "banqi-cannon",
        "banqi",
        text(
            "diagram.banqi-cannon",
            "炮打隔子：炮沿直线隔着正好一个棋子（炮架，暗子也算）吃掉后面第一个敌子，远近不限。",
            "A cannon capture: the cannon jumps along its row over exactly one piece (the screen, "
            "face down or not) onto the first enemy piece beyond, at any distance.",
        ),
        "xxxx.xxx/xx.xx.xx/.C.x..r./xxx.xxxx r PPPppBbNn 0",
        "b2xg2",
    ),
    Diagram(
        "banqi-soldier",
        "banqi",
        text(
            "diagram.banqi-soldier",
            "兵吃将：将（帅）最大，却吃不了兵（卒）；兵（卒）反而能吃将（帅）。",
            "The Soldier takes the General: the General outranks everything but cannot take a "
            "Soldier, and a Soldier may take the General.",
        ),
        "xxxkxxxx/xxxPxxxx/xxxxxxxx/xxxxxxxx r - 0",
        "d3xd4",
    ),
)
