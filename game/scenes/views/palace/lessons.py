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
        Step(
            text(
                "lesson.palace.one",
                "王宫独门棋：只有一座宫，两王都从宫里出发（宫门 c5 和宫心 c6）；十兵站在最远的两行，五兵在手，吃十四兵即胜。先把宫门的王走出宫：c5 走到 c4。",
                "One palace (王宫独门棋): both kings start inside the one palace (its door c5 and its "
                "middle c6); 10 soldiers stand on the two far rows, 5 are in hand, and 14 captures "
                "win. First lead the king on the door out: c5 to c4.",
            ),
            ("c5-c4", "c5-b4", "c5-d4"),
            text(
                "lesson.palace.one.wrong",
                "点宫门 c5 上的王，再点方阵里它前面的空点，如 c4。",
                "Click the king on the door c5, then a free point in front of it in the square, such as c4.",
            ),
            position=".-.-./-.B.-/..B../...../...../WWWWW/WWWWW b 5 0",
        ),
        Step(
            text(
                "lesson.palace.four",
                "王宫四门棋：四座宫，四个王各守一门；十六兵围成一圈，四十八兵在手。白方刚把一兵放在 g11 的王旁边 h11：跳过它，落到 i11。",
                "Four palaces (王宫四门棋): four kings, one on each door; 16 soldiers stand in a ring and "
                "48 are in hand. White just dropped one on h11, next to the king on g11: jump over it "
                "onto i11.",
            ),
            ("g11xi11",),
            text(
                "lesson.palace.four.wrong",
                "点 g11 上的王，再点 h11 后面的空点 i11。",
                "Click the king on g11, then the free point i11 behind h11.",
            ),
            position="----.-.-.----/-----...-----/--....BW...--/--.........--/.-..WWWWW..-./-...W...W...-/"
            "..B.W...W.B../-...W...W...-/.-..WWWWW..-./--.........--/--....B....--/-----...-----/----.-.-.---- b 47 0",
        ),
    ),
    text(
        "lesson.palace.done",
        "黑方吃够要求的兵数就赢（双门棋七个）；白方要把所有王都围得无路可走。王进了宫最容易被困，留在方阵中央的空处更安全。",
        "Black wins with enough captures (7 with two palaces); White wins by shutting every king "
        "in. A king inside a palace is easy to trap: keep your kings out in the open square.",
    ),
)
