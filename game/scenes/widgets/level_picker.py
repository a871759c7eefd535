"""A row that picks one of the ten levels (game.ai.levels) with arrows rather than ten buttons, which
would not leave room for the level's name and rating at 1024x640 (the new-game setup, the draughts
position editor):

    Difficulty                    ‹   6 · Intermediate · ≈1450   ›
    Your estimate 1380 · 12 games     You: 3 won · 1 drawn · 2 lost

The label column may carry a second, dimmer line (the player's estimate), and so may the level
(the player's results against it). Left/Right (or the arrows, or the wheel) step a level; the row
stops at 1 and 10 rather than wrapping from the easiest to the strongest.
"""

from __future__ import annotations

from collections.abc import Callable

import pygame

from game.ai.levels import LEVEL_NUMBERS, parse_level
from game.scenes.widgets.base import Widget, clicked
from game.scenes.widgets.text_layout import blit_letters, ellipsize, fit_text, label_lines, letters_height, text_of
from game.sprites import theme

GAP = 4  # as between a Choice's segments


class LevelPicker(Widget):
    """label: text or callable; note(): the label's second line ("" for none); texts(level) ->
    (the level's line, its second line or "")."""

    def __init__(
        self,
        app,
        label,
        value,
        on_change,
        texts: Callable[[int], tuple[str, str]],
        note: Callable[[], str] = lambda: "",
        label_width: float = 0.36,
    ):
        super().__init__(app)
        self.label, self.on_change, self.texts, self.note = label, on_change, texts, note
        self.label_width = label_width
        self.value = _level_or(value, LEVEL_NUMBERS[0])

    # ---- geometry -----------------------------------------------------------------------------
    def arrows(self) -> tuple[pygame.Rect, pygame.Rect, pygame.Rect]:
        """(the left arrow, the level's box, the right arrow)."""
        lw = int(self.rect.w * self.label_width) if self.label else 0
        h = self.rect.h
        aw = max(h, int(h * 1.1))
        left = pygame.Rect(self.rect.x + lw, self.rect.y, aw, h)
        right = pygame.Rect(self.rect.right - GAP - aw, self.rect.y, aw, h)  # ends where a Choice's does
        middle = pygame.Rect(left.right + 4, self.rect.y, max(1, right.x - left.right - 8), h)
        return left, middle, right

    # ---- input --------------------------------------------------------------------------------
    def set(self, value) -> None:
        value = _level_or(value, self.value)
        if value != self.value:
            self.value = value
            self.app.sounds.play("click")
            self.on_change(value)

    def adjust(self, direction: int) -> bool:
        if not self.enabled:
            return False
        target = min(LEVEL_NUMBERS[-1], max(LEVEL_NUMBERS[0], self.value + direction))
        if target == self.value:
            self.app.sounds.play("illegal")
        self.set(target)
        return True

    def handle_event(self, event) -> bool:
        if not self.live() or not self.enabled:
            return False
        self.track_hover(event)
        if event.type == pygame.MOUSEWHEEL and self.hover:
            return self.adjust(1 if event.y > 0 else -1) if event.y else False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(event, "button", 0) == 1:
            left, _, right = self.arrows()
            if clicked(self, event):
                if left.collidepoint(event.pos):
                    return self.adjust(-1)
                if right.collidepoint(event.pos):
                    return self.adjust(1)
            return self.rect.collidepoint(event.pos)
        return False

    # ---- drawing ------------------------------------------------------------------------------
    def draw(self, surface) -> None:
        if not self.live():
            return
        enabled = self.enabled
        left, middle, right = self.arrows()
        size = self.size
        small = max(10, int(size * 0.8))
        two_lines = self.rect.h >= int((size + small) * 0.9)  # room for a second line under each text
        if self.label:
            colour = theme.TEXT if enabled else theme.TEXT_DIM
            lw = left.x - self.rect.x - 16
            note = text_of(self.note)
            lines = label_lines(self.app, text_of(self.label), size, colour, lw, max_lines=1 if note else 2)
            if note and two_lines:
                lines.append(fit_text(self.app, note, small, theme.TEXT_DIM, lw, min_size=8))
            block = _stack(surface, lines, (self.rect.x + 8, self.rect.centery), "left")
            if note and not two_lines:  # a row squeezed to one line: the note after the label
                room = lw - block.w - 12
                img = fit_text(self.app, note, small, theme.TEXT_DIM, room, min_size=9)
                if img.get_width() <= room:
                    surface.blit(img, img.get_rect(midleft=(block.right + 12, self.rect.centery)))
        radius = max(4, self.rect.h // 4)
        for rect, direction, at_end in ((left, "left", LEVEL_NUMBERS[0]), (right, "right", LEVEL_NUMBERS[-1])):
            live = enabled and self.value != at_end
            pygame.draw.rect(surface, theme.BUTTON if live else theme.BUTTON_DISABLED, rect, border_radius=radius)
            theme.triangle(surface, theme.TEXT if live else theme.TEXT_DIM, rect.center, rect.h * 0.2, direction)
        pygame.draw.rect(surface, theme.ACCENT if enabled else theme.ACCENT_DARK, middle, border_radius=radius)
        pygame.draw.rect(surface, theme.TEXT, middle, 2, border_radius=radius)
        main, sub = self.texts(self.value)
        sub = sub if two_lines else ""
        fg = theme.TEXT_DARK
        room = middle.w - 2 * max(5, middle.h // 5)
        top_size = min(size, int(self.rect.h * (0.46 if sub else 0.5)))
        small = min(small, top_size)
        while True:  # both lines inside the button's border: shrink the second line first
            top = fit_text(self.app, main, top_size, fg, room, min_size=9)
            if top.get_width() > room:
                top = ellipsize(self.app, main, 9, fg, room)
            lines = [top]
            if sub:
                lines.append(fit_text(self.app, sub, small, theme.mix(fg, theme.ACCENT, 0.35), room, min_size=8))
            if letters_height(lines) <= middle.h - 4 or top_size <= 9:
                break
            if small > max(12, int(top_size * 0.7)):
                small -= 1
            else:
                top_size, small = top_size - 1, max(8, small - 1)
        blit_letters(surface, lines, middle.center)
        self.draw_focus(surface)


def _level_or(value, default: int) -> int:
    try:
        return parse_level(value)
    except ValueError:
        return default


def _stack(surface, lines: list, anchor: tuple[int, int], align: str) -> pygame.Rect:
    """Lines one under the other (a font's line is taller than its letters: 0.88 of it apart), the
    block centred on anchor's y; x: the left edge (align "left") or the centre. Returns the block."""
    steps = [int(img.get_height() * 0.88) for img in lines]
    height = sum(steps[:-1]) + lines[-1].get_height()
    y = anchor[1] - height // 2
    width = max(img.get_width() for img in lines)
    block = pygame.Rect(anchor[0] - (width // 2 if align == "center" else 0), y, width, height)
    for img, step in zip(lines, steps):
        rect = img.get_rect(top=y)
        if align == "center":
            rect.centerx = anchor[0]
        else:
            rect.x = anchor[0]
        surface.blit(img, rect)
        y += step
    return block
