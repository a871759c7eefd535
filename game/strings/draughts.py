"""The texts of the draughts screens: its name in the menu, its view, the position editor, its
rows of Settings (endgame tables), the rules diagrams' captions and the guided first game
(game/scenes/views/draughts)."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # game/scenes/views/draughts/__init__.py
    "games.draughts": {"zh": "国际跳棋", "en": "International Draughts"},
    "games.draughts.tag": {
        "zh": "10×10 飞王，最大吃子；也可下 8×8",
        "en": "10×10, flying kings; the 8×8 games too",
    },
    # the 8x8 variants' names (View.title: the setup's title, the game's panel)
    "draughts.name.russian": {"zh": "俄罗斯跳棋", "en": "Russian Draughts"},
    "draughts.name.brazilian": {"zh": "巴西跳棋", "en": "Brazilian Draughts"},
    "draughts.name.english": {"zh": "英国跳棋", "en": "English Checkers"},
    # game/scenes/views/draughts/diagrams.py
    "diagram.draughts-start": {
        "zh": "开局：各二十子摆在深色格上，白方在下，先走。",
        "en": "The start: 20 men each on the dark squares; White at the bottom moves first.",
    },
    "diagram.draughts-max": {
        "zh": "最大吃子：39 能吃一子，37 能连吃两子，必须走吃得最多的 37。",
        "en": "Maximum capture: 39 could take one piece, 37 can take two in a row, so 37 must capture.",
    },
    "diagram.draughts-king": {
        "zh": "飞王：王沿斜线远距离吃子，可停在被吃子后面的任一空格（绿点）。",
        "en": "A flying king takes from afar along a diagonal and may stop on any free square beyond (green dots).",
    },
    "diagram.draughts-turkish": {
        "zh": "土耳其打击：白子连吃四子回到原格。第一颗被跳的子仍在旁边，但同一子不能跳两次，吃子到此为止，四子最后一起拿走。",
        "en": (
            "Turkish strike: the man takes four and comes back to its square. The first piece it jumped still "
            "stands beside it, but no piece may be jumped twice, so the capture ends; all four are removed "
            "together."
        ),
    },
    "diagram.draughts-russian": {
        "zh": "俄罗斯跳棋：b6 的兵跳过 c7 落到 d8 升王，同一步里立刻按王的走法继续吃：飞过 e7 吃掉 f6，停在 g5 或 h4。",
        "en": (
            "Russian draughts: the man on b6 jumps c7 and lands on d8, is crowned at once and goes on capturing "
            "as a king in the same move: it flies past e7, takes f6 and stops on g5 or h4."
        ),
    },
    "diagram.draughts-brazilian": {
        "zh": "巴西跳棋：8×8 棋盘上也必须吃最多的子。21 只能吃一子，23 能连吃两子，所以必须走 23（俄罗斯跳棋可任选）。",
        "en": (
            "Brazilian draughts: the majority rule on 8x8. 21 could take one piece, 23 takes two, so 23 must "
            "capture (in Russian draughts either may)."
        ),
    },
    "diagram.draughts-english-man": {
        "zh": "英国跳棋：兵只能向前吃子。18 的白兵可以吃前面的 14，却不能吃身后的 23。",
        "en": "English checkers: men capture forward only. The man on 18 takes 14 in front of it, never 23 behind it.",
    },
    "diagram.draughts-english-king": {
        "zh": "英国跳棋：王不会飞，每次只走一格，吃子也只跳相邻的子。29 的王吃不到远处的 18，只能走到 25。",
        "en": (
            "English checkers: kings do not fly; they step one square and take only a piece next to them. The "
            "king on 29 cannot reach 18 far away: its one move is to 25."
        ),
    },
    # game/scenes/views/draughts/editor.py
    "draughts.setup.title": {"zh": "自定义局面 · {game}", "en": "Custom position · {game}"},
    "draughts.setup.piece": {"zh": "棋子", "en": "Piece"},
    "draughts.setup.erase": {"zh": "擦除", "en": "Erase"},
    "draughts.setup.wman": {"zh": "白兵", "en": "White man"},
    "draughts.setup.wking": {"zh": "白王", "en": "White king"},
    "draughts.setup.bman": {"zh": "黑兵", "en": "Black man"},
    "draughts.setup.bking": {"zh": "黑王", "en": "Black king"},
    "draughts.setup.to_move": {"zh": "先走方", "en": "To move"},
    "draughts.setup.players": {"zh": "对局方式", "en": "Players"},
    "draughts.setup.hotseat": {"zh": "双人同屏", "en": "Two players"},
    "draughts.setup.computer": {"zh": "人机对弈", "en": "Against the computer"},
    "draughts.setup.you": {"zh": "你执", "en": "You play"},
    "draughts.setup.level": {"zh": "难度", "en": "Difficulty"},
    "draughts.setup.text": {
        "zh": "{n} 字符局面（0 空 w/W 白兵/王 b/B 黑兵/王）或 FEN",
        "en": "{n}-character board (0 empty, w/W white man/king, b/B black) or FEN",
    },
    "draughts.setup.load": {"zh": "读入文本", "en": "Load text"},
    "draughts.setup.clear": {"zh": "清空", "en": "Clear"},
    "draughts.setup.initial": {"zh": "初始局面", "en": "Start position"},
    "draughts.setup.start": {"zh": "开始对局", "en": "Start game"},
    "draughts.setup.analyse": {"zh": "分析局面", "en": "Analyse"},
    "draughts.setup.back": {"zh": "返回", "en": "Back"},
    "draughts.setup.no_man_there": {
        "zh": "兵不能放在对方底线（会升王），请放王",
        "en": "A man cannot stand on its crowning row: place a king there",
    },
    "draughts.setup.over": {
        "zh": "{side}在此局面无棋可走，无法开始",
        "en": "{side} has no move in this position: the game cannot start",
    },
    "draughts.setup.empty": {"zh": "双方都至少需要一枚棋子", "en": "Each side needs at least one piece"},
    "draughts.setup.ok": {
        "zh": "局面有效：{side}先走，{n} 种着法",
        "en": "Valid position: {side} to move, {n} legal moves",
    },
    "draughts.setup.help": {
        "zh": "左键放子（再点移除）· 右键清除 · 1-4 选子 · 0 擦除 · N 编号 · Enter 开始 · Esc 返回",
        "en": "Left click: place (again: remove) · Right click: clear · 1-4 piece · 0 erase · N numbers · Enter start · Esc back",
    },
    # game/scenes/views/draughts/lessons.py: international draughts (the 8x8 lessons: draughts_lessons.py)
    "lesson.draughts.1": {
        "zh": "你执白方（下方）。普通子斜向前走一格到空格。点 32 上的子，再点 28。",
        "en": (
            "You play White (bottom). A man steps one square diagonally forward onto an empty square. Click the"
            " man on 32, then 28."
        ),
    },
    "lesson.draughts.1.wrong": {
        "zh": "这一课请走 32-28：点带菱形标记的 32 号白子，再点 28。",
        "en": "For this lesson please play 32-28: click the man marked on 32, then 28.",
    },
    "lesson.draughts.2": {
        "zh": "黑方走到 23，紧挨着你的子，后面 19 是空的。能吃必须吃：从 28 跳过 23 落到 19。",
        "en": (
            "Black stepped to 23, right next to your man, with 19 empty behind it. Capturing is compulsory: "
            "jump from 28 over 23 onto 19."
        ),
    },
    "lesson.draughts.2.wrong": {
        "zh": "有子可吃时必须吃。点 28 的子，再点 19。",
        "en": "When you can capture, you must. Click the man on 28, then 19.",
    },
    "lesson.draughts.3": {
        "zh": "黑方吃回一子。换个局面：吃子可以连跳，而且必须吃得最多。39 只能吃一子，37 能连吃两子：点 37，再点 28，第二跳会自动走完。",
        "en": (
            "Black took back. A new position: a capture goes on as long as it can, and you must take the most "
            "pieces. 39 could take one, 37 takes two: click 37, then 28, and the second jump follows."
        ),
    },
    "lesson.draughts.3.wrong": {
        "zh": "必须选吃得最多的走法：37 跳过 32 到 28，再跳过 23 到 19。",
        "en": "You must take the most: 37 jumps over 32 to 28, then over 23 to 19.",
    },
    "lesson.draughts.4": {
        "zh": "走到对方底线的子升为王（戴冠）。王会飞：沿斜线远距离吃子，并可停在后面任一空格。用 46 的王吃掉 28。",
        "en": (
            "A man that ends on the far row becomes a king (crowned). Kings fly: they take from afar along a "
            "diagonal and may stop on any free square beyond. Take 28 with the king on 46."
        ),
    },
    "lesson.draughts.4.wrong": {
        "zh": "点 46 的王，再点 28 后面任一空格（23、19、14、10 或 5）。",
        "en": "Click the king on 46, then any free square beyond 28 (23, 19, 14, 10 or 5).",
    },
    "lesson.draughts.done": {
        "zh": "吃光对方的子或让对方无路可走就赢了。记住：被跳过的子要等整步走完才一起拿掉，同一颗子不能跳两次。",
        "en": (
            "You win when your opponent has no piece left or cannot move. Remember: jumped pieces leave only "
            "when the whole move ends, and no piece may be jumped twice."
        ),
    },
    # game/scenes/views/draughts/settings_rows.py
    "egdb.label": {"zh": "国际跳棋残局库：{range} 子", "en": "Draughts endgame tables: {range} pieces"},
    "egdb.label_size": {
        "zh": "国际跳棋残局库：{range} 子（{mb} MB）",
        "en": "Draughts endgame tables: {range} pieces ({mb} MB)",
    },
    "egdb.label_building": {"zh": "正在生成 {n} 子残局库", "en": "Building the {n}-piece endgame tables"},
    "egdb.build": {
        "zh": "生成 {n} 子残局库（约 {min} 分钟，{mb} MB）",
        "en": "Build {n}-piece tables ({min} min, {mb} MB)",
    },
    "egdb.preparing": {"zh": "准备中…", "en": "Preparing…"},
    "egdb.complete": {"zh": "已齐全", "en": "Complete"},
    "egdb.unavailable": {"zh": "本机无法生成", "en": "Cannot be built here"},
    "egdb.ask_title": {"zh": "生成 {n} 子残局库？", "en": "Build the {n}-piece endgame tables?"},
    "egdb.ask_what": {
        "zh": "电脑在后台算出 {n} 子以内的所有残局：约 {min} 分钟，运行时约需 {ram} MB 内存，占用 {mb} MB 磁盘空间。",
        "en": "The computer works out every ending of up to {n} pieces in the background: about {min} min, "
        "{ram} MB of memory while it runs, {mb} MB on the disk.",
    },
    "egdb.ask_why": {
        "zh": "之后困难级电脑知道这些残局的结果。生成期间可以继续下棋。",
        "en": "Then the hard computer knows how every such ending turns out. You can go on playing meanwhile.",
    },
    "egdb.yes": {"zh": "生成", "en": "Build"},
    "egdb.not_now": {"zh": "以后再说", "en": "Not now"},
    "egdb.stop_title": {"zh": "停止生成残局库？", "en": "Stop building the endgame tables?"},
    "egdb.stop_what": {
        "zh": "已完成的部分会被丢弃，以后可以重新生成。",
        "en": "The work done so far is lost; you can build them again later.",
    },
    "egdb.stop": {"zh": "停止", "en": "Stop"},
    "egdb.go_on": {"zh": "继续生成", "en": "Keep building"},
    "egdb.ready": {"zh": "残局库已生成：{range} 子", "en": "Endgame tables ready: {range} pieces"},
    "egdb.failed": {"zh": "残局库没有生成", "en": "The endgame tables were not built"},
    "egdb.why_memory": {
        "zh": "内存不足：生成时约需 {ram} MB 空闲内存。",
        "en": "There was not enough memory: building needs about {ram} MB free.",
    },
    "egdb.why_disk": {
        "zh": "磁盘空间不足（需要 {mb} MB）：{folder}",
        "en": "There is not enough free disk space ({mb} MB needed) in {folder}",
    },
    "egdb.why_killed": {
        "zh": "生成过程被系统终止（可能是内存不足，约需 {ram} MB）。",
        "en": "The system stopped the build (perhaps for lack of memory: it needs about {ram} MB).",
    },
    "egdb.why_io": {"zh": "无法写入 {folder}：{detail}", "en": "They could not be written to {folder}: {detail}"},
    "egdb.why_error": {"zh": "出错了：{detail}", "en": "Something went wrong: {detail}"},
    "egdb.goes_on": {
        "zh": "游戏照常进行，使用 {range} 子残局库；可以在设置中再试一次。",
        "en": "The game goes on with the {range}-piece tables; you can try again in Settings.",
    },
    # game/scenes/views/draughts/view.py
    "draughts.white": {"zh": "白方", "en": "White"},
    "draughts.black": {"zh": "黑方", "en": "Black"},
    "draughts.seat": {"zh": "{side}（先走）", "en": "{side} (moves first)"},
    "draughts.seat2": {"zh": "{side}（后走）", "en": "{side} (moves second)"},
    "draughts.count": {"zh": "{side}：兵 {men} · 王 {kings}", "en": "{side}: men {men} · kings {kings}"},
    "draughts.must_capture": {"zh": "必须吃子：最多可吃 {n} 子", "en": "Capture is compulsory: up to {n} pieces"},
    "draughts.must_capture_one": {"zh": "必须吃子", "en": "Capture is compulsory"},
    "draughts.left.no_progress_kings": {"zh": "25 步规则：还剩 {n} 步", "en": "25-move rule: {n} moves left"},
    "draughts.left.endgame_16": {"zh": "16 步残局规则：还剩 {n} 步", "en": "16-move endgame rule: {n} moves left"},
    "draughts.left.endgame_5": {"zh": "5 步残局规则：还剩 {n} 步", "en": "5-move endgame rule: {n} moves left"},
    "draughts.result.no_moves": {
        "zh": "{loser}无棋可走，{winner}获胜",
        "en": "{loser} has no move left: {winner} wins",
    },
    "draughts.result.resign": {"zh": "{loser}认输，{winner}获胜", "en": "{loser} resigned: {winner} wins"},
    "draughts.result.repetition": {
        "zh": "和棋：同一局面第三次出现",
        "en": "Draw: the same position occurred a third time",
    },
    "draughts.result.no_progress_kings": {
        "zh": "和棋：双方各走 25 步只动王棋且无吃子",
        "en": "Draw: 25 moves each with only kings moving and no capture",
    },
    "draughts.result.endgame_16": {
        "zh": "和棋：单王对三子残局，双方各走 16 步未分胜负",
        "en": "Draw: a lone king held out 16 moves against three pieces",
    },
    "draughts.result.endgame_5": {
        "zh": "和棋：单王对两子以内残局，双方各走 5 步未分胜负",
        "en": "Draw: a lone king held out 5 moves against two pieces or fewer",
    },
    "draughts.result.agreement": {"zh": "双方同意和棋", "en": "Draw by agreement"},
    "draughts.key.numbers": {"zh": "格子编号", "en": "square numbers"},
    # game/scenes/views/draughts/view.py: the 8x8 variants' draw rules (docs/DRAUGHTS_VARIANTS.md)
    "draughts.left.kings_rule": {"zh": "{m} 步规则：还剩 {n} 步", "en": "{m}-move rule: {n} moves left"},
    "draughts.left.no_progress": {"zh": "和棋规则：还剩 {n} 步", "en": "Draw rule: {n} moves left"},
    "draughts.result.kings_rule": {
        "zh": "和棋：双方各走 {m} 步只动王棋且无吃子",
        "en": "Draw: {m} moves each with only kings moving and no capture",
    },
    "draughts.result.no_progress": {
        "zh": "和棋：双方在规则步数内无吃子、无升变",
        "en": "Draw: no capture and no change of forces within the rule's moves",
    },
}
