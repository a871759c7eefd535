"""TextInput: the one-line text field of every form (a position text, a save's name, an address).

Typing arrives as TEXTINPUT, so Chinese input methods work; an input method's composition
(TEXTEDITING) shows underlined at the caret until it is committed. Left/Right/Home/End move the
caret (with Shift they select), a click places it and a drag selects, Backspace/Delete erase,
Ctrl+A selects all, Ctrl+C copies the selection (or all the text when nothing is selected),
Ctrl+X cuts the selection, Ctrl+V pastes the clipboard's first line without control characters.
Enter calls on_submit(value); Esc cancels a composition and is otherwise left to the scene. The
text never grows past max_len characters by typing or pasting.
"""

from __future__ import annotations

import pygame

from game import fonts
from game.scenes.widgets import clipboard
from game.scenes.widgets.base import Widget
from game.scenes.widgets.text_layout import text_of
from game.sprites import theme

_CTRL = pygame.KMOD_CTRL | pygame.KMOD_META  # Ctrl, or Cmd on a Mac
PAD = 10  # pixels from the frame to the text
ROOM = 24  # the frame's width minus this is the visible width of the text


class TextInput(Widget):
    """A one-line text field (see the module's notes); `value` set by the program puts the caret at
    the end."""

    def __init__(self, app, value="", on_submit=None, max_len=40, placeholder=""):
        super().__init__(app)
        self.on_submit, self.max_len, self.placeholder = on_submit, max_len, placeholder
        self.composing = ""
        self.caret = 0
        self.anchor = None  # the other end of the selection, or None
        self._blink = 0.0
        self._scroll = 0  # pixels of text hidden at the left, so that the caret stays in view
        self._drag = False
        self.value = value

    # ---- the text -----------------------------------------------------------------------------
    @property
    def value(self) -> str:
        return self._value

    @value.setter
    def value(self, text) -> None:
        """Set by the program: the caret goes to the end and nothing is selected."""
        self._value = "" if text is None else str(text)
        self.caret = len(self._value)
        self.anchor = None

    def selection(self) -> tuple[int, int]:
        """(start, end) of the selected text; start == end when nothing is selected."""
        caret = max(0, min(self.caret, len(self._value)))
        anchor = caret if self.anchor is None else max(0, min(self.anchor, len(self._value)))
        return min(caret, anchor), max(caret, anchor)

    def selected_text(self) -> str:
        a, b = self.selection()
        return self._value[a:b]

    def select_all(self) -> None:
        self.anchor, self.caret = 0, len(self._value)

    def move_caret(self, pos: int, extend: bool = False) -> None:
        """Put the caret at `pos`; `extend` keeps (or starts) a selection from where it was."""
        if extend:
            if self.anchor is None:
                self.anchor = self.caret
        else:
            self.anchor = None
        self.caret = max(0, min(len(self._value), pos))
        self._blink = 0.0

    def insert(self, text: str) -> bool:
        """Put `text` (printable characters only) in place of the selection, as much of it as
        max_len leaves room for. True if the text changed."""
        text = "".join(ch for ch in str(text) if ch.isprintable())
        if not text:
            return False
        a, b = self.selection()
        text = text[: max(0, self.max_len - (len(self._value) - (b - a)))]
        if not text:
            return False
        self._value = self._value[:a] + text + self._value[b:]
        self.move_caret(a + len(text))
        return True

    def erase(self, forward: bool = False) -> bool:
        """Delete the selection, else the character before (or, forward, after) the caret."""
        a, b = self.selection()
        if a == b:
            a, b = (a, min(len(self._value), b + 1)) if forward else (max(0, a - 1), b)
        if a == b:
            return False
        self._value = self._value[:a] + self._value[b:]
        self.move_caret(a)
        return True

    def copy(self) -> None:
        text = self.selected_text() or self._value
        if text:
            clipboard.put_text(text)

    def cut(self) -> None:
        if self.selected_text():
            clipboard.put_text(self.selected_text())
            self.erase()

    def paste(self) -> bool:
        return self.insert(clipboard.clean_line(clipboard.get_text()))

    # ---- events -------------------------------------------------------------------------------
    def handle_event(self, event) -> bool:
        if not self.live():
            return False
        if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEMOTION):
            return self._mouse(event)
        if not self.focused:
            return False
        if event.type == pygame.TEXTEDITING:
            text = "".join(ch for ch in getattr(event, "text", "") if ch.isprintable())
            if text and self.selected_text():  # a composition replaces the selection, as typing does
                self.erase()
            self.composing = text
            return True
        if event.type == pygame.TEXTINPUT:
            self.composing = ""
            self.insert(getattr(event, "text", ""))
            return True
        if event.type == pygame.KEYDOWN:
            return self._key(event)
        return False

    def _mouse(self, event) -> bool:
        pos = getattr(event, "pos", (-1, -1))
        if event.type == pygame.MOUSEBUTTONDOWN:
            if getattr(event, "button", 0) != 1 or not self.rect.collidepoint(pos):
                return False
            self.move_caret(self.index_at(pos[0]))
            self._drag = True
            return True
        if event.type == pygame.MOUSEMOTION:
            if not self._drag:
                return False
            self.move_caret(self.index_at(pos[0]), extend=True)
            return True
        if getattr(event, "button", 0) != 1:
            return False
        self._drag = False
        self.focused = self.rect.collidepoint(pos)
        if not self.focused:
            self.composing = ""  # an unfinished composition does not wait for the field's return
            return False
        try:
            pygame.key.start_text_input()
        except pygame.error:
            pass
        return True

    def _key(self, event) -> bool:
        key, mod = event.key, getattr(event, "mod", 0)
        shift = bool(mod & pygame.KMOD_SHIFT)
        # Ctrl+Alt is AltGr on some keyboards: that is typing, not a shortcut
        if mod & _CTRL and not mod & pygame.KMOD_ALT:
            action = {
                pygame.K_a: self.select_all,
                pygame.K_c: self.copy,
                pygame.K_x: self.cut,
                pygame.K_v: self.paste,
            }.get(key)
            if action is not None:
                action()
                return True
        a, b = self.selection()
        if key == pygame.K_LEFT:
            self.move_caret(a if a < b and not shift else self.caret - 1, shift)
        elif key == pygame.K_RIGHT:
            self.move_caret(b if a < b and not shift else self.caret + 1, shift)
        elif key in (pygame.K_HOME, pygame.K_END):
            self.move_caret(0 if key == pygame.K_HOME else len(self._value), shift)
        elif key in (pygame.K_BACKSPACE, pygame.K_DELETE):
            self.erase(forward=key == pygame.K_DELETE)
        elif key in (pygame.K_RETURN, pygame.K_KP_ENTER):
            if self.on_submit:
                self.on_submit(self._value)
        elif key == pygame.K_ESCAPE and self.composing:
            self.composing = ""
        else:
            # printable keys arrive as TEXTINPUT: swallow their KEYDOWN so they are no shortcut
            unicode = getattr(event, "unicode", "")
            return bool(unicode and unicode.isprintable())
        return True

    # ---- drawing ------------------------------------------------------------------------------
    def _width(self, text: str, whole: str) -> int:
        """Pixel width of `text`, measured with the font that draws `whole`."""
        return fonts.font_for(whole, self.size).size(text)[0] if text else 0

    def index_at(self, x: int) -> int:
        """The caret position nearest to the window's x coordinate."""
        value = self._value
        target = x - (self.rect.x + PAD) + self._scroll
        prev = 0
        for i in range(1, len(value) + 1):
            w = self._width(value[:i], value)
            if w >= target:
                return i - 1 if target - prev < w - target else i
            prev = w
        return len(value)

    def update(self, dt: float) -> None:
        self._blink = (self._blink + dt) % 1.0

    def draw(self, surface) -> None:
        if not self.live():
            return
        pygame.draw.rect(surface, (24, 26, 32), self.rect, border_radius=6)
        pygame.draw.rect(surface, theme.ACCENT if self.focused else theme.PANEL_EDGE, self.rect, 2, border_radius=6)
        value = self._value
        caret = max(0, min(self.caret, len(value)))
        composing = self.composing if self.focused else ""
        shown = value[:caret] + composing + value[caret:]
        x0 = self.rect.x + PAD
        caret_x = x0
        if shown:
            img = self.app.text(shown, self.size, theme.TEXT)
            room = max(1, self.rect.w - ROOM)
            caret_px = self._width(shown[: caret + len(composing)], shown)
            # the caret in view, and no empty room at the right of a scrolled text
            self._scroll = max(0, min(self._scroll, img.get_width() - room))
            self._scroll = min(max(self._scroll, caret_px - room), caret_px)
            left = x0 - self._scroll
            clip = surface.get_clip()
            surface.set_clip(self.rect.inflate(-8, -4))
            surface.blit(img, img.get_rect(midleft=(left, self.rect.centery)))
            a, b = self.selection()
            if self.focused and a < b:
                xa, xb = left + self._width(value[:a], shown), left + self._width(value[:b], shown)
                band = pygame.Surface((max(1, xb - xa + 2), max(1, self.rect.h - 16)), pygame.SRCALPHA)
                band.fill((*theme.ACCENT, 90))
                surface.blit(band, (xa - 1, self.rect.y + 8))
            if composing:
                y = self.rect.bottom - 10
                start = left + self._width(value[:caret], shown)
                pygame.draw.line(surface, theme.ACCENT, (start, y), (left + caret_px, y), 2)
            surface.set_clip(clip)
            caret_x = left + caret_px
        else:
            self._scroll = 0
            placeholder = text_of(self.placeholder)
            if placeholder:
                img = self.app.text(placeholder, self.size, theme.TEXT_DIM)
                clip = surface.get_clip()
                surface.set_clip(self.rect.inflate(-8, -4))
                surface.blit(img, img.get_rect(midleft=(x0, self.rect.centery)))
                surface.set_clip(clip)
        if self.focused and self._blink < 0.5:
            pygame.draw.line(
                surface, theme.TEXT, (caret_x + 1, self.rect.y + 8), (caret_x + 1, self.rect.bottom - 8), 2
            )
