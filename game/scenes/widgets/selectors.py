"""The selectors of a form: Toggle (on / off), Choice (a row of segments, one selected) and Slider.
Re-exported by widgets.py: `from game.scenes.widgets import Choice` keeps working.

Their labels stay at the body text size: a long one wraps onto two lines (text_layout.label_lines),
and a Choice gives its long texts wider segments (or two lines) before making them smaller.
"""

from __future__ import annotations

import pygame

from game.i18n import tr
from game.scenes.widgets.base import Widget, clicked, padding
from game.scenes.widgets.text_layout import blit_lines, ellipsize, fit_text, label_lines, text_of
from game.sprites import theme


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
        word = self.app.text(
            tr("ui.on" if self.value else "ui.off", self.app.lang), int(self.size * 0.8), theme.TEXT_DIM
        )
        surface.blit(word, word.get_rect(midright=(sw.left - 10, self.rect.centery)))
        self.draw_focus(surface)


def _cjk(text: str) -> bool:
    return any(ord(c) >= 0x2E80 for c in text)


class Choice(Widget):
    """A label and a row of segments, one per choice; exactly one is selected.

    choices: [(value, text or callable)]."""

    def __init__(self, app, label, choices, value, on_change, label_width: float = 0.36):
        super().__init__(app)
        self.label, self.choices, self.on_change = label, list(choices), on_change
        self.all_choices = list(self.choices)
        self.value = value if any(v == value for v, _ in self.choices) else self.choices[0][0]
        self.label_width = label_width

    def offer(self, values, fallback) -> None:
        """Show only the choices whose value is in `values` (in their first order). A value no
        longer shown becomes `fallback` quietly: the caller is already answering a change."""
        self.choices = [c for c in self.all_choices if c[0] in values] or list(self.all_choices)
        if not any(v == self.value for v, _ in self.choices):
            self.value = fallback if any(v == fallback for v, _ in self.choices) else self.choices[0][0]

    GAP = 4  # between segments

    def _seg_size(self) -> int:
        return min(self.size, int(self.rect.h * 0.5))

    def layout(self) -> tuple[int, list]:
        """(label column width, segment rects). Equal segments when every text fits them; else
        each segment as wide as its text needs (on two lines where one is too long), taking room
        from the label column (which wraps) when the texts need more than their share."""
        n = max(1, len(self.choices))
        lw = int(self.rect.w * self.label_width) if self.label else 0
        pad = padding(self.rect.h)
        texts = [text_of(t) for _, t in self.choices]
        needs = [self._text_width(t, False) + 2 * pad for t in texts]
        area = self.rect.w - lw
        if max(needs, default=0) * n + self.GAP * n <= area:
            widths = [int(area / n) - self.GAP] * n
        else:
            narrowest = 0
            if self.label:  # the label on one line if it can, else on two
                one = self.app.text(text_of(self.label), self.size).get_width() + 16
                narrowest = min(lw, one if one <= lw else self._label_floor())
            if sum(needs) + self.GAP * n > self.rect.w - narrowest:  # long texts on two lines where they can
                needs = [min(need, self._text_width(t, True) + 2 * pad) for t, need in zip(texts, needs)]
            if sum(needs) + self.GAP * n > area:  # the label column gives way, the segments get the room
                lw = narrowest
                area = self.rect.w - lw
            room = area - self.GAP * n
            extra = room - sum(needs)
            widths = [w + extra // n for w in needs] if extra >= 0 else [room * w // sum(needs) for w in needs]
        rects, x = [], self.rect.x + lw
        for w in widths:
            rects.append(pygame.Rect(x, self.rect.y, w, self.rect.h))
            x += w + self.GAP
        return lw, rects

    def segments(self) -> list:
        return self.layout()[1]

    def _label_floor(self) -> int:
        """The narrowest label column: the label on two lines, its longest word whole."""
        label = text_of(self.label)
        words = [w for w in label.split() if not _cjk(w)]  # Chinese wraps anywhere
        longest = max((self.app.text(w, self.size).get_width() for w in words), default=0)
        half = self.app.text(label, self.size).get_width() // 2
        return max(int(self.rect.w * 0.12), longest + 16, half + 40)

    def _two_size(self) -> int:
        """The size of a segment's text on two lines; 0 when the segment is too low for them."""
        size = self._seg_size()
        two = min(size, int(self.rect.h / 2.3))
        return two if two >= max(8, int(size * 0.8)) else 0

    def _halves(self, text: str) -> list:
        """`text` split in two lines near its middle: at a space, or anywhere in Chinese; [text]
        when it cannot be split (one word)."""
        if _cjk(text):
            cut = (len(text) + 1) // 2
            return [text[:cut], text[cut:]] if len(text) > 1 else [text]
        spaces = [i for i, c in enumerate(text) if c == " "]
        if not spaces:
            return [text]
        cut = min(spaces, key=lambda i: abs(i - len(text) / 2))
        return [text[:cut], text[cut + 1 :]]

    def _text_width(self, text: str, two_lines: bool) -> int:
        if two_lines and self._two_size() and len(halves := self._halves(text)) == 2:
            return max(self.app.text(h, self._two_size()).get_width() for h in halves)
        return self.app.text(text, self._seg_size()).get_width()

    def _draw_segment_text(self, surface, seg, label, fg, pad) -> None:
        """One line at the segment's size; else two lines (where the segment is tall enough for
        them at 80% of that size or more); else a little smaller; at last cut with "…"."""
        size = self._seg_size()
        room = seg.w - 2 * pad
        img = self.app.text(label, size, fg)
        if img.get_width() > room:
            two, halves = self._two_size(), self._halves(label)
            if two and len(halves) == 2 and self._text_width(label, True) <= room:
                lines = [self.app.text(h, two, fg) for h in halves]
                blit_lines(surface, lines, two, align="center", center=seg.center)
                return
            small = max(8, int(size * 0.8))
            img = fit_text(self.app, label, size, fg, room, min_size=small)
            if img.get_width() > room:
                img = ellipsize(self.app, label, small, fg, room)
        surface.blit(img, img.get_rect(center=seg.center))

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
        lw, segments = self.layout()
        if self.label:
            colour = theme.TEXT if enabled else theme.TEXT_DIM
            # a long label wraps at the body size rather than shrink
            lines = label_lines(self.app, text_of(self.label), self.size, colour, lw - 16)
            blit_lines(surface, lines, self.size, midleft=(self.rect.x + 8, self.rect.centery))
        cur = self.index()
        pad = padding(self.rect.h)
        for i, (seg, (_, text)) in enumerate(zip(segments, self.choices)):
            sel = i == cur
            bg = theme.ACCENT if sel and enabled else theme.ACCENT_DARK if sel else theme.BUTTON
            pygame.draw.rect(surface, bg, seg, border_radius=max(4, seg.h // 4))
            if sel:  # a tick mark as well as the colour
                pygame.draw.rect(surface, theme.TEXT, seg, 2, border_radius=max(4, seg.h // 4))
            fg = theme.TEXT_DARK if sel else theme.TEXT if enabled else theme.TEXT_DIM
            label = text_of(text)
            self._draw_segment_text(surface, seg, label, fg, pad)
        self.draw_focus(surface)


class Slider(Widget):
    """A label and a horizontal slider between lo and hi (step: snap; fmt(value) -> text)."""

    def __init__(self, app, label, lo, hi, value, on_change, step=None, fmt=None, label_width=0.36):
        super().__init__(app)
        self.label, self.lo, self.hi, self.on_change = label, lo, hi, on_change
        self.step, self.fmt, self.label_width = step, fmt, label_width
        self.value = min(hi, max(lo, value))
        self._drag = False

    def knob_radius(self) -> int:
        return max(6, self.rect.h // 4)

    def track(self) -> pygame.Rect:
        """The bar, right of the label column: the knob at its left end stays clear of the label."""
        lw = int(self.rect.w * self.label_width)
        vw = int(self.rect.w * 0.14)
        left = lw + 4 + self.knob_radius()
        return pygame.Rect(self.rect.x + left, self.rect.centery - 3, self.rect.w - left - vw - 10, 6)

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
        # the label keeps to its column (wrapped, never under the knob)
        lines = label_lines(
            self.app, text_of(self.label), self.size, theme.TEXT, int(self.rect.w * self.label_width) - 12
        )
        blit_lines(surface, lines, self.size, midleft=(self.rect.x + 8, self.rect.centery))
        t = self.track()
        pygame.draw.rect(surface, theme.BUTTON, t, border_radius=3)
        k = (self.value - self.lo) / max(1e-9, self.hi - self.lo)
        fill = pygame.Rect(t.x, t.y, int(t.w * k), t.h)
        pygame.draw.rect(surface, theme.ACCENT, fill, border_radius=3)
        pygame.draw.circle(surface, theme.TEXT, (t.x + int(t.w * k), t.centery), self.knob_radius())
        text = self.fmt(self.value) if self.fmt else f"{self.value:.2f}"
        v = self.app.text(text, int(self.size * 0.9), theme.TEXT_DIM)
        surface.blit(v, v.get_rect(midright=(self.rect.right - 6, self.rect.centery)))
        self.draw_focus(surface)
