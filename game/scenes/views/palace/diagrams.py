"""The pictures of the palace rules (drawn by game/scenes/screens/rule_diagrams.py)."""

from __future__ import annotations

from game.scenes.views.teaching import Diagram, text

DIAGRAMS: tuple[Diagram, ...] = (
    Diagram(
        "palace-start",
        "palace",
        text(
            "diagram.palace-start",
            "开局：二王在两宫正中，八兵围住中心，另有十六兵在手（左侧）。",
            "The start: the two kings in the middle of the palaces, 8 soldiers around the centre, "
            "16 more in hand (left).",
        ),
    ),
    Diagram(
        "palace-jump",
        "palace",
        text(
            "diagram.palace-jump",
            "跳吃：王沿线跳过相邻的兵，落在紧后面的空点上，这个兵被吃掉。",
            "A jump: the king leaps along a line over the soldier next to it onto the free point "
            "right behind; the soldier is captured.",
        ),
        ".-.-./-.B.-/..W../...../.W.W./.WWW./...../-.B.-/.-.-. b 15 0",
        "c8xc6",
    ),
    Diagram(
        "palace-drop",
        "palace",
        text(
            "diagram.palace-drop",
            "落子阶段：白方手中还有兵时，每步把一兵放在任意空点（绿点），不能走子。",
            "The drop phase: while White has soldiers in hand, each turn puts one on any free point "
            "(green dots); no soldier may move yet.",
        ),
        ".-.-./-...-/..B../.WWW./.W.W./.WWW./...../-.B.-/.-.-. w 16 0",
        drops=True,
    ),
    Diagram(
        "palace-trapped",
        "palace",
        text(
            "diagram.palace-trapped",
            "两王都被围死：轮到黑方却无路可走，也无兵可跳，白方胜。宫内五兵即可困住一王。",
            "Both kings are shut in: Black is to move but no king can step or jump, so White wins. "
            "Five soldiers are enough to trap a king in a palace.",
        ),
        ".-W-./-WBW-/..W../..W../...../..W../..W../-WBW-/.-W-. b 12 2",
        rings=(7, 37),  # the kings on c8 and c2
    ),
    Diagram(
        "palace-one",
        "palace",
        text(
            "diagram.palace-one",
            "王宫独门棋：一座宫，31 点。两王在宫门和宫心，十兵占最远的两行，另五兵在手。",
            "One palace (王宫独门棋), 31 points: the two kings on the door and the middle of the "
            "palace, 10 soldiers on the two far rows, 5 more in hand.",
        ),
        ".-.-./-.B.-/..B../...../...../WWWWW/WWWWW b 5 0",
    ),
    Diagram(
        "palace-four",
        "palace",
        text(
            "diagram.palace-four",
            "王宫四门棋：九乘九的方阵，四边各一宫，105 点。四王各守一门（红圈），十六兵围成一圈，另四十八兵在手。",
            "Four palaces (王宫四门棋), 105 points: a 9 by 9 square with a palace on each side. The "
            "four kings stand on the doors (red rings), 16 soldiers in a ring, 48 more in hand.",
        ),
        "----.-.-.----/-----...-----/--....B....--/--.........--/.-..WWWWW..-./-...W...W...-/..B.W...W.B../"
        "-...W...W...-/.-..WWWWW..-./--.........--/--....B....--/-----...-----/----.-.-.---- b 48 0",
    ),
)
