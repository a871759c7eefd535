"""Real-board assistant for Banqi: "the program keeps no board of its own".

A player copies the position of a game played on a real table: paint squares face down, empty or
with a face-up piece, count the captured pieces, say who moves. The program checks that the
position is possible (piece counts, see rules.banqi.from_text) and shows the computer's suggested
action with its evaluation, and what a flip can reveal with each chance. It only ever sees the
public view, like the computer player. It plays by the rule options last chosen on the new-game
screen (the house rules of docs/BANQI.md among them), named above its report. The position text can be typed in or copied out: the same
text works with `python -m game.cli bestmove banqi "POSITION"`.

Mouse: left click paints the chosen brush (face down, empty or a piece) on a square, right click
empties it; in "Captured", left click adds one, right click takes one away.
Keys: Enter asks for a suggestion, Esc goes back.
"""

from __future__ import annotations

import collections

import pygame

from game import games
from game.ai.banqi import player as banqi_ai
from game.i18n import tr
from game.match import Match
from game.rules import banqi as B
from game.rules.common import PositionError, check_options, defaults, find_move
from game.scenes.registry import register
from game.scenes.views.banqi.view import View, house_text
from game.scenes.widgets import Button, Choice, Slider, TextInput, button_row
from game.scenes.widgets.forms import FormScene, stack
from game.sprites import highlight, theme

BRUSHES = (B.FACE_DOWN, B.EMPTY) + tuple(B.TYPES) + tuple(B.TYPES.lower())
DEBOUNCE = 0.5  # seconds of quiet after an edit before the computer is asked


def remembered_options(app) -> dict:
    """The rule options last chosen on the new-game screen for banqi (its house rules too), or
    the defaults: a real table plays by the rules its players set up."""
    saved = app.choices.last_options("banqi")
    try:
        return check_options(B.OPTIONS, saved)
    except PositionError:
        return defaults(B.OPTIONS)


@register("banqi_assistant")
class AssistantScene(FormScene):
    def __init__(self, app, text: str | None = None, options: dict | None = None):
        super().__init__(app)
        # the rules of the table: given, or those last chosen on the new-game screen
        self.options = check_options(B.OPTIONS, dict(options)) if options is not None else remembered_options(app)
        self.view = View(self.options)
        self.cells = [B.FACE_DOWN] * 32
        self.captured = collections.Counter()
        self.brush = B.FACE_DOWN
        t = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        self.to_move = Choice(
            app,
            t("banqi.assistant.to_move"),
            [("r", t("banqi.red")), ("b", t("banqi.black")), ("-", t("banqi.assistant.undecided"))],
            "-",
            lambda v: self.edited(),
            label_width=0.3,
        )
        self.quiet = Slider(
            app,
            t("banqi.assistant.quiet"),
            0,
            179,
            0,
            lambda v: self.edited(),
            step=1,
            fmt=lambda v: str(int(v)),
            label_width=0.45,
        )
        self.level = Choice(
            app,
            t("banqi.assistant.level"),
            [(lv, t(f"banqi.assistant.{lv}")) for lv in ("easy", "medium", "hard")],
            "hard",
            lambda v: self.edited(),
            label_width=0.3,
        )
        self.text = TextInput(
            app, "", on_submit=lambda _v: self.load_text(), max_len=80, placeholder=t("banqi.assistant.text")
        )
        self.load_btn = Button(app, t("banqi.assistant.load"), self.load_text)
        self.suggest_btn = Button(app, t("banqi.assistant.suggest"), self.suggest, style="primary", shortcut="Enter")
        self.down_btn = Button(app, t("banqi.assistant.all_down"), self.all_face_down)
        self.clear_btn = Button(app, t("banqi.assistant.clear"), self.clear)
        self.back_btn = Button(app, t("banqi.assistant.back"), app.pop, shortcut="Esc")
        self.analyse_btn = Button(app, t("banqi.assistant.analyse"), self.analyse)
        self.set_widgets(
            [
                self.to_move,
                self.quiet,
                self.level,
                self.text,
                self.load_btn,
                self.suggest_btn,
                self.analyse_btn,
                self.down_btn,
                self.clear_btn,
                self.back_btn,
            ],
            fields=[self.text],
        )
        self.brush_rects: list = []
        self.captured_rects: list = []
        self.state = None
        self.message = ("", theme.TEXT_DIM)
        self.rid_move = self.rid_eval = None
        self.suggestion = None  # the suggested Move
        self.evaluation = None
        self.error = None
        self.wait = None  # seconds left before asking after an edit
        self.t = 0.0
        if text:
            self.text.value = text
            self.load_text()
        else:
            self.edited()

    # ---- the position -------------------------------------------------------------------------
    def position_text(self) -> str:
        rows = ["".join(self.cells[r * 8 : (r + 1) * 8]) for r in range(3, -1, -1)]
        caps = "".join(t for t in B.ALL_LETTERS for _ in range(self.captured[t])) or "-"
        return f"{'/'.join(rows)} {self.to_move.value} {caps} {int(self.quiet.value)}"

    def edited(self) -> None:
        """After every change: check the position, forget the old suggestion, ask again soon."""
        self.cancel()
        self.suggestion = self.evaluation = self.error = None
        text = self.position_text()
        if not self.text.focused:
            self.text.value = text
        try:
            self.state = B.from_text(text, **self.options)
        except PositionError as exc:
            self.state = None
            self.message = (str(exc), theme.DANGER)
            return
        result = self.state.result()
        if result is not None:
            self.message = (
                tr("banqi.assistant.over", self.app.lang, text=self.view.result_text(result, self.app.lang)),
                theme.ACCENT,
            )
            self.state = None
            return
        bag = self.state.bag()
        red = sum(n for t, n in bag.items() if t.isupper())
        self.message = (
            tr("banqi.assistant.valid", self.app.lang, down=sum(bag.values()), red=red, black=sum(bag.values()) - red),
            theme.OK,
        )
        self.wait = DEBOUNCE

    def paint(self, point: int, brush: str) -> None:
        if self.cells[point] == brush:
            return
        self.cells[point] = brush
        self.app.sounds.play("drop" if brush not in (B.EMPTY,) else "click")
        self.text.focused = False
        self.edited()

    def change_captured(self, letter: str, delta: int) -> None:
        n = self.captured[letter] + delta
        if 0 <= n <= B.COUNTS[letter.upper()]:
            self.captured[letter] = n
            self.app.sounds.play("click")
            self.edited()
        else:
            self.app.sounds.play("illegal")

    def load_text(self) -> None:
        try:
            state = B.from_text(self.text.value.strip(), **self.options)
        except PositionError as exc:
            self.app.sounds.play("illegal")
            self.message = (str(exc), theme.DANGER)
            return
        self.set_state(state)

    def set_state(self, state) -> None:
        self.cells = list(state.board)
        self.captured = collections.Counter(state.captured)
        self.to_move.value = state.to_move or "-"
        self.quiet.value = min(self.quiet.hi, state.quiet)
        self.text.focused = False
        self.edited()

    def all_face_down(self) -> None:
        self.cells = [B.FACE_DOWN] * 32
        self.captured.clear()
        self.to_move.value = "-"
        self.quiet.value = 0
        self.edited()

    def clear(self) -> None:
        self.cells = [B.EMPTY] * 32
        self.edited()

    # ---- the computer -------------------------------------------------------------------------
    def submit(self) -> None:
        self.suggest()

    def analyse(self) -> None:
        """Study the position on a board: its face-down pieces are dealt at random from what is
        still hidden (the analysis looks only at what a player sees, so the deal changes nothing)."""
        if self.state is None or self.state.result() is not None:
            self.app.sounds.play("illegal")
            return
        info = games.get("banqi")
        match = Match("banqi", self.state.options, start_state=info.playable(self.state))
        self.app.open("board", match, analyse=True)

    def suggest(self) -> None:
        self.wait = None
        if self.state is None:
            self.app.sounds.play("illegal")
            return
        self.cancel()
        self.suggestion = self.evaluation = self.error = None
        worker = self.app.worker
        nodes = self.app.ai_nodes
        self.rid_move = worker.request(
            "move",
            self.state,
            level=self.level.value,
            time_limit=self.app.ai_time,
            seed=1,
            nodes=nodes,
        )
        self.rid_eval = worker.request("evaluate", self.state, time_limit=0.5, nodes=nodes)

    def cancel(self) -> None:
        for rid in (self.rid_move, self.rid_eval):
            if rid is not None:
                self.app.worker.cancel(rid)
        self.rid_move = self.rid_eval = None

    @property
    def thinking(self) -> bool:
        return self.rid_move is not None or self.rid_eval is not None

    def answer(self, event) -> None:
        if event.error:
            self.error = event.error
            self.cancel()
            return
        if event.id == self.rid_move:
            self.rid_move = None
            try:
                self.suggestion = find_move(self.state, event.result)
            except PositionError as exc:
                self.error = str(exc)
        elif event.id == self.rid_eval:
            self.rid_eval = None
            self.evaluation = float(event.result)

    def on_exit(self) -> None:
        self.cancel()

    # ---- scene --------------------------------------------------------------------------------
    def on_enter(self) -> None:
        self.on_resize(self.app.size)

    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        self.s = s
        top = theme.px(80, s)
        board_w = int(w * 0.56)
        self.board_area = pygame.Rect(theme.px(16, s), top, board_w, h - top - theme.px(40, s))
        self.view.layout(self.board_area, False)
        x = self.board_area.right + theme.px(20, s)
        col_w = w - x - theme.px(20, s)
        self.col = pygame.Rect(x, top, col_w, h - top)
        row_h, gap = theme.px(40, s), theme.px(8, s)
        y = top
        self.brush_label_y = y
        y += theme.px(26, s)
        cell = min(col_w // 9, theme.px(52, s))
        self.brush_rects = []
        for i, brush in enumerate(BRUSHES):
            row, col = (0, i) if i < 9 else (1, i - 9 + 2)
            self.brush_rects.append((brush, pygame.Rect(x + col * cell, y + row * cell, cell, cell)))
        y += 2 * cell + gap
        self.captured_label_y = y
        y += theme.px(26, s)
        self.captured_rects = []
        for i, letter in enumerate(B.TYPES + B.TYPES.lower()):
            row, col = divmod(i, 7)
            self.captured_rects.append((letter, pygame.Rect(x + col * cell, y + row * cell, cell, cell)))
        y += 2 * cell + gap
        y = stack((self.to_move, self.quiet, self.level), x, y, col_w, row_h, gap)
        # the text field, then Load and Analyse (both act on the position as a whole)
        bw = max(theme.px(90, s), self.load_btn.needed_width(row_h), self.analyse_btn.needed_width(row_h))
        self.text.rect = pygame.Rect(x, y, col_w - 2 * (bw + gap), row_h)
        self.load_btn.rect = pygame.Rect(x + col_w - 2 * bw - gap, y, bw, row_h)
        self.analyse_btn.rect = pygame.Rect(x + col_w - bw, y, bw, row_h)
        y += row_h + gap
        button_row((self.suggest_btn, self.down_btn, self.clear_btn, self.back_btn), x, y, col_w, row_h, gap)
        y += row_h + gap
        self.message_y = y
        self.cell = cell

    def pre_event(self, event) -> bool:
        from game.events import AI_EVENT

        if event.type == AI_EVENT:
            if event.id in (self.rid_move, self.rid_eval):
                self.answer(event)
            return True
        if event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 3):
            point = self.board_point(self.view, self.view.board_rect, event.pos)
            if point is not None:
                self.paint(point, self.brush if event.button == 1 else B.EMPTY)
                return True
            for brush, rect in self.brush_rects:
                if rect.collidepoint(event.pos):
                    self.brush = brush
                    self.app.sounds.play("click")
                    return True
            for letter, rect in self.captured_rects:
                if rect.collidepoint(event.pos):
                    self.change_captured(letter, 1 if event.button == 1 else -1)
                    return True
        return False

    def shortcut(self, event) -> bool:
        return self.view.handle_key(event.key)

    def update(self, dt: float) -> None:
        super().update(dt)
        self.t += dt
        if self.wait is not None:
            self.wait -= dt
            if self.wait <= 0:
                self.suggest()

    def draw(self, surface) -> None:
        s = self.s
        lang = self.app.lang
        view = self.view
        self.draw_backdrop(surface, tr("banqi.assistant.title", lang), 32, theme.px(20, s))
        view.draw_board(surface)
        for p, code in enumerate(self.cells):
            if code != B.EMPTY:
                view.draw_piece(surface, code, view.point_xy(p))
        self.draw_board_hover(
            surface,
            view,
            view.board_rect,
            lambda p: self.brush if self.brush != B.EMPTY and self.cells[p] == B.EMPTY else None,
        )
        if self.suggestion is not None:
            r = view.piece_radius()
            highlight.hint(
                surface, [view.point_xy(p) for p in self.suggestion.path], r, 0.5 + 0.5 * abs(((self.t * 1.5) % 2) - 1)
            )
        self._draw_palettes(surface, lang)
        for wdg in self.widgets:
            wdg.draw(surface)
        self._draw_report(surface, lang)

    def _small(self, surface, code, rect, alpha=255):
        scale = rect.w * 0.42 / max(1, self.view.piece_radius())
        self.view.draw_piece(surface, code, rect.center, scale=scale, alpha=alpha)

    def _draw_palettes(self, surface, lang):
        s = self.s
        label = self.app.text(tr("banqi.assistant.brush", lang), theme.px(16, s), theme.TEXT_DIM)
        surface.blit(label, (self.col.x, self.brush_label_y))
        for brush, rect in self.brush_rects:
            if brush == B.EMPTY:
                pygame.draw.circle(surface, theme.TEXT_DIM, rect.center, int(rect.w * 0.4), 2)
                pygame.draw.line(
                    surface,
                    theme.TEXT_DIM,
                    (rect.centerx - rect.w // 4, rect.centery + rect.w // 4),
                    (rect.centerx + rect.w // 4, rect.centery - rect.w // 4),
                    2,
                )
            else:
                self._small(surface, brush, rect)
            if brush == self.brush:
                pygame.draw.rect(
                    surface, theme.SELECTED, rect.inflate(-2, -2), max(2, theme.px(3, s)), border_radius=theme.px(6, s)
                )
        label = self.app.text(tr("banqi.assistant.captured", lang), theme.px(16, s), theme.TEXT_DIM)
        surface.blit(label, (self.col.x, self.captured_label_y))
        for letter, rect in self.captured_rects:
            n = self.captured[letter]
            self._small(surface, letter, rect, alpha=255 if n else 80)
            badge = self.app.text(
                f"{n}/{B.COUNTS[letter.upper()]}", theme.px(13, s), theme.TEXT if n else theme.TEXT_DIM
            )
            surface.blit(badge, badge.get_rect(bottomright=rect.bottomright))

    def _draw_report(self, surface, lang):
        s = self.s
        x, y = self.col.x, self.message_y
        width = self.col.w
        lines = []
        text, colour = self.message
        if text:
            lines.append((text, colour, 18))
        house = house_text(self.options, lang)
        if house:
            lines.append((tr("banqi.house", lang, rules=house), theme.TEXT_DIM, 16))
        if self.state is not None:
            if self.error:
                lines.append((tr("banqi.assistant.failed", lang, error=self.error), theme.DANGER, 18))
            elif self.suggestion is not None:
                key = "banqi.assistant.flip_move" if self.suggestion.kind == "flip" else "banqi.assistant.move"
                lines.append((tr(key, lang, move=str(self.suggestion)), theme.HINT, 24))
            elif self.thinking:
                lines.append((tr("banqi.assistant.thinking", lang), theme.TEXT_DIM, 18))
                highlight.spinner(surface, (x + width - theme.px(16, s), y + theme.px(44, s)), theme.px(10, s), self.t)
            if self.evaluation is not None and self.state.to_move is not None:
                lines.append(
                    (
                        tr(
                            "banqi.assistant.eval",
                            lang,
                            value=self.evaluation,
                            side=self.view.side_label(self.state.to_move, lang),
                        ),
                        theme.TEXT,
                        17,
                    )
                )
        for line, colour, size in lines:
            y = self.draw_line(surface, line, size, colour, width, topleft=(x, y)).bottom + theme.px(4, s)
        if self.state is not None and self.state.bag():
            title = self.app.text(tr("banqi.assistant.chances", lang), theme.px(16, s), theme.TEXT_DIM)
            surface.blit(title, (x, y))
            y += title.get_height() + theme.px(2, s)
            cell = max(18, int(self.cell * 0.8))
            for i, (letter, p) in enumerate(banqi_ai.flip_chances(self.state)):
                row, col = divmod(i, 7)
                rect = pygame.Rect(x + col * (width // 7), y + row * (cell + theme.px(4, s)), cell, cell)
                self._small(surface, letter, rect)
                pct = self.app.text(f"{p * 100:.0f}%", theme.px(15, s), theme.TEXT)
                surface.blit(pct, pct.get_rect(midleft=(rect.right + 2, rect.centery)))
