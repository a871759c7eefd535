"""The new-game setup's picture of the board chosen: for a game whose view asks for one
(GameView.setup_picture, e.g. the palace family's one, two or four palaces), the start position of
the options chosen, drawn beside the choices (level with the rule options where there is room) and
redrawn as they change. The setup leaves room for it beside its column of choices (room()), places
it (place()) and draws it (draw()); for the other games it takes no room and draws nothing.
"""

from __future__ import annotations

import pygame

from game.scenes.views import VIEWS, setup_picture
from game.sprites import theme

#: the picture's side at 1280x800 at most, and the least side worth showing (smaller: none)
MAX_SIDE = 400
MIN_SIDE = 150


class SetupPicture:
    def __init__(self, app, game: str):
        self.app = app
        self.game = game
        self.wanted = bool(getattr(VIEWS.get(game), "setup_picture", False))
        self.rect = pygame.Rect(0, 0, 0, 0)  # where the picture is drawn (w 0: not shown)
        self.margin = 0
        self._cache: tuple = (None, None)

    def room(self, w: int, col_w: int, s: float) -> int:
        """The width to keep beside a column of `col_w` in a window `w` wide (its gap included):
        0 when the game has no picture or the window no room for one."""
        self.margin = theme.px(24, s)
        side = min(theme.px(MAX_SIDE, s), w - col_w - 3 * self.margin)
        return side + self.margin if self.wanted and side >= theme.px(MIN_SIDE, s) else 0

    def place(self, left: int, width: int, top: int, bottom: int, near: int, s: float) -> bool:
        """Put the picture in the room `width` wide from x `left` (the gap first), between `top`
        and `bottom`, centred on y `near` as far as that room allows; False (and not shown) when it
        would be too small to read."""
        side = min(width - self.margin, bottom - top)
        if not self.wanted or width <= 0 or side < theme.px(MIN_SIDE, s):
            self.rect = pygame.Rect(0, 0, 0, 0)
            return False
        y = max(top, min(bottom - side, near - side // 2))
        self.rect = pygame.Rect(left + self.margin + (width - self.margin - side) // 2, y, side, side)
        return True

    def frame(self, s: float) -> pygame.Rect:
        """The panel drawn around the picture (w 0 when none)."""
        if self.rect.w <= 0:
            return pygame.Rect(0, 0, 0, 0)
        return self.rect.inflate(theme.px(12, s), theme.px(12, s))

    def draw(self, surface, options: dict, lang: str, bottom_seat: int | None = None) -> None:
        """Draw the start of `options`, the side of `bottom_seat` (the player's, against the
        computer) at the bottom as the game will show it."""
        if self.rect.w <= 0:
            return
        key = (tuple(sorted(options.items())), self.rect.size, lang, bottom_seat)
        if self._cache[0] != key:
            self._cache = (key, setup_picture(self.game, options, self.rect.size, lang, bottom_seat))
        picture = self._cache[1]
        if picture is not None:
            s = theme.ui_scale(surface.get_size())
            theme.panel(surface, self.frame(s), radius=theme.px(12, s))
            surface.blit(picture, self.rect)
