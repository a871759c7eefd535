"""The guided first game of banqi (played by game/scenes/screens/lesson.py)."""

from __future__ import annotations

from game.scenes.views.teaching import Lesson, Step, text

LESSON = Lesson(
    "banqi",
    (
        Step(
            text(
                "lesson.banqi.1",
                "所有棋子都背面朝上。第一步翻开一个：翻出什么颜色，你就执哪一方。点 c3 的暗子。",
                "Every piece starts face down. Turn one over: its colour becomes yours. Click the "
                "face-down piece on c3.",
            ),
            ("c3",),
            text(
                "lesson.banqi.1.wrong",
                "这一课请翻 c3：左起第三列、下起第三行的那颗。",
                "For this lesson please flip c3: third column from the left, third row from the bottom.",
            ),
            reply="b3",
        ),
        Step(
            text(
                "lesson.banqi.2",
                "你翻出红俥，所以你执红。对方翻出旁边的黑卒。棋子可以吃相邻的同级或更低级的敌子：用俥吃掉 b3 的卒。",
                "You turned up a red Chariot, so you play Red. Your opponent turned up a black "
                "Soldier next to it. A piece takes an enemy of equal or lower rank one square away: "
                "take the Soldier on b3 with your Chariot.",
            ),
            ("c3xb3",),
            text(
                "lesson.banqi.2.wrong",
                "点 c3 的俥，再点 b3 的卒。暗子不能被吃。",
                "Click the Chariot on c3, then the Soldier on b3. Face-down pieces can never be taken.",
            ),
        ),
        Step(
            text(
                "lesson.banqi.3",
                "几步之后：炮吃子与众不同，它沿直线隔着正好一个棋子（炮架，暗子也算）吃后面第一个敌子。用 b2 的炮吃掉 g2 的车。",
                "Some moves later. The Cannon captures differently: along its row or column over "
                "exactly one piece (the screen, face down or not) onto the first enemy beyond. Take "
                "the Chariot on g2 with the Cannon on b2.",
            ),
            ("b2xg2",),
            text(
                "lesson.banqi.3.wrong",
                "炮不能吃紧挨着的子。点 b2 的炮，再点 g2 的车：中间只隔 d2 一个子。",
                "A Cannon never takes a piece right next to it. Click the Cannon on b2, then the "
                "Chariot on g2: only d2 stands between them.",
            ),
            position="xxxx.xxx/xx.xx.xx/.C.x..r./xxx.xxxx r PPPppBbNn 0",
        ),
        Step(
            text(
                "lesson.banqi.4",
                "将最大，却吃不了兵；兵反而能吃将。用 d3 的兵吃掉 d4 的将。",
                "The General outranks everything but cannot take a Soldier, and a Soldier may take "
                "the General. Take the black General on d4 with your Soldier on d3.",
            ),
            ("d3xd4",),
            text(
                "lesson.banqi.4.wrong",
                "点 d3 的兵，再点它上面 d4 的将。",
                "Click the Soldier on d3, then the General on d4 just above it.",
            ),
            position="xxxkxxxx/xxxPxxxx/xxxxxxxx/xxxxxxxx r - 0",
        ),
        # the house rules (docs/BANQI.md), each a position played under its own option
        Step(
            text(
                "lesson.banqi.chain",
                "家规“连吃”：吃子后同一个子可以接着吃。用 b2 的俥吃 c2 的马，再吃 c3 的炮，再吃 d3 的卒。想停下时，再点一下这个子。",
                "House rule: chain captures. After a capture the same piece may capture again. Take "
                "the Horse on c2 with the Chariot on b2, then the Cannon on c3, then the Soldier on d3. "
                "To stop earlier, touch the piece again.",
            ),
            ("b2xc2xc3xd3",),
            text(
                "lesson.banqi.chain.wrong",
                "依次点 b2、c2、c3、d3：俥一步一步吃过去。",
                "Click b2, c2, c3 and d3 in turn: the Chariot eats its way along.",
            ),
            position="xxxxxxxx/x.cpxxxx/xRn.xxxx/xxxxxxxx r Pp 0",
            options=(("chain", True),),
        ),
        Step(
            text(
                "lesson.banqi.rush",
                "家规“车直冲”：车沿直线走多格，能吃路上第一个敌子，不论大小。用 a2 的俥冲过去吃掉 f2 的士。",
                "House rule: the Chariot rush. The Chariot runs along a line and takes the first enemy "
                "in its way, whatever its rank. Rush from a2 and take the Advisor on f2.",
            ),
            ("a2xf2",),
            text(
                "lesson.banqi.rush.wrong",
                "点 a2 的俥，再点 f2 的士：中间的空格都能冲过去。",
                "Click the Chariot on a2, then the Advisor on f2: it rushes over the empty squares.",
            ),
            position="xxxxxxxx/xxxxxxxx/R....axx/xxxxxxxx r PPpp 0",
            options=(("chariot", "rush"),),
        ),
        Step(
            text(
                "lesson.banqi.hongkong",
                "家规“香港排法”：车排第二，比士大。用 d2 的俥吃掉 e2 的士（平常的规则里吃不了）。",
                "House rule: the Hong Kong order. The Chariot ranks second, above the Advisor. Take the "
                "Advisor on e2 with the Chariot on d2 (under the usual order it could not).",
            ),
            ("d2xe2",),
            text(
                "lesson.banqi.hongkong.wrong",
                "点 d2 的俥，再点它右边 e2 的士。",
                "Click the Chariot on d2, then the Advisor on e2 right of it.",
            ),
            position="xxxxxxxx/xxxxxxxx/xxxRaxxx/xxxxxxxx r - 0",
            options=(("ranking", "hongkong"),),
        ),
        Step(
            text(
                "lesson.banqi.trade",
                "家规“同归于尽”：同种的子互吃，两个都拿掉。用 c2 的傌吃 d2 的马，看两匹马一起离开。",
                "House rule: equal pieces both go. When a piece takes one of its own kind, both are "
                "removed. Take the Horse on d2 with your Horse on c2 and watch both leave.",
            ),
            ("c2xd2",),
            text(
                "lesson.banqi.trade.wrong",
                "点 c2 的傌，再点 d2 的马。",
                "Click your Horse on c2, then the Horse on d2.",
            ),
            position="xxxxxxxx/xxxxxxxx/xxNnxxxx/xxxxxxxx r - 0",
            options=(("trade", True),),
        ),
    ),
    text(
        "lesson.banqi.done",
        "吃光对方的子，或让对方轮到时无棋可走，就赢了。翻子前先想想：翻出的强敌会不会马上吃掉你旁边的子？家规在开新局时的“规则选项”里选。",
        "You win when your opponent has no pieces left or nothing to do on their turn. Before "
        "flipping next to your own piece, think: a strong enemy turning up could take it at once. "
        "The house rules are chosen under Rule options when you start a game.",
    ),
)
