"""The guided first game: a short scripted lesson per game (game/scenes/views/<game>/lessons.py) on a
real board drawn by the game's view. Clicks are narrowed to legal moves by the board's own
MoveInput; the step's move advances the lesson (a scripted reply may follow), any other move or a
wrong point explains and keeps the step. The end offers a real game (the setup screen, under the
lesson's rule options).

A game whose options make other games of it (the draughts variants) has a lesson for each: a second
row of tabs under the games' chooses one, and the game's tab names it. Opened with a game's options
(from the Rules screen of a setup or a game in progress), the screen opens the lesson they name.

Keyboard: Tab or 1-3 switch games, Left/Right the game's lessons, Enter (at the end) opens the
setup screen, Esc back.
"""

from __future__ import annotations

import pygame

from game import games
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.board.input import MoveInput, paths_of
from game.scenes.registry import register
from game.scenes.screens.rule_diagrams import find_move
from game.scenes.views import lessons, make_view
from game.scenes.widgets import Button, wrap
from game.scenes.widgets.game_tabs import GameTabs
from game.sprites import highlight, theme

REPLY_DELAY = 0.7  # seconds before the scripted answer, so the player sees their own move land


@register("lesson")
class LessonScene(Scene):
    def __init__(self, app, game=None, options=None):
        super().__init__(app)
        names = [g for g in games.NAMES if lessons(g)]
        self.names = names
        game = game if game in names else names[0]
        #: the lesson chosen on each game's tab (an index into its lessons): the one `options` name
        #: for `game`, else the one the rules last chosen on that game's setup name (a draughts
        #: player who chose Russian there meets Russian's lesson, from the menu too)
        self.chosen = {g: self.fitting(g, app.choices.last_options(g)) for g in names}
        if options:
            self.chosen[game] = self.fitting(game, options)
        self.tabs = GameTabs(app, names, self.start, self.title_key)
        self.variant_tabs: GameTabs | None = None  # the row of the game's lessons, when it has several
        self.back = Button(app, lambda: tr("ui.back", app.lang), self.close)
        self.again = Button(app, lambda: tr("lesson.again", app.lang), lambda: self.start(self.game))
        self.play_btn = Button(app, lambda: tr("lesson.play", app.lang), self.play_real, style="primary")
        self.board_rect = pygame.Rect(0, 0, 1, 1)
        self.side_rect = pygame.Rect(0, 0, 1, 1)
        self.input = MoveInput()
        self.game = ""
        self.start(game)

    @staticmethod
    def fitting(game: str, options: dict) -> int:
        """The index of the game's lesson that `options` name (the first that fits best)."""
        fits = [lesson.fits(options) for lesson in lessons(game)]
        return fits.index(max(fits))

    def title_key(self, game: str) -> str:
        """A game's tab: the name of the game its chosen lesson plays ("Russian Draughts")."""
        lesson = lessons(game)[self.chosen.get(game, 0)]
        return games.get(game).title_key(dict(lesson.options))

    # ---- the script ------------------------------------------------------------------------------
    def start(self, game: str, index: int | None = None) -> None:
        """Begin the chosen lesson of `game` (or its lesson number `index`) from its first step."""
        if index is not None:
            self.chosen[game] = index
        other_game, self.game = game != self.game, game
        self.lesson = lessons(game)[self.chosen.setdefault(game, 0)]
        self.info = games.get(game)
        self.options = self.lesson.rule_options(self.info.check_options)
        self._make_view(self.options)
        if other_game:  # its row of lessons comes or goes: the board moves
            self.variant_tabs = self._variant_tabs(game)
            self.on_resize(self.app.size)
        self.state = self.info.new_state(self.options, seed=self.lesson.seed)
        self.index = 0
        self.feedback: str | None = None  # i18n key of the explanation of a wrong click
        self.last: tuple = ()  # the path of the last move played
        self.pending: float | None = None  # seconds until the scripted reply
        self._enter_step()

    def _variant_tabs(self, game: str) -> GameTabs | None:
        """The row of tabs choosing among the game's lessons (None: it has one)."""
        info, found = games.get(game), lessons(game)
        if len(found) < 2:
            return None
        keys = [info.title_key(dict(lesson.options)) for lesson in found]
        return GameTabs(self.app, range(len(found)), lambda i: self.start(game, i), keys.__getitem__)

    def pick_variant(self, step: int) -> None:
        """The game's next (step 1) or previous (-1) lesson."""
        count = len(lessons(self.game))
        if count > 1:
            self.app.sounds.play("click")
            self.start(self.game, (self.chosen[self.game] + step) % count)

    def _make_view(self, options: dict) -> None:
        """The board drawn under `options` (a step may play under another variant's board)."""
        self.view_options = options
        self.view = make_view(self.game, options)
        self.view.show_labels(True)  # the steps name points: c8, 32, b3
        self.view.layout(self.board_rect, self.flipped)

    @property
    def flipped(self) -> bool:
        """The board turned so that the player's side is at the bottom (English checkers: Black)."""
        side, bottom = self.lesson.side, self.view.bottom_side
        return side is not None and bottom is not None and side != bottom

    @property
    def done(self) -> bool:
        return self.index >= len(self.lesson.steps)

    @property
    def step(self):
        return None if self.done else self.lesson.steps[self.index]

    def _enter_step(self) -> None:
        step = self.step
        if step is not None and step.position:
            options = step.rule_options(self.options)
            self.state = self.info.rules.from_text(step.position, **options)
            self.last = ()
            if options != self.view_options:  # another board (a draughts variant on 8x8)
                self._make_view(options)
        self.input.reset([] if step is None else paths_of(self.state.legal_moves()))
        self.play_btn.visible = self.done

    def touch(self, point) -> None:
        """A click on the board (point None: beside it)."""
        step = self.step
        if step is None or self.pending is not None or point is None:
            return
        before = list(self.input.selection)
        outcome = self.input.touch(point)
        if outcome.kind == "play" and str(outcome.move) in step.moves:
            count = len(self.view.pieces(self.state))
            self.state = self.state.play(outcome.move)
            self.last = tuple(outcome.path)
            self.feedback = None
            self.app.sounds.play("capture" if len(self.view.pieces(self.state)) < count else "move")
            if step.reply:
                self.pending = REPLY_DELAY
                self.input.reset([])
            else:
                self._advance()
        elif outcome.kind in ("play", "illegal") or (outcome.kind == "deselect" and before[:1] != [point]):
            self.feedback = step.wrong
            self.input.reset()
            self.app.sounds.play("illegal")
        else:
            self.app.sounds.play("click")

    def _advance(self) -> None:
        self.index += 1
        self._enter_step()
        if self.done:
            self.app.sounds.play("win")

    def _play_reply(self) -> None:
        step = self.step
        move = find_move(self.state, step.reply) if step and step.reply else None
        self.pending = None
        if move is not None:
            self.state = self.state.play(move)
            self.last = tuple(move.path)
            self.app.sounds.play("move")
        self._advance()

    def play_real(self) -> None:
        game, options = self.game, dict(self.lesson.options)
        self.close()
        self.app.open("setup", game, options)  # the setup under the lesson's rules (its variant)

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    # ---- scene -----------------------------------------------------------------------------------
    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        margin = theme.px(30, s)
        top = theme.px(104, s)
        tab_h = theme.px(46, s)
        cw = min(w - 2 * margin, theme.px(960, s))
        gap = theme.px(10, s)
        self.tabs.place((w - cw) // 2, top, cw, tab_h, gap)
        body_top = top + tab_h + theme.px(20, s)
        if self.variant_tabs is not None:  # the game's lessons, a lower row under its tabs
            row_h = theme.px(36, s)
            self.variant_tabs.place((w - cw) // 2, top + tab_h + theme.px(10, s), cw, row_h, gap)
            body_top += row_h + theme.px(6, s)
        bottom = h - theme.px(36, s)
        side_w = max(theme.px(300, s), int(w * 0.3))
        self.board_rect = pygame.Rect(margin, body_top, w - side_w - 3 * margin, bottom - body_top)
        self.side_rect = pygame.Rect(w - side_w - margin, body_top, side_w, bottom - body_top)
        bh = theme.px(48, s)
        x, bw = self.side_rect.x + theme.px(16, s), self.side_rect.w - theme.px(32, s)
        y = self.side_rect.bottom - bh - theme.px(16, s)
        self.back.rect = pygame.Rect(x, y, (bw - gap) // 2, bh)
        self.again.rect = pygame.Rect(x + (bw + gap) // 2, y, (bw - gap) // 2, bh)
        self.play_btn.rect = pygame.Rect(x, y - bh - gap, bw, bh)
        self.view.layout(self.board_rect, self.flipped)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.sounds.play("click")
                self.close()
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER) and self.done:
                self.play_real()
            elif k in (pygame.K_LEFT, pygame.K_RIGHT):
                self.pick_variant(1 if k == pygame.K_RIGHT else -1)
            elif (game := self.tabs.key_pick(event, self.game)) is not None:
                self.start(game)
            return
        if self.tabs.handle_event(event) or (self.variant_tabs is not None and self.variant_tabs.handle_event(event)):
            return
        for b in (self.back, self.again, self.play_btn):
            if b.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.board_rect.collidepoint(event.pos):
            self.touch(self.view.hit(event.pos))

    def update(self, dt: float) -> None:
        if self.pending is not None:
            self.pending -= dt
            if self.pending <= 0:
                self._play_reply()

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        surface.blit(theme.background((w, h)), (0, 0))
        title = self.app.text(tr("lesson.title", self.app.lang), theme.px(42, s), theme.ACCENT, serif=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, theme.px(30, s))))
        self.tabs.draw(surface, self.game)
        if self.variant_tabs is not None:
            self.variant_tabs.draw(surface, self.chosen[self.game])
        self._draw_board(surface)
        self._draw_side(surface, s)
        keys = "lesson.keys" if self.variant_tabs is None else "lesson.keys_variants"
        hint = self.app.text(tr(keys, self.app.lang), theme.px(16, s), theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - theme.px(8, s))))

    def _draw_board(self, surface) -> None:
        view, state = self.view, self.state
        view.draw_board(surface)
        view.draw_extras(surface, state, self.app.lang)
        r = view.piece_radius()
        if len(self.last) >= 2:
            highlight.last_move(surface, [view.point_xy(p) for p in self.last], r)
        pieces = view.pieces(state)
        for point, code in pieces.items():
            view.draw_piece(surface, code, view.point_xy(point))
        view.draw_over(surface, state, self.app.lang)
        if len(self.last) == 1:
            highlight.last_move(surface, [view.point_xy(self.last[0])], r)
        step = self.step
        if step is None or self.pending is not None:
            return
        if self.input.selection:
            highlight.selected(surface, view.point_xy(self.input.selection[-1]), r)
            for p in self.input.next_points():
                highlight.target(surface, view.point_xy(p), r, p in pieces)
        else:  # where the step's move goes, so nobody is left guessing
            move = find_move(state, step.moves[0])
            if move is not None:
                highlight.hint(surface, [view.point_xy(p) for p in move.path], r)

    def _draw_side(self, surface, s) -> None:
        box = self.side_rect
        theme.panel(surface, box, radius=theme.px(14, s))
        pad = theme.px(18, s)
        x, y, width = box.x + pad, box.y + pad, box.w - 2 * pad
        lang = self.app.lang
        steps = len(self.lesson.steps)
        head = tr("lesson.finished", lang) if self.done else tr("lesson.step", lang, n=self.index + 1, total=steps)
        img = self.app.text(head, theme.px(26, s), theme.ACCENT, serif=True)
        surface.blit(img, (x, y))
        y += img.get_height() + theme.px(14, s)
        body = theme.px(21, s)
        step = self.step
        say = self.lesson.done if step is None else step.say
        y = self._paragraph(surface, tr(say, lang), body, theme.TEXT, x, y, width)
        if self.pending is not None:
            y = self._paragraph(surface, tr("lesson.reply", lang), body, theme.TEXT_DIM, x, y + body // 2, width)
        if self.feedback:
            f = self.app.font(body)
            lines = wrap(tr(self.feedback, lang), f, width - theme.px(20, s))
            line_h = f.get_linesize()
            note = pygame.Rect(x, y + body // 2, width, line_h * len(lines) + theme.px(20, s))
            theme.panel(surface, note, radius=theme.px(10, s), colour=(58, 40, 38), edge=theme.DANGER, width=2)
            self._paragraph(
                surface,
                tr(self.feedback, lang),
                body,
                theme.TEXT,
                x + theme.px(10, s),
                note.y + theme.px(10, s),
                width - theme.px(20, s),
            )
        for b in (self.play_btn, self.back, self.again):
            b.draw(surface)

    def _paragraph(self, surface, text, size, colour, x, y, width) -> int:
        f = self.app.font(size)
        for part in wrap(text, f, width):
            img = self.app.text(part, size, colour)
            surface.blit(img, (x, y))
            y += f.get_linesize()
        return y
