"""The guided first games, one script per game (played by game/scenes/lesson.py).

A lesson starts from the game's start (Banqi: a fixed deal, so every flip is known) and goes
through steps. Each step says what to do, accepts the listed moves (in notation), explains a wrong
click, and may be answered by a scripted move of the other side; a step may also set up a new
position first (a later moment of a game). tests/test_lesson.py plays every script through.
"""

from __future__ import annotations

from dataclasses import dataclass

from game.i18n import add


@dataclass(frozen=True)
class Step:
    say: str  # i18n key: what to do
    moves: tuple[str, ...]  # the moves that complete the step
    wrong: str  # i18n key: shown after a wrong click
    reply: str | None = None  # the other side's answer
    position: str | None = None  # a position text set up before the step


@dataclass(frozen=True)
class Lesson:
    game: str
    steps: tuple[Step, ...]
    done: str  # i18n key: the closing words
    seed: int = 1  # the deal of a dealt game (Banqi seed 1: c3 is a red Chariot, b3 a black Soldier)


def _t(key: str, zh: str, en: str) -> str:
    add({key: {"zh": zh, "en": en}})
    return key


LESSONS: dict[str, Lesson] = {
    "palace": Lesson(
        "palace",
        (
            Step(
                _t(
                    "lesson.palace.1",
                    "你执黑方：两个王。王沿线走一步到相邻的空点。把上面的王从 c8 走到宫门 c7。",
                    "You play Black: the two kings. A king steps along a line to a free neighbouring "
                    "point. Move the top king from c8 down to its door, c7.",
                ),
                ("c8-c7",),
                _t(
                    "lesson.palace.1.wrong",
                    "不是这一步。先点 c8 上的王，再点它下面的宫门 c7。",
                    "Not that one. Click the king on c8, then the door c7 just below it.",
                ),
                reply="c5",
            ),
            Step(
                _t(
                    "lesson.palace.2",
                    "白方手里有兵时，每回合把一个兵放到空点上（刚放在 c5）。王吃子靠跳：隔着相邻的兵沿线跳到它后面的空点。从 c7 跳过 b6 落到 a5。",
                    "While White has soldiers in hand, each turn drops one on a free point (it just "
                    "dropped on c5). A king captures by jumping along a line over a soldier next to "
                    "it onto the free point behind. Jump from c7 over b6 to a5.",
                ),
                ("c7xa5",),
                _t(
                    "lesson.palace.2.wrong",
                    "王只能沿线跳过紧挨着的一个兵，落在它正后方的空点。点 c7 的王，再点 a5。",
                    "A king jumps only over the one soldier next to it, straight along a line, onto "
                    "the free point right behind. Click the king on c7, then a5.",
                ),
                reply="e5",
            ),
            Step(
                _t(
                    "lesson.palace.3",
                    "吃掉一个了！白方把 e5 堵上，不让你再跳 d6。但 a5 的王还能跳：跳过 b4 落到 c3。",
                    "One captured! White filled e5 so you cannot jump d6. But the king on a5 can jump "
                    "again: over b4 to c3.",
                ),
                ("a5xc3",),
                _t(
                    "lesson.palace.3.wrong",
                    "找一个背后是空点的兵：a5 的王跳过 b4，落到 c3。",
                    "Look for a soldier with a free point behind it: the king on a5 jumps over b4 onto c3.",
                ),
            ),
        ),
        _t(
            "lesson.palace.done",
            "黑方吃够七个兵就赢；白方要把两个王都围得无路可走。王进了宫最容易被困，留在方阵中央的空处更安全。",
            "Black wins with 7 captures; White wins by shutting both kings in. A king inside a "
            "palace is easy to trap: keep your kings out in the open square.",
        ),
    ),
    "draughts": Lesson(
        "draughts",
        (
            Step(
                _t(
                    "lesson.draughts.1",
                    "你执白方（下方）。普通子斜向前走一格到空格。点 32 上的子，再点 28。",
                    "You play White (bottom). A man steps one square diagonally forward onto an empty "
                    "square. Click the man on 32, then 28.",
                ),
                ("32-28",),
                _t(
                    "lesson.draughts.1.wrong",
                    "这一课请走 32-28：点带菱形标记的 32 号白子，再点 28。",
                    "For this lesson please play 32-28: click the man marked on 32, then 28.",
                ),
                reply="19-23",
            ),
            Step(
                _t(
                    "lesson.draughts.2",
                    "黑方走到 23，紧挨着你的子，后面 19 是空的。能吃必须吃：从 28 跳过 23 落到 19。",
                    "Black stepped to 23, right next to your man, with 19 empty behind it. Capturing "
                    "is compulsory: jump from 28 over 23 onto 19.",
                ),
                ("28x19",),
                _t(
                    "lesson.draughts.2.wrong",
                    "有子可吃时必须吃。点 28 的子，再点 19。",
                    "When you can capture, you must. Click the man on 28, then 19.",
                ),
                reply="14x23",
            ),
            Step(
                _t(
                    "lesson.draughts.3",
                    "黑方吃回一子。换个局面：吃子可以连跳，而且必须吃得最多。39 只能吃一子，37 能连吃两子：点 37，再点 28，第二跳会自动走完。",
                    "Black took back. A new position: a capture goes on as long as it can, and you must "
                    "take the most pieces. 39 could take one, 37 takes two: click 37, then 28, and the second jump follows.",
                ),
                ("37x19",),
                _t(
                    "lesson.draughts.3.wrong",
                    "必须选吃得最多的走法：37 跳过 32 到 28，再跳过 23 到 19。",
                    "You must take the most: 37 jumps over 32 to 28, then over 23 to 19.",
                ),
                position="W:W37,39:B23,32,34",
            ),
            Step(
                _t(
                    "lesson.draughts.4",
                    "走到对方底线的子升为王（戴冠）。王会飞：沿斜线远距离吃子，并可停在后面任一空格。用 46 的王吃掉 28。",
                    "A man that ends on the far row becomes a king (crowned). Kings fly: they take "
                    "from afar along a diagonal and may stop on any free square beyond. Take 28 with "
                    "the king on 46.",
                ),
                ("46x23", "46x19", "46x14", "46x10", "46x5"),
                _t(
                    "lesson.draughts.4.wrong",
                    "点 46 的王，再点 28 后面任一空格（23、19、14、10 或 5）。",
                    "Click the king on 46, then any free square beyond 28 (23, 19, 14, 10 or 5).",
                ),
                position="W:WK46:B28,3",
            ),
        ),
        _t(
            "lesson.draughts.done",
            "吃光对方的子或让对方无路可走就赢了。记住：被跳过的子要等整步走完才一起拿掉，同一颗子不能跳两次。",
            "You win when your opponent has no piece left or cannot move. Remember: jumped pieces "
            "leave only when the whole move ends, and no piece may be jumped twice.",
        ),
    ),
    "banqi": Lesson(
        "banqi",
        (
            Step(
                _t(
                    "lesson.banqi.1",
                    "所有棋子都背面朝上。第一步翻开一个：翻出什么颜色，你就执哪一方。点 c3 的暗子。",
                    "Every piece starts face down. Turn one over: its colour becomes yours. Click the "
                    "face-down piece on c3.",
                ),
                ("c3",),
                _t(
                    "lesson.banqi.1.wrong",
                    "这一课请翻 c3：左起第三列、下起第三行的那颗。",
                    "For this lesson please flip c3: third column from the left, third row from the bottom.",
                ),
                reply="b3",
            ),
            Step(
                _t(
                    "lesson.banqi.2",
                    "你翻出红俥，所以你执红。对方翻出旁边的黑卒。棋子可以吃相邻的同级或更低级的敌子：用俥吃掉 b3 的卒。",
                    "You turned up a red Chariot, so you play Red. Your opponent turned up a black "
                    "Soldier next to it. A piece takes an enemy of equal or lower rank one square away: "
                    "take the Soldier on b3 with your Chariot.",
                ),
                ("c3xb3",),
                _t(
                    "lesson.banqi.2.wrong",
                    "点 c3 的俥，再点 b3 的卒。暗子不能被吃。",
                    "Click the Chariot on c3, then the Soldier on b3. Face-down pieces can never be taken.",
                ),
            ),
            Step(
                _t(
                    "lesson.banqi.3",
                    "几步之后：炮吃子与众不同，它沿直线隔着正好一个棋子（炮架，暗子也算）吃后面第一个敌子。用 b2 的炮吃掉 g2 的车。",
                    "Some moves later. The Cannon captures differently: along its row or column over "
                    "exactly one piece (the screen, face down or not) onto the first enemy beyond. Take "
                    "the Chariot on g2 with the Cannon on b2.",
                ),
                ("b2xg2",),
                _t(
                    "lesson.banqi.3.wrong",
                    "炮不能吃紧挨着的子。点 b2 的炮，再点 g2 的车：中间只隔 d2 一个子。",
                    "A Cannon never takes a piece right next to it. Click the Cannon on b2, then the "
                    "Chariot on g2: only d2 stands between them.",
                ),
                position="xxxx.xxx/xx.xx.xx/.C.x..r./xxx.xxxx r PPPppBbNn 0",
            ),
            Step(
                _t(
                    "lesson.banqi.4",
                    "将最大，却吃不了兵；兵反而能吃将。用 d3 的兵吃掉 d4 的将。",
                    "The General outranks everything but cannot take a Soldier, and a Soldier may take "
                    "the General. Take the black General on d4 with your Soldier on d3.",
                ),
                ("d3xd4",),
                _t(
                    "lesson.banqi.4.wrong",
                    "点 d3 的兵，再点它上面 d4 的将。",
                    "Click the Soldier on d3, then the General on d4 just above it.",
                ),
                position="xxxkxxxx/xxxPxxxx/xxxxxxxx/xxxxxxxx r - 0",
            ),
        ),
        _t(
            "lesson.banqi.done",
            "吃光对方的子，或让对方轮到时无棋可走，就赢了。翻子前先想想：翻出的强敌会不会马上吃掉你旁边的子？",
            "You win when your opponent has no pieces left or nothing to do on their turn. Before "
            "flipping next to your own piece, think: a strong enemy turning up could take it at once.",
        ),
    ),
}
