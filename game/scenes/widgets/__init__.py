"""Widgets shared by every scene: buttons, toggles, choice selectors, sliders, keyboard focus, and
the dialog / confirm box. The toggles, choices and sliders (selectors.py), the text field
(textfield.py), the list box (listbox.py), the widget base (base.py) and the text helpers
(text_layout.py) live in their own modules and are re-exported here, so
`from game.scenes.widgets import TextInput` works. The package also holds the form base
(forms.py), the game tabs (game_tabs.py), the clipboard (clipboard.py) and the rows of a game's
rule options (rule_options.py).

A widget gets the app (for text rendering, sounds, language), has a `rect` that its scene sets in
its layout step, handles events (handle_event -> True when used) and draws itself. Texts may be a
str or a callable returning a str, so labels follow a language switch without rebuilding widgets:

    Button(app, lambda: tr("menu.quit", app.lang), app.quit)

FocusGroup gives a list of widgets keyboard navigation: Up/Down (or Tab) move the focus,
Left/Right change a choice or slider, Enter/Space activates.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.widgets.base import Widget, clicked, padding
from game.scenes.widgets.listbox import ListBox
from game.scenes.widgets.selectors import Choice, Slider, Toggle
from game.scenes.widgets.text_layout import blit_lines, ellipsize, fit_text, font_px, label_lines, text_of, wrap
from game.scenes.widgets.textfield import TextInput
from game.sprites import theme

__all__ = [
    "Button",
    "Choice",
    "Dialog",
    "FocusGroup",
    "ListBox",
    "Slider",
    "TextInput",
    "Toggle",
    "Widget",
    "arrow_icon",
    "blit_lines",
    "clicked",
    "confirm",
    "ellipsize",
    "fit_text",
    "font_px",
    "label_lines",
    "message",
    "button_row",
    "text_of",
    "wrap",
]


class Button(Widget):
    """A push button. style: "normal", "primary" (gold) or "danger". `icon(surface, rect, colour)`
    draws a symbol instead of or before the text; `shortcut` is a short key name shown dimmed."""

    def __init__(self, app, text, on_click, enabled=True, style="normal", icon=None, shortcut=None, sound="click"):
        super().__init__(app)
        self.text, self.on_click, self.style, self.icon = text, on_click, style, icon
        self.shortcut, self.sound = shortcut, sound
        self.enabled = enabled
        self._pressed = False

    def handle_event(self, event) -> bool:
        if not self.live():
            return False
        self.track_hover(event)
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP) and getattr(event, "button", 0) == 1:
            inside = self.rect.collidepoint(event.pos)
            if clicked(self, event):
                self.activate()
                return True
            return inside
        return False

    padding = staticmethod(padding)

    def label_size(self, h: int) -> int:
        return self.font_size or min(font_px(self.app), int(h * 0.5))

    def shortcut_size(self, size: int) -> int:
        """The shortcut's type: smaller than the label, never below the body size (a shortcut
        that does not fit beside the label is left out rather than shrunk)."""
        return max(int(size * 0.7), font_px(self.app, 16))

    def needed_width(self, h: int) -> int:
        """The width that shows the text (and the shortcut) at full size with padding, at height h."""
        size = self.label_size(h)
        w = self.app.text(text_of(self.text), size).get_width()
        if self.shortcut:
            w += 8 + self.app.text(self.shortcut, self.shortcut_size(size)).get_width()
        if self.icon is not None:
            w += int(h * 0.75)
        return w + 2 * self.padding(h)

    def activate(self) -> None:
        if not self.enabled:
            self.app.sounds.play("illegal")
            return
        if self.sound:
            self.app.sounds.play(self.sound)
        self.on_click()

    def draw(self, surface) -> None:
        if not self.live():
            return
        enabled = self.enabled
        if not enabled:
            bg = theme.BUTTON_DISABLED
        elif self._pressed and self.hover:
            bg = theme.BUTTON_DOWN
        elif self.style == "primary":
            bg = theme.ACCENT if not self.hover else theme.mix(theme.ACCENT, (255, 255, 255), 0.15)
        elif self.style == "danger":
            bg = theme.DANGER if not self.hover else theme.mix(theme.DANGER, (255, 255, 255), 0.15)
        else:
            bg = theme.BUTTON_HOVER if self.hover else theme.BUTTON
        radius = max(4, self.rect.h // 4)
        pygame.draw.rect(surface, bg, self.rect, border_radius=radius)
        edge = theme.ACCENT if self.hover and enabled else theme.PANEL_EDGE
        pygame.draw.rect(surface, edge, self.rect, 1, border_radius=radius)
        fg = theme.TEXT_DARK if self.style == "primary" and enabled else theme.TEXT if enabled else theme.TEXT_DIM
        label = text_of(self.text)
        size = self.label_size(self.rect.h)
        room = self.rect.w - 2 * self.padding(self.rect.h)
        x = self.rect.centerx
        img = self.app.text(label, size, fg) if label else None
        sc_colour = theme.ACCENT_DARK if self.style == "primary" and enabled else theme.TEXT_DIM
        sc = self.app.text(self.shortcut, self.shortcut_size(size), sc_colour) if self.shortcut else None
        if self.icon is not None:
            icon_w = int(self.rect.h * 0.5)
            total = icon_w + (img.get_width() + icon_w // 2 if img else 0)
            left = self.rect.centerx - total // 2
            self.icon(surface, pygame.Rect(left, self.rect.centery - icon_w // 2, icon_w, icon_w), fg)
            if img:
                surface.blit(img, img.get_rect(midleft=(left + icon_w + icon_w // 2, self.rect.centery)))
        elif img:
            if sc and img.get_width() + 8 + sc.get_width() <= room:
                total = img.get_width() + 8 + sc.get_width()
                left = x - total // 2
                surface.blit(img, img.get_rect(midleft=(left, self.rect.centery)))
                surface.blit(sc, sc.get_rect(midleft=(left + img.get_width() + 8, self.rect.centery + 1)))
            else:
                img = fit_text(self.app, label, size, fg, room, min_size=8)
                surface.blit(img, img.get_rect(center=self.rect.center))
        self.draw_focus(surface)


class FocusGroup:
    """Keyboard navigation over widgets (in order). Returns True from handle_event when used."""

    def __init__(self, widgets=()):
        self.widgets = list(widgets)
        self.index = -1

    def focusable(self) -> list:
        return [w for w in self.widgets if w.focusable and w.visible and w.rect.w > 0]

    def focus(self, widget) -> None:
        for w in self.widgets:
            w.focused = w is widget
        items = self.focusable()
        self.index = items.index(widget) if widget in items else -1

    def move(self, step: int) -> None:
        items = self.focusable()
        if not items:
            return
        cur = next((i for i, w in enumerate(items) if w.focused), -1)
        nxt = (cur + step) % len(items) if cur >= 0 else (0 if step > 0 else len(items) - 1)
        self.focus(items[nxt])

    def current(self):
        return next((w for w in self.focusable() if w.focused), None)

    def handle_event(self, event) -> bool:
        if event.type != pygame.KEYDOWN:
            return False
        cur = self.current()
        if isinstance(cur, TextInput) and event.key not in (pygame.K_TAB, pygame.K_UP, pygame.K_DOWN):
            return False
        if event.key in (pygame.K_DOWN, pygame.K_TAB) and not (
            event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT
        ):
            if isinstance(cur, ListBox) and event.key == pygame.K_DOWN:
                return False
            self.move(1)
            return True
        if event.key == pygame.K_UP or (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
            if isinstance(cur, ListBox) and event.key == pygame.K_UP:
                return False
            self.move(-1)
            return True
        if cur is None:
            return False
        if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
            return cur.adjust(-1 if event.key == pygame.K_LEFT else 1)
        if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER, pygame.K_SPACE):
            cur.activate()
            return True
        return False


def button_row(buttons, x: int, y: int, width: int, h: int, gap: int) -> None:
    """Place `buttons` side by side in `width`: each as wide as its text needs (Button.needed_width)
    plus an equal share of the room left; when the texts need more than there is, in proportion."""
    buttons = [b for b in buttons if b is not None]
    if not buttons:
        return
    room = width - gap * (len(buttons) - 1)
    needs = [b.needed_width(h) for b in buttons]
    extra = room - sum(needs)
    if extra >= 0:
        widths = [n + extra // len(buttons) for n in needs]
    else:
        widths = [room * n // sum(needs) for n in needs]
    for b, w in zip(buttons, widths):
        b.rect = pygame.Rect(x, y, w, h)
        x += w + gap


def arrow_icon(direction):
    """An icon drawer for Button: a triangle pointing `direction`."""

    def draw(surface, rect, colour):
        theme.triangle(surface, colour, rect.center, rect.w * 0.45, direction)

    return draw


class Dialog(Scene):
    """A modal box over the current scene: a title, message lines and buttons.

    buttons: [(text, callback or None)]; the dialog closes itself before calling the callback.
    `cancel` (an index into buttons, default the last) is the safe answer: it has the focus at
    first, so Enter picks it, and Esc and a click outside the box pick it too. It is drawn gold,
    so what Enter does is what stands out; the arrows move the focus to another answer.
    """

    overlay = True

    def __init__(self, app, title, lines=(), buttons=None, cancel=None):
        super().__init__(app)
        self.title = title
        self.lines = list(lines)
        buttons = buttons or [(lambda: tr("ui.ok", app.lang), None)]
        self.cancel_index = len(buttons) - 1 if cancel is None else cancel
        self.buttons = [
            Button(app, text, self._closer(cb), style="primary" if i == self.cancel_index else "normal")
            for i, (text, cb) in enumerate(buttons)
        ]
        self.focus = FocusGroup(self.buttons)
        self.box = pygame.Rect(0, 0, 0, 0)
        self.closed = False

    def _closer(self, callback):
        def run():
            self.close()
            if callback:
                callback()

        return run

    def close(self) -> None:
        if not self.closed and self.app.top is self:
            self.closed = True
            self.app.pop()

    def _wrapped(self, line, s, width) -> list:
        return wrap(text_of(line), self.app.font(theme.px(21, s)), width - 30)

    def on_resize(self, size) -> None:
        s = theme.ui_scale(size)
        w = theme.px(560, s)
        title_h = theme.px(48, s)
        line_h = theme.px(30, s)
        bh = theme.px(48, s)
        rows = sum(len(self._wrapped(line, s, w)) for line in self.lines)  # lines wrap, never shrink
        h = theme.px(40, s) + title_h + line_h * rows + bh + theme.px(30, s)
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = (size[0] // 2, size[1] // 2)
        n = len(self.buttons)
        gap = theme.px(16, s)
        bw = min(theme.px(200, s), (w - gap * (n + 1)) // n)
        left = self.box.centerx - (bw * n + gap * (n - 1)) // 2
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(left + i * (bw + gap), self.box.bottom - bh - theme.px(22, s), bw, bh)
        if self.focus.current() is None and self.buttons:
            self.focus.focus(self.buttons[self.cancel_index])

    def handle_event(self, event) -> None:
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_ESCAPE:
                self.buttons[self.cancel_index].activate()
                return
            if event.key in (pygame.K_LEFT, pygame.K_RIGHT):
                self.focus.move(-1 if event.key == pygame.K_LEFT else 1)
                return
            self.focus.handle_event(event)
            return
        for b in self.buttons:
            if b.handle_event(event):
                return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and not self.box.collidepoint(event.pos):
            self.buttons[self.cancel_index].activate()

    def draw(self, surface) -> None:
        s = theme.ui_scale(surface.get_size())
        theme.panel(surface, self.box, radius=theme.px(16, s), edge=theme.ACCENT, width=2)
        y = self.box.y + theme.px(28, s)
        title = self.app.text(text_of(self.title), theme.px(28, s), theme.ACCENT)
        surface.blit(title, title.get_rect(midtop=(self.box.centerx, y)))
        y += theme.px(52, s)
        for line in self.lines:
            for part in self._wrapped(line, s, self.box.w):
                img = self.app.text(part, theme.px(21, s), theme.TEXT)
                surface.blit(img, img.get_rect(midtop=(self.box.centerx, y)))
                y += theme.px(30, s)
        for b in self.buttons:
            b.draw(surface)


def confirm(app, title, lines, on_yes, yes=None, no=None) -> Dialog:
    """Push a Yes/No dialog; on_yes runs when the player agrees. No is the default (Enter, Esc)."""
    d = Dialog(
        app,
        title,
        lines,
        [(yes or (lambda: tr("ui.yes", app.lang)), on_yes), (no or (lambda: tr("ui.no", app.lang)), None)],
    )
    app.push(d)
    return d


def message(app, title, lines=()) -> Dialog:
    d = Dialog(app, title, lines)
    app.push(d)
    return d
