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
    ),
    "lesson.banqi.done",
)
