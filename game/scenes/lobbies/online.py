"""Play online (Network → Play online): a game with a friend anywhere, through Magic Wormhole.

Create: the host's setup screen (game, side, options), then the code from the mailbox server,
large, with its words spelled out and a Copy button; the board opens when the friend accepts.
Join: type the code (Tab completes the words from wormhole's word list), see the offer, accept.
Continue: the online game this computer was playing (host or guest) resumes by itself: both
programs find each other through codes derived from the game's secret. Cancel at any time.
The sessions are game.net.online's; they run in a SessionRunner thread like the LAN ones.
"""

from __future__ import annotations

import pygame

from game.i18n import add, tr
from game.net import saves
from game.net.online import WormholeGuestSession, WormholeHostSession
from game.net.runner import SessionRunner
from game.net.wormhole_link import code_problem, normalize_wormhole_code, spell, word_completions
from game.scenes.lobbies.network import HostSetupScene, JoinScene, _Lobby, start_board
from game.scenes.lobbies.online_settings import mailbox_url
from game.scenes.lobbies.texts import _t, clock_line, option_lines, reason_text, seat_labels
from game.scenes.registry import register
from game.scenes.widgets import Button, clipboard
from game.sprites import theme

add(
    {
        "online.title": {"zh": "在线对弈", "en": "Play online"},
        "online.intro": {
            "zh": "和任何地方的朋友下棋：一方创建对局，把暗号告诉对方。全程端到端加密。",
            "en": "Play a friend anywhere: one creates a game and reads the code to the other. End-to-end encrypted.",
        },
        "online.server": {"zh": "信箱服务器：{url}", "en": "Mailbox server: {url}"},
        "online.create": {"zh": "创建对局", "en": "Create a game"},
        "online.join": {"zh": "输入暗号加入", "en": "Join with a code"},
        "online.continue": {"zh": "继续在线对局：{game}（{n} 步）", "en": "Continue online game: {game} ({n} moves)"},
        "online.server_button": {"zh": "服务器设置", "en": "Server settings"},
        "online.getting_code": {"zh": "正在向服务器要暗号…", "en": "Asking the mailbox server for a code…"},
        "online.give_code": {"zh": "把这个暗号告诉朋友：", "en": "Read this code to your friend:"},
        "online.copy": {"zh": "复制暗号", "en": "Copy the code"},
        "online.copied": {"zh": "暗号已复制", "en": "Code copied"},
        "online.waiting": {"zh": "等待朋友输入暗号…", "en": "Waiting for your friend to type the code…"},
        "online.waiting_back": {
            "zh": "等待对手回来…（对方的程序会自动找到这局）",
            "en": "Waiting for the other player to come back… (their program finds this game by itself)",
        },
        "online.wrong_guess": {
            "zh": "有人输错了暗号，旧暗号已作废：请把新暗号告诉朋友",
            "en": "Someone tried a wrong code; it is burnt now: give your friend the new code",
        },
        "online.unreachable": {
            "zh": "连不上信箱服务器，稍后自动重试：{why}",
            "en": "Cannot reach the mailbox server, trying again: {why}",
        },
        "online.code_prompt": {"zh": "输入朋友屏幕上的暗号", "en": "Type the code shown on your friend's screen"},
        "online.code_hint": {"zh": "例如 7-crossover-clockwork", "en": "e.g. 7-crossover-clockwork"},
        "online.join_button": {"zh": "加入", "en": "Join"},
        "online.completions": {"zh": "Tab 补全：{words}", "en": "Tab completes: {words}"},
        "online.connecting": {"zh": "正在通过信箱服务器连接…", "en": "Connecting through the mailbox server…"},
        "online.looking": {
            "zh": "正在寻找对手…（对局已保存）",
            "en": "Looking for the other player… (the game is saved)",
        },
        "online.bad_code": {
            "zh": "暗号是一个数字加单词：7-crossover-clockwork",
            "en": "A code is a number, then words: 7-crossover-clockwork",
        },
    }
)


def _saved(role):
    found = saves.read(role, online=True)
    if found is None or found[0].result() is not None or not found[1].get("secret"):
        return None
    return found


@register("online")
class OnlineLobbyScene(_Lobby):
    """Create, join, or continue an online game; the server's settings."""

    def __init__(self, app):
        super().__init__(app, "online.title")
        widgets = [
            Button(app, _t(app, "online.create"), lambda: app.push(OnlineSetupScene(app)), style="primary"),
            Button(app, _t(app, "online.join"), lambda: app.push(OnlineJoinScene(app))),
        ]
        for role in ("host", "guest"):
            found = _saved(role)
            if found is not None:
                game = found[0]
                widgets.append(
                    Button(
                        app,
                        lambda g=game: tr("online.continue", app.lang, game=tr(f"games.{g.name}", app.lang), n=g.ply),
                        lambda r=role, f=found: self.resume(r, f),
                    )
                )
        widgets.append(Button(app, _t(app, "online.server_button"), lambda: app.open("online_settings")))
        widgets.append(Button(app, _t(app, "net.back"), self.back, shortcut="Esc"))
        self.set_widgets(widgets)

    def lines(self) -> list:
        lang = self.app.lang
        return [
            (tr("online.intro", lang), theme.TEXT_DIM, 22),
            (tr("online.server", lang, url=mailbox_url(self.app)), theme.TEXT_DIM, 17),
        ]

    def resume(self, role, found) -> None:
        game, data = found
        if role == "host":
            session = WormholeHostSession(data["relay"], autosave=saves.autosave)
            session.resume_game(game, data["secret"])
            self.app.push(OnlineHostScene(self.app, SessionRunner(session)))
        else:
            scene = OnlineJoinScene(self.app, resume=(game.id, data["secret"]), relay=data["relay"])
            self.app.push(scene)
            scene.connect()


class OnlineSetupScene(HostSetupScene):
    """The host's choices (game, side, clock, options), as for a LAN game; Open asks for a code."""

    def __init__(self, app):
        super().__init__(app)
        self.title_key = "online.create"

    def open(self) -> None:
        self.remember()
        session = WormholeHostSession(mailbox_url(self.app), autosave=saves.autosave)
        session.set_offer(self.game.value, self.options(), self.seat.value, control=self.control())
        self.app.replace(OnlineHostScene(self.app, SessionRunner(session)))


class OnlineHostScene(_Lobby):
    """The code, large and spelled out, with Copy; the board opens when the friend accepts."""

    def __init__(self, app, runner):
        super().__init__(app, "online.title")
        self.net = runner
        self.code = ""
        self.status = "online.getting_code"
        self.status_fmt: dict = {}
        self.notice = ""
        self.copy_btn = Button(app, _t(app, "online.copy"), self.copy)
        self.copy_btn.visible = False
        self.set_widgets([self.copy_btn, Button(app, _t(app, "net.cancel"), self.back, shortcut="Esc")])

    def copy(self) -> None:
        if self.code:
            clipboard.put_text(self.code)
            self.app.toast(tr("online.copied", self.app.lang))

    def _summary(self) -> list:
        lang = self.app.lang
        game, resuming = self.net.read(lambda s: (s.game or s.offer_game, s.game is not None))
        if game is None:
            return []
        labels = seat_labels(game.name, game.options, game.position, lang)
        out = [tr(f"games.{game.name}", lang) + " · " + tr("net.you_play", lang, seat=labels[game.host_seat])]
        if resuming:
            out.append(tr("net.offer_resume", lang, n=game.ply))
        out.append(clock_line(game.control, lang))
        if self.app.size[1] < 900:  # a small window: the code and the buttons come first
            return out
        return out + option_lines(game.name, game.options, lang)

    def lines(self) -> list:
        lang = self.app.lang
        out: list = []
        if self.code:
            out += [
                (tr("online.give_code", lang), theme.TEXT_DIM, 22),
                (self.code, theme.ACCENT, 56),
                ("  ·  ".join(spell(self.code)), theme.TEXT, 26),
                ("", theme.TEXT, 10),
            ]
        out.append((tr(self.status, lang, **self.status_fmt), theme.TEXT, 22))
        if self.notice:
            out.append((tr(self.notice, lang), theme.ACCENT, 19))
        out += [(line, theme.TEXT_DIM, 19) for line in self._summary()]
        return out

    def _set(self, status, **fmt) -> None:
        self.status, self.status_fmt = status, fmt
        self.on_resize(self.app.size)

    def update(self, dt: float) -> None:
        super().update(dt)
        resuming = self.net.read(lambda s: s.game is not None)
        for ev in self.net.events():
            if ev.kind == "code":
                self.code = ev.info["code"]
                self.copy_btn.visible = True
                self.set_widgets(self.widgets)
                self._set("online.waiting_back" if resuming else "online.waiting")
            elif ev.kind == "refused" and ev.info.get("code") == "wrong_code":
                self.notice = "online.wrong_guess"
                self.code = ""
                self._set("online.getting_code")
            elif ev.kind == "unreachable":
                self._set("online.unreachable", why=reason_text(ev.info.get("reason", ""), self.app.lang))
            elif ev.kind == "connected":
                self._set("net.peer_looking", peer=tr("net.opponent", self.app.lang))
            elif ev.kind == "declined":
                self._set("net.peer_declined")
            elif ev.kind in ("started", "resumed"):
                start_board(self.app, self.net)
                return

    def on_exit(self) -> None:
        if not self.handed_over:
            self.net.stop()


class OnlineJoinScene(JoinScene):
    """The guest types the code (Tab completes its words), sees the offer, accepts or declines;
    with resume, it looks for the host of its saved game at once."""

    def __init__(self, app, resume=None, relay=None, code=""):
        self.resume = resume
        self.relay = relay
        super().__init__(app, code=code)
        self.title_key = "online.title"
        self.code_input.max_len = 80
        self.code_input.placeholder = _t(app, "online.code_hint")
        self.connect_btn.text = _t(app, "online.join_button")

    def _show_offer(self, shown: bool) -> None:
        super()._show_offer(shown)
        if not shown:
            self.input.visible = False
            self.set_widgets([self.code_input, self.connect_btn, self.back_btn])
            self.code_input.focused = True
            self.focus.focus(self.code_input)

    def completions(self) -> list[str]:
        text = self.code_input.value
        return word_completions(text) if text.strip() else []

    def handle_event(self, event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key == pygame.K_TAB
            and self.offer is None
            and self.net is None
            and self.code_input.focused
        ):
            found = self.completions()
            if found:  # complete as far as all the candidates agree
                common = found[0]
                for other in found[1:]:
                    while not other.startswith(common):
                        common = common[:-1]
                if len(common) > len(self.code_input.value):
                    self.code_input.value = common
                self.on_resize(self.app.size)
                return
        super().handle_event(event)

    def lines(self) -> list:
        lang = self.app.lang
        if self.offer is not None:
            out = super().lines()
            out[0] = (tr("net.offer_title", lang), theme.TEXT_DIM, 22)
            return out
        out = [(tr("online.code_prompt", lang), theme.TEXT_DIM, 22)]
        found = self.completions() if self.net is None else []
        if 1 < len(found) <= 8:
            words = ", ".join(f.rsplit("-", 2)[-1] or f.rsplit("-", 2)[-2] for f in found)
            out.append((tr("online.completions", lang, words=words), theme.TEXT_DIM, 17))
        if self.status:
            out.append((tr(self.status, lang, **self.status_fmt), theme.TEXT, 22))
        return out

    def update(self, dt: float) -> None:
        super().update(dt)
        shown = len(self.lines())  # a line of completions comes and goes as the player types
        if shown != getattr(self, "_shown", None):
            self._shown = shown
            self.on_resize(self.app.size)

    def connect(self) -> None:
        if self.net is not None:
            return
        relay = self.relay or mailbox_url(self.app)
        if self.resume is not None:
            session = WormholeGuestSession(relay, resume=self.resume, autosave=saves.autosave)
            self.status, self.status_fmt = "online.looking", {}
        else:
            code = normalize_wormhole_code(self.code_input.value)
            if code_problem(code):
                self.status, self.status_fmt = "online.bad_code", {}
                self.app.sounds.play("illegal")
                self.on_resize(self.app.size)
                return
            session = WormholeGuestSession(relay, code, autosave=saves.autosave)
            self.status, self.status_fmt = "online.connecting", {}
        self.net = SessionRunner(session)
        self.on_resize(self.app.size)
