"""The table of a network game: one seat here, one remote. The session (game.net.session, running
in a SessionRunner thread) holds the game as both computers agreed it; the board shows a copy of
that Match, brought up to date once per frame. Undo, draw and resignation go through the other
player; there is no redo and no computer hint.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.net.netclock import GRACE
from game.net.session import SessionError
from game.rules.common import find_move
from game.scenes.board.net_chat import Bubbles, PhraseMenu
from game.scenes.board.seats import HumanSeat, Seat
from game.scenes.board.table import LocalTable, _text
from game.scenes.lobbies.texts import clock_line, reason_text, seat_labels
from game.scenes.widgets import Button, Dialog, confirm
from game.sprites import theme


class LocalSeat(HumanSeat):
    """The player at this computer: clicks move while the connection is up and no answer is due."""

    def __init__(self, table):
        super().__init__("board.you")
        self.table = table

    @property
    def interactive(self) -> bool:
        t = self.table
        return t.net.read(lambda s: s.my_turn() and not s.waiting_for_answer() and t.shows(s.game))


class RemoteSeat(Seat):
    """The player at the other computer: its moves arrive through the session."""

    allows_undo = False

    def __init__(self, table):
        self.table = table

    @property
    def thinking(self) -> bool:
        t = self.table
        return not t.match.over and t.match.seat_to_move != t.my_seat and t.net.read(lambda s: s.connected)

    def label(self, lang):
        return tr("net.opponent" if self.table.net.read(lambda s: s.connected) else "net.offline", lang)


class NetTable(LocalTable):
    help_key = "chat.help"
    #: the board never ends a network game on time: the host's session declares the flag fall
    #: (game.net.netclock) and the board shows the session's figures (see show_clocks)
    clock_authority = False

    def __init__(self, app, runner):
        super().__init__(app, autosave=False)  # the session keeps its own network autosave
        self.net = runner
        with runner.lock:
            session = runner.session
            self.session_game = session.game
            self.my_seat = session.my_seat
            self.role = session.role
        self.pause_reason = ""
        self.questions: list = []
        self.later: list = []
        self.dirty = True
        self.handed_over = False
        self.bubbles = Bubbles()  # quick phrases on show

    def make_seats(self) -> list:
        seats: list[Seat] = [RemoteSeat(self), RemoteSeat(self)]
        seats[self.my_seat] = LocalSeat(self)
        return seats

    def started(self) -> None:
        self.sync()

    # ---- keeping the board in step with the session ---------------------------------------------
    def shows(self, game) -> bool:
        """True when the board shows the session's game (no change waits to be drawn)."""
        m = self.match
        return not self.dirty and game.ply == m.ply and game.texts == m.texts and game.ending == m.ending

    def sync(self) -> None:
        """Show the session's game: one new move is animated, anything else is redrawn at once."""
        with self.net.lock:
            game = self.net.session.game
            texts, pieces, ending, times = game.texts, list(game.pieces), game.ending, list(game.times)
            fresh = game.copy() if texts[:-1] != self.match.texts or ending != self.match.ending else None
        self.dirty = False
        board, m = self.board, self.match
        if texts == m.texts and ending == m.ending:
            if m.clock is not None and len(times) == len(m.times):
                m.times = times  # the host's figures of the moves (looking back shows them)
            return
        if fresh is None and texts and m.ending is None:  # one new move
            before = m.states[-1]
            move = find_move(before, texts[-1])
            m.play(move, pieces[-1])
            if m.clock is not None and len(times) == len(m.times):
                m.times = times
            board.show_move(before, move)
            return
        board.cancel_all()
        board.match = fresh
        board.reset_view()
        board.changed()

    def play(self, move, path=None, animate: bool = True) -> None:
        """A move clicked on this board: it goes through the session first."""
        try:
            after = self.net.call("play", move)
        except SessionError:
            self.app.sounds.play("illegal")
            return
        self.board.move_input().reset()
        if after is None:  # a guest's flip: shown when the host reveals the piece
            return
        m = self.match
        before = m.states[-1]
        m.play(move, self.net.read(lambda s: s.game.pieces[-1]))
        self.board.show_move(before, move, path, animate)

    def update(self, dt: float) -> None:
        for ev in self.net.events():
            self._on_net(ev)
            if self.handed_over:  # a rematch: the new board shows the session from now on
                return
        if self.later and self.net.read(lambda s: s.pending_flip is None):
            later, self.later = self.later, []
            for name, args in later:
                self._answer(name, *args)
        if self.questions:
            self._close_lapsed_questions()
        self.bubbles.update(dt)
        board = self.board
        if self.dirty and (board.anim is None or board.anim.done):
            self.sync()
        self.show_clocks()

    def show_clocks(self) -> None:
        """The board's clocks show the session's: the host's own measure, or the guest's estimate
        set to the host's figure by every message (game.net.netclock)."""
        clock = self.board.clocks.clock  # (on the board's time from here on)
        if clock is None or self.match.over:
            return
        figures, history = self.net.read(lambda s: (s.clock_figures(), list(s.game.times)))
        if figures is None:
            return
        if len(history) == len(self.match.times):  # a figure of the host's came after the move
            self.match.times = history
        times, running = figures
        clock.set(times, running)
        if running is None:
            clock.pause()  # not started, or the game is held open after a drop: nothing runs
        else:
            clock.resume()

    def _on_net(self, ev) -> None:
        app, kind = self.app, ev.kind
        if kind in ("move", "undone", "ended", "started", "resumed"):
            self.dirty = True
        if kind == "started" and ev.info["game"] is not self.session_game:  # a rematch
            open_net_board(app, self.net)
        elif kind == "resumed":
            peer = self.net.read(lambda s: s.peer).rsplit(":", 1)[0]
            app.toast(tr("net.resumed", app.lang, peer=peer))
        elif kind == "paused":
            self.pause_reason = ev.info.get("reason", "")
            app.sounds.play("illegal")
        elif kind == "failed":
            app.toast(tr("net.dead", app.lang, why=reason_text(ev.info.get("reason", ""), app.lang)), 6)
        elif kind in ("draw_offer", "undo_request"):
            app.sounds.play("click")
            what, answer = ("their_draw", "answer_draw") if kind == "draw_offer" else ("their_undo", "answer_undo")
            lines = [] if kind == "draw_offer" else [_text(app, "net.undo_question")]
            self._ask(
                what,
                Dialog(
                    app,
                    _text(app, f"net.{kind}"),
                    lines,
                    [
                        (_text(app, "net.accept"), lambda: self._answer(answer, True)),
                        (_text(app, "net.decline"), lambda: self._answer(answer, False)),
                    ],
                ),
            )
        elif kind in ("draw_declined", "undo_declined", "undone"):
            app.toast(tr(f"net.{kind}", app.lang))
        elif kind == "declined":
            app.toast(tr("net.rematch_declined", app.lang))
        elif kind == "phrase":
            self.bubbles.add(1 - self.my_seat, ev.info["n"])
            app.sounds.play("click")
        elif kind == "rematch_offer":  # the result screen asks (Decline is its default)
            app.sounds.play("click")
            board = self.board
            if board.over() and app.top is board and board.review is None:
                board.show_result()
            elif getattr(app.top, "board", None) is not board:  # not on its result screen: say so
                app.toast(tr("rematch.asked", app.lang, seat=self._seat_label(1 - self.my_seat)), 6)
        elif kind == "rematch_declined":  # (an agreed one opens its board at once: no notice)
            app.toast(tr("rematch.declined", app.lang))
        elif kind == "offer":  # the host offers another game (an agreed rematch starts by itself)
            app.push(
                Dialog(
                    app,
                    _text(app, "net.rematch_title"),
                    self._offer_lines(ev.info),
                    [
                        (_text(app, "net.accept"), lambda: self._answer("accept")),
                        (_text(app, "net.decline"), lambda: self._answer("decline")),
                    ],
                )
            )
        elif kind == "peer_error":
            text = ev.info.get("text") or ev.info.get("code")
            app.toast(tr("net.peer_refused", app.lang, text=text[:80]))
        elif kind == "refused" and ev.info.get("code") == "wrong_code":  # someone guessed the code
            app.toast(tr("net.wrong_code_from", app.lang, addr=ev.info.get("peer", "?")), 6)

    # ---- quick phrases and the rematch ---------------------------------------------------------
    def open_phrases(self) -> None:
        if not self.net.read(lambda s: s.connected and s.game is not None):
            self.app.sounds.play("illegal")
            return
        self.app.push(PhraseMenu(self.app, self.say))

    def say(self, n: int) -> None:
        try:
            self.net.call("say", n)
        except SessionError:
            self.app.sounds.play("illegal")
            self.app.toast(tr("chat.too_fast", self.app.lang))
            return
        self.bubbles.add(self.my_seat, n)

    def shortcut(self, key: int, ctrl: bool):
        if key == pygame.K_t and not ctrl:
            return self.open_phrases
        return super().shortcut(key, ctrl)

    def _seat_label(self, seat: int) -> str:
        """The name of the side we play in the rematch (the seats swap)."""
        g = self.session_game
        return seat_labels(g.name, dict(g.options), g.position, self.app.lang)[seat]

    def can_rematch(self) -> bool:
        return self.net.read(lambda s: s.can_offer_rematch() or s.their_rematch is not None)

    def rematch_asked(self) -> bool:
        return self.net.read(lambda s: s.their_rematch is not None and s.connected)

    def answer_rematch(self, accept: bool) -> None:
        self._call("answer_rematch", accept)

    def rematch_line(self, lang: str) -> str | None:
        """What the result screen says about a rematch (None: nothing to say)."""

        def look(s):
            if not s.connected:
                return "rematch.offline"
            if s.their_rematch is not None:
                return "rematch.asked"
            if s.my_rematch is not None:
                return "rematch.waiting"
            if s.rematch_starting():
                return "rematch.agreed"
            return None

        key = self.net.read(look)
        if key is None:
            return None
        return tr(key, lang, seat=self._seat_label(1 - self.my_seat))

    def _ask(self, question: str, dialog) -> None:
        """Show the other player's question; it goes away by itself if the question lapses."""
        self.app.push(dialog)
        self.questions.append((question, dialog))

    def _close_lapsed_questions(self) -> None:
        for question, dialog in list(self.questions):
            if dialog.closed or self.app.top is not dialog:
                if dialog.closed:
                    self.questions.remove((question, dialog))
                continue
            if self.net.read(lambda s, q=question: getattr(s, q)) is None and not self.later:
                dialog.close()
                self.questions.remove((question, dialog))

    def _offer_lines(self, o) -> list:
        lang = self.app.lang
        labels = seat_labels(o["game"], o["options"], o["position"], lang)
        you = tr("net.you_play", lang, seat=labels[1 - o["host_seat"]])
        return [tr(f"games.{o['game']}", lang) + " · " + you, clock_line(o.get("control"), lang)]

    def _answer(self, name, *args) -> None:
        try:
            self.net.call(name, *args)
        except SessionError:
            pending = {"answer_draw": "their_draw", "answer_undo": "their_undo"}.get(name)
            if pending and self.net.read(lambda s: getattr(s, pending) is not None):
                self.later.append((name, args))  # our flip is being revealed: answer right after
            else:
                self.app.sounds.play("illegal")
        self.dirty = True

    @property
    def notice(self):
        """The key of the line shown under the board while we wait for the other player, or None."""

        def look(sess):
            if sess.pending_flip is not None:
                return "net.revealing"
            if sess.my_draw is not None:
                return "net.draw_sent"
            if sess.my_undo is not None:
                return "net.undo_sent"
            return None

        return self.net.read(look)

    def panel_key(self) -> tuple:
        return (self.net.read(lambda s: s.connected),)

    def seat_status(self, seat, active, lang):
        return None

    def status_lines(self, lang: str) -> list:
        return []

    # ---- the buttons: the network versions of undo, draw, resign -------------------------------
    def _can_save(self) -> bool:
        return self.board.review is None and not (self.match.info.hidden and self.role == "guest")

    def buttons(self) -> list:
        app, b = self.app, self.board
        return [
            Button(app, _text(app, "net.undo"), self.undo, enabled=self.can_undo, shortcut="Ctrl+Z"),
            Button(app, _text(app, "board.draw"), self.offer_draw, enabled=self.can_offer_draw),
            Button(
                app,
                _text(app, "board.resign"),
                self.ask_resign,
                enabled=lambda: self.net.read(lambda s: s.connected and s.can_resign()),
                style="danger",
            ),
            Button(app, _text(app, "board.save"), self.save, enabled=self._can_save, shortcut="Ctrl+S"),
            Button(
                app,
                _text(app, "chat.say"),
                self.open_phrases,
                enabled=lambda: self.net.read(lambda s: s.connected and s.game is not None),
                shortcut="T",
            ),
            Button(app, _text(app, "board.flip"), b.flip, shortcut="F"),
            Button(app, _text(app, "board.rules"), self.open_rules),
            Button(app, _text(app, "board.menu"), self.to_menu, shortcut="Esc"),
        ]

    def can_offer_draw(self) -> bool:
        return self.net.read(
            lambda s: (
                s.phase == "playing"
                and s.connected
                and s.game.result() is None
                and s.my_draw is None
                and s.pending_flip is None
            )
        )

    def can_undo(self) -> bool:
        return self.net.read(lambda s: s.connected and s.can_request_undo() and not s.waiting_for_answer())

    def undo(self) -> None:
        self._call("request_undo")

    def can_redo(self) -> bool:
        return False

    def redo(self) -> None:
        self.app.sounds.play("illegal")

    def request_hint(self) -> None:
        self.app.toast(tr("net.no_hint", self.app.lang))

    def offer_draw(self) -> None:
        self._call("offer_draw")

    def _call(self, name, *args) -> None:
        try:
            self.net.call(name, *args)
        except SessionError:
            self.app.sounds.play("illegal")

    def ask_resign(self) -> None:
        if not self.net.read(lambda s: s.connected and s.can_resign()):
            self.app.sounds.play("illegal")
            return
        confirm(self.app, _text(self.app, "board.resign_title"), [], self.resign)

    def resign(self) -> None:
        self._call("resign")
        self.sync()

    def agree_draw(self) -> None:  # only the session ends a network game by agreement
        self.sync()

    # ---- saving, leaving, rematch -------------------------------------------------------------
    def record(self):
        rec = self.match.to_record()
        rec.mode, rec.human_seat = "hotseat", None
        return rec

    def save(self) -> None:
        if self.match.info.hidden and self.role == "guest":
            self.app.toast(tr("net.cannot_save_guest", self.app.lang))
            return
        super().save()

    def to_menu(self) -> None:
        if self.match.over or not self.net.alive:
            self.app.back_to_menu()
            return
        confirm(
            self.app, _text(self.app, "net.leave_title"), [_text(self.app, "net.leave_lines")], self.app.back_to_menu
        )

    def left(self) -> None:
        if not self.handed_over:
            self.net.stop()

    def bottom_seat(self):
        return self.my_seat

    def result_title(self) -> str:
        r, lang = self.match.result(), self.app.lang
        if r is None or r.winner is None:
            return tr("result.draw", lang)
        return tr("result.you_win" if self.match.winner_seat() == self.my_seat else "net.opponent_wins", lang)

    def rematch(self) -> None:
        """Offer the same game with the seats swapped (or take the other player's offer); the
        other player's result screen asks. Once both agree the host offers the new game and
        both boards open it ("started")."""
        self._call("offer_rematch")

    # ---- drawing -------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        board, app = self.board, self.app
        s, lang = board.s, app.lang
        pad = theme.px(14, s)
        if not board.over() and not self.net.read(lambda x: x.connected):  # paused: a box over the board
            lines = [
                app.text(tr("net.paused_title", lang), theme.px(28, s), theme.ACCENT),
                app.text(
                    tr("net.paused_host" if self.role == "host" else "net.paused_guest", lang),
                    theme.px(19, s),
                    theme.TEXT,
                ),
            ]
            if self.pause_reason:
                lines.append(app.text(reason_text(self.pause_reason, lang), theme.px(16, s), theme.TEXT_DIM))
            if self.match.clock is not None:  # docs/CLOCK.md: the grace period of a drop
                grace = tr("net.clock_grace", lang, s=f"{GRACE:g}")
                lines.append(app.text(grace, theme.px(16, s), theme.TEXT_DIM))
            w = max(img.get_width() for img in lines) + 3 * pad
            h = sum(img.get_height() for img in lines) + pad * (len(lines) + 1)
            box = pygame.Rect(0, 0, min(w, board.board_area.w), h)
            box.center = board.board_area.center
            theme.panel(surface, box, radius=pad, colour=(34, 37, 48), edge=theme.ACCENT, width=2)
            y = box.y + pad
            for img in lines:
                surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
                y += img.get_height() + pad
            return
        self.bubbles.draw(surface, board, self.my_seat)
        notice = self.notice
        if notice is None:
            return
        img = app.text(tr(notice, lang), theme.px(19, s), theme.TEXT)
        rect = img.get_rect(midbottom=(board.board_area.centerx, board.board_area.bottom - theme.px(8, s)))
        rect = rect.inflate(pad * 2, pad)
        theme.panel(surface, rect, radius=pad, colour=(40, 44, 58), edge=theme.ACCENT)
        surface.blit(img, img.get_rect(center=rect.center))


def open_net_board(app, runner):
    """Replace every scene above the menu by the board of the runner's game."""
    with runner.lock:
        match = runner.session.game.copy()
    table = NetTable(app, runner)
    for s in app.scenes[1:]:  # their on_exit must not stop the runner the new board uses
        holder = getattr(s, "table", s)
        if getattr(holder, "net", None) is runner:
            holder.handed_over = True
    app.back_to_menu()
    board = app.open("board", match, table)
    return board
