"""The guided first game of palace (played by game/scenes/screens/lesson.py)."""

from __future__ import annotations

from game.scenes.views.teaching import Lesson, Step

LESSON = Lesson(
    "palace",
    (
        Step(
            "lesson.palace.1",
            ("c8-c7",),
            "lesson.palace.1.wrong",
            reply="c5",
        ),
        Step(
            "lesson.palace.2",
            ("c7xa5",),
            "lesson.palace.2.wrong",
            reply="e5",
        ),
        Step(
            "lesson.palace.3",
            ("a5xc3",),
            "lesson.palace.3.wrong",
        ),
        Step(
            "lesson.palace.one",
            ("c5-c4", "c5-b4", "c5-d4"),
            "lesson.palace.one.wrong",
            position=".-.-./-.B.-/..B../...../...../WWWWW/WWWWW b 5 0",
        ),
        Step(
            "lesson.palace.four",
            ("g11xi11",),
            "lesson.palace.four.wrong",
            position="----.-.-.----/-----...-----/--....BW...--/--.........--/.-..WWWWW..-./-...W...W...-/"
            "..B.W...W.B../-...W...W...-/.-..WWWWW..-./--.........--/--....B....--/-----...-----/----.-.-.---- b 47 0",
        ),
    ),
    "lesson.palace.done",
)

#: the game's lessons (game/scenes/views/teaching.py)
LESSONS = (LESSON,)
