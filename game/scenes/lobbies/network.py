"""Network play on one local network (LAN) and the Network screen that leads to it and to online
play: the Network screen (online play first, then host / join / resume on this network), the LAN
host's setup and waiting screen, and the guest's join screen (address and code, then the host's
offer to accept or decline). Online play is game/scenes/lobbies/online.py, opened by name; what
both share is lobby.py and offer.py.

The session (game.net.session) runs in a SessionRunner thread, so the connection lives while the
player reads the rules or sits in a dialog; the scenes take its events once per frame. See
docs/PROTOCOL.md for what travels between the two computers.
"""

from __future__ import annotations

import re

import pygame

from game.i18n import tr
from game.net import saves
from game.net.guest import GuestSession
from game.net.host import HostSession
from game.net.link import local_address
from game.net.runner import SessionRunner
from game.scenes.lobbies.lobby import Lobby, start_board, unfinished
from game.scenes.lobbies.offer import GuestScene, OfferSetupScene
from game.scenes.lobbies.texts import _t, clock_line, option_lines, seat_labels
from game.scenes.registry import register
from game.scenes.screens.in_progress import ask_before_replacing
from game.scenes.widgets import Button, TextInput
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
    return "127.0.0.1" if app.headless else "0.0.0.0"


@register("network")
class NetLobbyScene(Lobby):
    """Network → play a person at another computer: online play first (a friend anywhere, through
    a mailbox server: the screen "online"), then host or join on this network, or go back to a
    saved game on this network."""

    def __init__(self, app):
        super().__init__(app, "net.title")
        self.host_saved = self._saved("host")
        self.guest_saved = self._saved("guest")
        self.lan_first = Button(app, _t(app, "net.host"), lambda: app.push(HostSetupScene(app)))
        self.lan_y: int | None = None  # where the heading of this network's buttons is drawn
        widgets = [
            Button(app, _t(app, "online.title"), lambda: app.open("online"), style="primary"),
            self.lan_first,
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

    def layout_widgets(self, widgets, x, y, w) -> int:
        """Online play on top; under it, after a heading, this network's host, join and resume."""
        s = self.s
        row_h, gap = theme.px(50, s), theme.px(12, s)
        for wdg in widgets:
            if wdg is self.lan_first:
                self.lan_y = y + theme.px(6, s)
                y += theme.px(46, s)
            wdg.rect = pygame.Rect(x, y, w, row_h)
            y += row_h + gap
        return y

    def draw(self, surface) -> None:
        super().draw(surface)
        if self.lan_y is not None:
            img = self.app.text(tr("net.lan_heading", self.app.lang), theme.px(19, self.s), theme.TEXT_DIM)
            surface.blit(img, img.get_rect(midtop=(surface.get_width() // 2, self.lan_y)))

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


class HostSetupScene(OfferSetupScene):
    """The host's choices (game, seat, clock, options); Open listens on this network."""

    def __init__(self, app):
        super().__init__(app, "net.host")

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


class HostWaitScene(Lobby):
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


class JoinScene(GuestScene):
    """The guest types the host's address (and its join code), connects, sees the offer and accepts
    or declines."""

    def __init__(self, app, address="", known=None, code=""):
        """known: {game id: secret} of games this computer plays as guest (resumed without asking)."""
        super().__init__(app, "net.join", code=code)
        self.known = dict(known or {})
        saved = saves.read("guest")  # the game this computer was playing as guest resumes by itself
        if saved is not None and saved[1].get("secret"):
            self.known[saved[0].id] = saved[1]["secret"]
        self.input = TextInput(
            app,
            address or app.choices.net_address,
            on_submit=lambda _v: self.connect(),
            max_len=80,
            placeholder=_t(app, "net.address_hint"),
        )
        self._show_offer(False)

    def fields(self) -> list:
        return [self.input, self.code_input]

    def prompt_lines(self) -> list:
        return [(tr("net.address_and_code", self.app.lang), theme.TEXT_DIM, 22)]

    def offer_title(self) -> str:
        return super().offer_title() + " · " + self.net.session.address[0]

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
        self.app.choices.net_address = self.input.value.strip()
        session = GuestSession(host, port, autosave=saves.autosave, known=self.known, code=self.code_input.value)
        self.net = SessionRunner(session)
        self.status, self.status_fmt = "net.connecting", {"addr": f"{host}:{port}"}
        self.on_resize(self.app.size)
