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
        # the 8x8 variants (docs/DRAUGHTS_VARIANTS.md), each a position played under its own rules
        Step(
            "lesson.draughts.russian",
            ("b6:g5", "b6:h4"),
            "lesson.draughts.russian.wrong",
            position="W:W9:B4,6,11",
            options=(("variant", "russian"),),
        ),
        Step(
            "lesson.draughts.brazilian",
            ("23x7",),
            "lesson.draughts.brazilian.wrong",
            position="W:W21,23:B11,17,19",
            options=(("variant", "brazilian"),),
        ),
        Step(
            "lesson.draughts.english",
            ("18x9",),
            "lesson.draughts.english.wrong",
            position="W:W18:B14,23",
            options=(("variant", "english"),),
        ),
        Step(
            "lesson.draughts.english_king",
            ("29-25",),
            "lesson.draughts.english_king.wrong",
            position="W:WK29:B18",
            options=(("variant", "english"),),
        ),
    ),
    "lesson.draughts.done",
)
