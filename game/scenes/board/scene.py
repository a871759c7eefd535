"""The board scene shared by the three games: it joins a Match (game.match: the game and its
history), the game's view (game.scenes.views: pixels), the move input (input.py: points
touched -> move), the seats (seats.py: who supplies moves), the side panel and move list
(panel.py) and review. A table (table.py) decides what the game's buttons do: locally, or
through a network session.

Data takes one road: event -> this scene -> MoveInput narrows the legal moves -> a seat proposes
a move -> submit() -> the table plays it on the Match -> the view animates the difference.
"""

from __future__ import annotations

import pygame

from game.events import AI_EVENT
from game.scenes.base import Scene
from game.scenes.board import drawing, panel
from game.scenes.board.analysis import GameReview, LiveAnalysis
from game.scenes.board.clocks import BoardClocks
from game.scenes.board.input import MoveInput, Outcome, nearest_in_direction, paths_of
from game.scenes.board.table import LocalTable
from game.scenes.board.watch_table import WatchTable
from game.scenes.registry import register
from game.scenes.views import make_view
from game.sprites import theme
from game.sprites.anim import MoveAnimation

REPLY_PAUSE = 0.25  # seconds between the end of a move's animation and a computer's reply


@register("board")
class BoardScene(Scene):
    def __init__(self, app, match, table=None, series: int = 1, analyse: bool = False):
        """analyse: a board opened to study a position (from the editor or the assistant): the
        analysis starts at once and nothing is autosaved."""
        super().__init__(app)
        self.match = match
        self.game = match.game
        self.options = match.options
        if table is None:
            if match.mode == "watch":
                table = WatchTable(app, games=series)
            else:
                table = LocalTable(app, autosave=not analyse)
        self.table = table
        self.table.attach(self)
        self.seats = self.table.make_seats()
        self.view = make_view(self.game, self.options)
        self.input = MoveInput()
        self._input_key = None
        self.anim = None
        self.queued = None
        self.review = None
        self.result_shown = match.over  # a finished game opens on its board; Result shows why
        self.user_flip = False
        self.flipped = None
        self.started_ply = None
        self.t = 0.0
        self.ai_seed = None
        self.show_overlay = False
        self.calm_until = 0.0  # a computer's answer waits until then (see REPLY_PAUSE)
        self.hover_point = None  # the clickable point under the mouse
        self.cursor = None  # keyboard play: the point the arrows have reached
        self.drag = None  # the selected piece's point while the mouse button is held on it
        self.dragging = False  # ... and the mouse has moved: the piece follows it
        self.drag_start = self.drag_pos = (0, 0)
        self.cursor_shape = None
        self.batch = False  # True while redo replays several moves: no turn starts in between
        self.board_area = pygame.Rect(0, 0, 1, 1)
        self.help_y = 0
        self.s = 1.0
        self.analysis = LiveAnalysis(self)
        self.game_review = GameReview(self)
        self.clocks = BoardClocks(self)
        self.panel = panel.SidePanel(self)
        self.view.show_labels(bool(app.settings.get("board_labels", True)))
        self.table.started()
        if analyse:
            self.analysis.toggle()

    # ---- the game, read through the match ------------------------------------------------------
    @property
    def state(self):
        return self.match.state

    @property
    def states(self) -> list:
        return self.match.states

    @property
    def moves(self) -> list[str]:
        return self.match.texts

    @property
    def move_objs(self) -> list:
        return self.match.moves

    @property
    def redo(self) -> list[str]:
        return self.match.redo

    @property
    def ply(self) -> int:
        return self.match.ply

    @property
    def seat_to_move(self) -> int:
        return self.match.seat_to_move

    @property
    def mode(self) -> str:
        return self.match.mode

    @property
    def human_seat(self):
        return self.match.human_seat

    def result(self):
        return self.match.result()

    def over(self) -> bool:
        return self.match.over

    def legal_moves(self) -> list:
        return self.match.legal_moves()

    def record(self):
        return self.table.record()

    def side_of_seat(self, seat: int):
        return self.match.side_of_seat(seat)

    def winner_seat(self):
        return self.match.winner_seat()

    def seat_name(self, seat, lang) -> str:
        return self.view.seat_label(seat, self.match.start_state, lang, state=self.state)

    def shown_state(self):
        return self.states[self.review] if self.review is not None else self.state

    def human_turn(self) -> bool:
        return not self.over() and self.review is None and self.seats[self.seat_to_move].interactive

    @property
    def selection(self) -> list:
        return self.move_input().selection

    def move_input(self) -> MoveInput:
        """The move input over this position's legal moves (rebuilt once per position)."""
        key = (self.ply, self.match.ending is not None)
        if key != self._input_key:
            self._input_key = key
            self.input.reset(paths_of(self.legal_moves()))
        return self.input

    # ---- turns ----------------------------------------------------------------------------------
    def cancel_all(self) -> None:
        for seat in self.seats:
            seat.cancel(self)
        self.table.cancel()
        self.started_ply = None
        self.queued = None

    def kick(self) -> None:
        """Let the seat to move start its turn (once per position)."""
        if self.over() or self.review is not None or self.started_ply == self.ply or not self.table.may_start_turn():
            return
        self.started_ply = self.ply
        self.seats[self.seat_to_move].start_turn(self)

    def submit(self, move, seat) -> bool:
        """A seat plays `move`. False when it is not that seat's legal move."""
        if self.over() or seat != self.seat_to_move or move not in self.legal_moves():
            return False
        busy = self.anim is not None and not self.anim.done
        if busy or (not self.seats[seat].interactive and self.t < self.calm_until):
            self.queued = (move, seat)  # played by update() when the board has settled
            return True
        self.table.play(move)
        return True

    def show_move(self, before, move, path=None, animate=True) -> None:
        """The match has just played `move` from `before`: animate it, sound it, go on."""
        after = self.match.states[-1]
        view = self.view
        bp, ap = view.pieces(before), view.pieces(after)
        self.move_input().reset()
        self.table.moved()
        speed = float(self.app.settings.get("anim_speed", 1.0) or 1.0) * self.table.speed
        animate = animate and self.review is None  # while looking back, the live board is not shown
        self.anim = MoveAnimation(view, bp, ap, path or move.path, speed) if animate else None
        kind = self.anim.kind if self.anim else "slide"
        if len(ap) < len(bp) or (self.anim and self.anim.captures):
            self.app.sounds.play("capture")
        else:
            self.app.sounds.play({"drop": "drop", "flip": "flip"}.get(kind, "move"))
        self.panel.follow()
        self.changed()

    def changed(self) -> None:
        """After every change of the position: autosave, orientation, the next turn."""
        if self.batch:
            return
        self.table.autosave()
        self.update_flip()
        if not self.over():
            self.result_shown = False
            self.kick()

    def reset_view(self) -> None:
        """The match changed under the board (undo, redo, a resynchronised network game)."""
        self.finish_anim()
        self.anim = None
        self.move_input().reset()
        self.result_shown = False
        if self.review is not None:
            self.review = min(self.review, len(self.states) - 1)

    # ---- player actions ------------------------------------------------------------------------
    def click(self, point, animate=True) -> None:
        if self.review is not None or self.over() or (self.anim is not None and not self.anim.done):
            return
        if not self.seats[self.seat_to_move].interactive:
            self.app.sounds.play("illegal")
            return
        outcome: Outcome = self.move_input().touch(point)
        if outcome.kind == "play":
            self.table.play(outcome.move, path=outcome.path, animate=animate)
        elif outcome.kind in ("select", "back"):
            self.app.sounds.play("click")
        elif outcome.kind == "illegal":
            self.app.sounds.play("illegal")

    def flip(self) -> None:
        self.user_flip = not self.user_flip
        self.update_flip()

    def show_result(self) -> None:
        self.result_shown = True
        self.app.open("result", self)

    def new_game_setup(self) -> None:
        self.app.open("setup", self.game)

    # ---- review ---------------------------------------------------------------------------------
    def start_review(self, index=None) -> None:
        self.finish_anim()
        last = len(self.states) - 1
        self.review = last if index is None else max(0, min(last, index))
        self.move_input().reset()
        self.panel.follow()

    def review_to(self, index) -> None:
        if self.review is None:
            return
        new = max(0, min(len(self.states) - 1, index))
        if new == self.review + 1:  # one step forward: animate it
            view = self.view
            speed = float(self.app.settings.get("anim_speed", 1.0) or 1.0)
            self.anim = MoveAnimation(
                view,
                view.pieces(self.states[self.review]),
                view.pieces(self.states[new]),
                self.move_objs[self.review].path,
                speed,
            )
        else:
            self.anim = None
        self.review = new
        self.panel.follow()

    def end_review(self) -> None:
        """Back from looking at earlier positions to the game as it stands."""
        self.review = None
        self.anim = None
        self.panel.follow()
        self.update_flip()
        self.kick()

    def review_action(self) -> None:
        """The review's main button: the result of a finished game, else back to the game."""
        if self.over():
            self.show_result()
        else:
            self.end_review()

    # ---- orientation ----------------------------------------------------------------------------
    def base_flip(self) -> bool:
        bottom = self.view.bottom_side
        if bottom is None:
            return False
        seat = self.table.bottom_seat()
        if seat is None and self.app.settings.get("auto_flip"):
            seat = self.seat_to_move if self.review is None else self.review % 2
        if seat is None:
            return False
        side = self.side_of_seat(seat)
        return side is not None and side != bottom

    def update_flip(self) -> None:
        flipped = self.base_flip() != self.user_flip
        if flipped != self.flipped:
            self.flipped = flipped
            self.finish_anim()
            self.view.layout(self.board_area, flipped)

    def finish_anim(self) -> None:
        if self.anim is not None:
            self.anim.finish()

    # ---- scene ----------------------------------------------------------------------------------
    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        self.s = s
        margin = theme.px(18, s)
        pw = max(theme.px(300, s), min(theme.px(470, s), int(w * 0.3)))
        panel_rect = pygame.Rect(w - pw - margin, margin, pw, h - 2 * margin)
        width = max(50, w - pw - 3 * margin)
        # the line of keys wraps at its separators rather than shrinking below the body size
        rows = max(
            len(self._help_rows(self._help_text(key), width))
            for key in (self.table.help_key, "board.help_review", "board.help_look_back")
        )
        line_h = self.app.font(theme.px(16, s)).get_linesize()
        help_h = rows * line_h + theme.px(10, s)
        self.board_area = pygame.Rect(margin, margin, width, max(50, h - 2 * margin - help_h))
        self.help_y = self.board_area.bottom + theme.px(5, s)
        self.flipped = None
        self.update_flip()
        if self.flipped is None or self.view.rect.size != self.board_area.size:
            self.view.layout(self.board_area, bool(self.flipped))
        self.panel.layout(panel_rect, s)

    def on_enter(self) -> None:
        # settings may have changed (language, show legal moves, auto-flip, board labels)
        self.view.show_labels(bool(self.app.settings.get("board_labels", True)))
        self.update_flip()
        self.kick()

    def on_exit(self) -> None:
        self._set_cursor(pygame.SYSTEM_CURSOR_ARROW)
        self.cancel_all()
        self.table.left()
        self.analysis.close()
        self.game_review.cancel()

    def handle_event(self, event) -> None:
        for seat in self.seats:
            if seat.handle_event(self, event):
                return
        if event.type == AI_EVENT:
            if not (self.analysis.answer(event) or self.game_review.answer(event)):
                self.table.ai_answer(event)
            return
        if self.app.top is not self:
            return
        if event.type == pygame.KEYDOWN:
            self._key(event)
            return
        if self.panel.handle_event(event):
            return
        if event.type == pygame.MOUSEMOTION:
            self._hover(event.pos)
            if self.drag is not None:
                self.drag_pos = event.pos
                sx, sy = self.drag_start
                if abs(event.pos[0] - sx) + abs(event.pos[1] - sy) > max(6, self.view.piece_radius() // 3):
                    self.dragging = True
        elif event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.drag is not None:
            start, dragged = self.drag, self.dragging
            self.drag, self.dragging = None, False
            if dragged and self.board_area.collidepoint(event.pos):
                point = self.view.hit(event.pos)
                if point is not None and point != start and self.selection[-1:] == [start]:
                    self.click(point, animate=False)  # dropped where it goes: no slide back and forth
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 3:
            self.move_input().reset()
        elif event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.board_area.collidepoint(event.pos):
            self.cursor = None
            point = self.view.hit(event.pos)
            self.click(point)
            if point is not None and self.selection[-1:] == [point] and point in self.view.pieces(self.state):
                self.drag, self.drag_start, self.drag_pos = point, event.pos, event.pos  # may become a drag

    def _key(self, event) -> None:
        key, ctrl = event.key, event.mod & (pygame.KMOD_CTRL | pygame.KMOD_META)
        enter = key in (pygame.K_RETURN, pygame.K_KP_ENTER)
        if self.review is not None:
            steps = {
                pygame.K_LEFT: self.review - 1,
                pygame.K_RIGHT: self.review + 1,
                pygame.K_HOME: 0,
                pygame.K_END: len(self.states) - 1,
            }
            if key in steps:
                self.review_to(steps[key])
            elif self._analysis_key(key):
                pass
            elif key == pygame.K_ESCAPE:
                self.review_action() if not self.over() else self.table.to_menu()
            elif enter:
                self.review_action()
            elif key == pygame.K_f:
                self.flip()
            return
        action = self.table.shortcut(key, bool(ctrl))
        if action is not None:
            action()
        elif not ctrl and self._analysis_key(key):
            pass
        elif key == pygame.K_ESCAPE:
            if self.selection:
                self.move_input().reset()
            else:
                self.table.to_menu()
        elif ctrl:
            return
        elif key == pygame.K_f:
            self.flip()
        elif key == pygame.K_o and self.view.has_overlay():
            self.show_overlay = not self.show_overlay
        elif enter and self.over():
            self.show_result()
        elif key in (pygame.K_LEFT, pygame.K_RIGHT, pygame.K_UP, pygame.K_DOWN):
            self.move_cursor(key)
        elif (enter or key == pygame.K_SPACE) and self.cursor is not None:
            self.click(self.cursor)
        elif self.view.handle_key(key):  # coordinates / square numbers: kept as a setting
            self.app.settings["board_labels"] = self.view.labels_shown()
            self.app.save_settings()

    def _analysis_key(self, key) -> bool:
        """A: analysis on / stop / continue; G: review the whole game; P: play from the position
        analysed; Esc first cancels a review under way."""
        if key == pygame.K_a:
            self.analysis.toggle()
        elif key == pygame.K_g and len(self.states) > 1 and not self.game_review.running:
            self.game_review.start()
        elif key == pygame.K_ESCAPE and self.game_review.running:
            self.game_review.cancel()
        elif key == pygame.K_p and self.analysis.on:
            self.play_from_here()
        else:
            return False
        return True

    def play_from_here(self) -> None:
        """Take over the position shown as a new hot-seat game (hidden pieces dealt afresh)."""
        state = self.shown_state()
        if state.result() is not None:
            self.app.sounds.play("illegal")
            return
        self.app.new_game(self.game, self.options, mode="hotseat", start_state=self.match.info.playable(state))

    def move_cursor(self, key) -> None:
        """Keyboard play: the arrows move a cursor to the nearest point in that direction (on the
        screen, so it follows a flipped board); Enter or Space clicks it."""
        view = self.view
        if self.cursor is None:
            starts = self.selection or sorted(self.move_input().clickable_points()) or view.points()
            self.cursor = starts[-1] if self.selection else starts[0]
            return
        direction = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}[key]
        best = nearest_in_direction(
            ((p, view.point_xy(p)) for p in view.points()), view.point_xy(self.cursor), direction
        )
        if best is not None:
            self.cursor = best

    def clickable_points(self) -> set:
        """Points a click would use now."""
        if not self.human_turn() or (self.anim is not None and not self.anim.done):
            return set()
        return self.move_input().clickable_points()

    def _hover(self, pos) -> None:
        point = self.view.hit(pos) if self.board_area.collidepoint(pos) else None
        if not self.app.settings.get("show_legal", True):
            point = None  # the player turned the legal-move marks off: no hint by hovering either
        self.hover_point = point if point in self.clickable_points() else None
        self._set_cursor(pygame.SYSTEM_CURSOR_HAND if self.hover_point is not None else pygame.SYSTEM_CURSOR_ARROW)

    def _set_cursor(self, shape) -> None:
        if shape == self.cursor_shape or (self.cursor_shape is None and shape == pygame.SYSTEM_CURSOR_ARROW):
            return
        self.cursor_shape = shape
        try:
            pygame.mouse.set_cursor(shape)
        except pygame.error:  # no mouse cursor here (dummy driver)
            pass

    def update(self, dt: float) -> None:
        self.t += dt
        self.table.update(dt)
        self.clocks.update(dt)
        self.analysis.update()
        if self.anim is not None:
            self.anim.update(dt)
            if self.anim.done:
                self.anim = None
                self.calm_until = self.t + REPLY_PAUSE / self.table.speed  # the eye follows one move first
        if self.queued is not None and self.anim is None and self.t >= self.calm_until:
            move, seat = self.queued
            self.queued = None
            self.submit(move, seat)
        if (
            self.over()
            and not self.result_shown
            and self.anim is None
            and self.review is None
            and self.app.top is self
            and self.table.show_result_now()
        ):
            self.app.sounds.play(self._end_sound())
            self.show_result()

    def _end_sound(self) -> str:
        human = self.table.bottom_seat()
        if self.result().winner is None or human is None:
            return "win"
        return "win" if self.winner_seat() == human else "lose"

    def toast_place(self, size, height):
        """Notices go under the board, over the line of keys, never over the board's edge."""
        return self.board_area.centerx, max(self.board_area.bottom + 2, size[1] - height - 2)

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        surface.blit(theme.background(surface.get_size()), (0, 0))
        self.draw_board(surface)
        self.panel.draw(surface)
        self.table.draw(surface)

    def draw_board(self, surface) -> None:
        drawing.draw_board(self, surface)

    def _help_text(self, key: str) -> str:
        return drawing.help_text(self, key)

    def _help_rows(self, text: str, width: int) -> list[str]:
        return drawing.help_rows(self, text, width)
