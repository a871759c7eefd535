"""The guided first games of the draughts family, one a variant (played by
game/scenes/screens/lesson.py): international draughts from its start, then each 8x8 variant
(docs/DRAUGHTS_VARIANTS.md) on its own board and under its own rules, teaching what it does
differently. A step's moves are in the variant's notation (Russian: c3-d4, d4:b6; the others:
squares 1-32). tests/test_lesson.py plays every step through its rules."""

from __future__ import annotations

from game.scenes.views.teaching import Lesson, Step

INTERNATIONAL = Lesson(
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
    options=(("variant", "international"),),
)

# Russian: White first, algebraic squares; men take backwards, free choice of capture, kings fly,
# a man crowned in a capture goes on as a king, jumped pieces stay until the move ends
RUSSIAN = Lesson(
    "draughts",
    (
        Step("lesson.draughts.russian.1", ("c3-d4",), "lesson.draughts.russian.1.wrong", reply="f6-g5"),
        Step(
            "lesson.draughts.russian.2",
            ("e5:c3",),
            "lesson.draughts.russian.2.wrong",
            position="W:W15,21,24,27:B3,9,12,18",
        ),
        Step(  # e3:e7 takes two and is legal too: the player chooses the single capture
            "lesson.draughts.russian.3",
            ("e3:g5",),
            "lesson.draughts.russian.3.wrong",
            position="W:W23,30:B10,18,19",
        ),
        Step(
            "lesson.draughts.russian.4",
            ("a1:f6", "a1:g7", "a1:h8"),
            "lesson.draughts.russian.4.wrong",
            position="W:WK29,24:B1,12,15",
        ),
        Step(
            "lesson.draughts.russian.5",
            ("b6:g5", "b6:h4"),
            "lesson.draughts.russian.5.wrong",
            position="W:W9:B4,6,11",
        ),
        Step(  # the king takes d4 and one of c7, g3: the piece it jumped last blocks the third
            "lesson.draughts.russian.6",
            ("b2:b8", "b2:h2"),
            "lesson.draughts.russian.6.wrong",
            position="W:WK25:B6,18,24",
        ),
    ),
    "lesson.draughts.russian.done",
    options=(("variant", "russian"),),
)

# Brazilian: the international rules on 8x8, squares 1-32; the majority rule
BRAZILIAN = Lesson(
    "draughts",
    (
        Step("lesson.draughts.brazilian.1", ("22-18",), "lesson.draughts.brazilian.1.wrong", reply="12-16"),
        Step(
            "lesson.draughts.brazilian.2",
            ("14x23",),
            "lesson.draughts.brazilian.2.wrong",
            position="W:W14,21,26,28:B1,4,12,18",
        ),
        Step(
            "lesson.draughts.brazilian.3",
            ("23x7",),
            "lesson.draughts.brazilian.3.wrong",
            position="W:W21,23:B11,17,19",
        ),
        Step(  # 22x13 would take the king: one piece against two men
            "lesson.draughts.brazilian.4",
            ("27x9",),
            "lesson.draughts.brazilian.4.wrong",
            position="W:W22,27:BK17,14,23",
        ),
        Step(  # 30x21 would take one; over 23 and 15 the king takes two
            "lesson.draughts.brazilian.5",
            ("30x10", "30x6", "30x1"),
            "lesson.draughts.brazilian.5.wrong",
            position="W:WK30:B15,23,25",
        ),
        Step(
            "lesson.draughts.brazilian.6",
            ("9x11",),
            "lesson.draughts.brazilian.6.wrong",
            position="W:W9:B6,7",
        ),
    ),
    "lesson.draughts.brazilian.done",
    options=(("variant", "brazilian"),),
)

# English checkers: Black first, squares 1-32 from Black's side; men forward only, kings one
# square, any capture but completed, crowning ends the move. The player plays Black, at the bottom
# as in a game against the computer.
ENGLISH = Lesson(
    "draughts",
    (
        Step("lesson.draughts.english.1", ("11-15",), "lesson.draughts.english.1.wrong", reply="22-18"),
        Step("lesson.draughts.english.2", ("15x22",), "lesson.draughts.english.2.wrong", reply="25x18"),
        Step(  # 15x6 backwards is no move for a man
            "lesson.draughts.english.3",
            ("15x24",),
            "lesson.draughts.english.3.wrong",
            position="B:W10,19,28,30:B1,3,15",
        ),
        Step(  # a king does not fly: 23, two squares away over an empty one, is out of reach
            "lesson.draughts.english.4",
            ("14x7",),
            "lesson.draughts.english.4.wrong",
            position="B:W10,23,31:BK14,2",
        ),
        Step(  # 12x28 takes two and is legal too: the player chooses the single capture
            "lesson.draughts.english.5",
            ("5x14",),
            "lesson.draughts.english.5.wrong",
            position="B:W9,16,24,30:B3,5,12",
        ),
        Step(
            "lesson.draughts.english.6",
            ("6x22", "6x24"),
            "lesson.draughts.english.6.wrong",
            position="B:W10,18,19,32:B1,6",
        ),
        Step(  # crowned on 30, the new king could take 26 next to it, but the move is over
            "lesson.draughts.english.7",
            ("21x30",),
            "lesson.draughts.english.7.wrong",
            position="B:W25,26:B21",
        ),
    ),
    "lesson.draughts.english.done",
    options=(("variant", "english"),),
    side="b",
)

LESSONS = (INTERNATIONAL, RUSSIAN, BRAZILIAN, ENGLISH)
