"""The shipped CJK fonts: font(size, serif) for every text the program draws.

assets/fonts/ holds subsets of Noto Sans CJK SC Regular (the UI) and Noto Serif CJK SC Bold (piece
characters), made by tools/make_font_subset.py (SIL Open Font License, assets/fonts/OFL.txt).
Fonts are cached by (size, serif); fonts left over from before pygame was quit are dropped, so the
app can be started again in the same process (tests do).
"""

from __future__ import annotations

import sys
from functools import lru_cache
from pathlib import Path

import pygame

from game.paths import asset

FONT_DIR = asset("fonts")
SANS_FILE = FONT_DIR / "NotoSansCJKsc-Regular.subset.otf"
SERIF_FILE = FONT_DIR / "NotoSerifCJKsc-Bold.subset.otf"
LICENSE_FILE = FONT_DIR / "OFL.txt"

# System fonts that cover all of Chinese, tried (in order) for player-typed text the subset lacks.
FALLBACK_NAMES = (
    "notosanscjksc",
    "notosanscjk",
    "notosanscjkscregular",
    "sourcehansanssc",
    "wenquanyimicrohei",
    "wenquanyizenhei",
    "microsoftyahei",
    "simhei",
    "pingfangsc",
    "hiraginosansgb",
    "arialunicodems",
)

_cache: dict = {}


def _ensure_init() -> None:
    if not pygame.font.get_init():
        _cache.clear()
        pygame.font.init()


def _cached(key):
    """The cached font of `key`, or None; a font made before pygame (or its font module) was
    quit and started again is dropped with the whole cache."""
    f = _cache.get(key)
    if f is not None:
        try:
            f.get_height()
        except pygame.error:
            _cache.clear()
            return None
    return f


def font_path(serif: bool = False) -> Path:
    return SERIF_FILE if serif else SANS_FILE


def font(size: int, serif: bool = False) -> pygame.font.Font:
    """The shipped font at `size` pixels: sans for the UI, serif (bold) for piece characters."""
    _ensure_init()
    key = (max(1, int(size)), bool(serif))
    f = _cached(key)
    if f is None:
        path = font_path(key[1])
        if path.exists():
            f = pygame.font.Font(str(path), key[0])
        else:  # a broken install: keep going with pygame's Latin default
            print(f"qipan: font {path} missing, Chinese text will not show", file=sys.stderr)
            f = pygame.font.Font(None, key[0])
        _cache[key] = f
    return f


@lru_cache(maxsize=2)
def covered_chars(serif: bool = False) -> frozenset:
    """The characters the shipped font of this face has glyphs for."""
    chars = font_path(serif).with_name(font_path(serif).name + ".chars.txt")
    try:
        return frozenset(chars.read_text(encoding="utf-8"))
    except OSError:
        return frozenset(map(chr, range(0x20, 0x7F)))


def covers(text: str, serif: bool = False) -> bool:
    """True when the shipped font can draw every character of `text`."""
    have = covered_chars(serif)
    return all(c in have or not c.isprintable() for c in text)


def _fallback_path():
    for name in FALLBACK_NAMES:
        path = pygame.font.match_font(name)
        if path:
            return path
    return None


def font_for(text: str, size: int, serif: bool = False) -> pygame.font.Font:
    """font(size, serif), or a system CJK font when `text` (e.g. a name the player typed) holds
    characters the shipped subset lacks and such a font is installed."""
    if covers(text, serif):
        return font(size, serif)
    _ensure_init()
    key = ("fallback", max(1, int(size)))
    f = _cached(key)
    if f is None:
        path = _fallback_path()
        f = pygame.font.Font(path, key[1]) if path else font(size, serif)
        _cache[key] = f
    return f
