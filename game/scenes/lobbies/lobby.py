"""What every network screen shares: the column screen (Lobby), the saved game a new one would
replace, and the hand-over to the board. The LAN screens (network.py), the online ones
(online.py) and the two sides of an offer (offer.py) import this module; none of them imports
another screen's module: a screen opens another by name (app.open, game.scenes.registry)."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.net import saves
from game.scenes.base import Scene
from game.scenes.board.net_table import open_net_board
from game.scenes.widgets import FocusGroup
from game.sprites import theme


def unfinished(role: str, online: bool = False) -> tuple[str, int] | None:
    """(game name, moves played) of the saved network game of this role ("host" or "guest"; the
    online games' own files with online) that a new one would replace, or None (none saved,
    finished, or no move played yet)."""
    found = saves.read(role, online=online)
    if found is None or found[0].result() is not None or not found[0].ply:
        return None
    return found[0].name, found[0].ply


def start_board(app, runner):
    """Replace every scene above the menu by the board of the runner's game."""
    return open_net_board(app, runner)


class Lobby(Scene):
    """A simple centred column screen: a title, text lines, widgets."""

    handed_over = False

    def __init__(self, app, title_key):
        super().__init__(app)
        self.title_key = title_key
        self.widgets: list = []
        self.focus = FocusGroup()
        self.s = 1.0

    def lines(self) -> list:
        """The text under the title: strings, or (text, colour, size) tuples."""
        return []

    def set_widgets(self, widgets) -> None:
        self.widgets = list(widgets)
        self.focus = FocusGroup(self.widgets)
        self.on_resize(self.app.size)

    def layout_widgets(self, widgets, x, y, w) -> int:
        s = self.s
        row_h, gap = theme.px(50, s), theme.px(12, s)
        for wdg in widgets:
            wdg.rect = pygame.Rect(x, y, w, row_h)
            y += row_h + gap
        return y

    def on_resize(self, size) -> None:
        w, h = size
        self.s = theme.ui_scale(size)
        col_w = min(theme.px(820, self.s), int(w * 0.86))
        self.col = pygame.Rect(w // 2 - col_w // 2, 0, col_w, h)
        self.text_y = theme.px(120, self.s)
        heights = [max(34, (line[2] if isinstance(line, tuple) else 22) * 1.5) for line in self.lines()]
        y = self.text_y + theme.px(sum(heights), self.s) + theme.px(20, self.s)
        self.layout_widgets([wdg for wdg in self.widgets if wdg.visible], self.col.x, y, col_w)
        if self.focus.current() is None:
            items = self.focus.focusable()
            if items:
                self.focus.focus(items[0])

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.back()
                return
            if self.focus.handle_event(event):
                return
        for wdg in self.widgets:
            if wdg.visible and wdg.handle_event(event):
                return

    def back(self) -> None:
        self.app.pop()

    def update(self, dt: float) -> None:
        for wdg in self.widgets:
            wdg.update(dt)

    def draw(self, surface) -> None:
        w, h = surface.get_size()
        s = self.s
        surface.blit(theme.background((w, h)), (0, 0))
        title = self.app.text(tr(self.title_key, self.app.lang), theme.px(40, s), theme.ACCENT, serif=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, theme.px(40, s))))
        y = self.text_y
        for line in self.lines():
            text, colour, size = line if isinstance(line, tuple) else (line, theme.TEXT, 22)
            if text:
                img = self.app.text(text, theme.px(size, s), colour)
                if img.get_width() > self.col.w:
                    img = self.app.text(text, max(9, int(theme.px(size, s) * self.col.w / img.get_width())), colour)
                surface.blit(img, img.get_rect(midtop=(w // 2, y)))
            y += theme.px(max(34, size * 1.5), s)
        for wdg in self.widgets:
            if wdg.visible:
                wdg.draw(surface)
