"""The texts of the banqi (翻棋) screens: its name in the menu, its view, the assistant, the rules
diagrams' captions and the guided first game (game/scenes/views/banqi)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # game/scenes/views/banqi/__init__.py
    "games.banqi": {"zh": "中国象棋翻棋", "en": "Chinese Chess Flipping"},
    "games.banqi.tag": {"zh": "暗棋：翻开，吃子，以小博大", "en": "Dark chess: flip, capture, outwit"},
    # game/scenes/views/banqi/assistant.py
    "banqi.assistant.open": {"zh": "实战助手", "en": "Real-board assistant"},
    "banqi.assistant.title": {"zh": "翻棋实战助手", "en": "Banqi assistant for a real board"},
    "banqi.assistant.brush": {
        "zh": "画笔（左键放置，右键清空）",
        "en": "Brush (left click: place, right click: empty)",
    },
    "banqi.assistant.captured": {
        "zh": "已被吃的棋子（左键加一，右键减一）",
        "en": "Captured pieces (left click: add one, right click: remove one)",
    },
    "banqi.assistant.to_move": {"zh": "轮到", "en": "To move"},
    "banqi.assistant.undecided": {"zh": "未翻过", "en": "No flip yet"},
    "banqi.assistant.quiet": {"zh": "无翻无吃步数", "en": "Turns without a flip or capture"},
    "banqi.assistant.level": {"zh": "难度", "en": "Strength"},
    "banqi.assistant.text": {"zh": "局面文本（可粘贴或复制）", "en": "Position text (type, paste or copy)"},
    "banqi.assistant.load": {"zh": "读入", "en": "Load"},
    "banqi.assistant.suggest": {"zh": "给出建议", "en": "Suggest"},
    "banqi.assistant.all_down": {"zh": "全部暗子", "en": "All face down"},
    "banqi.assistant.clear": {"zh": "清空", "en": "Clear"},
    "banqi.assistant.back": {"zh": "返回", "en": "Back"},
    "banqi.assistant.analyse": {"zh": "分析", "en": "Analyse"},
    "banqi.assistant.valid": {
        "zh": "局面有效：暗子 {down} 枚（红 {red} · 黑 {black}）",
        "en": "Valid position: {down} face down (red {red} · black {black})",
    },
    "banqi.assistant.over": {"zh": "对局已结束：{text}", "en": "The game is over: {text}"},
    "banqi.assistant.thinking": {"zh": "电脑正在思考…", "en": "The computer is thinking…"},
    "banqi.assistant.move": {"zh": "建议：{move}", "en": "Suggestion: {move}"},
    "banqi.assistant.flip_move": {"zh": "建议：翻开 {move}", "en": "Suggestion: flip {move}"},
    "banqi.assistant.eval": {
        "zh": "形势：{value:+.2f}（{side}角度，+1 必胜，-1 必败）",
        "en": "Evaluation: {value:+.2f} for {side} (+1 winning, -1 losing)",
    },
    "banqi.assistant.chances": {"zh": "翻棋可能翻出：", "en": "A flip reveals:"},
    "banqi.assistant.failed": {"zh": "电脑未能给出建议：{error}", "en": "No suggestion: {error}"},
    "banqi.assistant.easy": {"zh": "简单", "en": "Easy"},
    "banqi.assistant.medium": {"zh": "中等", "en": "Medium"},
    "banqi.assistant.hard": {"zh": "困难", "en": "Hard"},
    # game/scenes/views/banqi/diagrams.py
    "diagram.banqi-start": {
        "zh": "开局：三十二子全部背面朝上，洗乱摆满半张棋盘。",
        "en": "The start: all 32 pieces face down, shuffled, filling half a board.",
    },
    "diagram.banqi-flip": {
        "zh": "翻棋：把任一暗子翻开，翻出的可能是自己的，也可能是对方的。",
        "en": "A flip: turn any face-down piece over; it may be yours or your opponent's.",
    },
    "diagram.banqi-cannon": {
        "zh": "炮打隔子：炮沿直线隔着正好一个棋子（炮架，暗子也算）吃掉后面第一个敌子，远近不限。",
        "en": (
            "A cannon capture: the cannon jumps along its row over exactly one piece (the screen, face down or "
            "not) onto the first enemy piece beyond, at any distance."
        ),
    },
    "diagram.banqi-soldier": {
        "zh": "兵吃将：将（帅）最大，却吃不了兵（卒）；兵（卒）反而能吃将（帅）。",
        "en": (
            "The Soldier takes the General: the General outranks everything but cannot take a Soldier, and a "
            "Soldier may take the General."
        ),
    },
    # game/scenes/views/banqi/lessons.py
    "lesson.banqi.1": {
        "zh": "所有棋子都背面朝上。第一步翻开一个：翻出什么颜色，你就执哪一方。点 c3 的暗子。",
        "en": (
            "Every piece starts face down. Turn one over: its colour becomes yours. Click the face-down piece on c3."
        ),
    },
    "lesson.banqi.1.wrong": {
        "zh": "这一课请翻 c3：左起第三列、下起第三行的那颗。",
        "en": "For this lesson please flip c3: third column from the left, third row from the bottom.",
    },
    "lesson.banqi.2": {
        "zh": "你翻出红俥，所以你执红。对方翻出旁边的黑卒。棋子可以吃相邻的同级或更低级的敌子：用俥吃掉 b3 的卒。",
        "en": (
            "You turned up a red Chariot, so you play Red. Your opponent turned up a black Soldier next to it. "
            "A piece takes an enemy of equal or lower rank one square away: take the Soldier on b3 with your "
            "Chariot."
        ),
    },
    "lesson.banqi.2.wrong": {
        "zh": "点 c3 的俥，再点 b3 的卒。暗子不能被吃。",
        "en": "Click the Chariot on c3, then the Soldier on b3. Face-down pieces can never be taken.",
    },
    "lesson.banqi.3": {
        "zh": "几步之后：炮吃子与众不同，它沿直线隔着正好一个棋子（炮架，暗子也算）吃后面第一个敌子。用 b2 的炮吃掉 g2 的车。",
        "en": (
            "Some moves later. The Cannon captures differently: along its row or column over exactly one piece "
            "(the screen, face down or not) onto the first enemy beyond. Take the Chariot on g2 with the Cannon"
            " on b2."
        ),
    },
    "lesson.banqi.3.wrong": {
        "zh": "炮不能吃紧挨着的子。点 b2 的炮，再点 g2 的车：中间只隔 d2 一个子。",
        "en": (
            "A Cannon never takes a piece right next to it. Click the Cannon on b2, then the Chariot on g2: "
            "only d2 stands between them."
        ),
    },
    "lesson.banqi.4": {
        "zh": "将最大，却吃不了兵；兵反而能吃将。用 d3 的兵吃掉 d4 的将。",
        "en": (
            "The General outranks everything but cannot take a Soldier, and a Soldier may take the General. "
            "Take the black General on d4 with your Soldier on d3."
        ),
    },
    "lesson.banqi.4.wrong": {
        "zh": "点 d3 的兵，再点它上面 d4 的将。",
        "en": "Click the Soldier on d3, then the General on d4 just above it.",
    },
    "lesson.banqi.done": {
        "zh": "吃光对方的子，或让对方轮到时无棋可走，就赢了。翻子前先想想：翻出的强敌会不会马上吃掉你旁边的子？家规在开新局时的“规则选项”里选。",
        "en": "You win when your opponent has no pieces left or nothing to do on their turn. Before flipping next to your own piece, think: a strong enemy turning up could take it at once. The house rules are chosen under Rule options when you start a game.",
    },
    # game/scenes/views/banqi/view.py
    "banqi.red": {"zh": "红方", "en": "Red"},
    "banqi.black": {"zh": "黑方", "en": "Black"},
    "banqi.first": {"zh": "先手", "en": "First"},
    "banqi.second": {"zh": "后手", "en": "Second"},
    "banqi.seat_colour": {"zh": "{seat}（{colour}）", "en": "{seat} ({colour})"},
    "banqi.undecided": {
        "zh": "颜色未定：第一次翻出的棋子决定先手的颜色",
        "en": "Colours not decided yet: the first piece flipped gives the first player its colour",
    },
    "banqi.first_is": {"zh": "先手执{colour}，后手执{other}", "en": "First player is {colour}, second is {other}"},
    "banqi.face_down_side": {"zh": "{colour}暗子：{pieces}", "en": "{colour} face down: {pieces}"},
    "banqi.none": {"zh": "无", "en": "none"},
    "banqi.quiet": {
        "zh": "无翻无吃：{n} / {limit} 步（到限和棋）",
        "en": "Turns without a flip or capture: {n} / {limit} (draw at the limit)",
    },
    "banqi.repeat": {
        "zh": "此局面已出现 {n} 次（三次为和，长捉者负）",
        "en": "This position has occurred {n} times (3rd: draw, a perpetual chaser loses)",
    },
    "banqi.repeat_draw": {
        "zh": "此局面已出现 {n} 次（三次为和）",
        "en": "This position has occurred {n} times (3rd: draw)",
    },
    "banqi.resign_after": {
        "zh": "第 {n} 步后才可认输（已走 {ply} 步）",
        "en": "Resigning is allowed after turn {n} ({ply} played)",
    },
    "banqi.lost_red": {"zh": "红方失子", "en": "Red lost"},
    "banqi.lost_black": {"zh": "黑方失子", "en": "Black lost"},
    "banqi.overlay.bag": {"zh": "暗子与翻出概率", "en": "Face down, and the chance of each flip"},
    "banqi.overlay.threat": {"zh": "红圈：可被立即吃掉的棋子", "en": "Red ring: a piece that can be taken at once"},
    "banqi.coords_key": {"zh": "坐标", "en": "coordinates"},
    "banqi.risk_key": {"zh": "讲解：翻子风险 / 暗子表", "en": "overlay: flip risks / face-down table"},
    "banqi.risk.title": {
        "zh": "翻子风险：按公开信息，为走棋方计算（R：暗子表）",
        "en": "Flip risks for the side to move, from the public counts only (R: face-down table)",
    },
    "banqi.risk.red": {
        "zh": "上方红字：翻开后对方立即有新吃子的概率",
        "en": "Red, top: the chance the flip gives the opponent a capture at once",
    },
    "banqi.risk.green": {
        "zh": "下方绿字：翻出己方棋子且下一轮能吃子的概率",
        "en": "Green, below: the chance it shows a piece of yours that can capture next turn",
    },
    "banqi.result.no_pieces": {
        "zh": "{loser}的棋子被吃光，{winner}胜",
        "en": "{loser} has no pieces left: {winner} wins",
    },
    "banqi.result.no_moves": {"zh": "{loser}无子可动，{winner}胜", "en": "{loser} has no move left: {winner} wins"},
    "banqi.result.resign": {"zh": "{loser}认输，{winner}胜", "en": "{loser} resigned: {winner} wins"},
    "banqi.result.agreement": {"zh": "双方议和", "en": "Draw agreed"},
    "banqi.result.no_progress": {
        "zh": "连续 {n} 步无翻无吃，和棋",
        "en": "{n} turns without a flip or a capture: draw",
    },
    "banqi.result.repetition": {
        "zh": "同一局面出现三次，和棋",
        "en": "The same position occurred three times: draw",
    },
    "banqi.result.perpetual_chase": {
        "zh": "{loser}长捉，{winner}胜",
        "en": "{loser} chased perpetually: {winner} wins",
    },
    # the house rules (game/scenes/views/banqi: view, lessons, diagrams)
    "banqi.house": {"zh": "家规：{rules}", "en": "House rules: {rules}"},
    "banqi.result.no_pieces_both": {
        "zh": "双方最后的棋子同归于尽，和棋",
        "en": "The last pieces of both sides took each other: draw",
    },
    "lesson.banqi.chain": {
        "zh": "家规“连吃”：吃子后同一个子可以接着吃。用 b2 的俥吃 c2 的马，再吃 c3 的炮，再吃 d3 的卒。想停下时，再点一下这个子。",
        "en": "House rule: chain captures. After a capture the same piece may capture again. Take the Horse on c2 with the Chariot on b2, then the Cannon on c3, then the Soldier on d3. To stop earlier, touch the piece again.",
    },
    "lesson.banqi.chain.wrong": {
        "zh": "依次点 b2、c2、c3、d3：俥一步一步吃过去。",
        "en": "Click b2, c2, c3 and d3 in turn: the Chariot eats its way along.",
    },
    "lesson.banqi.rush": {
        "zh": "家规“车直冲”：车沿直线走多格，能吃路上第一个敌子，不论大小。用 a2 的俥冲过去吃掉 f2 的士。",
        "en": "House rule: the Chariot rush. The Chariot runs along a line and takes the first enemy in its way, whatever its rank. Rush from a2 and take the Advisor on f2.",
    },
    "lesson.banqi.rush.wrong": {
        "zh": "点 a2 的俥，再点 f2 的士：中间的空格都能冲过去。",
        "en": "Click the Chariot on a2, then the Advisor on f2: it rushes over the empty squares.",
    },
    "lesson.banqi.hongkong": {
        "zh": "家规“香港排法”：车排第二，比士大。用 d2 的俥吃掉 e2 的士（平常的规则里吃不了）。",
        "en": "House rule: the Hong Kong order. The Chariot ranks second, above the Advisor. Take the Advisor on e2 with the Chariot on d2 (under the usual order it could not).",
    },
    "lesson.banqi.hongkong.wrong": {
        "zh": "点 d2 的俥，再点它右边 e2 的士。",
        "en": "Click the Chariot on d2, then the Advisor on e2 right of it.",
    },
    "lesson.banqi.trade": {
        "zh": "家规“同归于尽”：同种的子互吃，两个都拿掉。用 c2 的傌吃 d2 的马，看两匹马一起离开。",
        "en": "House rule: equal pieces both go. When a piece takes one of its own kind, both are removed. Take the Horse on d2 with your Horse on c2 and watch both leave.",
    },
    "lesson.banqi.trade.wrong": {
        "zh": "点 c2 的傌，再点 d2 的马。",
        "en": "Click your Horse on c2, then the Horse on d2.",
    },
    "diagram.banqi-chain": {
        "zh": "连吃（家规）：吃子后，同一个子可以接着再吃，一直吃到吃不了或自己停下。这里俥连吃马、炮、卒三子。",
        "en": "Chain captures (house rule): after a capture the same piece may capture again, and again, until it cannot or its player stops. Here the Chariot takes the Horse, the Cannon and the Soldier in one turn.",
    },
    "diagram.banqi-rush": {
        "zh": "车直冲（家规）：车像象棋里的车一样沿直线走，不限格数；直线上遇到的第一个子若是敌方明子，不论大小都能吃。这里俥吃掉远处的士。",
        "en": "The Chariot rush (house rule): the Chariot moves like the xiangqi Chariot, any distance along a line over empty squares, and takes the first piece in its way if it is a face-up enemy, whatever its rank. Here the Chariot takes the Advisor from afar.",
    },
    "diagram.banqi-hongkong": {
        "zh": "香港排法（家规）：车排第二，只比将小：将 > 车 > 士 > 象 > 马 > 炮 > 卒。这里俥可以吃士。",
        "en": "The Hong Kong order (house rule): the Chariot ranks second, below the General only: General, Chariot, Advisor, Elephant, Horse, Cannon, Soldier. Here the Chariot may take the Advisor.",
    },
    "diagram.banqi-trade": {
        "zh": "同归于尽（家规）：同种的子互吃，两个子都拿掉。这里傌吃马，两匹马都离开棋盘。",
        "en": "Equal pieces both go (house rule): when a piece takes one of its own kind, both are removed. Here the Horse takes the Horse and both leave the board.",
    },
}
