"""The texts of the board screen (game/scenes/board): side panel, seats, the table's buttons and
dialogs, clocks, the computer-against-itself table and the analysis."""

from __future__ import annotations

TEXTS: dict[str, dict[str, str]] = {
    # game/scenes/board/analysis.py
    "analysis.title": {"zh": "分析", "en": "Analysis"},
    "analysis.best": {"zh": "最佳着法：{line}", "en": "Best line: {line}"},
    "analysis.depth": {"zh": "深度 {depth} · {nodes} 个节点", "en": "depth {depth} · {nodes} nodes"},
    "analysis.exact": {"zh": "精确结果：查残局表所得，无需搜索", "en": "Exact: from the endgame tables, no search"},
    "analysis.thinking": {"zh": "分析中…", "en": "Analysing…"},
    "analysis.stopped": {"zh": "已停止（A 继续）", "en": "Stopped (A to continue)"},
    "analysis.done": {"zh": "分析完成", "en": "Analysis complete"},
    "analysis.flip": {"zh": "翻开 {square} 可能翻出：{chances}", "en": "Flipping {square} may show: {chances}"},
    "analysis.over": {"zh": "对局已结束", "en": "The game is over here"},
    "review.progress": {
        "zh": "复盘分析中：{done} / {total}（Esc 取消）",
        "en": "Reviewing: {done} / {total} (Esc cancels)",
    },
    "review.counts": {"zh": "{side}：?! {a} · ? {b} · ?? {c}", "en": "{side}: ?! {a} · ? {b} · ?? {c}"},
    "review.better": {
        "zh": "第 {ply} 步 {move} {mark}，更好的是 {better}",
        "en": "Move {ply} {move} {mark}: better {better}",
    },
    # game/scenes/board/clocks.py
    "clock.lost_on_time": {"zh": "{loser}超时，{winner}胜", "en": "{loser} lost on time: {winner} wins"},
    "clock.time_draw": {
        "zh": "{loser}超时，但对方已无法取胜：和棋",
        "en": "{loser} ran out of time, but the other side could not win: a draw",
    },
    "clock.time_draw_nobody": {
        "zh": "超时：尚未分出颜色，和棋",
        "en": "Out of time before any colour was decided: a draw",
    },
    # game/scenes/board/panel.py
    "board.result": {"zh": "结果", "en": "Result"},
    "board.menu": {"zh": "菜单", "en": "Menu"},
    "board.thinking": {"zh": "思考中…", "en": "Thinking…"},
    "board.preparing": {
        "zh": "正在准备电脑棋手（每个版本只需一次）… {pct}%",
        "en": "Preparing the computer player (once per version)… {pct}%",
    },
    "board.moves": {"zh": "着法", "en": "Moves"},
    "board.no_moves_yet": {"zh": "尚无着法", "en": "No moves yet"},
    "board.game_over": {"zh": "对局结束", "en": "Game over"},
    "board.review": {"zh": "复盘 {i}/{n}", "en": "Review {i}/{n}"},
    "board.back_to_game": {"zh": "回到对局", "en": "Back to game"},
    "board.help_look_back": {
        "zh": "← → 逐步 · Home/End 开始/结束 · Esc 回到对局",
        "en": "← → step · Home/End first/last · Esc back to the game",
    },
    "board.help_review": {
        "zh": "← → 逐步 · Home/End 开始/结束 · Esc 菜单",
        "en": "← → step · Home/End first/last · Esc menu",
    },
    "board.overlay_key": {"zh": "讲解", "en": "teaching overlay"},
    "board.analyse": {"zh": "分析", "en": "Analyse"},
    "board.review_game": {"zh": "全局分析", "en": "Analyse game"},
    # game/scenes/board/seats.py
    "board.you": {"zh": "你", "en": "You"},
    "board.computer": {"zh": "电脑（{level}）", "en": "Computer ({level})"},
    "board.player": {"zh": "玩家 {n}", "en": "Player {n}"},
    "board.ai_error": {
        "zh": "电脑出错，改走一步合法着法",
        "en": "The computer failed; it plays a legal move instead",
    },
    # game/scenes/board/table.py
    "board.undo": {"zh": "悔棋", "en": "Undo"},
    "board.redo": {"zh": "重做", "en": "Redo"},
    "board.hint": {"zh": "提示", "en": "Hint"},
    "board.draw": {"zh": "求和", "en": "Offer draw"},
    "board.resign": {"zh": "认输", "en": "Resign"},
    "board.save": {"zh": "保存", "en": "Save"},
    "board.export_pdn": {"zh": "导出 PDN", "en": "Export PDN"},
    "board.pdn_written": {"zh": "已导出 PDN 文件", "en": "PDN file written"},
    "board.pdn_where": {
        "zh": "主菜单的“读取”可以打开它，其他跳棋软件也能读取。",
        "en": "Load on the main menu opens it; other draughts programs read it too.",
    },
    "board.pdn_failed": {"zh": "无法导出 PDN", "en": "The PDN file was not written"},
    "board.flip": {"zh": "翻转", "en": "Flip"},
    "board.rules": {"zh": "规则", "en": "Rules"},
    "board.hint_is": {"zh": "提示：{move}", "en": "Hint: {move}"},
    "board.hint_thinking": {"zh": "正在寻找提示…", "en": "Looking for a hint…"},
    "board.cannot_save_dealt": {
        "zh": "这个局面的暗子是随机发的，不能保存",
        "en": "This position's face-down pieces were dealt at random: it cannot be saved",
    },
    "board.resign_title": {"zh": "确定认输？", "en": "Resign this game?"},
    "board.resign_side": {"zh": "{side} 认输？", "en": "{side} resigns?"},
    "board.resign_not_yet": {"zh": "现在还不能认输", "en": "You cannot resign yet"},
    "board.draw_offer": {"zh": "{side} 提议和棋", "en": "{side} offers a draw"},
    "board.draw_question": {"zh": "{side}，是否同意？", "en": "{side}, do you accept?"},
    "board.accept": {"zh": "同意", "en": "Accept"},
    "board.decline": {"zh": "拒绝", "en": "Decline"},
    "board.ai_accepts": {"zh": "电脑同意和棋", "en": "The computer accepts the draw"},
    "board.ai_declines": {"zh": "电脑拒绝和棋", "en": "The computer declines the draw"},
    "board.ai_declines_why": {"zh": "它认为自己的形势更好。", "en": "It thinks its position is better."},
    "board.ai_declines_level": {
        "zh": "它认为局面均衡，还要继续下。",
        "en": "It thinks the game is level and wants to play on.",
    },
    "board.ai_declines_early": {
        "zh": "对局刚刚开始，现在求和太早了。",
        "en": "The game has only just begun: too early for a draw.",
    },
    "board.ai_accepts_why": {"zh": "它认为自己的形势较差。", "en": "It thinks its position is worse."},
    "board.ai_accepts_dead": {"zh": "双方都已无法取胜。", "en": "Neither side can win any more."},
    "board.draw_confirm": {"zh": "提议和棋？", "en": "Offer a draw?"},
    "board.draw_confirm_computer": {
        "zh": "电脑会先思考，再决定是否同意。",
        "en": "The computer thinks it over before it answers.",
    },
    "board.draw_confirm_hotseat": {"zh": "{side} 将被问是否同意。", "en": "{side} will be asked to accept."},
    "board.offer": {"zh": "提议", "en": "Offer"},
    "board.asking": {"zh": "电脑正在考虑你的提议…", "en": "The computer considers your offer…"},
    "board.help": {
        "zh": "方向键+回车 走子 · Ctrl+Z 悔棋 · Ctrl+Y 重做 · H 提示 · F 翻转 · Ctrl+S 保存 · Ctrl+N 新局 · Esc 菜单 · F11 全屏",
        "en": "Arrows+Enter play · Ctrl+Z undo · Ctrl+Y redo · H hint · F flip · Ctrl+S save · Ctrl+N new · Esc menu · F11 fullscreen",
    },
    # game/scenes/board/watch_table.py
    "watch.pause": {"zh": "暂停", "en": "Pause"},
    "watch.resume": {"zh": "继续", "en": "Resume"},
    "watch.step": {"zh": "走一步", "en": "Step"},
    "watch.speed": {"zh": "速度 ×{n}", "en": "Speed ×{n}"},
    "watch.paused": {"zh": "已暂停：按“继续”或“走一步”", "en": "Paused: Resume, or Step one move"},
    "watch.game_of": {"zh": "第 {i} / {n} 局", "en": "Game {i} of {n}"},
    "watch.tally": {
        "zh": "{a}：{wa} 胜 · {b}：{wb} 胜 · 和棋：{d}",
        "en": "{a}: {wa} won · {b}: {wb} won · draws: {d}",
    },
    "watch.engine": {"zh": "电脑 {k}（{level}）", "en": "Computer {k} ({level})"},
    "watch.help": {
        "zh": "空格 暂停/继续 · S 走一步 · + 速度 · F 翻转 · Esc 菜单",
        "en": "Space pause/resume · S step · + speed · F flip · Esc menu",
    },
    # game/scenes/board/net_chat.py
    "phrase.hello": {"zh": "你好！", "en": "Hello!"},
    "phrase.good_luck": {"zh": "祝你好运！", "en": "Good luck!"},
    "phrase.good_game": {"zh": "精彩的一局！", "en": "Good game!"},
    "phrase.thanks": {"zh": "谢谢！", "en": "Thanks!"},
    "phrase.well_played": {"zh": "下得好！", "en": "Well played!"},
    "phrase.oops": {"zh": "哎呀！", "en": "Oops!"},
    "phrase.your_move": {"zh": "该你走了…", "en": "Your move…"},
    "phrase.rematch": {"zh": "再来一局？", "en": "Rematch?"},
    "chat.say": {"zh": "快捷语", "en": "Say…"},
    "chat.title": {"zh": "发送快捷语", "en": "Send a quick phrase"},
    "chat.cancel": {"zh": "取消", "en": "Cancel"},
    "chat.too_fast": {"zh": "请稍等再发送下一句", "en": "Wait a moment before the next phrase"},
    "chat.help": {
        "zh": "方向键+回车 走子 · Ctrl+Z 请求悔棋 · T 快捷语 · F 翻转 · Ctrl+S 保存 · Esc 离开",
        "en": "Arrows+Enter play · Ctrl+Z ask to undo · T phrases · F flip · Ctrl+S save · Esc leave",
    },
    "rematch.asked": {
        "zh": "对手想再来一局（交换先后），你执{seat}",
        "en": "Your opponent offers a rematch, sides swapped: you play {seat}",
    },
    "rematch.waiting": {
        "zh": "已邀请再来一局，等待对手答复…",
        "en": "Rematch offered; waiting for the answer…",
    },
    "rematch.agreed": {"zh": "再来一局！正在开始…", "en": "Rematch agreed; starting…"},
    "rematch.declined": {"zh": "对手不想再来一局", "en": "Your opponent declined the rematch"},
    "rematch.offline": {"zh": "对手已断开，暂时不能再来一局", "en": "Your opponent is offline: no rematch for now"},
}
