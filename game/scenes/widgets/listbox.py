"""ListBox: a scrolling list of rows with keyboard and mouse selection."""

from __future__ import annotations

import pygame

from game.scenes.widgets.base import Widget
from game.scenes.widgets.text_layout import text_of
from game.sprites import theme


class ListBox(Widget):
    """A scrolling list of rows. on_select(index) on a click or arrow key, on_activate(index) on
    a double click or Enter. items: list of str (or callables)."""

    def __init__(self, app, items, on_activate=None, on_select=None, row_base=30):
        super().__init__(app)
        self.items = list(items)
        self.on_activate, self.on_select = on_activate, on_select
        self.selected = 0 if self.items else -1
        self.scroll = 0
        self.row_base = row_base
        self._last_click = (-1, -10_000)

    @property
    def row_h(self) -> int:
        return theme.px(self.row_base, theme.ui_scale(self.app.size))

    def visible_rows(self) -> int:
        return max(1, self.rect.h // self.row_h)

    def set_items(self, items) -> None:
        self.items = list(items)
        self.selected = min(self.selected, len(self.items) - 1) if self.items else -1
        if self.items and self.selected < 0:
            self.selected = 0
        self.scroll = max(0, min(self.scroll, len(self.items) - self.visible_rows()))

    def _select(self, i) -> None:
        if not self.items:
            return
        i = max(0, min(len(self.items) - 1, i))
        self.selected = i
        if i < self.scroll:
            self.scroll = i
        elif i >= self.scroll + self.visible_rows():
            self.scroll = i - self.visible_rows() + 1
        if self.on_select:
            self.on_select(i)

    def handle_event(self, event) -> bool:
        if not self.live():
            return False
        self.track_hover(event)
        if event.type == pygame.MOUSEWHEEL and self.hover:
            self.scroll = max(0, min(len(self.items) - self.visible_rows(), self.scroll - event.y))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self.rect.collidepoint(event.pos):
            i = self.scroll + (event.pos[1] - self.rect.y) // self.row_h
            if 0 <= i < len(self.items):
                now = pygame.time.get_ticks()
                double = self._last_click[0] == i and now - self._last_click[1] < 400
                self._last_click = (i, now)
                self._select(i)
                if double:
                    self.activate()
            return True
        if event.type == pygame.KEYDOWN and self.focused:
            if event.key == pygame.K_UP:
                self._select(self.selected - 1)
                return True
            if event.key == pygame.K_DOWN:
                self._select(self.selected + 1)
                return True
            if event.key == pygame.K_PAGEUP:
                self._select(self.selected - self.visible_rows())
                return True
            if event.key == pygame.K_PAGEDOWN:
                self._select(self.selected + self.visible_rows())
                return True
        return False

    def activate(self) -> None:
        if self.on_activate and 0 <= self.selected < len(self.items):
            self.on_activate(self.selected)

    def draw(self, surface) -> None:
        if not self.live():
            return
        pygame.draw.rect(surface, (26, 28, 36), self.rect, border_radius=8)
        pygame.draw.rect(surface, theme.ACCENT if self.focused else theme.PANEL_EDGE, self.rect, 1, border_radius=8)
        rh = self.row_h
        clip = surface.get_clip()
        surface.set_clip(self.rect.inflate(-2, -2))
        for row in range(self.visible_rows() + 1):
            i = self.scroll + row
            if i >= len(self.items):
                break
            r = pygame.Rect(self.rect.x + 4, self.rect.y + row * rh, self.rect.w - 8, rh)
            if i == self.selected:
                pygame.draw.rect(surface, theme.BUTTON_HOVER, r, border_radius=6)
                pygame.draw.rect(surface, theme.ACCENT, (r.x, r.y + 4, 4, r.h - 8))
            img = self.app.text(text_of(self.items[i]), int(rh * 0.6), theme.TEXT)
            surface.blit(img, img.get_rect(midleft=(r.x + 12, r.centery)))
        surface.set_clip(clip)
        if len(self.items) > self.visible_rows():  # scroll bar
            k0 = self.scroll / len(self.items)
            k1 = min(1.0, (self.scroll + self.visible_rows()) / len(self.items))
            bar = pygame.Rect(
                self.rect.right - 6, self.rect.y + int(self.rect.h * k0), 4, max(8, int(self.rect.h * (k1 - k0)))
            )
            pygame.draw.rect(surface, theme.TEXT_DIM, bar, border_radius=2)
