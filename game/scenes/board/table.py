"""What the game's buttons do at a table where both seats are here: hot-seat, or a human against
the computer. Undo and redo, hint, draw offers, resignation, saving, the autosave, the result's
title and the rematch. The network table (net_table.py) offers the same methods, going through
the other player instead.
"""

from __future__ import annotations

import pygame

from game import pdn_export, storage
from game.ai.common import LEVEL_TIME
from game.i18n import tr
from game.match import Match
from game.record import SaveError
from game.rules.common import PositionError, find_move
from game.scenes.board.seats import ComputerSeat, local_seats
from game.scenes.record_keeper import count_game
from game.scenes.widgets import Button, Dialog, confirm, message

# The computer accepts a draw only when its own search (as long as one of its moves) says it is
# worse, or the position is a dead draw; in the opening only a clearly lost position will do.
ACCEPT_DRAW_AT = -0.25  # its value (-1 lost .. 1 won) at or below which it accepts
OPENING_PLIES = 20
ACCEPT_DRAW_IN_OPENING_AT = -0.6


def _text(app, key):
    return lambda: tr(key, app.lang)


def draw_answer(match: Match, value: float | None) -> tuple[bool, str]:
    """The computer's answer to a draw offer: (accepts, text key of why), from its own value of
    the position (-1 lost .. 1 won; None when its search failed)."""
    if match.state.is_dead_draw():
        return True, "board.ai_accepts_dead"
    if value is None:
        return False, "board.ai_declines_level"
    opening = match.ply < OPENING_PLIES
    if value <= (ACCEPT_DRAW_IN_OPENING_AT if opening else ACCEPT_DRAW_AT):
        return True, "board.ai_accepts_why"
    if opening:
        return False, "board.ai_declines_early"
    return False, "board.ai_declines_why" if value > -ACCEPT_DRAW_AT else "board.ai_declines_level"


class LocalTable:
    """Both seats at this screen (humans or the computer)."""

    help_key = "board.help"
    #: how fast moves follow each other (the watch table changes it)
    speed = 1.0

    def __init__(self, app, autosave: bool = True):
        self.app = app
        self.board = None  # the BoardScene, from attach()
        self.autosave_on = autosave
        self.hint = None
        self.hint_rid = None
        self.hint_ply = -1
        self.draw_rid = None
        self.draw_ply = -1
        #: what the finished game changed in the player's record (record_keeper.count_game)
        self.outcome = None
        self.counted = False

    def attach(self, board) -> None:
        self.board = board
        self.counted = board.match.over  # a game that opens finished was counted when it ended

    @property
    def match(self) -> Match:
        return self.board.match

    def make_seats(self) -> list:
        seats = local_seats(self.match)
        if any(isinstance(s, ComputerSeat) for s in seats):
            self.app.worker.start(
                self.match.game, self.match.options
            )  # now, and ready for this game: its first answer is not late
        return seats

    def started(self) -> None:
        """The board is built."""

    def may_start_turn(self) -> bool:
        """The seat to move may start its turn now (the watch table pauses the game)."""
        return True

    def show_result_now(self) -> bool:
        """A finished game opens the result screen (the watch table goes on with its series)."""
        return True

    # ---- the buttons ------------------------------------------------------------------------
    def buttons(self) -> list:
        app, b = self.app, self.board
        return [
            Button(app, _text(app, "board.undo"), self.undo, enabled=self.can_undo, shortcut="Ctrl+Z"),
            Button(app, _text(app, "board.redo"), self.redo, enabled=self.can_redo, shortcut="Ctrl+Y"),
            Button(
                app,
                _text(app, "board.hint"),
                self.request_hint,
                enabled=lambda: b.human_turn() and self.hint_rid is None,
                shortcut="H",
            ),
            Button(
                app, _text(app, "board.draw"), self.offer_draw, enabled=lambda: b.human_turn() and self.draw_rid is None
            ),
            Button(
                app,
                _text(app, "board.resign"),
                self.ask_resign,
                enabled=lambda: b.human_turn() and self.match.can_resign(),
                style="danger",
            ),
            Button(app, _text(app, "board.save"), self.save, shortcut="Ctrl+S"),
            Button(app, _text(app, "board.flip"), b.flip, shortcut="F"),
            Button(app, _text(app, "board.rules"), self.open_rules),
            Button(app, _text(app, "board.menu"), self.to_menu, shortcut="Esc"),
            Button(app, _text(app, "board.analyse"), b.analysis.toggle, shortcut="A"),
            *self.export_buttons(),
        ]

    def export_buttons(self) -> list:
        """Export PDN, for a game whose rules write PDN (games.GameInfo.pdn); else none."""
        if not self.match.info.pdn:
            return []
        return [Button(self.app, _text(self.app, "board.export_pdn"), self.export_pdn)]

    def shortcut(self, key: int, ctrl: bool):
        """The action of a key of this table, or None."""
        if ctrl:
            return {
                pygame.K_z: self.undo,
                pygame.K_y: self.redo,
                pygame.K_s: self.save,
                pygame.K_n: self.board.new_game_setup,
            }.get(key)
        return self.request_hint if key == pygame.K_h else None

    def panel_key(self) -> tuple:
        """What else the cached side panel depends on."""
        return (self.hint_rid is not None, self.draw_rid is not None, str(self.hint))

    def seat_status(self, seat: int, active: bool, lang: str):
        """(text, colour kind) shown for a seat instead of its label while a request is pending."""
        if active and self.hint_rid is not None:
            return tr("board.hint_thinking", lang), "hint"
        if active and self.draw_rid is not None:
            return tr("board.asking", lang), "accent"
        return None

    def status_lines(self, lang: str) -> list:
        """[(text, "hint" | "text")] shown under the game's own status lines."""
        if self.hint is not None and self.board.review is None and not self.match.over:
            return [(tr("board.hint_is", lang, move=str(self.hint)), "hint")]
        return []

    # ---- moves ---------------------------------------------------------------------------------
    def play(self, move, path=None, animate: bool = True) -> None:
        before = self.match.states[-1]
        self.match.play(move)
        self.board.show_move(before, move, path, animate)

    def moved(self) -> None:
        """A move was played: an old hint is no use."""
        self.hint = None
        if self.hint_rid is not None:
            self.app.worker.cancel(self.hint_rid)
            self.hint_rid = None

    def cancel(self) -> None:
        for rid in (self.hint_rid, self.draw_rid):
            if rid is not None:
                self.app.worker.cancel(rid)
        self.hint_rid = self.draw_rid = None

    def can_undo(self) -> bool:
        return self.board.review is None and all(s.allows_undo for s in self.board.seats) and self.match.can_undo()

    def undo(self) -> None:
        board = self.board
        if not self.can_undo():
            self.app.sounds.play("illegal")
            return
        board.cancel_all()
        self.match.undo()
        board.reset_view()
        self.hint = None
        self.app.sounds.play("click")
        board.changed()

    def can_redo(self) -> bool:
        return self.board.review is None and self.match.can_redo() and all(s.allows_undo for s in self.board.seats)

    def redo(self) -> None:
        board, match = self.board, self.board.match
        if not self.can_redo():
            self.app.sounds.play("illegal")
            return
        board.cancel_all()
        board.finish_anim()
        n = match.redo_count()
        board.batch = True
        try:
            for i in range(n):
                move = match.next_redo()
                if move is None:
                    break
                self.play(move, animate=i == n - 1)
                if match.over:
                    break
        finally:
            board.batch = False
        board.changed()

    # ---- the computer's help and judgement -------------------------------------------------------
    def request_hint(self) -> None:
        if not self.board.human_turn() or self.hint_rid is not None:
            self.app.sounds.play("illegal")
            return
        self.hint = None
        app = self.app
        time_limit = 0.6 if app.ai_time is None else app.ai_time
        self.hint_rid = app.worker.request(
            "move",
            self.match.public_state(),
            level="hard",
            time_limit=time_limit,
            seed=self.board.ai_seed,
            nodes=app.ai_nodes,
        )
        self.hint_ply = self.match.ply

    def offer_draw(self) -> None:
        """Ask first (the safe answer is the default); then the offer goes to the other player."""
        board, app = self.board, self.app
        if not board.human_turn() or self.draw_rid is not None:
            app.sounds.play("illegal")
            return
        lang = app.lang
        if self.match.mode == "computer":
            line = tr("board.draw_confirm_computer", lang)
        else:
            line = tr("board.draw_confirm_hotseat", lang, side=board.seat_name(1 - board.seat_to_move, lang))
        confirm(
            app,
            _text(app, "board.draw_confirm"),
            [line],
            self.send_draw_offer,
            yes=_text(app, "board.offer"),
            no=_text(app, "ui.cancel"),
        )

    def send_draw_offer(self) -> None:
        board, app, match = self.board, self.app, self.match
        if not board.human_turn() or self.draw_rid is not None:
            return
        if match.mode == "computer":
            level = match.seats[1 - (match.human_seat or 0)].level or match.level
            # as long a search as one of its moves: it answers what it would play for
            time_limit = LEVEL_TIME.get(level, 1.0) if app.ai_time is None else app.ai_time
            self.draw_rid = app.worker.request(
                "evaluate", match.public_state(), time_limit=time_limit, nodes=app.ai_nodes
            )
            self.draw_ply = match.ply
            return
        lang = app.lang
        me = board.seat_name(board.seat_to_move, lang)
        other = board.seat_name(1 - board.seat_to_move, lang)
        app.push(
            Dialog(
                app,
                tr("board.draw_offer", lang, side=me),
                [tr("board.draw_question", lang, side=other)],
                [(_text(app, "board.accept"), self.agree_draw), (_text(app, "board.decline"), None)],
            )
        )

    def ai_answer(self, event) -> None:
        """The worker's answer to a hint or a draw offer."""
        if event.id == self.hint_rid:
            self.hint_rid = None
            if event.error is None and self.match.ply == self.hint_ply and not self.match.over:
                try:
                    self.hint = find_move(self.match.state, event.result)
                except PositionError:
                    self.hint = None
        elif event.id == self.draw_rid:
            self.draw_rid = None
            if self.match.ply != self.draw_ply or self.match.over:
                return
            value = None if event.error else -float(event.result)  # the computer's, not the human's
            accept, why = draw_answer(self.match, value)
            if accept:
                self.agree_draw()
            message(
                self.app,
                _text(self.app, "board.ai_accepts" if accept else "board.ai_declines"),
                [tr(why, self.app.lang)],
            )

    def agree_draw(self) -> None:
        if self.match.over:
            return
        self.board.cancel_all()
        self.hint = None
        self.match.agree_draw()
        self.autosave()

    def flagged(self) -> None:
        """A clock ran out and ended the game (game/scenes/board/clocks.py)."""
        self.hint = None
        self.autosave()

    def ask_resign(self) -> None:
        if not self.board.human_turn():
            self.app.sounds.play("illegal")
            return
        if not self.match.can_resign():
            self.app.toast(tr("board.resign_not_yet", self.app.lang))
            self.app.sounds.play("illegal")
            return
        app, board = self.app, self.board
        title = _text(app, "board.resign_title")
        if self.match.mode == "hotseat":  # two players at one screen: say which of them gives up
            seat = board.seat_to_move
            title = lambda: tr("board.resign_side", app.lang, side=board.seat_name(seat, app.lang))  # noqa: E731
        confirm(app, title, [], self.resign)

    def resign(self) -> None:
        if not self.match.can_resign():
            return
        self.board.cancel_all()
        self.hint = None
        self.match.resign()
        self.autosave()

    # ---- files, screens -------------------------------------------------------------------------
    def record(self):
        return self.match.to_record()

    def autosave(self) -> None:
        """Write the game in progress (a finished game clears the autosave), in the background."""
        self.count_result()
        if not self.autosave_on:
            return
        try:
            if self.match.over:
                storage.clear_autosave()
            else:
                storage.write_autosave(self.record())  # returns at once; a thread writes it
        except SaveError as exc:  # an earlier background write failed
            self.app.toast(tr("app.autosave_failed", self.app.lang, msg=exc.text(self.app.lang)))

    def count_result(self) -> None:
        """A game against the computer counts in the player's record once, when it first ends:
        taking moves back after the end and finishing again does not count it again. Undo and
        hints during the game do not change how it counts."""
        if not self.match.over:  # (taken back: what the first end changed is not this game's)
            self.outcome = None
        elif not self.counted:
            self.counted = True
            self.outcome = count_game(self.app, self.match)

    def next_level(self) -> None:
        """A new game one level up, with the same options, side and clock (offered by the result
        screen after a run of wins); the setup remembers the level as the player's choice."""
        m, out = self.match, self.outcome
        if out is None or not out.offer_next:
            return
        level = out.level + 1
        self.app.choices.update_setup(m.game, level=level, level_chosen=True)
        control = None if m.clock is None else m.clock.control
        self.app.new_game(
            m.game, m.options, mode="computer", human_seat=m.human_seat or 0, level=level, control=control
        )

    def save(self) -> None:
        m = self.match
        if m.info.hidden and "seed" not in m.start and m.start_state.hidden is not None:
            # a layout dealt at random for a studied position: no file could replay its flips
            self.app.toast(tr("board.cannot_save_dealt", self.app.lang))
            return
        if self.board.review is None:
            self.app.open("save_game", self.record())

    def export_pdn(self) -> None:
        """Write the game as a new PDN file in the saves folder and say where (or why it was not)."""
        app = self.app
        try:
            path = pdn_export.export(self.match)
        except SaveError as exc:
            app.sounds.play("illegal")
            message(app, _text(app, "board.pdn_failed"), [exc.text(app.lang)])
            return
        message(app, _text(app, "board.pdn_written"), [str(path), tr("board.pdn_where", app.lang)])

    def open_rules(self) -> None:
        self.app.open("rules", self.board.game, self.match.options)

    def to_menu(self) -> None:
        self.app.back_to_menu()

    def left(self) -> None:
        """The board scene is closing."""
        if not self.match.over:
            self.autosave()

    def bottom_seat(self):
        """The seat of the one player at this screen (shown at the bottom), or None in hot-seat."""
        return self.match.human_seat if self.match.mode == "computer" else None

    def result_title(self) -> str:
        """The result screen's headline: who won, from the point of view of this table."""
        match, lang = self.match, self.app.lang
        r = match.result()
        if r is None or r.winner is None:
            return tr("result.draw", lang)
        if match.mode == "computer":
            return tr("result.you_win" if match.winner_seat() == match.human_seat else "result.you_lose", lang)
        return tr("result.wins", lang, side=self.board.view.side_label(r.winner, lang))

    def rematch(self) -> None:
        """The same game again; against the computer with the sides swapped."""
        m = self.match
        human = 1 - m.human_seat if m.mode == "computer" and m.human_seat is not None else 0
        start = m.start_state if "text" in m.start and not m.info.dealt else None
        control = None if m.clock is None else m.clock.control
        self.app.new_game(
            m.game, m.options, mode=m.mode, human_seat=human, level=m.level, start_state=start, control=control
        )

    # a network table answers the other player's rematch offer on the result screen
    def can_rematch(self) -> bool:
        return True

    def rematch_asked(self) -> bool:
        return False

    def answer_rematch(self, accept: bool) -> None:
        """Only a network table is ever asked."""

    def rematch_line(self, lang: str) -> str | None:
        return None

    def update(self, dt: float) -> None:
        """Once a frame, before the board."""

    def draw(self, surface) -> None:
        """Over the board and panel (the network table shows its notices here)."""
