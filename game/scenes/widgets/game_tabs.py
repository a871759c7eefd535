"""A row of tabs, one per game, for the screens that show something of each game in turn (the
rules, the lessons). The chosen tab is filled and underlined; Tab / Shift+Tab (and, where the
screen has no other use for them, Left / Right) step through the games, 1-3 choose one."""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.scenes.widgets import Button
from game.sprites import theme


class GameTabs:
    def __init__(self, app, names, on_pick, title_key=None):
        """title_key(game): the text key of a tab's label (default "games.<game>"; the rules
        screen names a draughts variant there)."""
        self.names = list(names)
        key = title_key or (lambda g: f"games.{g}")
        self.buttons = [Button(app, (lambda g=g: tr(key(g), app.lang)), (lambda g=g: on_pick(g))) for g in self.names]
        for b in self.buttons:
            b.focusable = False  # the tabs have their own keys; the focus stays on the screen's buttons

    def __getitem__(self, i: int) -> Button:
        return self.buttons[i]

    def place(self, left: int, top: int, width: int, height: int, gap: int) -> None:
        tw = (width - gap * (len(self.buttons) - 1)) // len(self.buttons)
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(left + i * (tw + gap), top, tw, height)

    def handle_event(self, event) -> bool:
        return any(b.handle_event(event) for b in self.buttons)

    def key_pick(self, event, chosen: str, arrows: bool = False) -> str | None:
        """The game a key press chooses (None: not a tab key)."""
        k = event.key
        if k == pygame.K_TAB or (arrows and k in (pygame.K_LEFT, pygame.K_RIGHT)):
            back = k == pygame.K_LEFT or (k == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT)
            return self.names[(self.names.index(chosen) + (-1 if back else 1)) % len(self.names)]
        if pygame.K_1 <= k < pygame.K_1 + len(self.names):
            return self.names[k - pygame.K_1]
        return None

    def draw(self, surface, chosen: str) -> None:
        for g, b in zip(self.names, self.buttons):
            b.style = "primary" if g == chosen else "normal"
            b.draw(surface)
            if g == chosen:  # a bar under the chosen tab as well as its colour
                pygame.draw.rect(surface, theme.TEXT, (b.rect.x + 12, b.rect.bottom - 5, b.rect.w - 24, 3))
