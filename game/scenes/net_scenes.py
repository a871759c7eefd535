"""Play over the network: the lobby (host / join / resume), the host's setup and waiting screen,
the guest's join screen (address, then the host's offer to accept or decline), and the board scene
with a remote seat.

The session (game.net.session) runs in a SessionRunner thread, so the connection lives while the
player reads the rules or sits in a dialog; the scenes take its events once per frame. See
docs/PROTOCOL.md for what travels between the two computers.
"""
from __future__ import annotations

import functools
import re

import pygame

from game.i18n import add, tr
from game.net import saves
from game.net.link import local_address
from game.net.runner import SessionRunner
from game.net.session import GuestSession, HostSession, SessionError
from game.rules import GAMES, module
from game.rules.common import check_options, find_move
from game.scenes.base import Scene
from game.scenes.board import BoardScene, HumanSeat, Seat
from game.scenes.widgets import Button, Choice, Dialog, FocusGroup, TextInput, confirm
from game.sprites import theme

DEFAULT_PORT = 47474

add({
    "net.title": {"zh": "联机对弈", "en": "Network game"},
    "net.intro": {"zh": "两台电脑，同一个网络：一方开局，另一方加入。",
                  "en": "Two computers on one network: one hosts, the other joins."},
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
    "net.peer_looking": {"zh": "{peer} 已连接，正在查看你的邀请…", "en": "{peer} joined and is looking at your offer…"},
    "net.peer_declined": {"zh": "对手拒绝了邀请。你可以等待其他玩家。", "en": "The player declined. You can wait for another one."},
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
    "net.why_refused": {"zh": "连接被拒绝（对方没有在这个地址开局？）", "en": "connection refused (is a game hosted at this address?)"},
    "net.paused_host": {"zh": "等待对手重新连接…（对局已保存）", "en": "Waiting for the other player to reconnect… (the game is saved)"},
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
    "net.help": {"zh": "方向键+回车 走子 · Ctrl+Z 请求悔棋 · F 翻转 · Ctrl+S 保存 · Esc 离开",
                 "en": "Arrows+Enter play · Ctrl+Z ask to undo · F flip · Ctrl+S save · Esc leave"},
    "net.peer_refused": {"zh": "对方拒绝了：{text}", "en": "The other side refused: {text}"},
    "net.leave_title": {"zh": "离开这局联机对弈？", "en": "Leave this network game?"},
    "net.leave_lines": {"zh": "对局已保存，可在“联机对弈”中继续。", "en": "It stays saved; resume it from Network game."},
    "net.cannot_save_guest": {"zh": "翻棋的暗子只有主机知道，客方不能保存", "en": "Only the host knows the face-down pieces: the guest cannot save a Banqi game"},
    "net.rematch_offered": {"zh": "已发出再来一局的邀请", "en": "Rematch offered"},
    "net.rematch_host_only": {"zh": "由主机发起再来一局", "en": "The host offers the rematch"},
    "net.rematch_declined": {"zh": "对手不想再来一局", "en": "Your opponent declined the rematch"},
    "net.rematch_title": {"zh": "再来一局？", "en": "A rematch?"},
    "net.join_code": {"zh": "加入暗号：{code}", "en": "Join code: {code}"},
    "net.address_and_code": {"zh": "主机地址和加入暗号", "en": "Host address and join code"},
    "net.code_hint": {"zh": "加入暗号（显示在主机屏幕上）", "en": "Join code (shown on the host's screen)"},
    "net.wrong_code_from": {"zh": "已拒绝来自 {addr} 的连接：暗号错误",
                            "en": "A connection with a wrong code from {addr} was refused"},
    "net.busy_retry": {"zh": "主机已有对手，等一会再连接（{n}/{of}）…",
                       "en": "The host already has a player; trying again ({n}/{of})…"},
    "net.why_wrong_code": {"zh": "暗号错误", "en": "wrong join code"},
    "net.why_code_needed": {"zh": "请输入主机屏幕上显示的加入暗号", "en": "type the join code shown on the host's screen"},
    "net.why_version": {"zh": "对方的 Qipan 版本不同，请把两台电脑更新到同一版本",
                        "en": "the other side runs another version of Qipan: update both computers to the same version"},
    "net.why_busy": {"zh": "主机已有对手", "en": "the host already has a player"},
    "net.why_timeout": {"zh": "连接没有按时完成", "en": "the connection took too long to start"},
    "net.why_fake_host": {"zh": "对方不知道加入暗号，不是你要找的主机",
                          "en": "the other side does not know the join code: not the host you were given"},
})


def _t(app, key, **fmt):
    return lambda: tr(key, app.lang, **fmt)


def seat_labels(game: str, options: dict, position: str = "start", lang: str = "en") -> tuple:
    """The names of seat 0 and seat 1 (from the game's view when it exists)."""
    return _seat_labels(game, tuple(sorted(options.items())), position, lang)


@functools.lru_cache(maxsize=64)
def _seat_labels(game, options, position, lang) -> tuple:
    options = dict(options)
    try:
        from game.scenes.board import make_view, start_position

        view = make_view(game, options)
        if position == "start":
            start = start_position(game, options, seed=1)
        else:
            start = module(game).from_text(position, **options)
        return view.seat_label(0, start, lang), view.seat_label(1, start, lang)
    except Exception:  # no view yet, or a position it cannot name: plain first / second
        return tr("net.seat_first", lang), tr("net.seat_second", lang)


def option_lines(game: str, options: dict, lang: str) -> list:
    """"label: value" of every variant option, translated."""
    out = []
    for opt in module(game).OPTIONS:
        value = options.get(opt.key, opt.default)
        labels = opt.choice_labels.get(value)
        text = (labels.get(lang) or labels["en"]) if labels else str(value)
        sep = "：" if lang == "zh" else ": "
        out.append(f"{opt.label.get(lang) or opt.label['en']}{sep}{text}")
    return out


_REASONS = (("the other side closed", "net.why_closed"), ("the other player left", "net.why_left"),
            ("no answer", "net.why_silent"), ("cannot connect: ECONNREFUSED", "net.why_refused"),
            ("refused by the other side: wrong_code", "net.why_wrong_code"),
            ("refused by the other side: version", "net.why_version"),
            ("the other side speaks another protocol version", "net.why_version"),
            ("refused by the other side: busy", "net.why_busy"),
            ("refused by the other side: timeout", "net.why_timeout"),
            ("the host asks for its join code", "net.why_code_needed"),
            ("the host could not prove", "net.why_fake_host"))


def reason_text(reason: str, lang: str) -> str:
    """A session's drop reason in the player's language (unknown ones as they are)."""
    for prefix, key in _REASONS:
        if reason.startswith(prefix):
            return tr(key, lang)
    return reason


_HOST = re.compile(r"[A-Za-z0-9.:-]{1,253}")


def parse_address(text: str):
    """"host:port" or "host" (the default port) -> (host, port); ValueError when malformed."""
    text = text.strip()
    host, port = text, DEFAULT_PORT
    if text.startswith("["):  # [IPv6]:port
        end = text.find("]")
        if end < 0:
            raise ValueError(text)
        host, rest = text[1:end], text[end + 1:]
        if rest:
            if not rest.startswith(":"):
                raise ValueError(text)
            port = int(rest[1:])
    elif text.count(":") == 1:
        host, port_text = text.split(":")
        port = int(port_text)
    if not host or not 0 < port < 65536 or not _HOST.fullmatch(host):
        raise ValueError(text)
    return host, port


def open_host(port=DEFAULT_PORT, bind="0.0.0.0") -> HostSession:
    """A host session on `port`, or on any free port when that one is taken."""
    try:
        return HostSession(port=port, bind=bind, autosave=saves.autosave)
    except OSError:
        return HostSession(port=0, bind=bind, autosave=saves.autosave)


def bind_address(app) -> str:
    """Every interface, so the other computer can reach us; loopback only for a headless app
    (tests must never listen on a real network)."""
    return "127.0.0.1" if getattr(app, "headless", False) else "0.0.0.0"


def start_board(app, runner) -> "NetBoardScene":
    """Replace every scene above the menu by the board of the runner's game."""
    scene = NetBoardScene(app, runner)
    for s in app.scenes[1:]:
        if getattr(s, "net", None) is runner:
            s.handed_over = True  # their on_exit must not stop the runner the new board uses
    app.back_to_menu()
    app.push(scene)
    return scene


# ---- screens ---------------------------------------------------------------------------------------
class _Lobby(Scene):
    """A simple centred column screen: a title, text lines, widgets."""

    handed_over = False

    def __init__(self, app, title_key):
        super().__init__(app)
        self.title_key = title_key
        self.widgets: list = []
        self.focus = FocusGroup()
        self.s = 1.0

    def lines(self) -> list:
        return []

    def set_widgets(self, widgets) -> None:
        self.widgets = list(widgets)
        self.focus = FocusGroup(self.widgets)
        self.on_resize(self.app.size)

    def layout_widgets(self, widgets, x, y, w) -> int:
        s = self.s
        row_h, gap = theme.px(50, s), theme.px(12, s)
        for wdg in widgets:
            wdg.rect = pygame.Rect(x, y, w, row_h)
            y += row_h + gap
        return y

    def on_resize(self, size) -> None:
        w, h = size
        self.s = theme.ui_scale(size)
        col_w = min(theme.px(820, self.s), int(w * 0.86))
        self.col = pygame.Rect(w // 2 - col_w // 2, 0, col_w, h)
        self.text_y = theme.px(120, self.s)
        heights = [max(34, (line[2] if isinstance(line, tuple) else 22) * 1.5) for line in self.lines()]
        y = self.text_y + theme.px(sum(heights), self.s) + theme.px(20, self.s)
        self.layout_widgets([wdg for wdg in self.widgets if wdg.visible], self.col.x, y, col_w)
        if self.focus.current() is None:
            items = self.focus.focusable()
            if items:
                self.focus.focus(items[0])

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if self.focus.handle_event(event):
                return
        for wdg in self.widgets:
            if wdg.visible and wdg.handle_event(event):
                return

    def back(self) -> None:
        self.app.pop()

    def update(self, dt: float) -> None:
        for wdg in self.widgets:
            wdg.update(dt)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = self.s
        surface.blit(theme.background((w, h)), (0, 0))
        title = self.app.text(tr(self.title_key, self.app.lang), theme.px(40, s), theme.ACCENT, serif=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, theme.px(40, s))))
        y = self.text_y
        for line in self.lines():
            text, colour, size = line if isinstance(line, tuple) else (line, theme.TEXT, 22)
            if text:
                img = self.app.text(text, theme.px(size, s), colour)
                if img.get_width() > self.col.w:
                    img = self.app.text(text, max(9, int(theme.px(size, s) * self.col.w / img.get_width())), colour)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += theme.px(max(34, size * 1.5), s)
        for wdg in self.widgets:
            if wdg.visible:
                wdg.draw(surface)


class NetLobbyScene(_Lobby):
    """Network game: host, join, or go back to a saved network game."""

    def __init__(self, app):
        super().__init__(app, "net.title")
        self.host_saved = self._saved("host")
        self.guest_saved = self._saved("guest")
        widgets = [Button(app, _t(app, "net.host"), lambda: app.push(HostSetupScene(app)), style="primary"),
                   Button(app, _t(app, "net.join"), lambda: app.push(JoinScene(app)))]
        if self.host_saved:
            game, data = self.host_saved
            widgets.append(Button(app, lambda: tr("net.resume_host", app.lang, game=tr(f"games.{game.name}", app.lang),
                                                  n=game.ply), self.resume_host))
        if self.guest_saved:
            game, data = self.guest_saved
            widgets.append(Button(app, lambda: tr("net.rejoin", app.lang, game=tr(f"games.{game.name}", app.lang),
                                                  n=game.ply), self.rejoin))
        widgets.append(Button(app, _t(app, "net.back"), self.back, shortcut="Esc"))
        self.set_widgets(widgets)

    @staticmethod
    def _saved(role):
        found = saves.read(role)
        if found is None or found[0].result() is not None:
            return None
        return found

    def lines(self) -> list:
        return [(tr("net.intro", self.app.lang), theme.TEXT_DIM, 22)]

    def resume_host(self) -> None:
        game, data = self.host_saved
        try:
            session = open_host(data.get("port") or DEFAULT_PORT, bind_address(self.app))
        except OSError as exc:
            self.app.toast(tr("net.cannot_listen", self.app.lang, why=exc.strerror or str(exc)))
            return
        session.resume_game(game, data.get("secret"))
        self.app.push(HostWaitScene(self.app, SessionRunner(session)))

    def rejoin(self) -> None:
        game, data = self.guest_saved
        host, port = data["address"]
        scene = JoinScene(self.app, f"{host}:{port}", known={game.id: data.get("secret")})
        self.app.push(scene)
        scene.connect()


class HostSetupScene(_Lobby):
    """The host chooses the game, its seat and the variant options."""

    def __init__(self, app):
        super().__init__(app, "net.host")
        last = getattr(app, "last_net_setup", {})
        self.game = Choice(app, _t(app, "net.game"), [(g, _t(app, f"games.{g}")) for g in GAMES],
                           last.get("game", "palace"), self._game_changed)
        self.seat = Choice(app, _t(app, "net.your_seat"), [(0, lambda: self._seat_label(0)), (1, lambda: self._seat_label(1))],
                           last.get("seat", 0), lambda v: None)
        self.open_btn = Button(app, _t(app, "net.start_hosting"), self.open, style="primary", shortcut="Enter")
        self.back_btn = Button(app, _t(app, "net.back"), self.back, shortcut="Esc")
        self._labels = {}
        self._build_options(last.get("options", {}))

    def _build_options(self, saved) -> None:
        app = self.app
        self.option_widgets = []
        for opt in module(self.game.value).OPTIONS:
            choices = [(v, self._choice_text(opt, v)) for v in opt.choices]
            self.option_widgets.append(Choice(app, (lambda o=opt: o.label.get(app.lang) or o.label["en"]), choices,
                                              saved.get(opt.key, opt.default), lambda v: None))
        self.set_widgets([self.game, self.seat, *self.option_widgets, self.open_btn, self.back_btn])

    def _choice_text(self, opt, value):
        labels = opt.choice_labels.get(value)
        if labels:
            return lambda: labels.get(self.app.lang) or labels["en"]
        return str(value)

    def _game_changed(self, _value) -> None:
        self._build_options({})

    def options(self) -> dict:
        rules = module(self.game.value)
        return check_options(rules.OPTIONS, {o.key: w.value for o, w in zip(rules.OPTIONS, self.option_widgets)})

    def _seat_label(self, seat) -> str:
        key = (self.game.value, tuple(sorted(self.options().items())), self.app.lang)
        if key not in self._labels:
            self._labels[key] = seat_labels(self.game.value, self.options(), lang=self.app.lang)
        return self._labels[key][seat]

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER) \
                and not isinstance(self.focus.current(), Button):
            self.open()
            return
        super().handle_event(event)

    def open(self) -> None:
        self.app.last_net_setup = {"game": self.game.value, "seat": self.seat.value, "options": self.options()}
        try:
            session = open_host(DEFAULT_PORT, bind_address(self.app))
        except OSError as exc:
            self.app.toast(tr("net.cannot_listen", self.app.lang, why=exc.strerror or str(exc)))
            return
        session.set_offer(self.game.value, self.options(), self.seat.value)
        self.app.replace(HostWaitScene(self.app, SessionRunner(session)))


class HostWaitScene(_Lobby):
    """Shows the address to give the other player; the board opens when the guest accepts."""

    def __init__(self, app, runner):
        super().__init__(app, "net.host")
        self.net = runner
        bound = runner.session.listener.sock.getsockname()[0]
        self.address = f"{local_address() if bound == '0.0.0.0' else bound}:{runner.session.port}"
        self.code = runner.session.code
        self.status = "net.waiting_player"
        self.peer = ""
        self.notices: list[str] = []  # addresses of connections refused for a wrong code, newest last
        self.set_widgets([Button(app, _t(app, "net.cancel"), self.back, shortcut="Esc")])

    def _summary(self) -> list:
        lang = self.app.lang
        game, resuming = self.net.read(lambda s: (s.game or s.offer_game, s.game is not None))
        if game is None:
            return []
        labels = seat_labels(game.name, game.options, game.position, lang)
        out = [tr(f"games.{game.name}", lang) + " · " + tr("net.you_play", lang, seat=labels[game.host_seat])]
        if resuming:
            out.append(tr("net.offer_resume", lang, n=game.ply))
        return out + option_lines(game.name, game.options, lang)

    def lines(self) -> list:
        lang = self.app.lang
        out = [(tr("net.give_address", lang), theme.TEXT_DIM, 22), (self.address, theme.ACCENT, 44),
               (tr("net.join_code", lang, code=self.code), theme.ACCENT, 30), ("", theme.TEXT, 10)]
        out.append((tr(self.status, lang, peer=self.peer), theme.TEXT, 22))
        out += [(line, theme.TEXT_DIM, 19) for line in self._summary()]
        out += [(tr("net.wrong_code_from", lang, addr=addr), theme.ACCENT, 18) for addr in self.notices]
        return out

    def update(self, dt: float) -> None:
        super().update(dt)
        for ev in self.net.events():
            if ev.kind == "connected":
                self.peer, self.status = ev.info["peer"].rsplit(":", 1)[0], "net.peer_looking"
            elif ev.kind == "declined":
                self.status = "net.peer_declined"
            elif ev.kind == "paused" and self.status != "net.peer_declined":
                self.status = "net.waiting_player"
            elif ev.kind == "refused" and ev.info.get("code") == "wrong_code":
                self.notices = (self.notices + [ev.info.get("peer", "?")])[-3:]
                self.on_resize(self.app.size)
            elif ev.kind in ("started", "resumed"):
                start_board(self.app, self.net)
                return

    def back(self) -> None:
        self.app.pop()

    def on_exit(self) -> None:
        if not self.handed_over:
            self.net.stop()


class JoinScene(_Lobby):
    """The guest types the host's address, connects, sees the offer and accepts or declines."""

    def __init__(self, app, address="", known=None, code=""):
        """known: {game id: secret} of games this computer plays as guest (resumed without asking)."""
        super().__init__(app, "net.join")
        self.known = dict(known or {})
        saved = saves.read("guest")  # the game this computer was playing as guest resumes by itself
        if saved is not None and saved[1].get("secret"):
            self.known[saved[0].id] = saved[1]["secret"]
        self.net: SessionRunner | None = None
        self.status = ""
        self.status_fmt = {}
        self.offer = None
        last = getattr(app, "last_net_address", "")
        self.input = TextInput(app, address or last, on_submit=lambda _v: self.connect(), max_len=80,
                               placeholder=_t(app, "net.address_hint"))
        self.code_input = TextInput(app, code, on_submit=lambda _v: self.connect(), max_len=16,
                                    placeholder=_t(app, "net.code_hint"))
        self.connect_btn = Button(app, _t(app, "net.connect"), self.connect, style="primary", shortcut="Enter")
        self.accept_btn = Button(app, _t(app, "net.accept"), self.accept, style="primary")
        self.decline_btn = Button(app, _t(app, "net.decline"), self.decline)
        self.back_btn = Button(app, _t(app, "net.back"), self.back, shortcut="Esc")
        self._show_offer(False)

    def _show_offer(self, shown: bool) -> None:
        self.accept_btn.visible = self.decline_btn.visible = shown
        self.input.visible = self.code_input.visible = self.connect_btn.visible = not shown
        if shown:
            self.set_widgets([self.accept_btn, self.decline_btn, self.back_btn])
        else:
            self.set_widgets([self.input, self.code_input, self.connect_btn, self.back_btn])
            self.input.focused = True
            self.focus.focus(self.input)

    def lines(self) -> list:
        lang = self.app.lang
        if self.offer is None:
            out = [(tr("net.address_and_code", lang), theme.TEXT_DIM, 22)]
            if self.status:
                out.append((tr(self.status, lang, **self.status_fmt), theme.TEXT, 22))
            return out
        o = self.offer
        labels = seat_labels(o["game"], o["options"], o["position"], lang)
        out = [(tr("net.offer_title", lang) + " · " + self.net.session.address[0], theme.TEXT_DIM, 22),
               (tr(f"games.{o['game']}", lang), theme.ACCENT, 34),
               (tr("net.you_play", lang, seat=labels[1 - o["host_seat"]]) + " · "
                + tr("net.host_plays", lang, seat=labels[o["host_seat"]]), theme.TEXT, 22)]
        if o["resume"]:
            out.append((tr("net.offer_resume", lang, n=o.get("plies", 0)), theme.TEXT, 20))
        elif o["position"] != "start":
            out.append((tr("net.start_pos", lang), theme.TEXT, 20))
        out += [(line, theme.TEXT_DIM, 19) for line in option_lines(o["game"], o["options"], lang)]
        return out

    def on_resize(self, size) -> None:
        super().on_resize(size)
        if self.offer is not None:  # Accept and Decline side by side under the offer
            s = self.s
            gap = theme.px(14, s)
            y = self.accept_btn.rect.y
            half = (self.col.w - gap) // 2
            self.accept_btn.rect = pygame.Rect(self.col.x, y, half, theme.px(54, s))
            self.decline_btn.rect = pygame.Rect(self.col.x + half + gap, y, half, theme.px(54, s))
            self.back_btn.rect.y = y + theme.px(54, s) + gap

    def connect(self) -> None:
        if self.net is not None:
            return
        try:
            host, port = parse_address(self.input.value)
        except ValueError:
            self.status, self.status_fmt = "net.bad_address", {}
            self.app.sounds.play("illegal")
            self.on_resize(self.app.size)
            return
        self.app.last_net_address = self.input.value.strip()
        session = GuestSession(host, port, autosave=saves.autosave, known=self.known, code=self.code_input.value)
        self.net = SessionRunner(session)
        self.status, self.status_fmt = "net.connecting", {"addr": f"{host}:{port}"}
        self.on_resize(self.app.size)

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.net is None:
            return
        for ev in self.net.events():
            if ev.kind == "connected":
                self.status, self.status_fmt = "net.waiting_offer", {}
            elif ev.kind == "busy":
                self.status, self.status_fmt = "net.busy_retry", {"n": ev.info["attempt"], "of": ev.info["of"]}
                self.on_resize(self.app.size)
            elif ev.kind == "offer":
                self.offer = dict(ev.info)
                self.app.sounds.play("click")
                self._show_offer(True)
            elif ev.kind == "failed":
                self.net.stop()
                why = reason_text(ev.info.get("reason", ""), self.app.lang)
                self.status = "net.host_gone" if self.offer is not None else "net.failed"
                self.status_fmt = {"why": why}
                self.net, self.offer = None, None
                self._show_offer(False)
                return
            elif ev.kind in ("started", "resumed"):
                start_board(self.app, self.net)
                return

    def accept(self) -> None:
        try:
            self.net.call("accept")
        except SessionError:
            self.app.sounds.play("illegal")

    def decline(self) -> None:
        try:
            self.net.call("decline")
        except SessionError:
            pass
        self.back()

    def on_exit(self) -> None:
        if self.net is not None and not self.handed_over:
            self.net.stop()


# ---- the board with a remote seat ------------------------------------------------------------------
class LocalSeat(HumanSeat):
    """The player at this computer: clicks move, while the connection is up and no answer is due."""

    def __init__(self, board):
        super().__init__("board.you")
        self.board = board

    @property
    def interactive(self) -> bool:
        board = self.board
        return board.net.read(lambda s: s.my_turn() and not s.waiting_for_answer() and board.shows(s.game))


class RemoteSeat(Seat):
    """The player at the other computer: its moves arrive as session events."""

    interactive = False
    allows_undo = False

    def __init__(self, board):
        self.board = board

    @property
    def thinking(self) -> bool:
        b = self.board
        return not b.over() and b.seat_to_move != b.my_seat and b.net.read(lambda s: s.connected)

    def label(self, lang):
        return tr("net.opponent" if self.board.net.read(lambda s: s.connected) else "net.offline", lang)


class _Known:
    """Stands for the current state during one BoardScene.play(): its play() returns the state
    the session already has (for a Banqi flip the host revealed, the guest cannot compute it)."""

    def __init__(self, state, after):
        self._state, self._after = state, after

    def play(self, move):
        return self._after

    def __getattr__(self, name):
        return getattr(self._state, name)


class NetBoardScene(BoardScene):
    """The shared board scene, one seat here and one over the network; the session's record is
    the truth, the board shows it (undo, draw and resign go through the other player)."""

    help_key = "net.help"

    def __init__(self, app, runner):
        self.net = runner
        session = runner.session
        with runner.lock:
            game = session.game
            self.my_seat = session.my_seat
            self.role = session.role
            states = list(game.states)
        self.net_game = game
        seats = [None, None]
        seats[self.my_seat] = LocalSeat(self)
        seats[1 - self.my_seat] = RemoteSeat(self)
        if game.name == "banqi":
            start_info = {"seed": game.secret_seed} if not game.hidden else {"text": game.rules.to_text(states[0])}
        else:
            start_info = {"text": game.rules.to_text(states[0])}
        self.pause_reason = ""
        self._questions = []
        self.handed_over = False
        self._later = []
        self._dirty = True
        super().__init__(app, game.name, game.options, mode="computer", human_seat=self.my_seat,
                         start_state=states[0], seats=seats, start_info=start_info, autosave=False)
        self._sync()

    # ---- keeping the board in step with the session ---------------------------------------------
    def shows(self, game) -> bool:
        """True when the board shows the session's record (no change waits to be drawn)."""
        plies = game.plies
        return (not self._dirty and len(plies) == len(self.moves)
                and (not plies or plies[-1][0] == self.moves[-1]) and game.end_state is self.end_state)

    def _sync(self) -> None:
        """Show the session's game: one new ply is animated, anything else is redrawn at once."""
        with self.net.lock:
            game = self.net.session.game
            texts = [t for t, _ in game.plies]
            states = list(game.states)
            end_state = game.end_state
        self._dirty = False
        if texts == self.moves and end_state is self.end_state:
            return
        if texts[:-1] == self.moves and texts:
            move = find_move(self.states[-1], texts[-1])
            self._apply(move, states[-1])
        elif texts != self.moves:
            self.cancel_all()
            self.finish_anim()
            self.anim = None
            self.selection = []
            if self.review is not None:  # the positions under review may be gone (undo, resume)
                self.review = min(self.review, len(states) - 1)
            self.states = states
            self.moves = texts
            self.move_objs = [find_move(states[i], t) for i, t in enumerate(texts)]
            self.redo = []
            self.end_state = None
            self.changed()
        if end_state is not self.end_state:
            self.end_state = end_state
            self.selection = []

    def _apply(self, move, after, path=None) -> None:
        n = len(self.states)
        before = self.states[-1]
        self.states[-1] = _Known(before, after)
        try:
            BoardScene.play(self, move, path=path)
        finally:
            self.states[n - 1] = before

    def play(self, move, animate=True, path=None) -> None:
        """A move clicked on this board: it goes through the session first."""
        try:
            after = self.net.call("play", move)
        except SessionError:
            self.app.sounds.play("illegal")
            return
        self.selection = []
        if after is None:  # a guest's Banqi flip: shown when the host reveals the piece
            return
        self._apply(move, after, path)

    def update(self, dt: float) -> None:
        for ev in self.net.events():
            self._on_net(ev)
            if self.handed_over:  # a rematch: the new board shows the session from now on
                return
        if self._later and self.net.read(lambda s: s.pending_flip is None):
            later, self._later = self._later, []
            for name, args in later:
                self._answer(name, *args)
        if self._questions:
            self._close_lapsed_questions()
        if self._dirty and (self.anim is None or self.anim.done):
            self._sync()
        super().update(dt)

    def _on_net(self, ev) -> None:
        app, kind = self.app, ev.kind
        if kind in ("move", "undone", "ended", "started", "resumed"):
            self._dirty = True
        if kind == "started" and ev.info["game"] is not self.net_game:  # a rematch
            start_board(app, self.net)
        elif kind == "resumed":
            peer = self.net.read(lambda s: s.peer).rsplit(":", 1)[0]
            app.toast(tr("net.resumed", app.lang, peer=peer))
        elif kind == "paused":
            self.pause_reason = ev.info.get("reason", "")
            app.sounds.play("illegal")
        elif kind == "failed":
            app.toast(tr("net.dead", app.lang, why=reason_text(ev.info.get("reason", ""), app.lang)), 6)
        elif kind == "draw_offer":
            app.sounds.play("click")
            self._ask("their_draw", Dialog(app, _t(app, "net.draw_offer"), [],
                                           [(_t(app, "net.accept"), lambda: self._answer("answer_draw", True)),
                                            (_t(app, "net.decline"), lambda: self._answer("answer_draw", False))]))
        elif kind == "undo_request":
            app.sounds.play("click")
            self._ask("their_undo", Dialog(app, _t(app, "net.undo_request"), [_t(app, "net.undo_question")],
                                           [(_t(app, "net.accept"), lambda: self._answer("answer_undo", True)),
                                            (_t(app, "net.decline"), lambda: self._answer("answer_undo", False))]))
        elif kind == "draw_declined":
            app.toast(tr("net.draw_declined", app.lang))
        elif kind == "undo_declined":
            app.toast(tr("net.undo_declined", app.lang))
        elif kind == "undone":
            app.toast(tr("net.undone", app.lang))
        elif kind == "declined":
            app.toast(tr("net.rematch_declined", app.lang))
        elif kind == "offer":  # the host offers a rematch
            app.push(Dialog(app, _t(app, "net.rematch_title"), self._offer_lines(ev.info),
                            [(_t(app, "net.accept"), lambda: self._answer("accept")),
                             (_t(app, "net.decline"), lambda: self._answer("decline"))]))
        elif kind == "peer_error":
            text = ev.info.get("text") or ev.info.get("code")
            app.toast(tr("net.peer_refused", app.lang, text=text[:80]))
        elif kind == "refused" and ev.info.get("code") == "wrong_code":  # someone guessed the code
            app.toast(tr("net.wrong_code_from", app.lang, addr=ev.info.get("peer", "?")), 6)

    def _ask(self, question: str, dialog) -> None:
        """Show the other player's question; the dialog goes away by itself if the question lapses
        (the connection dropped, the game ended)."""
        self.app.push(dialog)
        self._questions.append((question, dialog))

    def _close_lapsed_questions(self) -> None:
        for question, dialog in list(self._questions):
            if dialog.closed or self.app.top is not dialog:
                if dialog.closed:
                    self._questions.remove((question, dialog))
                continue
            if self.net.read(lambda s: getattr(s, question)) is None and not self._later:
                dialog.close()
                self._questions.remove((question, dialog))

    def _offer_lines(self, o) -> list:
        lang = self.app.lang
        labels = seat_labels(o["game"], o["options"], o["position"], lang)
        return [tr(f"games.{o['game']}", lang) + " · " + tr("net.you_play", lang, seat=labels[1 - o["host_seat"]])]

    def _answer(self, name, *args) -> None:
        try:
            self.net.call(name, *args)
        except SessionError:
            pending = {"answer_draw": "their_draw", "answer_undo": "their_undo"}.get(name)
            if pending and self.net.read(lambda s: getattr(s, pending) is not None):
                self._later.append((name, args))  # our flip is being revealed: answer right after
            else:
                self.app.sounds.play("illegal")
        self._dirty = True

    @property
    def notice(self):
        """The line shown under the board while we wait for the other player, or None."""
        def look(sess):
            if sess.pending_flip is not None:
                return "net.revealing"
            if sess.my_draw is not None:
                return "net.draw_sent"
            if sess.my_undo is not None:
                return "net.undo_sent"
            return None
        return self.net.read(look)

    def _panel_key(self):
        """The cached side panel also changes with the connection and a resynchronised record."""
        base = super()._panel_key() if hasattr(BoardScene, "_panel_key") else None
        return (base, self.net.read(lambda s: s.connected), tuple(self.moves[-2:]))

    # ---- buttons: the network versions of undo, draw, resign -------------------------------------
    def _make_buttons(self) -> None:
        super()._make_buttons()
        app = self.app
        keep = []
        for b in self.buttons:
            name = getattr(b.on_click, "__name__", "")
            if name in ("redo_move", "request_hint"):
                continue  # no redo, no computer hints against a person
            if name == "undo":
                b.text = _t(app, "net.undo")
                b.enabled = lambda: self.net.read(lambda s: s.can_request_undo() and not s.waiting_for_answer())
            elif name == "offer_draw":
                b.enabled = lambda: self.net.read(lambda s: s.phase == "playing" and s.connected and s.game.result() is None
                                                  and s.my_draw is None and s.pending_flip is None)
            elif name == "ask_resign":
                b.enabled = lambda: self.net.read(lambda s: s.connected and s.can_resign())
            elif name == "save":
                b.enabled = lambda: not (self.game == "banqi" and self.role == "guest") and self.review is None
            keep.append(b)
        self.buttons = keep

    def can_undo(self) -> bool:
        return self.net.read(lambda s: s.connected and s.can_request_undo() and not s.waiting_for_answer())

    def undo(self) -> None:
        try:
            self.net.call("request_undo")
        except SessionError:
            self.app.sounds.play("illegal")
            return

    def can_redo(self) -> bool:
        return False

    def redo_move(self) -> None:
        self.app.sounds.play("illegal")

    def request_hint(self) -> None:
        self.app.toast(tr("net.no_hint", self.app.lang))

    def offer_draw(self) -> None:
        try:
            self.net.call("offer_draw")
        except SessionError:
            self.app.sounds.play("illegal")
            return

    def ask_resign(self) -> None:
        if not self.net.read(lambda s: s.connected and s.can_resign()):
            self.app.sounds.play("illegal")
            return
        confirm(self.app, lambda: tr("board.resign_title", self.app.lang), [], self.resign)

    def resign(self) -> None:
        try:
            self.net.call("resign")
        except SessionError:
            self.app.sounds.play("illegal")
        self._sync()

    def agree_draw(self) -> None:  # only the session ends a network game by agreement
        self._sync()

    # ---- saving, leaving, rematch ---------------------------------------------------------------
    def record(self):
        rec = super().record()
        rec.mode, rec.human_seat = "hotseat", None
        return rec

    def save(self) -> None:
        if self.game == "banqi" and self.role == "guest":
            self.app.toast(tr("net.cannot_save_guest", self.app.lang))
            return
        super().save()

    def to_menu(self) -> None:
        if self.over() or not self.net.alive:
            self.app.back_to_menu()
            return
        confirm(self.app, _t(self.app, "net.leave_title"), [_t(self.app, "net.leave_lines")], self.app.back_to_menu)

    def on_exit(self) -> None:
        super().on_exit()
        if not self.handed_over:
            self.net.stop()

    def result_title(self) -> str:
        r, lang = self.result(), self.app.lang
        if r is None or r.winner is None:
            return tr("result.draw", lang)
        return tr("result.you_win" if self.winner_seat() == self.my_seat else "net.opponent_wins", lang)

    def rematch(self) -> None:
        """The host offers the same game with the seats swapped; the guest's board asks its player."""
        if self.role != "host":
            self.app.toast(tr("net.rematch_host_only", self.app.lang))
            return
        g = self.net_game
        try:
            self.net.call("set_offer", g.name, dict(g.options), 1 - g.host_seat, g.position if g.name != "banqi" else "start")
        except (SessionError, OSError):
            self.app.sounds.play("illegal")
            return
        if self.app.top is not self:
            self.app.pop()
        self.app.toast(tr("net.rematch_offered", self.app.lang))

    # ---- drawing -----------------------------------------------------------------------------
    def draw(self, surface) -> None:
        super().draw(surface)
        s, lang = self.s, self.app.lang
        pad = theme.px(14, s)
        if not self.over() and not self.net.read(lambda x: x.connected):  # paused: a box over the board
            lines = [self.app.text(tr("net.paused_title", lang), theme.px(28, s), theme.ACCENT),
                     self.app.text(tr("net.paused_host" if self.role == "host" else "net.paused_guest", lang),
                                   theme.px(19, s), theme.TEXT)]
            if self.pause_reason:
                lines.append(self.app.text(reason_text(self.pause_reason, lang), theme.px(16, s), theme.TEXT_DIM))
            w = max(img.get_width() for img in lines) + 3 * pad
            h = sum(img.get_height() for img in lines) + pad * (len(lines) + 1)
            box = pygame.Rect(0, 0, min(w, self.board_area.w), h)
            box.center = self.board_area.center
            theme.panel(surface, box, radius=pad, colour=(34, 37, 48), edge=theme.ACCENT, width=2)
            y = box.y + pad
            for img in lines:
                surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
                y += img.get_height() + pad
            return
        notice = self.notice
        if notice is None:
            return
        img = self.app.text(tr(notice, lang), theme.px(19, s), theme.TEXT)
        rect = img.get_rect(midbottom=(self.board_area.centerx, self.board_area.bottom - theme.px(8, s)))
        rect = rect.inflate(pad * 2, pad)
        theme.panel(surface, rect, radius=pad, colour=(40, 44, 58), edge=theme.ACCENT)
        surface.blit(img, img.get_rect(center=rect.center))
