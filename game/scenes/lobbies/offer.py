"""The two sides of a network game's offer, for LAN play (network.py) and online play (online.py)
alike: the host's choices (OfferSetupScene) and the guest's screen that connects, shows the host's
offer and accepts or declines it (GuestScene). Each subclass says only how it connects: a host
and port on this network, or a code through the mailbox server."""

from __future__ import annotations

import pygame

from game import games
from game.i18n import tr
from game.net.runner import SessionRunner
from game.net.session import SessionError
from game.rules.common import check_options, settle
from game.scenes.lobbies.lobby import Lobby, start_board, unfinished
from game.scenes.lobbies.texts import _t, clock_line, option_lines, reason_text, seat_labels
from game.scenes.screens.clock_rows import ClockRows
from game.scenes.screens.in_progress import ask_before_replacing
from game.scenes.widgets import Button, Choice, TextInput
from game.scenes.widgets.forms import spread, stack
from game.scenes.widgets.rule_options import choice_text, chosen, narrow
from game.sprites import theme


class OfferSetupScene(Lobby):
    """The host chooses the game, its seat, the clock (the local setup's row: none, a preset or
    Custom…, which opens the custom clock's screen) and the variant options; open() (of the
    subclass) offers them."""

    def __init__(self, app, title_key):
        super().__init__(app, title_key)
        last = app.choices.net_offer
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
            choices = [(v, choice_text(app, opt, v)) for v in opt.choices]
            self.option_widgets.append(
                Choice(
                    app,
                    (lambda o=opt: o.label.get(app.lang) or o.label["en"]),
                    choices,
                    saved.get(opt.key, opt.default),
                    self._option_changed,
                )
            )
        options = games.get(self.game.value).rules.OPTIONS
        self._option_changed()
        for opt, wdg in zip(
            options, self.option_widgets
        ):  # greyed where the others make it idle (8x8: who moves first)
            wdg.enabled = lambda o=opt: o.acts({x.key: w.value for x, w in zip(options, self.option_widgets)})
        self.set_widgets(
            [self.game, self.seat, self.clock_rows.clock, *self.option_widgets, self.open_btn, self.back_btn]
        )

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

    def _option_changed(self, _value=None) -> None:
        narrow(games.get(self.game.value).rules.OPTIONS, self.option_widgets)  # as the local setup does

    def options(self) -> dict:
        rules = games.get(self.game.value).rules
        return check_options(rules.OPTIONS, settle(rules.OPTIONS, chosen(rules.OPTIONS, self.option_widgets)))

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
        self.app.choices.net_offer = {
            "game": self.game.value,
            "seat": self.seat.value,
            "options": self.options(),
            **self.clock_rows.remembered(),
        }

    def open(self) -> None:
        """Offer the game chosen (LAN: listen on a port; online: ask the mailbox server for a code)."""
        raise NotImplementedError


class GuestScene(Lobby):
    """The guest fills in how to reach the host (fields(): an address and a code, or a code alone)
    and connects (connect(), of the subclass); the session's events then show the host's offer,
    which the guest accepts or declines, and the board opens when the game starts."""

    online = False  # which saved games a new one replaces (game.net.saves: LAN or online files)

    def __init__(self, app, title_key, code=""):
        super().__init__(app, title_key)
        self.net: SessionRunner | None = None
        self.status = ""
        self.status_fmt: dict = {}
        self.offer = None
        self.code_input = TextInput(
            app, code, on_submit=lambda _v: self.connect(), max_len=16, placeholder=_t(app, "net.code_hint")
        )
        self.connect_btn = Button(app, _t(app, "net.connect"), self.connect, style="primary", shortcut="Enter")
        self.accept_btn = Button(app, _t(app, "net.accept"), self.accept, style="primary")
        self.decline_btn = Button(app, _t(app, "net.decline"), self.decline)
        self.back_btn = Button(app, _t(app, "net.back"), self.back, shortcut="Esc")

    def fields(self) -> list:
        """The text fields the guest fills in before connecting, first focused."""
        return [self.code_input]

    def connect(self) -> None:
        """Start the guest's session from the fields (sets self.net, or a status saying what is wrong)."""
        raise NotImplementedError

    def prompt_lines(self) -> list:
        """The lines above the fields (before an offer arrives)."""
        return []

    def offer_title(self) -> str:
        return tr("net.offer_title", self.app.lang)

    def _show_offer(self, shown: bool) -> None:
        fields = self.fields()
        self.accept_btn.visible = self.decline_btn.visible = shown
        for wdg in (*fields, self.connect_btn):
            wdg.visible = not shown
        if shown:
            self.set_widgets([self.accept_btn, self.decline_btn, self.back_btn])
        else:
            self.set_widgets([*fields, self.connect_btn, self.back_btn])
            fields[0].focused = True
            self.focus.focus(fields[0])

    def lines(self) -> list:
        lang = self.app.lang
        if self.offer is None:
            out = self.prompt_lines()
            if self.status:
                out.append((tr(self.status, lang, **self.status_fmt), theme.TEXT, 22))
            return out
        o = self.offer
        labels = seat_labels(o["game"], o["options"], o["position"], lang)
        out = [
            (self.offer_title(), theme.TEXT_DIM, 22),
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
        ask_before_replacing(self.app, None if resuming else unfinished("guest", self.online), self._accept)

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
