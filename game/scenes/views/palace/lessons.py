"""The guided first game of palace (played by game/scenes/screens/lesson.py)."""

from __future__ import annotations

from game.scenes.views.teaching import Lesson, Step, text

LESSON = Lesson(
    "palace",
    (
        Step(
            text(
                "lesson.palace.1",
                "你执黑方：两个王。王沿线走一步到相邻的空点。把上面的王从 c8 走到宫门 c7。",
                "You play Black: the two kings. A king steps along a line to a free neighbouring "
                "point. Move the top king from c8 down to its door, c7.",
            ),
            ("c8-c7",),
            text(
                "lesson.palace.1.wrong",
                "不是这一步。先点 c8 上的王，再点它下面的宫门 c7。",
                "Not that one. Click the king on c8, then the door c7 just below it.",
            ),
            reply="c5",
        ),
        Step(
            text(
                "lesson.palace.2",
                "白方手里有兵时，每回合把一个兵放到空点上（刚放在 c5）。王吃子靠跳：隔着相邻的兵沿线跳到它后面的空点。从 c7 跳过 b6 落到 a5。",
                "While White has soldiers in hand, each turn drops one on a free point (it just "
                "dropped on c5). A king captures by jumping along a line over a soldier next to "
                "it onto the free point behind. Jump from c7 over b6 to a5.",
            ),
            ("c7xa5",),
            text(
                "lesson.palace.2.wrong",
                "王只能沿线跳过紧挨着的一个兵，落在它正后方的空点。点 c7 的王，再点 a5。",
                "A king jumps only over the one soldier next to it, straight along a line, onto "
                "the free point right behind. Click the king on c7, then a5.",
            ),
            reply="e5",
        ),
        Step(
            text(
                "lesson.palace.3",
                "吃掉一个了！白方把 e5 堵上，不让你再跳 d6。但 a5 的王还能跳：跳过 b4 落到 c3。",
                "One captured! White filled e5 so you cannot jump d6. But the king on a5 can jump "
                "again: over b4 to c3.",
            ),
            ("a5xc3",),
            text(
                "lesson.palace.3.wrong",
                "找一个背后是空点的兵：a5 的王跳过 b4，落到 c3。",
                "Look for a soldier with a free point behind it: the king on a5 jumps over b4 onto c3.",
            ),
        ),
    ),
    text(
        "lesson.palace.done",
        "黑方吃够七个兵就赢；白方要把两个王都围得无路可走。王进了宫最容易被困，留在方阵中央的空处更安全。",
        "Black wins with 7 captures; White wins by shutting both kings in. A king inside a "
        "palace is easy to trap: keep your kings out in the open square.",
    ),
)
