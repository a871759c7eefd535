"""The result screen's part about the player's record, after a game against the computer that
counted (game/scenes/board/table.py, count_result): what the game changed ("You beat level 6
(≈1450); your estimate 1380 → 1412"), the results at that level, and after a run of wins
(player_record.STREAK_FOR_NEXT) a button offering the next level. The screen's own Rematch keeps
the focus: the offer is never the default.
"""

from __future__ import annotations

import pygame

from game.ai.levels import LEVEL_NAMES
from game.scenes.screens.record_text import next_text, outcome_text, tally_text
from game.scenes.widgets import Button, fit_text
from game.sprites import theme


class ResultRecord:
    """board: the BoardScene; its table's `outcome` (None: the game did not count)."""

    def __init__(self, app, board):
        self.app = app
        self.outcome = getattr(board.table, "outcome", None)
        self.next_btn = None
        out = self.outcome
        if out is not None and out.offer_next:
            level = out.level + 1
            self.next_btn = Button(app, lambda: next_text(level, LEVEL_NAMES[level], app.lang), board.table.next_level)

    @property
    def buttons(self) -> list:
        return [] if self.next_btn is None else [self.next_btn]

    def lines(self, lang: str) -> list[str]:
        out = self.outcome
        if out is None:
            return []
        return [text for text in (outcome_text(out, lang), tally_text(out.tally, lang, out.level)) if text]

    def height(self, s: float) -> int:
        """The room it needs in the box (design sizes scaled by s)."""
        n = len(self.lines(self.app.lang))
        room = n * theme.px(28, s) + (theme.px(8, s) if n else 0)
        return room + (self.row_height(s) if self.next_btn is not None else 0)

    @staticmethod
    def row_height(s: float) -> int:
        return theme.px(52 + 14, s)

    def layout(self, box: pygame.Rect, buttons_y: int, s: float) -> None:
        """The offer's button on a row of its own above the screen's buttons."""
        if self.next_btn is None:
            return
        bh, gap = theme.px(52, s), theme.px(14, s)
        w = min(box.w - 2 * gap, max(box.w // 2, self.next_btn.needed_width(bh)))
        self.next_btn.rect = pygame.Rect(box.centerx - w // 2, buttons_y - gap - bh, w, bh)

    def draw(self, surface, box: pygame.Rect, s: float) -> None:
        """Its lines centred in `box` (as it pops in), just above the buttons: the bottom of the
        box holds the buttons (theme.px(24 + 52)), and the offer's row above them."""
        lines = self.lines(self.app.lang)
        y = box.bottom - theme.px(24 + 52 + 14, s) - len(lines) * theme.px(28, s)
        if self.next_btn is not None:
            y -= self.row_height(s) + theme.px(6, s)  # a little air above the offer's button
        for i, text in enumerate(lines):
            colour = theme.ACCENT if i == 0 else theme.TEXT_DIM
            img = fit_text(self.app, text, theme.px(21 if i == 0 else 18, s), colour, box.w - 30)
            surface.blit(img, img.get_rect(midtop=(box.centerx, y)))
            y += theme.px(28, s)
