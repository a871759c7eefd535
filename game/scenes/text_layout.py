"""Text helpers for scenes: labels that may follow a language switch (text_of), text shrunk or
cut to a width (fit_text, ellipsize), word wrapping that respects Chinese punctuation (wrap), and
the UI font size for the window (font_px).
"""

from __future__ import annotations

import re

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


def font_px(app, base: float = 22) -> int:
    return theme.px(base, theme.ui_scale(app.size))
