"""The pictures of the draughts rules (drawn by game/scenes/screens/rule_diagrams.py)."""

from __future__ import annotations

from game.scenes.views.teaching import Diagram, text

DIAGRAMS: tuple[Diagram, ...] = (
    Diagram(
        "draughts-start",
        "draughts",
        text(
            "diagram.draughts-start",
            "开局：各二十子摆在深色格上，白方在下，先走。",
            "The start: 20 men each on the dark squares; White at the bottom moves first.",
        ),
    ),
    Diagram(
        "draughts-max",
        "draughts",
        text(
            "diagram.draughts-max",
            "最大吃子：39 能吃一子，37 能连吃两子，必须走吃得最多的 37。",
            "Maximum capture: 39 could take one piece, 37 can take two in a row, so 37 must capture.",
        ),
        "W:W37,39:B23,32,34",
        "37x19",
    ),
    Diagram(
        "draughts-king",
        "draughts",
        text(
            "diagram.draughts-king",
            "飞王：王沿斜线远距离吃子，可停在被吃子后面的任一空格（绿点）。",
            "A flying king takes from afar along a diagonal and may stop on any free square beyond (green dots).",
        ),
        "W:WK46:B28",
        "46x23",
    ),
    Diagram(
        "draughts-turkish",
        "draughts",
        text(
            "diagram.draughts-turkish",
            "土耳其打击：白子连吃四子回到原格。第一颗被跳的子仍在旁边，但同一子不能跳两次，吃子到此为止，四子最后一起拿走。",
            "Turkish strike: the man takes four and comes back to its square. The first piece it "
            "jumped still stands beside it, but no piece may be jumped twice, so the capture ends; "
            "all four are removed together.",
        ),
        "W:W33:B18,19,28,29",
        "33x33",
    ),
)
