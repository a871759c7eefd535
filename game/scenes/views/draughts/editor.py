"""Custom draughts position editor: click pieces onto the board (or type the source game's
100-character text, or a FEN), choose who moves first and how to play, then start a game from it.
It edits a position of the variant chosen on the setup screen (the 8x8 boards: a 64-character text,
squares 1-32), or of the variant of the position it is given.

Mouse: left click puts the chosen piece on a dark square (clicking the same piece again removes
it), right click empties a square. Keys: 1-4 choose white man / white king / black man / black
king, 0 or Delete the eraser, N square numbers, Enter starts, Esc goes back. A click on the text
field gives it the keys (Ctrl+V pastes a FEN there, Enter loads it) until a click elsewhere.
"""

from __future__ import annotations

import pygame

from game.ai.levels import level_label
from game.i18n import tr
from game.match import Match
from game.rules import draughts as R
from game.rules import draughts_variants as V
from game.rules.common import PositionError
from game.scenes.registry import register
from game.scenes.screens.in_progress import unless_replacing
from game.scenes.views.draughts.view import View
from game.scenes.widgets import Button, Choice, TextInput
from game.scenes.widgets.forms import FormScene, spread, stack
from game.scenes.widgets.level_picker import LevelPicker
from game.sprites import theme

PIECES = ("w", "W", "b", "B", None)
PIECE_KEYS = {
    pygame.K_1: "w",
    pygame.K_2: "W",
    pygame.K_3: "b",
    pygame.K_4: "B",
    pygame.K_0: None,
    pygame.K_DELETE: None,
}


@register("draughts_setup")
class DraughtsSetupScene(FormScene):
    def __init__(self, app, state=None, variant: str | None = None):
        super().__init__(app)
        last = app.choices.last_setup("draughts")
        if variant is None:  # the position's own, else the one chosen on the setup screen
            variant = state.variant.name if state is not None else app.choices.last_options("draughts").get("variant")
        self.variant = V.get(variant or "international")
        self.view = View({"first": "w", "variant": self.variant.name})
        start = state if state is not None else R.new_game(variant=self.variant.name)
        self.board = start.pieces()
        t = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        self.piece = Choice(
            app,
            t("draughts.setup.piece"),
            [
                ("w", t("draughts.setup.wman")),
                ("W", t("draughts.setup.wking")),
                ("b", t("draughts.setup.bman")),
                ("B", t("draughts.setup.bking")),
                (None, t("draughts.setup.erase")),
            ],
            "w",
            lambda v: None,
            label_width=0.2,
        )
        self.to_move = Choice(
            app,
            t("draughts.setup.to_move"),
            [("w", t("draughts.white")), ("b", t("draughts.black"))],
            start.to_move,
            lambda v: self._refresh(),
            label_width=0.3,
        )
        self.mode = Choice(
            app,
            t("draughts.setup.players"),
            [("hotseat", t("draughts.setup.hotseat")), ("computer", t("draughts.setup.computer"))],
            last.get("mode", "computer"),
            lambda v: None,
            label_width=0.3,
        )
        self.you = Choice(
            app,
            t("draughts.setup.you"),
            [("w", t("draughts.white")), ("b", t("draughts.black"))],
            "w",
            lambda v: None,
            label_width=0.3,
        )
        self.level = LevelPicker(
            app,
            t("draughts.setup.level"),
            last.get("level", 6),
            lambda v: None,
            lambda lv: (level_label(lv, app.lang), ""),
            label_width=0.3,
        )
        self.you.enabled = self.level.enabled = lambda: self.mode.value == "computer"
        self.text = TextInput(app, "", on_submit=lambda _v: self.load_text(), max_len=160, placeholder=self._text_hint)
        self.load_btn = Button(app, t("draughts.setup.load"), self.load_text)
        self.clear_btn = Button(app, t("draughts.setup.clear"), self.clear)
        self.initial_btn = Button(app, t("draughts.setup.initial"), self.initial)
        self.start_btn = Button(app, t("draughts.setup.start"), self.start, style="primary", shortcut="Enter")
        self.analyse_btn = Button(app, t("draughts.setup.analyse"), self.analyse)
        self.back_btn = Button(app, t("draughts.setup.back"), app.pop, shortcut="Esc")
        self.set_widgets(
            [
                self.piece,
                self.to_move,
                self.text,
                self.load_btn,
                self.clear_btn,
                self.initial_btn,
                self.mode,
                self.you,
                self.level,
                self.start_btn,
                self.analyse_btn,
                self.back_btn,
            ],
            fields=[self.text],
        )
        self.message = ("", theme.TEXT_DIM)
        self._refresh()

    # ---- the position ---------------------------------------------------------------------------
    def state(self):
        """The edited position as a rules state (PositionError when it is not playable)."""
        state = R.from_pieces(self.board, self.to_move.value, self.variant)
        codes = set(self.board.values())
        if not codes & {"w", "W"} or not codes & {"b", "B"}:
            raise PositionError(tr("draughts.setup.empty", self.app.lang))
        if not state.legal_moves():
            raise PositionError(
                tr("draughts.setup.over", self.app.lang, side=self.view.side_label(state.to_move, self.app.lang))
            )
        return state

    def _refresh(self) -> None:
        """Show the board text and whether the position can be played."""
        try:
            grid_state = R.from_pieces(self.board, self.to_move.value, self.variant)
            if not self.text.focused:
                self.text.value = f"{R.to_grid(grid_state)} {self.to_move.value}"
            st = self.state()
            self.message = (
                tr(
                    "draughts.setup.ok",
                    self.app.lang,
                    side=self.view.side_label(st.to_move, self.app.lang),
                    n=len(st.legal_moves()),
                ),
                theme.OK,
            )
        except PositionError as exc:
            self.message = (str(exc), theme.DANGER)

    def place(self, square, piece) -> None:
        g = self.variant.geometry  # a man never stands on its own crowning row
        if piece == "w" and square <= g.width or piece == "b" and square > g.n - g.width:
            self.app.sounds.play("illegal")
            self.message = (tr("draughts.setup.no_man_there", self.app.lang), theme.DANGER)
            return
        if piece is None or self.board.get(square) == piece:
            self.board.pop(square, None)
        else:
            self.board[square] = piece
        self.app.sounds.play("drop" if piece else "click")
        self.text.focused = False
        self._refresh()

    def load_text(self) -> None:
        try:
            text = self.text.value.strip()
            state = R.from_text(text, first=self.to_move.value, variant=self.variant.name)
        except PositionError as exc:
            self.app.sounds.play("illegal")
            self.message = (str(exc), theme.DANGER)
            return
        self.board = state.pieces()
        self.to_move.value = state.to_move
        self.text.focused = False
        self._refresh()

    def clear(self) -> None:
        self.board = {}
        self._refresh()

    def initial(self) -> None:
        self.board = R.new_game(variant=self.variant.name).pieces()
        self._refresh()

    def submit(self) -> None:
        self.start()

    def _checked_state(self):
        """The position, or None after saying what is wrong with it."""
        try:
            return self.state()
        except PositionError as exc:
            self.app.sounds.play("illegal")
            self.message = (str(exc), theme.DANGER)
            return None

    def analyse(self) -> None:
        """Study the position on a board of its own: the computer's analysis starts at once."""
        state = self._checked_state()
        if state is not None:
            self.app.open("board", Match("draughts", self._options(state), start_state=state), analyse=True)

    def _options(self, state) -> dict:
        """The rule options of a game from the edited position: its variant (and, in international
        draughts, the side that moves first)."""
        return {"first": state.to_move, "variant": self.variant.name}

    def _text_hint(self) -> str:
        return tr("draughts.setup.text", self.app.lang, n=self.variant.size**2)

    def start(self) -> None:
        state = self._checked_state()
        if state is None:
            return
        mode = self.mode.value
        human_seat = 0 if self.you.value == state.to_move else 1
        self.app.choices.update_setup("draughts", mode=mode, level=self.level.value)
        level = self.level.value
        unless_replacing(
            self.app,
            lambda: self.app.new_game(
                "draughts",
                self._options(state),
                mode=mode,
                human_seat=human_seat if mode == "computer" else 0,
                level=level,
                start_state=state,
            ),
        )

    # ---- scene ------------------------------------------------------------------------------------
    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        self.s = s
        top = theme.px(90, s)
        bottom = theme.px(40, s)
        board_side = min(h - top - bottom, int(w * 0.55))
        self.board_rect = pygame.Rect(theme.px(24, s), top, board_side, board_side)
        self.view.layout(self.board_rect, False)
        x = self.board_rect.right + theme.px(28, s)
        col_w = w - x - theme.px(24, s)
        row_h, gap = theme.px(46, s), theme.px(10, s)
        y = stack((self.piece, self.to_move), x, top, col_w, row_h, gap)
        self.text_label_y = y + gap
        y += theme.px(34, s)
        self.text.rect = pygame.Rect(x, y, col_w, row_h)
        y += row_h + gap
        spread((self.load_btn, self.clear_btn, self.initial_btn), x, y, col_w, row_h, gap)
        y += row_h + 2 * gap
        self.message_y = y
        y = stack((self.mode, self.you, self.level), x, y + theme.px(40, s), col_w, row_h, gap) + gap
        spread((self.start_btn, self.analyse_btn, self.back_btn), x, y, col_w, theme.px(54, s), gap)
        self.col = pygame.Rect(x, 0, col_w, h)

    def pre_event(self, event) -> bool:
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            square = self.board_point(self.view, self.board_rect, event.pos)
            if square is not None:
                self.place(square, None if event.button == 3 else self.piece.value)
                return True
        return False

    def shortcut(self, event) -> bool:
        if event.key in PIECE_KEYS:
            self.piece.value = PIECE_KEYS[event.key]
            return True
        return self.view.handle_key(event.key)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = self.s
        lang = self.app.lang
        title = tr("draughts.setup.title", lang, game=View.title({"variant": self.variant.name}, lang))
        self.draw_backdrop(surface, title, 34, theme.px(24, s))
        view = self.view
        view.draw_board(surface)
        state = R.from_pieces(self.board, self.to_move.value, self.variant)
        view.draw_extras(surface, state, lang)
        for sq, code in self.board.items():
            view.draw_piece(surface, code, view.point_xy(sq))
        self.draw_board_hover(
            surface, view, self.board_rect, lambda sq: self.piece.value if sq not in self.board else None
        )
        for wdg in self.widgets:
            wdg.draw(surface)
        label = self.app.text(self._text_hint(), theme.px(17, s), theme.TEXT_DIM)
        surface.blit(label, (self.col.x + 4, self.text_label_y))
        text, colour = self.message
        if text:
            self.draw_line(surface, text, 19, colour, self.col.w, topleft=(self.col.x + 4, self.message_y))
        self.draw_line(
            surface, tr("draughts.setup.help", lang), 15, theme.TEXT_DIM, w - 20, midbottom=(w // 2, h - theme.px(8, s))
        )
