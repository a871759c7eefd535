"""Play online (Network → Play a friend anywhere): a game with a friend anywhere, through Magic
Wormhole.

Create: the host's setup screen (game, side, options), then the code from the mailbox server,
large, with its words spelled out and a Copy button; the board opens when the friend accepts.
Join: type the code (Tab completes the words from wormhole's word list), see the offer, accept.
Continue: the online game this computer was playing (host or guest) resumes by itself: both
programs find each other through codes derived from the game's secret. Cancel at any time.
The sessions are game.net.online's; they run in a SessionRunner thread like the LAN ones.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.net import saves
from game.net.online import WormholeGuestSession, WormholeHostSession
from game.net.runner import SessionRunner
from game.net.wormhole_link import code_problem, normalize_wormhole_code, spell, word_completions
from game.scenes.lobbies.lobby import Lobby, start_board, unfinished
from game.scenes.lobbies.offer import GuestScene, OfferSetupScene
from game.scenes.lobbies.online_settings import mailbox_url
from game.scenes.lobbies.texts import _t, clock_line, option_lines, reason_text, seat_labels
from game.scenes.registry import register
from game.scenes.screens.in_progress import ask_before_replacing
from game.scenes.widgets import Button, clipboard
from game.sprites import theme


def _saved(role):
    found = saves.read(role, online=True)
    if found is None or found[0].result() is not None or not found[1].get("secret"):
        return None
    return found


@register("online")
class OnlineLobbyScene(Lobby):
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


class OnlineSetupScene(OfferSetupScene):
    """The host's choices (game, side, clock, options), as for a LAN game; Open asks for a code."""

    def __init__(self, app):
        super().__init__(app, "online.create")

    def open(self) -> None:
        """Offer the game chosen: a new game replaces the saved online one, so ask first."""
        self.remember()
        ask_before_replacing(self.app, unfinished("host", online=True), self._host)

    def _host(self) -> None:
        session = WormholeHostSession(mailbox_url(self.app), autosave=saves.autosave)
        session.set_offer(self.game.value, self.options(), self.seat.value, control=self.control())
        self.app.replace(OnlineHostScene(self.app, SessionRunner(session)))


class OnlineHostScene(Lobby):
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
                self.focus.focus(self.copy_btn)  # Enter copies the code; Cancel stays a deliberate choice
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


class OnlineJoinScene(GuestScene):
    """The guest types the code (Tab completes its words), sees the offer, accepts or declines;
    with resume, it looks for the host of its saved game at once."""

    online = True

    def __init__(self, app, resume=None, relay=None, code=""):
        super().__init__(app, "online.title", code=code)
        self.resume = resume
        self.relay = relay
        self.code_input.max_len = 80
        self.code_input.placeholder = _t(app, "online.code_hint")
        self.connect_btn.text = _t(app, "online.join_button")
        self._show_offer(False)

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

    def prompt_lines(self) -> list:
        lang = self.app.lang
        out = [(tr("online.code_prompt", lang), theme.TEXT_DIM, 22)]
        found = self.completions() if self.net is None else []
        if 1 < len(found) <= 8:
            words = ", ".join(f.rsplit("-", 2)[-1] or f.rsplit("-", 2)[-2] for f in found)
            out.append((tr("online.completions", lang, words=words), theme.TEXT_DIM, 17))
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
