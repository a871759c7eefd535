"""Play over the network: the lobby (host / join / resume), the host's setup and waiting screen,
the guest's join screen (address, then the host's offer to accept or decline), and the board scene
with a remote seat.

The session (game.net.session) runs in a SessionRunner thread, so the connection lives while the
player reads the rules or sits in a dialog; the scenes take its events once per frame. See
docs/PROTOCOL.md for what travels between the two computers.
"""

from __future__ import annotations

import importlib
import re

import pygame

from game import games
from game.i18n import tr
from game.net import saves
from game.net.guest import GuestSession
from game.net.host import HostSession
from game.net.link import local_address
from game.net.runner import SessionRunner
from game.net.session import SessionError
from game.rules.common import check_options
from game.scenes.base import Scene
from game.scenes.board.net_table import open_net_board
from game.scenes.lobbies import online_settings  # noqa: F401  (registers Settings → Online play server)
from game.scenes.lobbies.texts import _t, clock_line, option_lines, reason_text, seat_labels
from game.scenes.registry import register
from game.scenes.screens.clock_rows import ClockRows
from game.scenes.screens.in_progress import ask_before_replacing
from game.scenes.widgets import Button, Choice, FocusGroup, TextInput
from game.scenes.widgets.forms import spread, stack
from game.sprites import theme

DEFAULT_PORT = 47474


_HOST = re.compile(r"[A-Za-z0-9.:-]{1,253}")


def parse_address(text: str):
    """ "host:port" or "host" (the default port) -> (host, port); ValueError when malformed."""
    text = text.strip()
    host, port = text, DEFAULT_PORT
    if text.startswith("["):  # [IPv6]:port
        end = text.find("]")
        if end < 0:
            raise ValueError(text)
        host, rest = text[1:end], text[end + 1 :]
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


def open_online(app) -> None:
    """Network → Play online. game/scenes/lobbies/online.py builds on this module's screens, so it
    is loaded by name here (an import statement would make a cycle); it registers "online"."""
    importlib.import_module("game.scenes.lobbies.online")
    app.open("online")


def unfinished(role: str) -> tuple[str, int] | None:
    """(game name, moves played) of the saved network game of this role ("host" or "guest") that a
    new one would replace, or None (none saved, finished, or no move played yet)."""
    found = saves.read(role)
    if found is None or found[0].result() is not None or not found[0].ply:
        return None
    return found[0].name, found[0].ply


def start_board(app, runner):
    """Replace every scene above the menu by the board of the runner's game."""
    return open_net_board(app, runner)


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


@register("network")
class NetLobbyScene(_Lobby):
    """Network game: host, join, or go back to a saved network game."""

    def __init__(self, app):
        super().__init__(app, "net.title")
        self.host_saved = self._saved("host")
        self.guest_saved = self._saved("guest")
        widgets = [
            Button(app, _t(app, "net.host"), lambda: app.push(HostSetupScene(app)), style="primary"),
            Button(app, _t(app, "net.join"), lambda: app.push(JoinScene(app))),
        ]
        if self.host_saved:
            game, data = self.host_saved
            widgets.append(
                Button(
                    app,
                    lambda: tr("net.resume_host", app.lang, game=tr(f"games.{game.name}", app.lang), n=game.ply),
                    self.resume_host,
                )
            )
        if self.guest_saved:
            game, data = self.guest_saved
            widgets.append(
                Button(
                    app,
                    lambda: tr("net.rejoin", app.lang, game=tr(f"games.{game.name}", app.lang), n=game.ply),
                    self.rejoin,
                )
            )
        widgets.append(Button(app, _t(app, "online.title"), lambda: open_online(app)))  # through a wormhole
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
    """The host chooses the game, its seat, the clock (the local setup's row: none, a preset or
    Custom…, which opens the custom clock's screen) and the variant options."""

    def __init__(self, app):
        super().__init__(app, "net.host")
        last = getattr(app, "last_net_setup", {})
        self.game = Choice(
            app,
            _t(app, "net.game"),
            [(g, _t(app, f"games.{g}")) for g in games.NAMES],
            last.get("game", games.NAMES[0]),
            self._game_changed,
        )
        self.seat = Choice(
            app,
            _t(app, "net.your_seat"),
            [(0, lambda: self._seat_label(0)), (1, lambda: self._seat_label(1))],
            last.get("seat", 0),
            lambda v: None,
        )
        self.clock_rows = ClockRows(app, last, self._seat_label, lambda v: None)  # as in a local setup
        self.open_btn = Button(app, _t(app, "net.start_hosting"), self.open, style="primary", shortcut="Enter")
        self.back_btn = Button(app, _t(app, "net.back"), self.back, shortcut="Esc")
        self._labels = {}
        self._build_options(last.get("options", {}))

    def _build_options(self, saved) -> None:
        app = self.app
        self.option_widgets = []
        for opt in games.get(self.game.value).rules.OPTIONS:
            choices = [(v, self._choice_text(opt, v)) for v in opt.choices]
            self.option_widgets.append(
                Choice(
                    app,
                    (lambda o=opt: o.label.get(app.lang) or o.label["en"]),
                    choices,
                    saved.get(opt.key, opt.default),
                    lambda v: None,
                )
            )
        self.set_widgets(
            [self.game, self.seat, self.clock_rows.clock, *self.option_widgets, self.open_btn, self.back_btn]
        )

    def _choice_text(self, opt, value):
        labels = opt.choice_labels.get(value)
        if labels:
            return lambda: labels.get(self.app.lang) or labels["en"]
        return str(value)

    def on_resize(self, size) -> None:
        """The choices one under the other, tighter where many options would run off the window
        (as the local setup does), Open and Back side by side under them."""
        w, h = size
        s = self.s = theme.ui_scale(size)
        col_w = min(theme.px(1000, s), int(w * 0.92))  # wider than a lobby: rows of many choices
        self.col = pygame.Rect(w // 2 - col_w // 2, 0, col_w, h)
        self.text_y = theme.px(120, s)
        rows = [wdg for wdg in self.widgets if wdg.visible and wdg not in (self.open_btn, self.back_btn)]
        row_h, gap, btn_h = theme.px(50, s), theme.px(12, s), theme.px(54, s)
        top = theme.px(100, s)
        room = h - top - btn_h - theme.px(28, s)  # the buttons, and a margin under them
        if rows and len(rows) * (row_h + gap) > room:
            k = max(0.62, room / (len(rows) * (row_h + gap)))
            row_h, gap = int(row_h * k), int(gap * k)
        y = stack(rows, self.col.x, top, col_w, row_h, gap)
        spread((self.open_btn, self.back_btn), self.col.x, y + theme.px(12, s), col_w, btn_h, theme.px(14, s))
        if self.focus.current() is None:
            items = self.focus.focusable()
            if items:
                self.focus.focus(items[0])

    def _game_changed(self, _value) -> None:
        self._build_options({})

    def options(self) -> dict:
        rules = games.get(self.game.value).rules
        return check_options(rules.OPTIONS, {o.key: w.value for o, w in zip(rules.OPTIONS, self.option_widgets)})

    def _seat_label(self, seat) -> str:
        key = (self.game.value, tuple(sorted(self.options().items())), self.app.lang)
        if key not in self._labels:
            self._labels[key] = seat_labels(self.game.value, self.options(), lang=self.app.lang)
        return self._labels[key][seat]

    def handle_event(self, event) -> None:
        if (
            event.type == pygame.KEYDOWN
            and event.key in (pygame.K_RETURN, pygame.K_KP_ENTER)
            and not isinstance(self.focus.current(), Button)
        ):
            self.open()
            return
        super().handle_event(event)

    def control(self):
        """The time control chosen (None: no clocks)."""
        return self.clock_rows.time_control()

    def remember(self) -> None:
        self.app.last_net_setup = {
            "game": self.game.value,
            "seat": self.seat.value,
            "options": self.options(),
            **self.clock_rows.remembered(),
        }

    def open(self) -> None:
        """Host the game chosen: a new game replaces the saved hosted one, so ask first."""
        self.remember()
        ask_before_replacing(self.app, unfinished("host"), self._host)

    def _host(self) -> None:
        try:
            session = open_host(DEFAULT_PORT, bind_address(self.app))
        except OSError as exc:
            self.app.toast(tr("net.cannot_listen", self.app.lang, why=exc.strerror or str(exc)))
            return
        session.set_offer(self.game.value, self.options(), self.seat.value, control=self.control())
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
        return out + [clock_line(game.control, lang)] + option_lines(game.name, game.options, lang)

    def lines(self) -> list:
        lang = self.app.lang
        out = [
            (tr("net.give_address", lang), theme.TEXT_DIM, 22),
            (self.address, theme.ACCENT, 44),
            (tr("net.join_code", lang, code=self.code), theme.ACCENT, 30),
            ("", theme.TEXT, 10),
        ]
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
        self.input = TextInput(
            app,
            address or last,
            on_submit=lambda _v: self.connect(),
            max_len=80,
            placeholder=_t(app, "net.address_hint"),
        )
        self.code_input = TextInput(
            app, code, on_submit=lambda _v: self.connect(), max_len=16, placeholder=_t(app, "net.code_hint")
        )
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
        out = [
            (tr("net.offer_title", lang) + " · " + self.net.session.address[0], theme.TEXT_DIM, 22),
            (tr(f"games.{o['game']}", lang), theme.ACCENT, 34),
            (
                tr("net.you_play", lang, seat=labels[1 - o["host_seat"]])
                + " · "
                + tr("net.host_plays", lang, seat=labels[o["host_seat"]]),
                theme.TEXT,
                22,
            ),
        ]
        if o["resume"]:
            out.append((tr("net.offer_resume", lang, n=o.get("plies", 0)), theme.TEXT, 20))
        elif o["position"] != "start":
            out.append((tr("net.start_pos", lang), theme.TEXT, 20))
        out.append((clock_line(o.get("control"), lang), theme.ACCENT if o.get("control") else theme.TEXT, 20))
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
        """Accept the offer: a new game (not the saved one resumed) replaces the saved one, so ask first."""
        resuming = self.offer is not None and self.offer.get("resume")
        ask_before_replacing(self.app, None if resuming else unfinished("guest"), self._accept)

    def _accept(self) -> None:
        if self.net is None:  # the host went away while the question was open
            return
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
