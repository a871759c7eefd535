"""The guided first game of draughts (played by game/scenes/screens/lesson.py)."""

from __future__ import annotations

from game.scenes.views.teaching import Lesson, Step, text

LESSON = Lesson(
    "draughts",
    (
        Step(
            text(
                "lesson.draughts.1",
                "你执白方（下方）。普通子斜向前走一格到空格。点 32 上的子，再点 28。",
                "You play White (bottom). A man steps one square diagonally forward onto an empty "
                "square. Click the man on 32, then 28.",
            ),
            ("32-28",),
            text(
                "lesson.draughts.1.wrong",
                "这一课请走 32-28：点带菱形标记的 32 号白子，再点 28。",
                "For this lesson please play 32-28: click the man marked on 32, then 28.",
            ),
            reply="19-23",
        ),
        Step(
            text(
                "lesson.draughts.2",
                "黑方走到 23，紧挨着你的子，后面 19 是空的。能吃必须吃：从 28 跳过 23 落到 19。",
                "Black stepped to 23, right next to your man, with 19 empty behind it. Capturing "
                "is compulsory: jump from 28 over 23 onto 19.",
            ),
            ("28x19",),
            text(
                "lesson.draughts.2.wrong",
                "有子可吃时必须吃。点 28 的子，再点 19。",
                "When you can capture, you must. Click the man on 28, then 19.",
            ),
            reply="14x23",
        ),
        Step(
            text(
                "lesson.draughts.3",
                "黑方吃回一子。换个局面：吃子可以连跳，而且必须吃得最多。39 只能吃一子，37 能连吃两子：点 37，再点 28，第二跳会自动走完。",
                "Black took back. A new position: a capture goes on as long as it can, and you must "
                "take the most pieces. 39 could take one, 37 takes two: click 37, then 28, and the second jump follows.",
            ),
            ("37x19",),
            text(
                "lesson.draughts.3.wrong",
                "必须选吃得最多的走法：37 跳过 32 到 28，再跳过 23 到 19。",
                "You must take the most: 37 jumps over 32 to 28, then over 23 to 19.",
            ),
            position="W:W37,39:B23,32,34",
        ),
        Step(
            text(
                "lesson.draughts.4",
                "走到对方底线的子升为王（戴冠）。王会飞：沿斜线远距离吃子，并可停在后面任一空格。用 46 的王吃掉 28。",
                "A man that ends on the far row becomes a king (crowned). Kings fly: they take "
                "from afar along a diagonal and may stop on any free square beyond. Take 28 with "
                "the king on 46.",
            ),
            ("46x23", "46x19", "46x14", "46x10", "46x5"),
            text(
                "lesson.draughts.4.wrong",
                "点 46 的王，再点 28 后面任一空格（23、19、14、10 或 5）。",
                "Click the king on 46, then any free square beyond 28 (23, 19, 14, 10 or 5).",
            ),
            position="W:WK46:B28,3",
        ),
    ),
    text(
        "lesson.draughts.done",
        "吃光对方的子或让对方无路可走就赢了。记住：被跳过的子要等整步走完才一起拿掉，同一颗子不能跳两次。",
        "You win when your opponent has no piece left or cannot move. Remember: jumped pieces "
        "leave only when the whole move ends, and no piece may be jumped twice.",
    ),
)
