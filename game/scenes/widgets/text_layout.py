"""Text helpers for scenes: labels that may follow a language switch (text_of), text shrunk or
cut to a width (fit_text, ellipsize), word wrapping that respects Chinese punctuation (wrap), a
label kept at the body size on up to two lines (label_lines, blit_lines), and the UI font size for
the window (font_px).
"""

from __future__ import annotations

import re

import pygame

from game.sprites import theme


def text_of(value) -> str:
    return value() if callable(value) else str(value)


def fit_text(app, text: str, size: int, colour, width: int, min_size: int = 9, serif: bool = False):
    """`text` rendered at `size`, or smaller so that it fits `width` pixels (never below min_size)."""
    img = app.text(text, size, colour, serif=serif)
    if 0 < width < img.get_width():
        img = app.text(text, max(min_size, int(size * width / img.get_width())), colour, serif=serif)
    return img


def ellipsize(app, text: str, size: int, colour, width: int, serif: bool = False):
    """`text` rendered at `size`, cut with "…" so that it fits `width` pixels (names in lists keep
    their size, unlike fit_text, so the rows stay even)."""
    img = app.text(text, size, colour, serif=serif)
    if img.get_width() <= width:
        return img
    font = app.font(size, serif)
    lo, hi = 0, len(text)  # the longest prefix that fits, found by halving
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if font.size(text[:mid] + "…")[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    return app.text(text[:lo] + "…", size, colour, serif=serif)


_NO_LINE_START = set("，。、：；！？）》」』】〕…,.;:!?)]}%·")
_NO_LINE_END = set("（《「『【〔([{")


def _tokens(text: str) -> list:
    """Words (Latin runs with their trailing space) and single Chinese characters, with closing
    punctuation glued to the token before it and opening punctuation to the token after it."""
    raw = re.findall(
        r"[\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]|[^\s\u2E80-\u9FFF\uF900-\uFAFF\uFF00-\uFFEF\u3000-\u303F]+\s*|\s+",
        text,
    )
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


def label_lines(app, text: str, size: int, colour, width: int, max_lines: int = 2) -> list:
    """A label in `width` pixels at the body size: one line, else wrapped onto up to `max_lines`
    lines. Only when that is not enough is it a little smaller (never below 85% of `size`), and at
    last cut with "…". Draw the lines with blit_lines."""
    img = app.text(text, size, colour)
    if img.get_width() <= width or width <= 0:
        return [img]
    floor = max(8, int(size * 0.85))
    px = size
    lines = wrap(text, app.font(px), width)
    while len(lines) > max_lines and px > floor:
        px -= 1
        lines = wrap(text, app.font(px), width)
    if len(lines) > max_lines:  # the rest of the text goes on the last line, cut
        pos = 0
        for line in lines[: max_lines - 1]:
            pos = text.find(line, pos) + len(line)
        lines = lines[: max_lines - 1] + [text[pos:].strip()]
    return [ellipsize(app, line, px, colour, width) for line in lines]


def blit_lines(surface, lines: list, size: int, align: str = "left", **anchor):
    """Draw `lines` (label_lines) one under the other, a line every 1.15 x `size` pixels; the block
    is placed by a pygame.Rect anchor (midleft=..., center=...). Returns the block's rect."""
    step = int(size * 1.15)
    height = step * (len(lines) - 1) + max(img.get_height() for img in lines)
    block = pygame.Rect(0, 0, max(img.get_width() for img in lines), height)
    setattr(block, *next(iter(anchor.items())))
    for i, img in enumerate(lines):
        r = img.get_rect(top=block.y + i * step)
        if align == "center":
            r.centerx = block.centerx
        else:
            r.x = block.x
        surface.blit(img, r)
    return block


LETTER_GAP = 2  # pixels between two lines' letters in blit_letters


def letters_height(lines: list) -> int:
    """How tall the letters of rendered lines are, stacked by blit_letters."""
    return sum(img.get_bounding_rect().h for img in lines) + LETTER_GAP * (len(lines) - 1)


def blit_letters(surface, lines: list, centre: tuple[int, int]) -> None:
    """Rendered lines (of any sizes) centred on `centre`, placed by their letters rather than their
    fonts' line spacing (CJK fonts carry a lot of it), so two lines fit a button one row high."""
    y = centre[1] - letters_height(lines) // 2
    for img in lines:
        letters = img.get_bounding_rect()
        surface.blit(img, img.get_rect(centerx=centre[0], top=y - letters.top))
        y += letters.h + LETTER_GAP


def font_px(app, base: float = 22) -> int:
    return theme.px(base, theme.ui_scale(app.size))
