"""The base of every widget (Widget) and the click test the widgets share (clicked).

A widget gets the app (for text rendering, sounds, language), has a `rect` that its scene sets in
its layout step, handles events (handle_event -> True when used) and draws itself.
"""

from __future__ import annotations

import pygame

from game.scenes.widgets.text_layout import font_px
from game.sprites import theme


class Widget:
    focusable = True

    def __init__(self, app):
        self.app = app
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.visible = True
        self.focused = False
        self.hover = False
        self._enabled = True
        self.font_size = None  # None: from the window size

    # enabled may be a bool or a callable
    @property
    def enabled(self) -> bool:
        e = self._enabled
        return bool(e() if callable(e) else e)

    @enabled.setter
    def enabled(self, value) -> None:
        self._enabled = value

    @property
    def size(self) -> int:
        return self.font_size or font_px(self.app)

    def live(self) -> bool:
        return self.visible and self.rect.w > 0

    def track_hover(self, event) -> None:
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.rect.collidepoint(event.pos)

    def handle_event(self, event) -> bool:
        return False

    def activate(self) -> None:
        """Enter / Space while focused."""

    def adjust(self, direction: int) -> bool:
        """Left (-1) / Right (+1) while focused. True if used."""
        return False

    def update(self, dt: float) -> None:
        pass

    def draw(self, surface) -> None:
        pass

    def draw_focus(self, surface, rect=None) -> None:
        if self.focused:
            r = (rect or self.rect).inflate(6, 6)
            pygame.draw.rect(surface, theme.ACCENT, r, 2, border_radius=10)


def padding(h: int) -> int:
    """Room kept free at each end of a text in a button or segment of height h, so that a label
    never touches the edges."""
    return max(5, h // 5)


def clicked(widget, event) -> bool:
    """Left button released over the widget, after being pressed over it (or a test posted only
    the release)."""
    if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and widget.rect.collidepoint(event.pos):
        widget._pressed = True
        return False
    if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
        was = getattr(widget, "_pressed", True)
        widget._pressed = False
        return was and widget.rect.collidepoint(event.pos)
    return False
