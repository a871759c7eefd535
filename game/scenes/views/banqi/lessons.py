"""The guided first game of banqi (played by game/scenes/screens/lesson.py)."""

from __future__ import annotations

from game.scenes.views.teaching import Lesson, Step

LESSON = Lesson(
    "banqi",
    (
        Step(
            "lesson.banqi.1",
            ("c3",),
            "lesson.banqi.1.wrong",
            reply="b3",
        ),
        Step(
            "lesson.banqi.2",
            ("c3xb3",),
            "lesson.banqi.2.wrong",
        ),
        Step(
            "lesson.banqi.3",
            ("b2xg2",),
            "lesson.banqi.3.wrong",
            position="xxxx.xxx/xx.xx.xx/.C.x..r./xxx.xxxx r PPPppBbNn 0",
        ),
        Step(
            "lesson.banqi.4",
            ("d3xd4",),
            "lesson.banqi.4.wrong",
            position="xxxkxxxx/xxxPxxxx/xxxxxxxx/xxxxxxxx r - 0",
        ),
        # the house rules (docs/BANQI.md), each a position played under its own option
        Step(
            "lesson.banqi.chain",
            ("b2xc2xc3xd3",),
            "lesson.banqi.chain.wrong",
            position="xxxxxxxx/x.cpxxxx/xRn.xxxx/xxxxxxxx r Pp 0",
            options=(("chain", True),),
        ),
        Step(
            "lesson.banqi.rush",
            ("a2xf2",),
            "lesson.banqi.rush.wrong",
            position="xxxxxxxx/xxxxxxxx/R....axx/xxxxxxxx r PPpp 0",
            options=(("chariot", "rush"),),
        ),
        Step(
            "lesson.banqi.hongkong",
            ("d2xe2",),
            "lesson.banqi.hongkong.wrong",
            position="xxxxxxxx/xxxxxxxx/xxxRaxxx/xxxxxxxx r - 0",
            options=(("ranking", "hongkong"),),
        ),
        Step(
            "lesson.banqi.trade",
            ("c2xd2",),
            "lesson.banqi.trade.wrong",
            position="xxxxxxxx/xxxxxxxx/xxNnxxxx/xxxxxxxx r - 0",
            options=(("trade", True),),
        ),
    ),
    "lesson.banqi.done",
)

#: the game's lessons (game/scenes/views/teaching.py)
LESSONS = (LESSON,)
