"""The texts of palace (王宫棋) screens: its name in the menu, its view (game/scenes/views/palace),
the rules diagrams' captions (diagrams.py) and the guided first game (lessons.py)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # game/scenes/views/palace/__init__.py
    "games.palace": {"zh": "王宫多门棋", "en": "Palace Doors"},
    "games.palace.tag": {
        "zh": "藏族围猎棋：王对兵，一宫、两宫或四宫",
        "en": "Tibetan hunt: kings vs soldiers, 1, 2 or 4 palaces",
    },
    # game/scenes/views/palace/diagrams.py
    "diagram.palace-start": {
        "zh": "开局：二王在两宫正中，八兵围住中心，另有十六兵在手（左侧）。",
        "en": (
            "The start: the two kings in the middle of the palaces, 8 soldiers around the centre, 16 more in "
            "hand (left)."
        ),
    },
    "diagram.palace-jump": {
        "zh": "跳吃：王沿线跳过相邻的兵，落在紧后面的空点上，这个兵被吃掉。",
        "en": (
            "A jump: the king leaps along a line over the soldier next to it onto the free point right behind; "
            "the soldier is captured."
        ),
    },
    "diagram.palace-drop": {
        "zh": "落子阶段：白方手中还有兵时，每步把一兵放在任意空点（绿点），不能走子。",
        "en": (
            "The drop phase: while White has soldiers in hand, each turn puts one on any free point (green "
            "dots); no soldier may move yet."
        ),
    },
    "diagram.palace-trapped": {
        "zh": "两王都被围死：轮到黑方却无路可走，也无兵可跳，白方胜。宫内五兵即可困住一王。",
        "en": (
            "Both kings are shut in: Black is to move but no king can step or jump, so White wins. Five "
            "soldiers are enough to trap a king in a palace."
        ),
    },
    "diagram.palace-one": {
        "zh": "王宫独门棋：一座宫，31 点。两王在宫门和宫心，十兵占最远的两行，另五兵在手。",
        "en": (
            "One palace (王宫独门棋), 31 points: the two kings on the door and the middle of the palace, 10 soldiers"
            " on the two far rows, 5 more in hand."
        ),
    },
    "diagram.palace-four": {
        "zh": "王宫四门棋：九乘九的方阵，四边各一宫，105 点。四王各守一门（红圈），十六兵围成一圈，另四十八兵在手。",
        "en": (
            "Four palaces (王宫四门棋), 105 points: a 9 by 9 square with a palace on each side. The four kings stand"
            " on the doors (red rings), 16 soldiers in a ring, 48 more in hand."
        ),
    },
    # game/scenes/views/palace/lessons.py
    "lesson.palace.1": {
        "zh": "你执黑方：两个王。王沿线走一步到相邻的空点。把上面的王从 c8 走到宫门 c7。",
        "en": (
            "You play Black: the two kings. A king steps along a line to a free neighbouring point. Move the "
            "top king from c8 down to its door, c7."
        ),
    },
    "lesson.palace.1.wrong": {
        "zh": "不是这一步。先点 c8 上的王，再点它下面的宫门 c7。",
        "en": "Not that one. Click the king on c8, then the door c7 just below it.",
    },
    "lesson.palace.2": {
        "zh": "白方手里有兵时，每回合把一个兵放到空点上（刚放在 c5）。王吃子靠跳：隔着相邻的兵沿线跳到它后面的空点。从 c7 跳过 b6 落到 a5。",
        "en": (
            "While White has soldiers in hand, each turn drops one on a free point (it just dropped on c5). A "
            "king captures by jumping along a line over a soldier next to it onto the free point behind. Jump "
            "from c7 over b6 to a5."
        ),
    },
    "lesson.palace.2.wrong": {
        "zh": "王只能沿线跳过紧挨着的一个兵，落在它正后方的空点。点 c7 的王，再点 a5。",
        "en": (
            "A king jumps only over the one soldier next to it, straight along a line, onto the free point "
            "right behind. Click the king on c7, then a5."
        ),
    },
    "lesson.palace.3": {
        "zh": "吃掉一个了！白方把 e5 堵上，不让你再跳 d6。但 a5 的王还能跳：跳过 b4 落到 c3。",
        "en": (
            "One captured! White filled e5 so you cannot jump d6. But the king on a5 can jump again: over b4 to c3."
        ),
    },
    "lesson.palace.3.wrong": {
        "zh": "找一个背后是空点的兵：a5 的王跳过 b4，落到 c3。",
        "en": "Look for a soldier with a free point behind it: the king on a5 jumps over b4 onto c3.",
    },
    "lesson.palace.one": {
        "zh": "王宫独门棋：只有一座宫，两王都从宫里出发（宫门 c5 和宫心 c6）；十兵站在最远的两行，五兵在手，吃十四兵即胜。先把宫门的王走出宫：c5 走到 c4。",
        "en": (
            "One palace (王宫独门棋): both kings start inside the one palace (its door c5 and its middle c6); 10 "
            "soldiers stand on the two far rows, 5 are in hand, and 14 captures win. First lead the king on the"
            " door out: c5 to c4."
        ),
    },
    "lesson.palace.one.wrong": {
        "zh": "点宫门 c5 上的王，再点方阵里它前面的空点，如 c4。",
        "en": "Click the king on the door c5, then a free point in front of it in the square, such as c4.",
    },
    "lesson.palace.four": {
        "zh": "王宫四门棋：四座宫，四个王各守一门；十六兵围成一圈，四十八兵在手。白方刚把一兵放在 g11 的王旁边 h11：跳过它，落到 i11。",
        "en": (
            "Four palaces (王宫四门棋): four kings, one on each door; 16 soldiers stand in a ring and 48 are in "
            "hand. White just dropped one on h11, next to the king on g11: jump over it onto i11."
        ),
    },
    "lesson.palace.four.wrong": {
        "zh": "点 g11 上的王，再点 h11 后面的空点 i11。",
        "en": "Click the king on g11, then the free point i11 behind h11.",
    },
    "lesson.palace.done": {
        "zh": "黑方吃够要求的兵数就赢（双门棋七个）；白方要把所有王都围得无路可走。王进了宫最容易被困，留在方阵中央的空处更安全。",
        "en": (
            "Black wins with enough captures (7 with two palaces); White wins by shutting every king in. A king"
            " inside a palace is easy to trap: keep your kings out in the open square."
        ),
    },
    # game/scenes/views/palace/view.py
    "palace.black": {"zh": "黑方", "en": "Black"},
    "palace.white": {"zh": "白方", "en": "White"},
    "palace.seat_black": {"zh": "黑方（二王）", "en": "Black (kings)"},
    "palace.seat_white": {"zh": "白方（兵）", "en": "White (soldiers)"},
    "palace.king": {"zh": "王", "en": "王"},
    "palace.soldier": {"zh": "兵", "en": "兵"},
    "palace.in_hand": {"zh": "在手", "en": "In hand"},
    "palace.captures": {"zh": "吃子", "en": "Captured"},
    "palace.status_hand": {
        "zh": "白方在手：{n} 兵（先落完再走子）",
        "en": "Soldiers in hand: {n} (drop them all, then move)",
    },
    "palace.status_moving": {"zh": "白方已落完，开始走子", "en": "All soldiers dropped: White now moves them"},
    "palace.status_captures": {"zh": "黑方吃子：{n} / {target}", "en": "Black's captures: {n} / {target}"},
    "palace.status_board": {"zh": "棋盘：{board}", "en": "Board: {board}"},
    "palace.status_quiet": {
        "zh": "无吃子无落子：{n} / {limit} 步",
        "en": "Turns without a capture or drop: {n} / {limit}",
    },
    "palace.status_repeat": {
        "zh": "此局面已出现 {n} 次（三次为和）",
        "en": "This position has occurred {n} times (3 draws)",
    },
    "palace.result.captures": {
        "zh": "黑王吃掉 {n} 兵，黑方胜",
        "en": "The kings captured {n} soldiers: Black wins",
    },
    "palace.result.blocked": {"zh": "众王都被围死，白方胜", "en": "Every king is hemmed in: White wins"},
    "palace.result.white_blocked_win": {
        "zh": "白兵无路可走，白方负",
        "en": "The soldiers have no move: White loses",
    },
    "palace.result.white_blocked_draw": {"zh": "白兵无路可走，和棋", "en": "The soldiers have no move: draw"},
    "palace.result.repetition": {
        "zh": "同一局面出现三次，和棋",
        "en": "The same position occurred three times: draw",
    },
    "palace.result.no_progress": {
        "zh": "{n} 步无吃子无落子，和棋",
        "en": "{n} turns without a capture or a drop: draw",
    },
    "palace.result.resign": {"zh": "{side}认输，{winner}胜", "en": "{side} resigned: {winner} wins"},
    "palace.result.agreement": {"zh": "双方议和", "en": "Draw agreed"},
    "palace.overlay.title": {"zh": "讲解", "en": "Teaching overlay"},
    "palace.overlay.badge": {"zh": "王旁的数字：还能走的出路", "en": "Number by a king: its escape moves left"},
    "palace.overlay.trap": {
        "zh": "红圈：再放一兵即可困住一王",
        "en": "Red ring: one more soldier here shuts a king in",
    },
    "palace.overlay.need": {
        "zh": "小数字：在此围死一王需几兵",
        "en": "Small numbers: soldiers it takes to surround a king here",
    },
    "palace.overlay.hint": {"zh": "宫内只需四五兵，中央要十六兵", "en": "4-5 in a palace, 16 in the middle"},
    "palace.board.1": {"zh": "王宫独门棋（一宫）", "en": "One palace (王宫独门棋)"},
    "palace.board.2": {"zh": "王宫双门棋（两宫）", "en": "Two palaces (王宫双门棋)"},
    "palace.board.4": {"zh": "王宫四门棋（四宫）", "en": "Four palaces (王宫四门棋)"},
    "palace.coords_key": {"zh": "坐标", "en": "coordinates"},
}
