"""The texts of the full screens (game/scenes/screens): menu, about, the question before a game in
progress is replaced, the guided lesson, rules, result and settings."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # game/scenes/screens/about.py
    "about.title": {"zh": "关于棋盘", "en": "About Qipan"},
    "about.version": {"zh": "版本 {version}", "en": "Version {version}"},
    "about.licence": {
        "zh": "棋盘是自由软件，以 MIT 许可证发布；所附字体以 SIL 开放字体许可证 1.1 发布。",
        "en": "Qipan is free software under the MIT licence; its fonts are under the SIL Open Font License 1.1.",
    },
    "about.third_party": {"zh": "第三方软件", "en": "Third-party software"},
    "about.third_party_line": {
        "zh": "棋盘使用以下软件，谨向其作者致谢。各自的许可证全文附后。",
        "en": "Qipan runs on the following software, with thanks to its authors. Their licences follow in full.",
    },
    "about.licence_of": {"zh": "许可证：{licence}", "en": "Licence: {licence}"},
    "about.hint": {
        "zh": "滚轮 / ↑↓ / PgUp PgDn 滚动 · Esc 返回",
        "en": "Wheel / ↑↓ / PgUp PgDn scroll · Esc back",
    },
    # game/scenes/screens/in_progress.py
    "replace.title": {"zh": "覆盖进行中的对局？", "en": "Replace the game in progress?"},
    "replace.line": {"zh": "{game}，已走 {n} 步", "en": "{game}: {n} moves played"},
    "replace.yes": {"zh": "覆盖", "en": "Replace"},
    # game/scenes/screens/lesson.py
    "lesson.title": {"zh": "学下棋", "en": "Learn to play"},
    "lesson.step": {"zh": "第 {n} 步，共 {total} 步", "en": "Step {n} of {total}"},
    "lesson.reply": {"zh": "对方走棋……", "en": "Your opponent moves…"},
    "lesson.finished": {"zh": "学完了！", "en": "Well done!"},
    "lesson.play": {"zh": "下一盘真正的棋", "en": "Play a real game"},
    "lesson.again": {"zh": "重新开始", "en": "Start over"},
    "lesson.keys": {
        "zh": "点棋子再点目标 · Tab 换游戏 · Esc 返回",
        "en": "Click a piece, then where it goes · Tab switch game · Esc back",
    },
    "lesson.keys_variants": {
        "zh": "点棋子再点目标 · Tab 换游戏 · ←→ 换规则 · Esc 返回",
        "en": "Click a piece, then where it goes · Tab switch game · ←→ switch rules · Esc back",
    },
    # game/scenes/screens/menu.py
    "menu.subtitle": {
        "zh": "三种传统棋戏 · 双人同屏或人机对弈",
        "en": "Three traditional board games · two players or against the computer",
    },
    "menu.continue": {"zh": "继续", "en": "Continue"},
    "menu.load": {"zh": "读取", "en": "Load"},
    "menu.network": {"zh": "联网对战", "en": "Network"},
    "menu.settings": {"zh": "设置", "en": "Settings"},
    "menu.rules": {"zh": "规则", "en": "Rules"},
    "menu.learn": {"zh": "学下棋", "en": "Learn to play"},
    "menu.offer_title": {"zh": "第一次来？", "en": "New here?"},
    "menu.offer_line": {
        "zh": "跟着简短的引导下第一盘棋，几分钟学会走法。",
        "en": "A short guided first game teaches the moves in a few minutes.",
    },
    "menu.offer_yes": {"zh": "开始学", "en": "Show me"},
    "menu.offer_no": {"zh": "以后再说", "en": "Not now"},
    "menu.quit": {"zh": "退出", "en": "Quit"},
    "menu.quit_title": {"zh": "退出棋盘？", "en": "Quit Qipan?"},
    "menu.unavailable": {"zh": "这一部分尚未就绪", "en": "This part is not available yet"},
    "menu.coming": {"zh": "尚未就绪", "en": "Not available yet"},
    "menu.continue_of": {"zh": "继续：{game}", "en": "Continue: {game}"},
    "menu.lang": {"zh": "English", "en": "中文"},
    "menu.keys": {
        "zh": "方向键 选择 · 回车 打开 · Esc 退出 · F11 全屏",
        "en": "Arrows choose · Enter opens · Esc quits · F11 fullscreen",
    },
    # game/scenes/screens/result.py
    "result.you_win": {"zh": "你赢了！", "en": "You win!"},
    "result.you_lose": {"zh": "电脑获胜", "en": "The computer wins"},
    "result.wins": {"zh": "{side} 获胜", "en": "{side} wins"},
    "result.draw": {"zh": "和棋", "en": "Draw"},
    "result.plies": {"zh": "共 {n} 步（{m} 回合）", "en": "{n} moves ({m} rounds)"},
    "result.plies_1": {"zh": "共 1 步（1 回合）", "en": "1 move (1 round)"},
    "result.plies_2": {"zh": "共 2 步（1 回合）", "en": "2 moves (1 round)"},
    "result.rematch": {"zh": "再来一局", "en": "Rematch"},
    "result.rematch_swapped": {"zh": "再来一局（交换先后）", "en": "Rematch (sides swapped)"},
    "result.accept_rematch": {"zh": "接受再来一局", "en": "Accept rematch"},
    "result.decline_rematch": {"zh": "拒绝", "en": "Decline"},
    "result.analyse": {"zh": "全局分析", "en": "Analyse game"},
    "result.review": {"zh": "复盘", "en": "Review"},
    "result.menu": {"zh": "菜单", "en": "Menu"},
    # game/scenes/screens/rules.py
    "rules.title": {"zh": "规则", "en": "Rules"},
    "rules.missing": {
        "zh": "找不到这个游戏的规则说明：{path}",
        "en": "The rules text of this game is missing: {path}",
    },
    "rules.other_lang": {
        "zh": "（暂无中文版，以下为英文规则）",
        "en": "(No English text yet; the Chinese rules follow.)",
    },
    "rules.lesson": {"zh": "学下棋", "en": "Learn to play"},
    "rules.hint": {
        "zh": "滚轮 / ↑↓ / PgUp PgDn 滚动 · ←→ 切换游戏 · Esc 返回",
        "en": "Wheel / ↑↓ / PgUp PgDn scroll · ←→ switch game · Esc back",
    },
    # game/scenes/screens/settings.py
    "settings.title": {"zh": "设置", "en": "Settings"},
    "settings.lang": {"zh": "语言", "en": "Language"},
    "settings.sound": {"zh": "音效", "en": "Sound"},
    "settings.volume": {"zh": "音量", "en": "Volume"},
    "settings.anim_speed": {"zh": "动画速度", "en": "Animation speed"},
    "settings.show_legal": {"zh": "标出可走的棋", "en": "Show legal moves"},
    "settings.board_labels": {"zh": "棋盘上的坐标和格子编号", "en": "Coordinates and square numbers on the board"},
    "settings.auto_flip": {"zh": "双人对弈时自动翻转棋盘", "en": "Turn the board for each player (hot-seat)"},
    "settings.fullscreen": {"zh": "全屏", "en": "Fullscreen"},
    "settings.ponder": {
        "zh": "困难级电脑在你思考时也思考（国际跳棋）",
        "en": "Hard computer thinks on your time (draughts)",
    },
    "settings.saved_in": {"zh": "设置保存于：{path}", "en": "Settings are saved in: {path}"},
    "settings.hint": {"zh": "↑↓ 选择 · ←→ 调整 · Esc 返回", "en": "↑↓ choose · ←→ change · Esc back"},
    "settings.about": {"zh": "关于", "en": "About"},
    "settings.online": {"zh": "联网服务器", "en": "Online server"},
    "settings.speed_slow": {"zh": "慢", "en": "slow"},
    "settings.speed_normal": {"zh": "正常", "en": "normal"},
    "settings.speed_fast": {"zh": "快", "en": "fast"},
    # game/scenes/screens/record_text.py
    "record.level": {"zh": "{level} · {name}", "en": "{level} · {name}"},
    "record.rating": {"zh": "≈{rating}", "en": "≈{rating}"},
    "record.unmeasured": {"zh": "未测定", "en": "not measured"},
    "record.estimate": {"zh": "你的估计 {rating} · {n} 局", "en": "Your estimate {rating} · {n} games"},
    "record.estimate_1": {"zh": "你的估计 {rating} · 1 局", "en": "Your estimate {rating} · 1 game"},
    "record.no_estimate": {"zh": "{n} 局 · 尚无估计", "en": "{n} games · no estimate yet"},
    "record.no_estimate_1": {"zh": "1 局 · 尚无估计", "en": "1 game · no estimate yet"},
    "record.at_level": {"zh": "你：{w} 胜 {d} 和 {l} 负", "en": "You: {w} won · {d} drawn · {l} lost"},
    "record.against": {
        "zh": "对第 {level} 级：{w} 胜 {d} 和 {l} 负",
        "en": "Against level {level}: {w} won · {d} drawn · {l} lost",
    },
    "record.streak": {"zh": "连胜 {n} 局", "en": "{n} wins in a row"},
    "record.beat": {"zh": "你战胜了第 {level} 级（{rating}）", "en": "You beat level {level} ({rating})"},
    "record.lost": {"zh": "你输给了第 {level} 级（{rating}）", "en": "You lost to level {level} ({rating})"},
    "record.drew": {"zh": "你与第 {level} 级战平（{rating}）", "en": "You drew with level {level} ({rating})"},
    "record.change": {"zh": "你的估计 {a} → {b}", "en": "your estimate {a} → {b}"},
    "record.first": {"zh": "你的第一个估计：{b}", "en": "your first estimate: {b}"},
    "record.stays": {"zh": "估计不变（{a}）", "en": "your estimate stays {a}"},
    "record.join": {"zh": "；", "en": "; "},
    "record.next": {"zh": "挑战第 {level} 级 · {name}", "en": "Try level {level} · {name}"},
}
