"""FormScene: the base of the scenes that are a form of widgets: the new-game setup, the draughts
position editor, the Banqi real-board assistant and the settings.

It routes the events the same way for all of them:
- pre_event(event) first (a click on the editor's board, the computer's answer, ...);
- then the text fields (self.fields), which take the keyboard while they have the focus;
- keys: Esc -> go_back(); Enter -> submit() unless a button has the focus (then Enter presses it);
  then the scene's own shortcut(event); then Tab / Up / Down move the focus, Left / Right change
  the focused choice or slider (FocusGroup);
- other events (the mouse) go to the widgets in order until one uses them.
Text fields are reached by a click, not by Tab, so that the arrow keys keep moving through the
choices of the form.

The layout helpers (stack, spread) and drawing helpers (draw_backdrop, draw_line,
draw_board_hover) are what those scenes used to repeat.
"""

from __future__ import annotations

import pygame

from game.scenes.base import Scene
from game.scenes.widgets import Button, FocusGroup
from game.scenes.widgets.text_layout import fit_text
from game.sprites import theme

ENTER = (pygame.K_RETURN, pygame.K_KP_ENTER)


def stack(widgets, x: int, y: int, width: int, row_h: int, gap: int) -> int:
    """Place `widgets` one under the other, full width; the y below the last."""
    for wdg in widgets:
        wdg.rect = pygame.Rect(x, y, width, row_h)
        y += row_h + gap
    return y


def spread(widgets, x: int, y: int, width: int, h: int, gap: int) -> None:
    """Place `widgets` side by side, of equal width, filling `width`."""
    widgets = [w for w in widgets if w is not None]
    if not widgets:
        return
    bw = (width - (len(widgets) - 1) * gap) // len(widgets)
    for i, wdg in enumerate(widgets):
        wdg.rect = pygame.Rect(x + i * (bw + gap), y, bw, h)


class FormScene(Scene):
    #: True: a widget that takes a mouse press also takes the keyboard focus (settings). The setup
    #: keeps Enter on its Start button however the mouse went.
    focus_on_click = False

    def __init__(self, app):
        super().__init__(app)
        self.widgets: list = []
        self.fields: list = []
        self.focus = FocusGroup()
        self.s = 1.0

    def set_widgets(self, widgets, fields=()) -> None:
        """The form's widgets, in focus order; `fields` are its text fields among them."""
        self.widgets = list(widgets)
        self.fields = list(fields)
        self.focus = FocusGroup([w for w in self.widgets if not any(w is f for f in self.fields)])

    # ---- what a form does: the scenes override these ----------------------------------------------
    def submit(self) -> None:
        """Enter (outside a button and a text field)."""

    def go_back(self) -> None:
        """Esc."""
        self.app.pop()

    def pre_event(self, event) -> bool:
        """An event before the widgets see it; True when used."""
        return False

    def shortcut(self, event) -> bool:
        """A key the form left (not Esc, not Enter, not for a focused text field); True when used."""
        return False

    # ---- scene --------------------------------------------------------------------------------
    def handle_event(self, event) -> None:
        if self.pre_event(event):
            return
        for f in self.fields:
            if f.handle_event(event):
                return
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.go_back()
            elif event.key in ENTER and not isinstance(self.focus.current(), Button):
                self.submit()
            elif not self.shortcut(event):
                self.focus.handle_event(event)
            return
        for wdg in self.widgets:
            if not any(wdg is f for f in self.fields) and wdg.handle_event(event):
                if self.focus_on_click and event.type == pygame.MOUSEBUTTONDOWN:
                    self.focus.focus(wdg)
                return

    def update(self, dt: float) -> None:
        for wdg in self.widgets:
            wdg.update(dt)

    # ---- drawing helpers ----------------------------------------------------------------------
    def draw_backdrop(self, surface, title: str, size: int, top: int) -> None:
        """The background and the title centred at `top` (sizes in design pixels)."""
        w, h = surface.get_size()
        surface.blit(theme.background((w, h)), (0, 0))
        img = self.app.text(title, theme.px(size, self.s), theme.ACCENT, serif=True)
        surface.blit(img, img.get_rect(midtop=(w // 2, top)))

    def draw_line(self, surface, text: str, size: int, colour, width: int, **anchor):
        """One line of text, smaller when it would be wider than `width`, placed by a pygame.Rect
        anchor (topleft=..., midbottom=...); returns its rect."""
        img = fit_text(self.app, text, theme.px(size, self.s), colour, width)
        rect = img.get_rect(**anchor)
        surface.blit(img, rect)
        return rect

    @staticmethod
    def board_point(view, area, pos):
        """The board point under `pos`, or None."""
        return view.hit(pos) if area.collidepoint(pos) else None

    def draw_board_hover(self, surface, view, area, ghost) -> None:
        """A ring on the point under the mouse, and the piece `ghost(point)` (None: no piece) that
        a click would put there, see-through."""
        point = self.board_point(view, area, pygame.mouse.get_pos())
        if point is None:
            return
        xy = view.point_xy(point)
        code = ghost(point)
        if code is not None:
            view.draw_piece(surface, code, xy, alpha=110)
        pygame.draw.circle(surface, theme.ACCENT, xy, int(view.piece_radius() * 1.12), 2)
