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
    # ---- house rules (docs/BANQI.md): each drawn under its own option
    Diagram(
        "banqi-chain",
        "banqi",
        text(
            "diagram.banqi-chain",
            "连吃（家规）：吃子后，同一个子可以接着再吃，一直吃到吃不了或自己停下。这里俥连吃马、炮、卒三子。",
            "Chain captures (house rule): after a capture the same piece may capture again, and again, "
            "until it cannot or its player stops. Here the Chariot takes the Horse, the Cannon and "
            "the Soldier in one turn.",
        ),
        "xxxxxxxx/x.cpxxxx/xRn.xxxx/xxxxxxxx r Pp 0",
        "b2xc2xc3xd3",
        options=(("chain", True),),
    ),
    Diagram(
        "banqi-rush",
        "banqi",
        text(
            "diagram.banqi-rush",
            "车直冲（家规）：车像象棋里的车一样沿直线走，不限格数；直线上遇到的第一个子若是敌方明子，不论大小都能吃。这里俥吃掉远处的士。",
            "The Chariot rush (house rule): the Chariot moves like the xiangqi Chariot, any distance "
            "along a line over empty squares, and takes the first piece in its way if it is a face-up "
            "enemy, whatever its rank. Here the Chariot takes the Advisor from afar.",
        ),
        "xxxxxxxx/xxxxxxxx/R....axx/xxxxxxxx r PPpp 0",
        "a2xf2",
        options=(("chariot", "rush"),),
    ),
    Diagram(
        "banqi-hongkong",
        "banqi",
        text(
            "diagram.banqi-hongkong",
            "香港排法（家规）：车排第二，只比将小：将 > 车 > 士 > 象 > 马 > 炮 > 卒。这里俥可以吃士。",
            "The Hong Kong order (house rule): the Chariot ranks second, below the General only: "
            "General, Chariot, Advisor, Elephant, Horse, Cannon, Soldier. Here the Chariot may take "
            "the Advisor.",
        ),
        "xxxxxxxx/xxxxxxxx/xxxRaxxx/xxxxxxxx r - 0",
        "d2xe2",
        options=(("ranking", "hongkong"),),
    ),
    Diagram(
        "banqi-trade",
        "banqi",
        text(
            "diagram.banqi-trade",
            "同归于尽（家规）：同种的子互吃，两个子都拿掉。这里傌吃马，两匹马都离开棋盘。",
            "Equal pieces both go (house rule): when a piece takes one of its own kind, both are "
            "removed. Here the Horse takes the Horse and both leave the board.",
        ),
        "xxxxxxxx/xxxxxxxx/xxNnxxxx/xxxxxxxx r - 0",
        "c2xd2",
        options=(("trade", True),),
    ),
)
