"""The result screen, drawn over the finished board: who won and why (in the game's own terms, from
view.result_text), the number of moves, and Rematch (sides swapped), Review (step through the game
move by move on the board), Menu. Esc closes it to look at the board.
"""

from __future__ import annotations

import math
import random
import re

import pygame

from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.registry import register
from game.scenes.screens.result_record import ResultRecord
from game.scenes.widgets import Button, FocusGroup, button_row, fit_text
from game.sprites import theme
from game.sprites.tween import Tween, ease_out_back

# The views' reasons begin with the outcome ("Draw: the same position...", "和棋：...") or end with it
# ("Black resigned: White wins", "白兵无路可走，和棋"); the title already says it, so it is cut.
_OUTCOME = re.compile(r"^(.+ (wins|loses)|[Dd]raw|和棋|.+(?<!未分)胜|.+(?<!未分胜)负)$")


def reason_line(text: str) -> str:
    """The reason for the end without the outcome, which the title says."""
    for sep in ("：", ": "):
        head, found, tail = text.partition(sep)
        if found and _OUTCOME.match(head.strip()):
            tail = tail.strip()
            return tail[:1].upper() + tail[1:]
    for sep in ("，", ": "):
        head, found, tail = text.rpartition(sep)
        if found and _OUTCOME.match(tail.strip()):
            return head.strip()
    return text


def plies_text(n: int, lang: str) -> str:
    """The length of the game: n moves and rounds, singular where it is one."""
    if n in (1, 2):
        return tr(f"result.plies_{n}", lang)
    return tr("result.plies", lang, n=n, m=(n + 1) // 2)


@register("result")
class ResultScene(Scene):
    overlay = True

    def __init__(self, app, board):
        super().__init__(app)
        self.board = board
        t = lambda key: lambda: tr(key, app.lang)  # noqa: E731
        label = t("result.rematch_swapped" if board.mode == "computer" else "result.rematch")
        self.rematch_btn = Button(
            app,
            lambda: tr("result.accept_rematch", app.lang) if self.asked else label(),
            self.rematch,
            style="primary",
            enabled=board.table.can_rematch,
        )
        self.review_btn = Button(app, t("result.review"), self.review)
        self.analyse_btn = Button(app, t("result.analyse"), self.analyse)
        self.menu_btn = Button(app, t("result.menu"), app.back_to_menu, shortcut="Esc")
        # a network opponent's rematch offer: Accept (the rematch button) or Decline, the default
        self.decline_btn = Button(app, t("result.decline_rematch"), lambda: board.table.answer_rematch(False))
        self.asked = False
        self.buttons = [self.rematch_btn, self.review_btn, self.analyse_btn, self.menu_btn]
        self.focus = FocusGroup(self.buttons)
        self.focus.focus(self.rematch_btn)
        self.record = ResultRecord(app, board)  # a game against the computer: the player's record
        if self.record.buttons:  # (first: its row is above the others; Rematch keeps the focus)
            self.buttons[:0] = self.record.buttons
            self.focus = FocusGroup(self.buttons)
            self.focus.focus(self.rematch_btn)
        self.pop_in = Tween(0.0, 1.0, 0.35, ease_out_back)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.confetti = []
        r = board.result()
        won = (
            r is not None
            and r.winner is not None
            and (board.mode != "computer" or board.winner_seat() == board.human_seat)
        )
        if won:  # a little celebration for a win
            rng = random.Random()
            w, h = app.size
            colours = [theme.ACCENT, theme.TARGET, theme.MOVABLE, theme.HINT, theme.SELECTED, (240, 240, 240)]
            self.confetti = [
                [
                    rng.uniform(0, w),
                    rng.uniform(-h * 0.6, 0),
                    rng.uniform(-60, 60),
                    rng.uniform(60, 180),
                    rng.uniform(0, 6.28),
                    rng.uniform(-6, 6),
                    rng.choice(colours),
                ]
                for _ in range(90)
            ]

    def title(self) -> str:
        return self.board.table.result_title()

    def rematch(self) -> None:
        self.board.table.rematch()

    def review(self) -> None:
        self.app.pop()
        self.board.start_review(0)

    def analyse(self) -> None:
        """Look back at the game while every position is evaluated: marks and a graph appear."""
        self.review()
        self.board.game_review.start()

    def _ask(self, asked: bool) -> None:
        """Show or hide the answer to the other player's rematch offer."""
        self.asked = asked
        # gold marks what Enter does (as in a Dialog): Decline while asked
        self.rematch_btn.style, self.decline_btn.style = ("normal", "primary") if asked else ("primary", "normal")
        self.buttons = [self.rematch_btn] + ([self.decline_btn] if asked else []) + self.buttons[-3:]
        self.focus = FocusGroup(self.buttons)
        self.on_resize(self.app.size)
        self.focus.focus(self.decline_btn if asked else self.rematch_btn)

    def on_resize(self, size) -> None:
        s = theme.ui_scale(size)
        self.s = s
        w = min(theme.px(760, s), int(size[0] * 0.94))
        h = theme.px(300, s) + self.record.height(s)
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = (size[0] // 2, size[1] // 2)
        gap = theme.px(14, s)
        bh = theme.px(52, s)
        # "Rematch (sides swapped)" is longer than Review and Menu: widths follow the texts
        row = [b for b in self.buttons if b not in self.record.buttons]
        button_row(row, self.box.x + gap, self.box.bottom - bh - theme.px(24, s), w - 2 * gap, bh, gap)
        self.record.layout(self.box, self.box.bottom - bh - theme.px(24, s), s)

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.app.pop()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus.move(-1 if event.key == pygame.K_LEFT else 1)
                return
            self.focus.handle_event(event)
            return
        for b in self.buttons:
            if b.handle_event(event):
                return

    def update(self, dt: float) -> None:
        if self.board.table.rematch_asked() != self.asked:
            self._ask(not self.asked)
        self.pop_in.update(dt)
        h = self.app.size[1]
        for c in self.confetti:
            c[0] += c[2] * dt
            c[1] += c[3] * dt
            c[3] = min(260.0, c[3] + 40 * dt)
            c[4] += c[5] * dt
        self.confetti = [c for c in self.confetti if c[1] < h + 20]

    def draw(self, surface) -> None:
        s = self.s
        size = max(3, theme.px(7, s))
        for x, y, _, _, angle, _, colour in self.confetti:
            dx = abs(math.cos(angle)) * size + 1  # a spinning paper strip
            pygame.draw.rect(surface, colour, (int(x), int(y), int(dx), size // 2 + 2))
        k = self.pop_in.value
        box = self.box.inflate(int(self.box.w * (k - 1) * 0.2), int(self.box.h * (k - 1) * 0.2))
        theme.panel(surface, box, radius=theme.px(18, s), edge=theme.ACCENT, width=3)
        self.record.draw(surface, box, s)
        lang = self.app.lang
        b = self.board
        y = box.y + theme.px(28, s)
        title = self.app.text(self.title(), theme.px(46, s), theme.ACCENT, serif=True)
        surface.blit(title, title.get_rect(midtop=(box.centerx, y)))
        y += title.get_height() + theme.px(12, s)
        r = b.result()
        if r is not None:
            why = fit_text(
                self.app, reason_line(b.clocks.result_text(r, lang)), theme.px(22, s), theme.TEXT, box.w - 30
            )
            surface.blit(why, why.get_rect(midtop=(box.centerx, y)))
            y += why.get_height() + theme.px(10, s)
        n = len(b.moves)
        count = self.app.text(plies_text(n, lang), theme.px(18, s), theme.TEXT_DIM)
        surface.blit(count, count.get_rect(midtop=(box.centerx, y)))
        y += count.get_height() + theme.px(8, s)
        line = b.table.rematch_line(lang)  # a network rematch: asked, waiting, starting, offline
        if line:
            img = fit_text(self.app, line, theme.px(19, s), theme.ACCENT, box.w - 30)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
        if k >= 0.99:
            for btn in self.buttons:
                btn.draw(surface)
