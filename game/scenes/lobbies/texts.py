"""The texts and names of network play, shared by the lobby scenes (network.py) and the network
board's table (board/net_table): translations, seat labels, option lines, drop reasons."""

from __future__ import annotations

import functools

from game import games
from game.i18n import add, tr
from game.scenes.views import seat_labels as _view_seat_labels

add(
    {
        "net.title": {"zh": "联机对弈", "en": "Network game"},
        "net.intro": {
            "zh": "两台电脑，同一个网络：一方开局，另一方加入。",
            "en": "Two computers on one network: one hosts, the other joins.",
        },
        "net.host": {"zh": "开局（主机）", "en": "Host a game"},
        "net.join": {"zh": "加入对局", "en": "Join a game"},
        "net.resume_host": {"zh": "继续主持：{game}（{n} 步）", "en": "Resume hosting: {game} ({n} moves)"},
        "net.rejoin": {"zh": "重新加入：{game}（{n} 步）", "en": "Rejoin: {game} ({n} moves)"},
        "net.back": {"zh": "返回", "en": "Back"},
        "net.game": {"zh": "棋种", "en": "Game"},
        "net.your_seat": {"zh": "你执", "en": "You play"},
        "net.start_hosting": {"zh": "开始等待对手", "en": "Open the game"},
        "net.cannot_listen": {"zh": "无法打开网络端口：{why}", "en": "Cannot open a network port: {why}"},
        "net.give_address": {"zh": "请把这个地址告诉对手：", "en": "Give the other player this address:"},
        "net.waiting_player": {"zh": "等待对手加入…", "en": "Waiting for a player to join…"},
        "net.peer_looking": {
            "zh": "{peer} 已连接，正在查看你的邀请…",
            "en": "{peer} joined and is looking at your offer…",
        },
        "net.peer_declined": {
            "zh": "对手拒绝了邀请。你可以等待其他玩家。",
            "en": "The player declined. You can wait for another one.",
        },
        "net.cancel": {"zh": "取消", "en": "Cancel"},
        "net.address": {"zh": "主机地址", "en": "Host address"},
        "net.address_hint": {"zh": "例如 192.168.1.20:47474", "en": "e.g. 192.168.1.20:47474"},
        "net.connect": {"zh": "连接", "en": "Connect"},
        "net.bad_address": {"zh": "地址格式应为 主机:端口", "en": "Write the address as host:port"},
        "net.connecting": {"zh": "正在连接 {addr}…", "en": "Connecting to {addr}…"},
        "net.waiting_offer": {"zh": "已连接，等待主机的邀请…", "en": "Connected; waiting for the host's offer…"},
        "net.failed": {"zh": "无法连接：{why}", "en": "Could not connect: {why}"},
        "net.host_gone": {"zh": "主机已关闭这局：{why}", "en": "The host closed the game: {why}"},
        "net.offer_title": {"zh": "主机的邀请", "en": "The host's offer"},
        "net.offer_resume": {"zh": "继续一局进行中的对局（{n} 步）", "en": "A game in progress ({n} moves played)"},
        "net.accept": {"zh": "接受", "en": "Accept"},
        "net.decline": {"zh": "拒绝", "en": "Decline"},
        "net.you_play": {"zh": "你执：{seat}", "en": "You play: {seat}"},
        "net.host_plays": {"zh": "主机执：{seat}", "en": "The host plays: {seat}"},
        "net.start_pos": {"zh": "从指定局面开始", "en": "From a set position"},
        "net.seat_first": {"zh": "先手", "en": "First to move"},
        "net.seat_second": {"zh": "后手", "en": "Second to move"},
        "net.opponent_wins": {"zh": "对手获胜", "en": "Your opponent wins"},
        "net.opponent": {"zh": "对手", "en": "Opponent"},
        "net.offline": {"zh": "已断开", "en": "Offline"},
        "net.paused_title": {"zh": "连接中断 · 对局暂停", "en": "Connection lost · game paused"},
        "net.why_closed": {"zh": "对方关闭了连接", "en": "the other side closed the connection"},
        "net.why_left": {"zh": "对手离开了对局", "en": "the other player left"},
        "net.why_silent": {"zh": "对方长时间没有回应", "en": "no answer from the other side"},
        "net.why_refused": {
            "zh": "连接被拒绝（对方没有在这个地址开局？）",
            "en": "connection refused (is a game hosted at this address?)",
        },
        "net.paused_host": {
            "zh": "等待对手重新连接…（对局已保存）",
            "en": "Waiting for the other player to reconnect… (the game is saved)",
        },
        "net.paused_guest": {"zh": "正在重新连接…（对局已保存）", "en": "Reconnecting… (the game is saved)"},
        "net.resumed": {"zh": "连接恢复（{peer}），对局继续", "en": "Connection restored ({peer}); the game goes on"},
        "net.dead": {"zh": "网络对局已结束：{why}", "en": "The network game has stopped: {why}"},
        "net.draw_offer": {"zh": "对手提议和棋", "en": "Your opponent offers a draw"},
        "net.draw_sent": {"zh": "已提议和棋，等待对手答复…", "en": "Draw offered; waiting for the answer…"},
        "net.draw_declined": {"zh": "对手拒绝了和棋", "en": "Your opponent declined the draw"},
        "net.undo": {"zh": "请求悔棋", "en": "Ask undo"},
        "net.undo_request": {"zh": "对手请求悔棋", "en": "Your opponent asks to take back a move"},
        "net.undo_question": {"zh": "撤回到对手上一步之前？", "en": "Go back to before their last move?"},
        "net.undo_sent": {"zh": "已请求悔棋，等待对手答复…", "en": "Undo asked; waiting for the answer…"},
        "net.undo_declined": {"zh": "对手拒绝了悔棋", "en": "Your opponent declined the undo"},
        "net.undone": {"zh": "已悔棋", "en": "Move taken back"},
        "net.revealing": {"zh": "等待主机揭示棋子…", "en": "Waiting for the host to reveal the piece…"},
        "net.no_hint": {"zh": "联机对弈不提供提示", "en": "No hints in a network game"},
        "net.help": {
            "zh": "方向键+回车 走子 · Ctrl+Z 请求悔棋 · F 翻转 · Ctrl+S 保存 · Esc 离开",
            "en": "Arrows+Enter play · Ctrl+Z ask to undo · F flip · Ctrl+S save · Esc leave",
        },
        "net.peer_refused": {"zh": "对方拒绝了：{text}", "en": "The other side refused: {text}"},
        "net.leave_title": {"zh": "离开这局联机对弈？", "en": "Leave this network game?"},
        "net.leave_lines": {
            "zh": "对局已保存，可在“联机对弈”中继续。",
            "en": "It stays saved; resume it from Network game.",
        },
        "net.cannot_save_guest": {
            "zh": "翻棋的暗子只有主机知道，客方不能保存",
            "en": "Only the host knows the face-down pieces: the guest cannot save a Banqi game",
        },
        "net.rematch_offered": {"zh": "已发出再来一局的邀请", "en": "Rematch offered"},
        "net.rematch_host_only": {"zh": "由主机发起再来一局", "en": "The host offers the rematch"},
        "net.rematch_declined": {"zh": "对手不想再来一局", "en": "Your opponent declined the rematch"},
        "net.rematch_title": {"zh": "再来一局？", "en": "A rematch?"},
        "net.join_code": {"zh": "加入暗号：{code}", "en": "Join code: {code}"},
        "net.address_and_code": {"zh": "主机地址和加入暗号", "en": "Host address and join code"},
        "net.code_hint": {"zh": "加入暗号（显示在主机屏幕上）", "en": "Join code (shown on the host's screen)"},
        "net.wrong_code_from": {
            "zh": "已拒绝来自 {addr} 的连接：暗号错误",
            "en": "A connection with a wrong code from {addr} was refused",
        },
        "net.busy_retry": {
            "zh": "主机已有对手，等一会再连接（{n}/{of}）…",
            "en": "The host already has a player; trying again ({n}/{of})…",
        },
        "net.why_wrong_code": {"zh": "暗号错误", "en": "wrong join code"},
        "net.clock": {
            "zh": "棋钟：{label}（分+秒，主机计时）",
            "en": "Clock: {label} (min+s, the host's clock counts)",
        },
        "net.no_clock": {"zh": "不计时", "en": "No clock"},
        "net.flag_loss": {"zh": "超时判负", "en": "a flag fall always loses"},
        "net.clock_grace": {
            "zh": "轮到走棋一方的棋钟最多再走 {s} 秒",
            "en": "The clock of the player to move runs on for {s} s at most",
        },
        "net.why_code_needed": {
            "zh": "请输入主机屏幕上显示的加入暗号",
            "en": "type the join code shown on the host's screen",
        },
        "net.why_version": {
            "zh": "对方的 Qipan 版本不同，请把两台电脑更新到同一版本",
            "en": "the other side runs another version of Qipan: update both computers to the same version",
        },
        "net.why_busy": {"zh": "主机已有对手", "en": "the host already has a player"},
        "net.why_timeout": {"zh": "连接没有按时完成", "en": "the connection took too long to start"},
        "online.why_wrong_code": {
            "zh": "暗号错误，这个暗号已作废：请朋友告诉你屏幕上的新暗号",
            "en": "wrong code, and that code is burnt now: ask your friend for the new code on their screen",
        },
        "online.why_nobody": {"zh": "没有人在用这个暗号等待", "en": "nobody is waiting with this code"},
        "online.why_unreachable": {"zh": "连不上信箱服务器", "en": "cannot reach the mailbox server"},
        "net.why_fake_host": {
            "zh": "对方不知道加入暗号，不是你要找的主机",
            "en": "the other side does not know the join code: not the host you were given",
        },
    }
)


def _t(app, key, **fmt):
    return lambda: tr(key, app.lang, **fmt)


def seat_labels(game: str, options: dict, position: str = "start", lang: str = "en") -> tuple:
    """The names of seat 0 and seat 1 (from the game's view when it exists)."""
    return _seat_labels(game, tuple(sorted(options.items())), position, lang)


@functools.lru_cache(maxsize=64)
def _seat_labels(game, options, position, lang) -> tuple:
    options = dict(options)
    try:
        info = games.get(game)
        start = None if position == "start" else info.rules.from_text(position, **info.check_options(options))
        return _view_seat_labels(game, options, lang, start)
    except Exception:  # a position the view cannot name: plain first / second
        return tr("net.seat_first", lang), tr("net.seat_second", lang)


def option_lines(game: str, options: dict, lang: str) -> list:
    """ "label: value" of every variant option, translated."""
    out = []
    for opt in games.get(game).options:
        value = options.get(opt.key, opt.default)
        labels = opt.choice_labels.get(value)
        text = (labels.get(lang) or labels["en"]) if labels else str(value)
        sep = "：" if lang == "zh" else ": "
        out.append(f"{opt.label.get(lang) or opt.label['en']}{sep}{text}")
    return out


def clock_line(control, lang: str) -> str:
    """The time control of a network game in words: "Clock: 5+3 (...)" or "No clock"."""
    if control is None:
        return tr("net.no_clock", lang)
    line = tr("net.clock", lang, label=control.label())
    return line if control.flag_draw else line + " · " + tr("net.flag_loss", lang)


_REASONS = (
    ("the other side closed", "net.why_closed"),
    ("the other player left", "net.why_left"),
    ("no answer", "net.why_silent"),
    ("cannot connect: ECONNREFUSED", "net.why_refused"),
    ("refused by the other side: wrong_code", "net.why_wrong_code"),
    ("refused by the other side: version", "net.why_version"),
    ("the other side speaks another protocol version", "net.why_version"),
    ("refused by the other side: busy", "net.why_busy"),
    ("refused by the other side: timeout", "net.why_timeout"),
    ("the host asks for its join code", "net.why_code_needed"),
    ("the host could not prove", "net.why_fake_host"),
    # online (game.net.online, wormhole_link)
    ("wrong code", "online.why_wrong_code"),
    ("nobody is waiting", "online.why_nobody"),
    ("cannot reach the mailbox server", "online.why_unreachable"),
)


def reason_text(reason: str, lang: str) -> str:
    """A session's drop reason in the player's language (unknown ones as they are)."""
    for prefix, key in _REASONS:
        if reason.startswith(prefix):
            return tr(key, lang)
    return reason
