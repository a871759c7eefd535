"""The texts of the 8x8 draughts lessons: Russian, Brazilian and English checkers
(game/scenes/views/draughts/lessons.py; international draughts' lesson is in draughts.py)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # Russian draughts: the player is White, squares named a1-h8
    "lesson.draughts.russian.1": {
        "zh": "俄罗斯跳棋：8×8 棋盘，各 12 枚兵，白方（你，在下方）先走。格子用字母加数字命名，a1 在你的左下角。兵斜向前走一格：走 c3-d4（点 c3，再点 d4）。",
        "en": (
            "Russian draughts: an 8×8 board, 12 men each, and White (you, at the bottom) moves first. Squares "
            "are named by letter and number, a1 at your lower left. A man steps diagonally forward: play c3-d4 "
            "(click c3, then d4)."
        ),
    },
    "lesson.draughts.russian.1.wrong": {
        "zh": "这一步请走 c3-d4：点 c3 的兵，再点 d4。",
        "en": "For this step please play c3-d4: click the man on c3, then d4.",
    },
    "lesson.draughts.russian.2": {
        "zh": "换个局面。有子可吃时必须吃，俄罗斯跳棋的兵还可以向后吃。e5 的兵必须吃掉身后的 d4：点 e5，再点 c3。",
        "en": (
            "A new position. Capturing is compulsory, and men capture backwards as well as forwards. Your man "
            "on e5 must take d4 behind it: click e5, then c3."
        ),
    },
    "lesson.draughts.russian.2.wrong": {
        "zh": "必须吃子，向后吃也算：点 e5，再点 c3。",
        "en": "Capturing is compulsory, backwards too: click e5, then c3.",
    },
    "lesson.draughts.russian.3": {
        "zh": "自由选择：有几种吃法时可以任选一种，不必吃最多的子。e3 可以连吃 d4、d6 两子，也可以只吃 f4 一子。这次只吃一子：点 e3，再点 g5。",
        "en": (
            "Free choice: when there are several captures you may pick any of them, not necessarily the one "
            "that takes most. e3 can take two (d4 and d6) or just f4. Take one this time: click e3, then g5."
        ),
    },
    "lesson.draughts.russian.3.wrong": {
        "zh": "两种吃法在俄罗斯跳棋里都可以；这一步练习自由选择：点 e3，再点 g5。",
        "en": "Both captures are allowed in Russian draughts; this step shows the free choice: click e3, then g5.",
    },
    "lesson.draughts.russian.4": {
        "zh": "王会飞：沿斜线走任意格数，能吃远处的子，并可停在它后面的任一空格。用 a1 的王吃掉 e5，停在 f6、g7 或 h8。",
        "en": (
            "Kings fly: a king moves any distance along a diagonal, takes a piece from afar and may stop on "
            "any free square beyond it. Take e5 with the king on a1 and stop on f6, g7 or h8."
        ),
    },
    "lesson.draughts.russian.4.wrong": {
        "zh": "点 a1 的王，再点 e5 后面的 f6、g7 或 h8。",
        "en": "Click the king on a1, then f6, g7 or h8 beyond e5.",
    },
    "lesson.draughts.russian.5": {
        "zh": "兵在连吃途中到达底线立即升王，并在同一步里按王的走法继续吃。点 b6 的兵，再点 d8，然后点 g5 或 h4。",
        "en": (
            "A man that reaches the far row during a capture is crowned at once and goes on capturing as a "
            "king in the same move. Click the man on b6, then d8, then g5 or h4."
        ),
    },
    "lesson.draughts.russian.5.wrong": {
        "zh": "b6 跳过 c7 到 d8 升王，再飞过 e7 吃掉 f6：点 b6、d8，再点 g5 或 h4。",
        "en": "b6 jumps c7 to d8, is crowned and flies over f6: click b6, d8, then g5 or h4.",
    },
    "lesson.draughts.russian.6": {
        "zh": "土耳其打击：被跳过的棋子要等整步棋结束才拿掉，同一子不能跳两次。王吃掉 d4 后再吃 c7 或 g3，却吃不到第三子：刚跳过的那枚子还留在原处挡路。点 b2、e5，再点 b8 或 h2。",
        "en": (
            "Turkish strike: the pieces you jump stay on the board until the move ends, and none may be jumped "
            "twice. The king takes d4 and then c7 or g3, but not all three: the piece it has just jumped still "
            "stands in its way back. Click b2, e5, then b8 or h2."
        ),
    },
    "lesson.draughts.russian.6.wrong": {
        "zh": "点 b2 的王，再点 e5，然后点 b8 或 h2。",
        "en": "Click the king on b2, then e5, then b8 or h2.",
    },
    "lesson.draughts.russian.done": {
        "zh": "这就是俄罗斯跳棋。吃光对方的子或让对方无路可走就赢了。和棋：同一局面第三次出现；双方各走 15 步都只动王、没有吃子；三个王对单王 15 步内没有取胜。",
        "en": (
            "That is Russian draughts. You win when your opponent has no piece left or cannot move. Draws: "
            "the same position a third time; 15 moves each with only kings moving and no capture; three kings "
            "that do not win against a lone king in 15 moves."
        ),
    },
    # Brazilian draughts: the player is White, squares 1-32
    "lesson.draughts.brazilian.1": {
        "zh": "巴西跳棋：国际跳棋的规则搬到 8×8 棋盘上，各 12 枚兵，白方（你，在下方）先走。格子编号 1 到 32。兵斜向前走一格：走 22-18。",
        "en": (
            "Brazilian draughts: the international rules on an 8×8 board, 12 men each; White (you, at the "
            "bottom) moves first. The squares are numbered 1 to 32. A man steps diagonally forward: play 22-18."
        ),
    },
    "lesson.draughts.brazilian.1.wrong": {
        "zh": "这一步请走 22-18：点 22 的兵，再点 18。",
        "en": "For this step please play 22-18: click the man on 22, then 18.",
    },
    "lesson.draughts.brazilian.2": {
        "zh": "换个局面。有子可吃时必须吃，兵也可以向后吃，和国际跳棋一样。14 的兵必须吃掉身后的 18：点 14，再点 23。",
        "en": (
            "A new position. Capturing is compulsory, and men capture backwards too, as in international "
            "draughts. Your man on 14 must take 18 behind it: click 14, then 23."
        ),
    },
    "lesson.draughts.brazilian.2.wrong": {
        "zh": "必须吃子，向后吃也算：点 14，再点 23。",
        "en": "Capturing is compulsory, backwards too: click 14, then 23.",
    },
    "lesson.draughts.brazilian.3": {
        "zh": "最大吃子：必须走吃子最多的吃法。21 只能吃一子，23 能连吃两子：点 23，再点 16，第二跳会自动走完。",
        "en": (
            "Majority rule: you must take the most pieces. 21 takes one, 23 takes two: click 23, then 16, and "
            "the second jump follows."
        ),
    },
    "lesson.draughts.brazilian.3.wrong": {
        "zh": "必须吃得最多：23 跳过 19 到 16，再跳过 11 到 7。",
        "en": "You must take the most: 23 jumps over 19 to 16, then over 11 to 7.",
    },
    "lesson.draughts.brazilian.4": {
        "zh": "最大吃子只数子数，不看大小：王和兵一样只算一子。22 可以吃 17 的王，但 27 能吃两枚兵，所以必须走 27：点 27，再点 18，第二跳会自动走完。",
        "en": (
            "The majority counts pieces, not their worth: a king counts as one, like a man. 22 could take the "
            "king on 17, but 27 takes two men, so 27 must: click 27, then 18, and the second jump follows."
        ),
    },
    "lesson.draughts.brazilian.4.wrong": {
        "zh": "两枚兵比一个王多：点 27，再点 18。",
        "en": "Two men are more than one king: click 27, then 18.",
    },
    "lesson.draughts.brazilian.5": {
        "zh": "王会飞，也要遵守最大吃子。30 的王可以只吃 25，但先吃 23 再吃 15 能吃两子：点 30，再点 19，然后停在 10、6 或 1。",
        "en": (
            "Kings fly, and the majority rule binds them too. The king on 30 could take 25 alone, but over 23 "
            "and then 15 it takes two: click 30, then 19, then stop on 10, 6 or 1."
        ),
    },
    "lesson.draughts.brazilian.5.wrong": {
        "zh": "王必须吃两子：点 30，再点 19，然后点 10、6 或 1。",
        "en": "The king must take two: click 30, then 19, then 10, 6 or 1.",
    },
    "lesson.draughts.brazilian.6": {
        "zh": "兵在连吃途中只是经过底线，仍然是兵；只有一步棋停在底线才升王。点 9，再点 2：它会接着跳到 11，仍然是兵。",
        "en": (
            "A man that only passes over the far row during a capture stays a man; it is crowned only when "
            "its move ends there. Click 9, then 2: it jumps on to 11 and is still a man."
        ),
    },
    "lesson.draughts.brazilian.6.wrong": {
        "zh": "点 9 的兵，再点 2。",
        "en": "Click the man on 9, then 2.",
    },
    "lesson.draughts.brazilian.done": {
        "zh": "这就是巴西跳棋：64 格上的国际跳棋。和棋：同一局面第三次出现；双方各走 20 步都只动王、没有吃子；以及国际跳棋的残局步数（16 步或 5 步）。",
        "en": (
            "That is Brazilian draughts: international draughts on 64 squares. Draws: the same position a "
            "third time; 20 moves each with only kings moving and no capture; and the international endgame "
            "counts (16 moves, or 5)."
        ),
    },
    # English checkers: the player is Black (at the bottom, moving first), squares 1-32
    "lesson.draughts.english.1": {
        "zh": "英国跳棋：绿米两色的 8×8 棋盘，各 12 枚兵，黑方先走。你执黑方，在下方；格子从黑方这一侧起编号 1 到 32。兵斜向前走一格：走 11-15。",
        "en": (
            "English checkers: an 8×8 board of green and cream, 12 men each, and Black moves first. You play "
            "Black, at the bottom; the squares are numbered 1 to 32 from Black's side. A man steps diagonally "
            "forward: play 11-15."
        ),
    },
    "lesson.draughts.english.1.wrong": {
        "zh": "这一步请走 11-15：点 11 的兵，再点 15。",
        "en": "For this step please play 11-15: click the man on 11, then 15.",
    },
    "lesson.draughts.english.2": {
        "zh": "白方走了 22-18。有子可吃时必须吃：从 15 跳过 18 落到 22。",
        "en": "White answered 22-18. Capturing is compulsory: jump from 15 over 18 onto 22.",
    },
    "lesson.draughts.english.2.wrong": {
        "zh": "能吃必须吃：点 15，再点 22。",
        "en": "When you can capture, you must: click 15, then 22.",
    },
    "lesson.draughts.english.3": {
        "zh": "白方吃回一子。换个局面：兵只能向前走、向前吃。你身后 10 的白兵吃不到；吃前面的 19：点 15，再点 24。",
        "en": (
            "White took back. A new position: men move and capture forward only. The white man on 10 behind "
            "yours is safe from it; take 19 in front: click 15, then 24."
        ),
    },
    "lesson.draughts.english.3.wrong": {
        "zh": "兵只能向前吃：点 15，再点 24。",
        "en": "Men capture forward only: click 15, then 24.",
    },
    "lesson.draughts.english.4": {
        "zh": "王不会飞：每次只走一格、只吃紧挨着的子，但可以向前也可以向后。14 的王够不到隔一格的 23；吃紧挨着的 10：点 14，再点 7。",
        "en": (
            "Kings do not fly: a king moves and captures one square at a time, but forwards and backwards. "
            "Your king on 14 cannot reach 23, a square further off; take 10 next to it: click 14, then 7."
        ),
    },
    "lesson.draughts.english.4.wrong": {
        "zh": "王只能吃紧挨着的子：点 14，再点 7。",
        "en": "A king takes only a piece next to it: click 14, then 7.",
    },
    "lesson.draughts.english.5": {
        "zh": "可以任选一种吃法，不必吃最多。12 能连吃两子，这次只吃一子：点 5，再点 14。",
        "en": "Any capture may be chosen: you need not take the most. 12 could take two, but take one this time: click 5, then 14.",
    },
    "lesson.draughts.english.5.wrong": {
        "zh": "两种吃法都可以；这一步练习自由选择：点 5，再点 14。",
        "en": "Both captures are allowed; this step shows the free choice: click 5, then 14.",
    },
    "lesson.draughts.english.6": {
        "zh": "不过吃子一旦开始就必须走完：还能再跳就得接着跳。从 6 跳过 10 到 15，再接着跳到 22 或 24。",
        "en": (
            "But a capture, once begun, must be completed: a man that can jump again must go on. Jump from 6 "
            "over 10 to 15, then on to 22 or 24."
        ),
    },
    "lesson.draughts.english.6.wrong": {
        "zh": "点 6，再点 15，然后点 22 或 24。",
        "en": "Click 6, then 15, then 22 or 24.",
    },
    "lesson.draughts.english.7": {
        "zh": "兵到达底线就升王，这一步到此结束，即使新王还能再吃也不行。吃掉 25：点 21，再点 30。",
        "en": (
            "A man that reaches the far row is crowned and its move ends there, even when the new king could "
            "jump again. Take 25: click 21, then 30."
        ),
    },
    "lesson.draughts.english.7.wrong": {
        "zh": "点 21 的兵，再点 30。",
        "en": "Click the man on 21, then 30.",
    },
    "lesson.draughts.english.done": {
        "zh": "这就是英国跳棋。吃光对方的子或让对方无路可走就赢了。和棋：同一局面第三次出现，或双方各走 40 步既没有兵前进也没有吃子。",
        "en": (
            "That is English checkers. You win when your opponent has no piece left or cannot move. Draws: "
            "the same position a third time, or 40 moves each without a man moving forward or a capture."
        ),
    },
}
