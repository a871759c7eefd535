"""The guided first game of draughts (played by game/scenes/screens/lesson.py)."""

from __future__ import annotations

from game.scenes.views.teaching import Lesson, Step

LESSON = Lesson(
    "draughts",
    (
        Step(
            "lesson.draughts.1",
            ("32-28",),
            "lesson.draughts.1.wrong",
            reply="19-23",
        ),
        Step(
            "lesson.draughts.2",
            ("28x19",),
            "lesson.draughts.2.wrong",
            reply="14x23",
        ),
        Step(
            "lesson.draughts.3",
            ("37x19",),
            "lesson.draughts.3.wrong",
            position="W:W37,39:B23,32,34",
        ),
        Step(
            "lesson.draughts.4",
            ("46x23", "46x19", "46x14", "46x10", "46x5"),
            "lesson.draughts.4.wrong",
            position="W:WK46:B28,3",
        ),
    ),
    "lesson.draughts.done",
)
