"""Widgets shared by every scene: buttons, toggles, choice selectors, sliders, text input, list
box, keyboard focus, and the dialog / confirm box.

A widget gets the app (for text rendering, sounds, language), has a `rect` that its scene sets in
its layout step, handles events (handle_event -> True when used) and draws itself. Texts may be a
str or a callable returning a str, so labels follow a language switch without rebuilding widgets:

    Button(app, lambda: tr("menu.quit", app.lang), app.quit)

FocusGroup gives a list of widgets keyboard navigation: Up/Down (or Tab) move the focus,
Left/Right change a choice or slider, Enter/Space activates.
"""
from __future__ import annotations

import re

import pygame

from game.i18n import add, tr
from game.scenes.base import Scene
from game.sprites import theme

add({
    "ui.ok": {"zh": "确定", "en": "OK"},
    "ui.cancel": {"zh": "取消", "en": "Cancel"},
    "ui.yes": {"zh": "是", "en": "Yes"},
    "ui.no": {"zh": "否", "en": "No"},
    "ui.on": {"zh": "开", "en": "On"},
    "ui.off": {"zh": "关", "en": "Off"},
    "ui.back": {"zh": "返回", "en": "Back"},
})


def text_of(value) -> str:
    return value() if callable(value) else str(value)


def fit_text(app, text: str, size: int, colour, width: int, min_size: int = 9, serif: bool = False):
    """`text` rendered at `size`, or smaller so that it fits `width` pixels (never below min_size)."""
    img = app.text(text, size, colour, serif=serif)
    if 0 < width < img.get_width():
        img = app.text(text, max(min_size, int(size * width / img.get_width())), colour, serif=serif)
    return img


_NO_LINE_START = set("，。、：；！？）》」』】〕…,.;:!?)]}%·")
_NO_LINE_END = set("（《「『【〔([{")


def _tokens(text: str) -> list:
    """Words (Latin runs with their trailing space) and single Chinese characters, with closing
    punctuation glued to the token before it and opening punctuation to the token after it."""
    raw = re.findall(r"[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]|[^\s\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]+\s*|\s+", text)
    out: list = []
    for tok in raw:
        if out and (tok[0] in _NO_LINE_START or out[-1][-1] in _NO_LINE_END):
            out[-1] += tok
        else:
            out.append(tok)
    return out


def wrap(text: str, font, width: int) -> list:
    """`text` broken into lines no wider than `width` pixels (a single over-long word is split)."""
    lines, line = [], ""
    for tok in _tokens(text):
        trial = line + tok
        if font.size(trial.rstrip())[0] <= width or not line.strip():
            if not line.strip() and font.size(tok.rstrip())[0] > width:  # split a huge word
                for ch in tok:
                    if font.size((line + ch).rstrip())[0] > width and line.strip():
                        lines.append(line.rstrip())
                        line = ""
                    line += ch
                continue
            line = trial
        else:
            lines.append(line.rstrip())
            line = tok.lstrip()
    if line.strip():
        lines.append(line.rstrip())
    return lines or [""]


def font_px(app, base: float = 22) -> int:
    return theme.px(base, theme.ui_scale(app.size))


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


class Label(Widget):
    focusable = False

    def __init__(self, app, text, colour=theme.TEXT, align="left", base=22):
        super().__init__(app)
        self.text, self.colour, self.align, self.base = text, colour, align, base

    def draw(self, surface) -> None:
        if not self.live():
            return
        img = self.app.text(text_of(self.text), self.font_size or font_px(self.app, self.base), self.colour)
        r = img.get_rect()
        if self.align == "center":
            r.center = self.rect.center
        else:
            r.midleft = self.rect.midleft
        surface.blit(img, r)


class Button(Widget):
    """A push button. style: "normal", "primary" (gold) or "danger". `icon(surface, rect, colour)`
    draws a symbol instead of or before the text; `shortcut` is a short key name shown dimmed."""

    def __init__(self, app, text, on_click, enabled=True, style="normal", icon=None, shortcut=None,
                 sound="click"):
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
        size = self.font_size or min(font_px(self.app), int(self.rect.h * 0.5))
        x = self.rect.centerx
        img = self.app.text(label, size, fg) if label else None
        sc_colour = theme.ACCENT_DARK if self.style == "primary" and enabled else theme.TEXT_DIM
        sc = self.app.text(self.shortcut, max(8, int(size * 0.7)), sc_colour) if self.shortcut else None
        if self.icon is not None:
            icon_w = int(self.rect.h * 0.5)
            total = icon_w + (img.get_width() + icon_w // 2 if img else 0)
            left = self.rect.centerx - total // 2
            self.icon(surface, pygame.Rect(left, self.rect.centery - icon_w // 2, icon_w, icon_w), fg)
            if img:
                surface.blit(img, img.get_rect(midleft=(left + icon_w + icon_w // 2, self.rect.centery)))
        elif img:
            if sc and img.get_width() + sc.get_width() + 12 < self.rect.w - 8:
                total = img.get_width() + 8 + sc.get_width()
                left = x - total // 2
                surface.blit(img, img.get_rect(midleft=(left, self.rect.centery)))
                surface.blit(sc, sc.get_rect(midleft=(left + img.get_width() + 8, self.rect.centery + 1)))
            else:
                if img.get_width() > self.rect.w - 6:  # too long: shrink to fit
                    img = self.app.text(label, max(8, int(size * (self.rect.w - 6) / img.get_width())), fg)
                surface.blit(img, img.get_rect(center=self.rect.center))
        self.draw_focus(surface)


class Toggle(Widget):
    """A label with an on/off switch at the right."""

    def __init__(self, app, label, value: bool, on_change):
        super().__init__(app)
        self.label, self.value, self.on_change = label, bool(value), on_change

    def handle_event(self, event) -> bool:
        if not self.live():
            return False
        self.track_hover(event)
        if clicked(self, event):
            self.activate()
            return True
        return False

    def activate(self) -> None:
        self.value = not self.value
        self.app.sounds.play("click")
        self.on_change(self.value)

    def adjust(self, direction: int) -> bool:
        if (direction > 0) != self.value:
            self.activate()
        return True

    def draw(self, surface) -> None:
        if not self.live():
            return
        img = self.app.text(text_of(self.label), self.size, theme.TEXT)
        surface.blit(img, img.get_rect(midleft=(self.rect.x + 8, self.rect.centery)))
        h = int(self.rect.h * 0.6)
        sw = pygame.Rect(0, 0, h * 2, h)
        sw.midright = (self.rect.right - 8, self.rect.centery)
        pygame.draw.rect(surface, theme.OK if self.value else theme.BUTTON, sw, border_radius=h // 2)
        knob = (sw.right - h // 2) if self.value else (sw.left + h // 2)
        pygame.draw.circle(surface, theme.TEXT, (knob, sw.centery), h // 2 - 3)
        word = self.app.text(tr("ui.on" if self.value else "ui.off", self.app.lang), int(self.size * 0.8), theme.TEXT_DIM)
        surface.blit(word, word.get_rect(midright=(sw.left - 10, self.rect.centery)))
        self.draw_focus(surface)


class Choice(Widget):
    """A label and a row of segments, one per choice; exactly one is selected.

    choices: [(value, text or callable)]."""

    def __init__(self, app, label, choices, value, on_change, label_width: float = 0.36):
        super().__init__(app)
        self.label, self.choices, self.on_change = label, list(choices), on_change
        self.value = value if any(v == value for v, _ in self.choices) else self.choices[0][0]
        self.label_width = label_width

    def segments(self) -> list:
        lw = int(self.rect.w * self.label_width) if self.label else 0
        n = max(1, len(self.choices))
        w = (self.rect.w - lw) / n
        return [pygame.Rect(self.rect.x + lw + int(i * w), self.rect.y, int(w) - 4, self.rect.h) for i in range(n)]

    def index(self) -> int:
        for i, (v, _) in enumerate(self.choices):
            if v == self.value:
                return i
        return 0

    def set(self, value) -> None:
        if value != self.value:
            self.value = value
            self.app.sounds.play("click")
            self.on_change(value)

    def handle_event(self, event) -> bool:
        if not self.live() or not self.enabled:
            return False
        self.track_hover(event)
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            for seg, (v, _) in zip(self.segments(), self.choices):
                if seg.collidepoint(event.pos):
                    self.set(v)
                    return True
        return False

    def adjust(self, direction: int) -> bool:
        if not self.enabled:
            return False
        i = (self.index() + direction) % len(self.choices)
        self.set(self.choices[i][0])
        return True

    def activate(self) -> None:
        self.adjust(1)

    def draw(self, surface) -> None:
        if not self.live():
            return
        enabled = self.enabled
        if self.label:
            colour = theme.TEXT if enabled else theme.TEXT_DIM
            label = text_of(self.label)
            img = self.app.text(label, self.size, colour)
            room = int(self.rect.w * self.label_width) - 16
            if img.get_width() > room > 0:  # a long label: smaller type rather than overlap
                img = self.app.text(label, max(9, int(self.size * room / img.get_width())), colour)
            surface.blit(img, img.get_rect(midleft=(self.rect.x + 8, self.rect.centery)))
        cur = self.index()
        for i, (seg, (_, text)) in enumerate(zip(self.segments(), self.choices)):
            sel = i == cur
            bg = theme.ACCENT if sel and enabled else theme.ACCENT_DARK if sel else theme.BUTTON
            pygame.draw.rect(surface, bg, seg, border_radius=max(4, seg.h // 4))
            if sel:  # a tick mark as well as the colour
                pygame.draw.rect(surface, theme.TEXT, seg, 2, border_radius=max(4, seg.h // 4))
            fg = theme.TEXT_DARK if sel else theme.TEXT if enabled else theme.TEXT_DIM
            label = text_of(text)
            size = min(self.size, int(seg.h * 0.5))
            img = self.app.text(label, size, fg)
            if img.get_width() > seg.w - 8:
                img = self.app.text(label, max(8, int(size * (seg.w - 8) / img.get_width())), fg)
            surface.blit(img, img.get_rect(center=seg.center))
        self.draw_focus(surface)


class Slider(Widget):
    """A label and a horizontal slider between lo and hi (step: snap; fmt(value) -> text)."""

    def __init__(self, app, label, lo, hi, value, on_change, step=None, fmt=None, label_width=0.36):
        super().__init__(app)
        self.label, self.lo, self.hi, self.on_change = label, lo, hi, on_change
        self.step, self.fmt, self.label_width = step, fmt, label_width
        self.value = min(hi, max(lo, value))
        self._drag = False

    def track(self) -> pygame.Rect:
        lw = int(self.rect.w * self.label_width)
        vw = int(self.rect.w * 0.14)
        return pygame.Rect(self.rect.x + lw + 10, self.rect.centery - 3, self.rect.w - lw - vw - 20, 6)

    def _set_from_x(self, x) -> None:
        t = self.track()
        k = min(1.0, max(0.0, (x - t.x) / max(1, t.w)))
        self.set(self.lo + (self.hi - self.lo) * k)

    def set(self, value) -> None:
        if self.step:
            value = round(value / self.step) * self.step
        value = min(self.hi, max(self.lo, value))
        if value != self.value:
            self.value = value
            self.on_change(value)

    def handle_event(self, event) -> bool:
        if not self.live():
            return False
        self.track_hover(event)
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and self.rect.collidepoint(event.pos):
            self._drag = True
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEMOTION and self._drag:
            self._set_from_x(event.pos[0])
            return True
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag:
            self._drag = False
            self.app.sounds.play("click")
            return True
        return False

    def adjust(self, direction: int) -> bool:
        self.set(self.value + direction * (self.step or (self.hi - self.lo) / 10))
        return True

    def draw(self, surface) -> None:
        if not self.live():
            return
        img = self.app.text(text_of(self.label), self.size, theme.TEXT)
        surface.blit(img, img.get_rect(midleft=(self.rect.x + 8, self.rect.centery)))
        t = self.track()
        pygame.draw.rect(surface, theme.BUTTON, t, border_radius=3)
        k = (self.value - self.lo) / max(1e-9, self.hi - self.lo)
        fill = pygame.Rect(t.x, t.y, int(t.w * k), t.h)
        pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=3)
        pygame.draw.circle(surface, theme.TEXT, (t.x + int(t.w * k), t.centery), max(6, self.rect.h // 4))
        text = self.fmt(self.value) if self.fmt else f"{self.value:.2f}"
        v = self.app.text(text, int(self.size * 0.9), theme.TEXT_DIM)
        surface.blit(v, v.get_rect(midright=(self.rect.right - 6, self.rect.centery)))
        self.draw_focus(surface)


class TextInput(Widget):
    """A one-line text field: typing (TEXTINPUT, so Chinese input methods work), Backspace,
    Enter (on_submit), Escape leaves the focus."""

    def __init__(self, app, value="", on_submit=None, max_len=40, placeholder=""):
        super().__init__(app)
        self.value, self.on_submit, self.max_len, self.placeholder = value, on_submit, max_len, placeholder
        self._blink = 0.0

    def handle_event(self, event) -> bool:
        if not self.live():
            return False
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1:
            self.focused = self.rect.collidepoint(event.pos)
            if self.focused:
                pygame.key.start_text_input()
            return self.focused
        if not self.focused:
            return False
        if event.type == pygame.TEXTINPUT:
            text = "".join(ch for ch in event.text if ch.isprintable())
            self.value = (self.value + text)[: self.max_len]
            return True
        if event.type == pygame.KEYDOWN:
            if event.key == pygame.K_BACKSPACE:
                self.value = self.value[:-1]
                return True
            if event.key in (pygame.K_RETURN, pygame.K_KP_ENTER):
                if self.on_submit:
                    self.on_submit(self.value)
                return True
            # printable keys arrive as TEXTINPUT: swallow their KEYDOWN so they are no shortcut
            return bool(event.unicode and event.unicode.isprintable())
        return False

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface) -> None:
        if not self.live():
            return
        pygame.draw.rect(surface, (24, 26, 32), self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if self.focused else theme.PANEL_EDGE, self.rect, 2, border_radius=6)
        shown = self.value or text_of(self.placeholder)
        img = self.app.text(shown, self.size, theme.TEXT if self.value else theme.TEXT_DIM) if shown else None
        x = self.rect.x + 10
        if img:
            clip = surface.get_clip()
            surface.set_clip(self.rect.inflate(-8, -4))
            offset = max(0, img.get_width() - (self.rect.w - 24)) if self.value else 0
            surface.blit(img, img.get_rect(midleft=(x - offset, self.rect.centery)))
            surface.set_clip(clip)
            if self.value:
                x += img.get_width() - offset
        if self.focused and self._blink < 0.5:
            pygame.draw.line(surface, theme.TEXT, (x + 1, self.rect.y + 8), (x + 1, self.rect.bottom - 8), 2)


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
            bar = pygame.Rect(self.rect.right - 6, self.rect.y + int(self.rect.h * k0), 4,
                              max(8, int(self.rect.h * (k1 - k0))))
            pygame.draw.rect(surface, theme.TEXT_DIM, bar, border_radius=2)


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
        if event.key in (pygame.K_DOWN, pygame.K_TAB) and not (event.key == pygame.K_TAB and event.mod & pygame.KMOD_SHIFT):
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


def arrow_icon(direction):
    """An icon drawer for Button: a triangle pointing `direction`."""
    def draw(surface, rect, colour):
        theme.triangle(surface, colour, rect.center, rect.w * 0.45, direction)
    return draw


class Dialog(Scene):
    """A modal box over the current scene: a title, message lines and buttons.

    buttons: [(text, callback or None)]; the dialog closes itself before calling the callback.
    Esc (and a click outside the box) picks `cancel` (an index into buttons, default the last).
    """

    overlay = True

    def __init__(self, app, title, lines=(), buttons=None, cancel=None):
        super().__init__(app)
        self.title = title
        self.lines = list(lines)
        buttons = buttons or [(lambda: tr("ui.ok", app.lang), None)]
        self.cancel_index = len(buttons) - 1 if cancel is None else cancel
        self.buttons = [Button(app, text, self._closer(cb), style="primary" if i == 0 else "normal")
                        for i, (text, cb) in enumerate(buttons)]
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

    def on_resize(self, size) -> None:
        s = theme.ui_scale(size)
        w = theme.px(560, s)
        title_h = theme.px(48, s)
        line_h = theme.px(30, s)
        bh = theme.px(48, s)
        h = theme.px(40, s) + title_h + line_h * len(self.lines) + bh + theme.px(30, s)
        self.box = pygame.Rect(0, 0, w, h)
        self.box.center = (size[0] // 2, size[1] // 2)
        n = len(self.buttons)
        gap = theme.px(16, s)
        bw = min(theme.px(200, s), (w - gap * (n + 1)) // n)
        left = self.box.centerx - (bw * n + gap * (n - 1)) // 2
        for i, b in enumerate(self.buttons):
            b.rect = pygame.Rect(left + i * (bw + gap), self.box.bottom - bh - theme.px(22, s), bw, bh)
        if self.focus.current() is None and self.buttons:
            self.focus.focus(self.buttons[0])

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
            img = self.app.text(text_of(line), theme.px(21, s), theme.TEXT)
            if img.get_width() > self.box.w - 30:
                img = self.app.text(text_of(line), max(9, int(theme.px(21, s) * (self.box.w - 30) / img.get_width())), theme.TEXT)
            surface.blit(img, img.get_rect(midtop=(self.box.centerx, y)))
            y += theme.px(30, s)
        for b in self.buttons:
            b.draw(surface)


def confirm(app, title, lines, on_yes, yes=None, no=None) -> Dialog:
    """Push a Yes/No dialog; on_yes runs when the player agrees."""
    d = Dialog(app, title, lines, [(yes or (lambda: tr("ui.yes", app.lang)), on_yes),
                                   (no or (lambda: tr("ui.no", app.lang)), None)])
    app.push(d)
    return d


def message(app, title, lines=()) -> Dialog:
    d = Dialog(app, title, lines)
    app.push(d)
    return d
