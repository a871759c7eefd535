"""The rules screen: a tab per game showing assets/rules/<game>.<lang>.md (written for players).

The text is a small Markdown subset: "#", "##", "###" headings, "- " / "* " bullets (indented:
nested), "1. " numbered items, paragraphs, "---" rules, ``` blocks and table rows shown as they
are; **bold**, *italic*, `code` and [links](url) show as plain text. Lines wrap at words (English)
or at any character (Chinese, never before closing punctuation).

Opened with a game's options (a draughts variant), its tab names that game ("Russian Draughts")
and the page opens at the heading of that name, where the file has one. The Learn to play button
opens the lesson of the tab's game under those options (the variant's own lesson).

Keyboard: Up/Down scroll a line, PgUp/PgDn a page, Home/End, Left/Right (Tab) or 1-3 switch games,
Esc back. The mouse wheel scrolls; the scroll bar can be dragged.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame

from game import games
from game.i18n import tr
from game.paths import asset
from game.scenes.base import Scene
from game.scenes.registry import register
from game.scenes.screens import rule_diagrams
from game.scenes.widgets import Button, wrap
from game.scenes.widgets.game_tabs import GameTabs
from game.scenes.widgets.scrolling import ScrollingPage
from game.sprites import theme

RULES_DIR = asset("rules")
GAMES = games.NAMES


# ---- Markdown subset -----------------------------------------------------------------------------
_INLINE = [
    (re.compile(r"!\[([^\]]*)\]\([^)]*\)"), r"\1"),
    (re.compile(r"\[([^\]]+)\]\([^)]*\)"), r"\1"),
    (re.compile(r"\*\*(.+?)\*\*"), r"\1"),
    (re.compile(r"__(.+?)__"), r"\1"),
    (re.compile(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])"), r"\1"),
    (re.compile(r"`([^`]*)`"), r"\1"),
]
_BULLET = re.compile(r"^(\s*)[-*+]\s+(.*)$")
_NUMBER = re.compile(r"^(\s*)(\d{1,3}[.)])\s+(.*)$")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_DIAGRAM = re.compile(r"^!\[[^\]]*\]\(diagram:([\w-]+)\)$")  # a picture of game/scenes/screens/rule_diagrams.py


def plain(text: str) -> str:
    """Inline Markdown markers removed."""
    for pattern, repl in _INLINE:
        text = pattern.sub(repl, text)
    return text.replace("\\*", "*").replace("\\_", "_")


def _is_cjk(ch: str) -> bool:
    o = ord(ch)
    return 0x2E80 <= o <= 0x9FFF or 0xF900 <= o <= 0xFAFF or 0xFF00 <= o <= 0xFFEF or 0x3000 <= o <= 0x303F


def _join(a: str, b: str) -> str:
    """Join two source lines of a paragraph: no space between Chinese characters."""
    if not a:
        return b
    if not b:
        return a
    return a + b if _is_cjk(a[-1]) or _is_cjk(b[0]) else a + " " + b


def parse(text: str) -> list:
    """[(kind, level, label, text)]: kind "h1" "h2" "h3" "para" "bullet" "number" "pre" "rule" "gap",
    or "diagram" (label: the diagram's key)."""
    blocks: list = []
    current = None  # the block that continuation lines join
    fence = False
    for raw in text.replace("\r\n", "\n").replace("\t", "    ").split("\n"):
        line = raw.rstrip()
        if line.strip().startswith("```"):
            fence = not fence
            current = None
            continue
        if fence:
            blocks.append(["pre", 0, "", line])
            continue
        stripped = line.strip()
        m = _DIAGRAM.match(stripped)
        if m:
            blocks.append(["diagram", 0, m.group(1), ""])
            current = None
            continue
        if not stripped:
            if blocks and blocks[-1][0] != "gap":
                blocks.append(["gap", 0, "", ""])
            current = None
            continue
        m = _HEADING.match(stripped)
        if m:
            level = min(3, len(m.group(1)))
            blocks.append([f"h{level}", level, "", plain(m.group(2))])
            current = None
            continue
        if re.fullmatch(r"(-{3,}|\*{3,}|_{3,})", stripped):
            blocks.append(["rule", 0, "", ""])
            current = None
            continue
        if stripped.startswith("|"):
            if re.fullmatch(r"\|?[\s:|-]+\|?", stripped):
                continue  # a table's separator row
            cells = [plain(c.strip()) for c in stripped.strip("|").split("|")]
            blocks.append(["pre", 0, "", "   ".join(cells)])
            current = None
            continue
        m = _BULLET.match(line)
        if m:
            current = ["bullet", min(3, len(m.group(1)) // 2 + 1), "", plain(m.group(2).strip())]
            blocks.append(current)
            continue
        m = _NUMBER.match(line)
        if m:
            current = ["number", min(3, len(m.group(1)) // 2 + 1), m.group(2), plain(m.group(3).strip())]
            blocks.append(current)
            continue
        if stripped.startswith(">"):
            stripped = stripped.lstrip("> ")
        if current is not None:
            current[3] = _join(current[3], plain(stripped))
        else:
            current = ["para", 0, "", plain(stripped)]
            blocks.append(current)
    while blocks and blocks[-1][0] == "gap":
        blocks.pop()
    while blocks and blocks[0][0] == "gap":
        blocks.pop(0)
    return [tuple(b) for b in blocks]


def rules_path(game: str, lang: str) -> Path:
    return RULES_DIR / f"{game}.{lang}.md"


def load_rules(game: str, lang: str):
    """(blocks, note): the rules of `game` in `lang`, else in the other language with a note,
    else ([], missing-file message)."""
    for i, candidate in enumerate((lang, "en" if lang == "zh" else "zh")):
        path = rules_path(game, candidate)
        try:
            text = path.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError):
            continue
        return parse(text), (tr("rules.other_lang", lang) if i else None)
    path = rules_path(game, lang)
    try:
        path = path.relative_to(RULES_DIR.parent.parent)
    except ValueError:
        pass
    return [], tr("rules.missing", lang, path=path.as_posix())


# ---- the scene ---------------------------------------------------------------------------------------
@register("rules")
class RulesScene(ScrollingPage, Scene):
    def __init__(self, app, game=None, options=None):
        super().__init__(app)
        self.game = game if game in GAMES else GAMES[0]
        #: the options the screen was opened with, for that game's tab (its name under them)
        self.options = {self.game: dict(options or {})}
        self.tabs = GameTabs(app, GAMES, self.select, self.title_key)
        self._section = self.game  # open this game's page at its own heading (a variant's)
        self.back = Button(app, lambda: tr("ui.back", app.lang), self.close)
        self.lesson_btn = Button(app, lambda: tr("rules.lesson", app.lang), self.open_lesson)
        self.view = pygame.Rect(0, 0, 1, 1)
        self.lines: list = []  # [(y, x, surface)] of the laid out text
        self.height = 0
        self._key = None
        self._pictures: dict = {}  # rendered diagrams by (key, size, lang)

    # ---- content ------------------------------------------------------------------------------
    def title_key(self, game: str) -> str:
        """The text key of a game's name under the options the screen was opened with."""
        return games.get(game).title_key(self.options.get(game))

    def select(self, game) -> None:
        if game != self.game:
            self.game = game
            self.scroll_to_top()
            self._key = None

    def _layout_text(self) -> None:
        s = theme.ui_scale(self.app.size)
        key = (self.game, self.app.lang, self.view.size, s)
        if key == self._key:
            return
        self._key = key
        blocks, note = load_rules(self.game, self.app.lang)
        body = theme.px(22, s)
        sizes = {"h1": theme.px(36, s), "h2": theme.px(29, s), "h3": theme.px(25, s)}
        width = self.view.w - theme.px(36, s)
        x0 = self.view.x + theme.px(12, s)
        lines, y = [], 0
        line_gap = int(body * 0.45)

        def add_text(text, size, colour, x, serif=False, w=None):
            nonlocal y
            f = self.app.font(size, serif)
            for part in wrap(text, f, (w or width) - (x - x0)):
                img = self.app.text(part, size, colour, serif=serif)
                lines.append((y, x, img))
                y += img.get_height() + int(size * 0.18)

        if note:
            add_text(note, body, theme.DANGER if not blocks else theme.TEXT_DIM, x0)
            y += line_gap * 2
        heads: dict = {}  # a heading's text (lower case) -> its y
        for kind, level, label, text in blocks:
            if kind == "gap":
                y += line_gap
            elif kind in sizes:
                y += line_gap * (2 if kind == "h1" else 1) if lines else 0
                heads.setdefault(text.strip().lower(), y)
                add_text(text, sizes[kind], theme.ACCENT, x0, serif=True)
                if kind == "h1":
                    lines.append((y, x0, ("rule", width)))
                    y += line_gap
                y += line_gap // 2
            elif kind == "rule":
                y += line_gap
                lines.append((y, x0, ("rule", width)))
                y += line_gap
            elif kind == "diagram":
                y = self._add_diagram(lines, label, y, x0, width, body)
            elif kind == "pre":
                add_text(text or " ", int(body * 0.92), theme.TEXT_DIM, x0 + theme.px(16, s))
            elif kind in ("bullet", "number"):
                indent = x0 + theme.px(30, s) * level
                mark_y = y + self.app.font(body).get_height() // 2 + 1
                if kind == "bullet":
                    lines.append((mark_y, indent - theme.px(16, s), ("dot", max(2, body // 6), level)))
                else:
                    img = self.app.text(label, body, theme.ACCENT)
                    lines.append((y, indent - img.get_width() - theme.px(6, s), img))
                add_text(text, body, theme.TEXT, indent)
                y += int(body * 0.15)
            else:
                add_text(text, body, theme.TEXT, x0)
        self.lines = lines
        self.height = y + theme.px(30, s)
        if self._section == self.game and self.view.w > 1:  # once, laid out in its real view
            self._section = None
            key = self.title_key(self.game)
            heading = heads.get(tr(key, self.app.lang).strip().lower()) if key != f"games.{self.game}" else None
            if heading is not None:  # the page opens at the variant's own heading
                self.scroll = self.target = min(float(heading), self.max_scroll())

    def _add_diagram(self, lines, key, y, x0, width, body) -> int:
        """A rules picture centred in the column with its caption below; returns the new y."""
        d = rule_diagrams.BY_KEY.get(key)
        if d is None:
            return y
        s = theme.ui_scale(self.app.size)
        size = (min(width, theme.px(560, s)), theme.px(340, s))
        cache_key = (key, size, self.app.lang)
        pic = self._pictures.get(cache_key)
        if pic is None:
            pic = self._pictures[cache_key] = rule_diagrams.render(d, size, self.app.lang)
        y += int(body * 0.4)
        lines.append((y, x0 + (width - pic.get_width()) // 2, pic))
        y += pic.get_height() + int(body * 0.4)
        size_px = theme.px(20, s)
        f = self.app.font(size_px)
        for part in wrap(rule_diagrams.caption(d, self.app.lang), f, min(width, theme.px(640, s))):
            img = self.app.text(part, size_px, theme.TEXT_DIM)
            lines.append((y, x0 + (width - img.get_width()) // 2, img))
            y += img.get_height() + int(size_px * 0.18)
        return y + int(body * 0.6)

    def open_lesson(self) -> None:
        self.app.open("lesson", self.game, self.options.get(self.game))

    def close(self) -> None:
        if self.app.top is self:
            self.app.pop()

    # ---- scene ---------------------------------------------------------------------------------------
    def on_resize(self, size) -> None:
        w, h = size
        s = theme.ui_scale(size)
        top = theme.px(118, s)
        tab_h = theme.px(48, s)
        cw = min(w - theme.px(60, s), theme.px(960, s))
        left = (w - cw) // 2
        self.tabs.place(left, top, cw, tab_h, theme.px(10, s))
        bh = theme.px(48, s)
        bottom = h - bh - theme.px(46, s)
        bw, gap = theme.px(220, s), theme.px(14, s)
        self.lesson_btn.rect = pygame.Rect(w // 2 - gap // 2 - bw, bottom + theme.px(10, s), bw, bh)
        self.back.rect = pygame.Rect(w // 2 + gap - gap // 2, bottom + theme.px(10, s), bw, bh)
        self.view = pygame.Rect(
            left, top + tab_h + theme.px(18, s), cw, max(40, bottom - top - tab_h - theme.px(26, s))
        )
        self._key = None
        self._layout_text()
        self.clamp_scroll()

    def _fade_strip(self, w, h):
        """(top, bottom) strips fading from the panel's colour to transparent, cached per size."""
        if getattr(self, "_fade", None) is None or self._fade[0] != (w, h):
            top = pygame.Surface((w, h), pygame.SRCALPHA)
            for y in range(h):
                pygame.draw.line(top, (*theme.PANEL, int(255 * (1 - y / h) ** 1.5)), (0, y), (w, y))
            self._fade = ((w, h), (top, pygame.transform.flip(top, False, True)))
        return self._fade[1]

    def handle_event(self, event) -> None:
        self._layout_text()
        if self.handle_scroll(event, theme.px(22, theme.ui_scale(self.app.size)) * 1.4):
            return
        if event.type == pygame.KEYDOWN:
            if event.key in (pygame.K_ESCAPE, pygame.K_BACKSPACE):
                self.app.sounds.play("click")
                self.close()
            elif (game := self.tabs.key_pick(event, self.game, arrows=True)) is not None:
                self.app.sounds.play("click")
                self.select(game)
            return
        if self.tabs.handle_event(event) or self.back.handle_event(event) or self.lesson_btn.handle_event(event):
            return

    def update(self, dt: float) -> None:
        self.ease_scroll(dt)

    def draw(self, surface) -> None:
        self._layout_text()
        s = self.draw_head(surface, tr("rules.title", self.app.lang))
        self.tabs.draw(surface, self.game)
        clip, off = self.open_view(surface, s)
        for y, x, item in self.lines:
            sy = y + off
            if isinstance(item, tuple):
                if sy < self.view.y - 20 or sy > self.view.bottom + 20:
                    continue
                if item[0] == "rule":
                    pygame.draw.line(surface, theme.PANEL_EDGE, (x, sy), (x + item[1], sy), 2)
                elif item[0] == "dot":
                    r = item[1]
                    if item[2] == 1:
                        pygame.draw.circle(surface, theme.ACCENT, (x, sy), r)
                    else:
                        pygame.draw.circle(surface, theme.ACCENT, (x, sy), r, 1)
                continue
            if sy + item.get_height() < self.view.y or sy > self.view.bottom:
                continue
            surface.blit(item, (x, sy))
        if self.height > self.view.h:  # soft edges where the text runs under the panel's rim
            fade = self._fade_strip(self.view.w, theme.px(18, s))
            if self.scroll > 1:
                surface.blit(fade[0], (self.view.x, self.view.y))
            if self.scroll < self.max_scroll() - 1:
                surface.blit(fade[1], (self.view.x, self.view.bottom - fade[1].get_height()))
        self.close_view(surface, clip, tr("rules.hint", self.app.lang), s)
        self.lesson_btn.draw(surface)
