"""A tall page scrolled inside a view rectangle: the keys, the mouse wheel, a scroll bar that can be
dragged or clicked, the easing toward where it is going, and the frame around it (title, panel,
Back button, the keys' hint). The rules screen and the About screen are such pages."""

from __future__ import annotations

from typing import Any

import pygame

from game.sprites import theme


class ScrollingPage:
    """Mixin for a scene whose content (`height` pixels) scrolls inside `view` (a Rect): it keeps
    `scroll` (shown) and `target` (where it eases to), and `_drag` while the bar is dragged. The
    scene has `app` and a `back` button under the view."""

    app: Any
    back: Any
    view: pygame.Rect
    height: int
    scroll: float = 0.0
    target: float = 0.0
    _drag: tuple | None = None  # (mouse y, scroll) while the scroll bar is dragged

    def max_scroll(self) -> float:
        return max(0.0, self.height - self.view.h)

    def scroll_by(self, dy: float) -> None:
        self.target = max(0.0, min(self.max_scroll(), self.target + dy))

    def scroll_to_top(self) -> None:
        self.scroll = self.target = 0.0

    def clamp_scroll(self) -> None:
        """After the page or the view changed size."""
        self.target = min(self.target, self.max_scroll())
        self.scroll = min(self.scroll, self.max_scroll())

    def _bar(self):
        """(track, thumb) rects of the scroll bar, or None when everything fits."""
        if self.height <= self.view.h:
            return None
        track = pygame.Rect(self.view.right - 10, self.view.y + 6, 6, self.view.h - 12)
        th = max(24, int(track.h * self.view.h / self.height))
        ty = track.y + int((track.h - th) * (self.scroll / max(1.0, self.max_scroll())))
        return track, pygame.Rect(track.x, ty, track.w, th)

    def handle_scroll(self, event, line: float) -> bool:
        """Up/Down a line, PgUp/PgDn or Space (Shift+Space up) a page, Home/End, the wheel three
        lines, the bar; True when the event was one of these."""
        page = max(line, self.view.h - line * 2)
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_UP, pygame.K_DOWN):
                self.scroll_by(line * (1 if k == pygame.K_DOWN else -1))
            elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_SPACE):
                down = k != pygame.K_PAGEUP and not (k == pygame.K_SPACE and event.mod & pygame.KMOD_SHIFT)
                self.scroll_by(page * (1 if down else -1))
            elif k == pygame.K_HOME:
                self.target = 0.0
            elif k == pygame.K_END:
                self.target = self.max_scroll()
            else:
                return False
            return True
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * line * 3)
            return True
        bar = self._bar()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and bar:
            track, thumb = bar
            if track.inflate(14, 0).collidepoint(event.pos):
                if not thumb.collidepoint(event.pos):  # jump to where the track was clicked
                    k = (event.pos[1] - track.y - thumb.h / 2) / max(1, track.h - thumb.h)
                    self.target = self.scroll = max(0.0, min(self.max_scroll(), k * self.max_scroll()))
                self._drag = (event.pos[1], self.scroll)
                return True
        if event.type == pygame.MOUSEMOTION and self._drag and bar:
            track, thumb = bar
            value = self._drag[1] + (event.pos[1] - self._drag[0]) * self.max_scroll() / max(1, track.h - thumb.h)
            self.target = self.scroll = max(0.0, min(self.max_scroll(), value))
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag:
            self._drag = None
            return True
        return False

    def ease_scroll(self, dt: float) -> None:
        diff = self.target - self.scroll
        self.scroll = self.target if abs(diff) < 0.5 else self.scroll + diff * min(1.0, dt * 14)

    def draw_scroll_bar(self, surface) -> None:
        bar = self._bar()
        if bar:
            pygame.draw.rect(surface, theme.BUTTON, bar[0], border_radius=3)
            pygame.draw.rect(surface, theme.ACCENT if self._drag else theme.TEXT_DIM, bar[1], border_radius=3)

    def draw_head(self, surface, title: str) -> float:
        """The page's background and title; returns the UI scale."""
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        surface.blit(theme.background((w, h)), (0, 0))
        img = self.app.text(title, theme.px(46, s), theme.ACCENT, serif=True)
        surface.blit(img, img.get_rect(midtop=(w // 2, theme.px(36, s))))
        return s

    def open_view(self, surface, s: float) -> tuple[pygame.Rect, int]:
        """The panel behind the view, and drawing clipped to the view: (the clip to restore, where
        the page's top is on the screen)."""
        theme.panel(surface, self.view.inflate(theme.px(16, s), theme.px(8, s)), radius=theme.px(14, s))
        clip = surface.get_clip()
        surface.set_clip(self.view)
        return clip, self.view.y + theme.px(10, s) - int(self.scroll)

    def close_view(self, surface, clip: pygame.Rect, hint: str, s: float) -> None:
        """The clip restored, then the scroll bar, the Back button and the keys' hint at the bottom."""
        surface.set_clip(clip)
        self.draw_scroll_bar(surface)
        self.back.draw(surface)
        w, h = surface.get_size()
        img = self.app.text(hint, theme.px(15, s), theme.TEXT_DIM)
        surface.blit(img, img.get_rect(midbottom=(w // 2, h - theme.px(8, s))))
