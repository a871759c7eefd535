"""About: the program's version and licence, and the notices of the third-party software it runs
on (game/notices.py reads them from the installed packages' metadata, in a built app too).

Opened from Settings. Keyboard: Up/Down scroll a line, PgUp/PgDn (Space) a page, Home/End, Esc or
Backspace back. The mouse wheel scrolls; the scroll bar can be dragged.
"""

from __future__ import annotations

import unicodedata

import pygame

from game import fonts, notices
from game.i18n import add, tr
from game.scenes.base import Scene
from game.scenes.registry import register
from game.scenes.widgets import Button, wrap
from game.sprites import theme

add(
    {
        "about.title": {"zh": "关于棋盘", "en": "About Qipan"},
        "about.version": {"zh": "版本 {version}", "en": "Version {version}"},
        "about.licence": {
            "zh": "棋盘是自由软件，以 MIT 许可证发布；所附字体以 SIL 开放字体许可证 1.1 发布。",
            "en": "Qipan is free software under the MIT licence; its fonts are under the SIL Open Font License 1.1.",
        },
        "about.third_party": {"zh": "第三方软件", "en": "Third-party software"},
        "about.third_party_line": {
            "zh": "棋盘使用以下软件，谨向其作者致谢。各自的许可证全文附后。",
            "en": "Qipan runs on the following software, with thanks to its authors. Their licences follow in full.",
        },
        "about.licence_of": {"zh": "许可证：{licence}", "en": "Licence: {licence}"},
        "about.hint": {
            "zh": "滚轮 / ↑↓ / PgUp PgDn 滚动 · Esc 返回",
            "en": "Wheel / ↑↓ / PgUp PgDn scroll · Esc back",
        },
    }
)

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
class AboutScene(Scene):
    def __init__(self, app):
        super().__init__(app)
        self.back = Button(app, lambda: tr("ui.back", app.lang), self.close)
        self.view = pygame.Rect(0, 0, 1, 1)
        self.scroll = 0.0
        self.target = 0.0
        self.lines: list = []  # [(y, x, text, size, colour, serif)], rendered only when visible
        self.height = 0
        self._key = None
        self._items = None  # (lang, content(lang))
        self._drag = None  # (mouse y, scroll) while the scroll bar is dragged

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

    def max_scroll(self) -> float:
        return max(0.0, self.height - self.view.h)

    def scroll_by(self, dy: float) -> None:
        self.target = max(0.0, min(self.max_scroll(), self.target + dy))

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
        self.target = min(self.target, self.max_scroll())
        self.scroll = min(self.scroll, self.max_scroll())

    def _bar(self):
        """(track, thumb) of the scroll bar, or None when everything fits."""
        if self.height <= self.view.h:
            return None
        track = pygame.Rect(self.view.right - 10, self.view.y + 6, 6, self.view.h - 12)
        th = max(24, int(track.h * self.view.h / self.height))
        ty = track.y + int((track.h - th) * (self.scroll / max(1.0, self.max_scroll())))
        return track, pygame.Rect(track.x, ty, track.w, th)

    def handle_event(self, event) -> None:
        self._layout()
        line = theme.px(21, theme.ui_scale(self.app.size)) * 1.4
        page = max(line, self.view.h - line * 2)
        if event.type == pygame.KEYDOWN:
            k = event.key
            if k in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.sounds.play("click")
                self.close()
            elif k in (pygame.K_UP, pygame.K_DOWN):
                self.scroll_by(line * (1 if k == pygame.K_DOWN else -1))
            elif k in (pygame.K_PAGEUP, pygame.K_PAGEDOWN, pygame.K_SPACE):
                down = k != pygame.K_PAGEUP and not (k == pygame.K_SPACE and event.mod & pygame.KMOD_SHIFT)
                self.scroll_by(page * (1 if down else -1))
            elif k == pygame.K_HOME:
                self.target = 0.0
            elif k == pygame.K_END:
                self.target = self.max_scroll()
            elif k in (pygame.K_RETURN, pygame.K_KP_ENTER):
                self.app.sounds.play("click")
                self.close()
            return
        if event.type == pygame.MOUSEWHEEL:
            self.scroll_by(-event.y * line * 3)
            return
        bar = self._bar()
        if event.type == pygame.MOUSEBUTTONDOWN and event.button == 1 and bar:
            track, thumb = bar
            if track.inflate(14, 0).collidepoint(event.pos):
                if not thumb.collidepoint(event.pos):  # jump to where the track was clicked
                    k = (event.pos[1] - track.y - thumb.h / 2) / max(1, track.h - thumb.h)
                    self.target = self.scroll = max(0.0, min(self.max_scroll(), k * self.max_scroll()))
                self._drag = (event.pos[1], self.scroll)
                return
        if event.type == pygame.MOUSEMOTION and self._drag and bar:
            track, thumb = bar
            value = self._drag[1] + (event.pos[1] - self._drag[0]) * self.max_scroll() / max(1, track.h - thumb.h)
            self.target = self.scroll = max(0.0, min(self.max_scroll(), value))
            return
        if event.type == pygame.MOUSEBUTTONUP and event.button == 1 and self._drag:
            self._drag = None
            return
        self.back.handle_event(event)

    def update(self, dt: float) -> None:
        diff = self.target - self.scroll
        self.scroll = self.target if abs(diff) < 0.5 else self.scroll + diff * min(1.0, dt * 14)

    def draw(self, surface) -> None:
        self._layout()
        w, h = surface.get_size()
        s = theme.ui_scale((w, h))
        surface.blit(theme.background((w, h)), (0, 0))
        title = self.app.text(tr("about.title", self.app.lang), theme.px(46, s), theme.ACCENT, serif=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, theme.px(36, s))))
        theme.panel(surface, self.view.inflate(theme.px(16, s), theme.px(8, s)), radius=theme.px(14, s))
        clip = surface.get_clip()
        surface.set_clip(self.view)
        off = self.view.y + theme.px(10, s) - int(self.scroll)
        for y, x, text, size, colour, serif in self.lines:
            sy = y + off
            if sy + size * 2 < self.view.y:
                continue
            if sy > self.view.bottom:
                break
            surface.blit(self.app.text(text, size, colour, serif=serif), (x, sy))
        surface.set_clip(clip)
        bar = self._bar()
        if bar:
            pygame.draw.rect(surface, theme.BUTTON, bar[0], border_radius=3)
            pygame.draw.rect(surface, theme.ACCENT if self._drag else theme.TEXT_DIM, bar[1], border_radius=3)
        self.back.draw(surface)
        hint = self.app.text(tr("about.hint", self.app.lang), theme.px(15, s), theme.TEXT_DIM)
        surface.blit(hint, hint.get_rect(midbottom=(w // 2, h - theme.px(8, s))))
