"""About: the program's version and licence, and the notices of the third-party software it runs
on (game/notices.py reads them from the installed packages' metadata, in a built app too).

Opened from Settings. Keyboard: Up/Down scroll a line, PgUp/PgDn (Space) a page, Home/End, Esc or
Backspace back. The mouse wheel scrolls; the scroll bar can be dragged.
"""

from __future__ import annotations

import unicodedata

import pygame

from game import fonts, notices
from game.i18n import tr
from game.scenes.base import Scene
from game.scenes.registry import register
from game.scenes.widgets import Button, wrap
from game.scenes.widgets.scrolling import ScrollingPage
from game.sprites import theme

_ASCII = {"©": "(c)", "®": "(R)", "™": "(TM)", "“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-"}


def printable(line: str) -> str:
    """`line` (a licence text's, in any script) with what the shipped font cannot draw spelled in
    ASCII where it can be, else shown as '?'."""
    if fonts.covers(line):
        return line
    out = []
    for ch in line:
        if fonts.covers(ch):
            out.append(ch)
            continue
        plain = _ASCII.get(ch) or "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
        out.append(plain if plain and fonts.covers(plain) else "?")
    return "".join(out)


def content(lang: str) -> list[tuple[str, str]]:
    """[(style, text)] of the page: style "name", "head", "sub", "text", "dim", "mono", "gap"."""
    items: list[tuple[str, str]] = [
        ("name", "Qipan 棋盘"),
        ("sub", tr("about.version", lang, version=notices.program_version())),
        ("gap", ""),
        ("text", tr("about.licence", lang)),
        ("gap", ""),
    ]
    items += [("mono", line) for line in notices.program_licence().strip().splitlines()]
    third = notices.third_party()
    items += [("gap", ""), ("head", tr("about.third_party", lang)), ("text", tr("about.third_party_line", lang))]
    items.append(("gap", ""))
    for n in third:
        items.append(("text", f"• {n.name} {n.version}".rstrip() + f" — {n.licence}"))
    for n in third:
        items += [("gap", ""), ("head", f"{n.name} {n.version}".strip())]
        items.append(("sub", tr("about.licence_of", lang, licence=n.licence)))
        if n.url:
            items.append(("dim", n.url))
        items.append(("gap", ""))
        items += [("mono", line) for line in n.text.splitlines()]
    return items


@register("about")
class AboutScene(ScrollingPage, Scene):
    def __init__(self, app):
        super().__init__(app)
        self.back = Button(app, lambda: tr("ui.back", app.lang), self.close)
        self.view = pygame.Rect(0, 0, 1, 1)
        self.lines: list = []  # [(y, x, text, size, colour, serif)], rendered only when visible
        self.height = 0
        self._key = None
        self._items = None  # (lang, content(lang))

    # ---- content ------------------------------------------------------------------------------
    def _layout(self) -> None:
        s = theme.ui_scale(self.app.size)
        key = (self.app.lang, self.view.size, s)
        if key == self._key:
            return
        self._key = key
        if self._items is None or self._items[0] != self.app.lang:
            self._items = (self.app.lang, content(self.app.lang))
        styles = {
            "name": (theme.px(40, s), theme.ACCENT, True),
            "head": (theme.px(28, s), theme.ACCENT, True),
            "sub": (theme.px(21, s), theme.TEXT, False),
            "text": (theme.px(21, s), theme.TEXT, False),
            "dim": (theme.px(18, s), theme.TEXT_DIM, False),
            "mono": (theme.px(16, s), theme.TEXT_DIM, False),
        }
        x0 = self.view.x + theme.px(14, s)
        width = self.view.w - theme.px(40, s)
        lines, y = [], 0
        for style, text in self._items[1]:
            if style == "gap":
                y += theme.px(12, s)
                continue
            size, colour, serif = styles[style]
            font = self.app.font(size, serif)
            step = font.get_linesize()
            text = printable(text.expandtabs(4))
            if not text.strip():
                y += step // 2 if style == "mono" else step
                continue
            for part in wrap(text, font, width) if font.size(text)[0] > width else [text]:
                lines.append((y, x0, part, size, colour, serif))
                y += step
        self.lines = lines
        self.height = y + theme.px(24, s)

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    # ---- scene ------------------------------------------------------------------------------------
    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        top = theme.px(118, s)
        cw = min(w - theme.px(60, s), theme.px(1000, s))
        bh = theme.px(48, s)
        bottom = h - bh - theme.px(46, s)
        self.back.rect = pygame.Rect((w - theme.px(200, s)) // 2, bottom + theme.px(10, s), theme.px(200, s), bh)
        self.view = pygame.Rect((w - cw) // 2, top, cw, max(40, bottom - top - theme.px(12, s)))
        self._key = None
        self._layout()
        self.clamp_scroll()

    def handle_event(self, event) -> None:
        self._layout()
        if self.handle_scroll(event, theme.px(21, theme.ui_scale(self.app.size)) * 1.4):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE, pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.sounds.play("click")
                self.close()
            return
        self.back.handle_event(event)

    def update(self, dt: float) -> None:
        self.ease_scroll(dt)

    def draw(self, surface) -> None:
        self._layout()
        s = self.draw_head(surface, tr("about.title", self.app.lang))
        clip, off = self.open_view(surface, s)
        for y, x, text, size, colour, serif in self.lines:
            sy = y + off
            if sy + size * 2 < self.view.y:
                continue
            if sy > self.view.bottom:
                break
            surface.blit(self.app.text(text, size, colour, serif=serif), (x, sy))
        self.close_view(surface, clip, tr("about.hint", self.app.lang), s)
