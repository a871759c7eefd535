"""The shipped CJK font subsets cover every text the program shows, and their licence ships."""

import importlib.util
from pathlib import Path

import pygame
import pytest
from fontTools.ttLib import TTFont

from game import fonts

ROOT = Path(__file__).resolve().parent.parent


def _tool():
    spec = importlib.util.spec_from_file_location("make_font_subset", ROOT / "tools" / "make_font_subset.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


TOOL = _tool()


def _open(serif):
    with open(fonts.font_path(serif), "rb") as f:
        return TTFont(f)  # read whole, so the file is closed at once


@pytest.fixture(scope="module")
def cmaps():
    return {serif: {chr(cp) for cp in _open(serif).getBestCmap()} for serif in (False, True)}


def _missing(text, cmap):
    return "".join(sorted({c for c in text if c.isprintable() and c != " " and c not in cmap}))


@pytest.mark.parametrize("serif", [False, True])
def test_every_ui_string_is_in_the_font(cmaps, serif):
    from game.i18n import STRINGS

    bad = {
        key: _missing(text, cmaps[serif])
        for key, texts in STRINGS.items()
        for text in texts.values()
        if _missing(text, cmaps[serif])
    }
    assert not bad, f"run tools/make_font_subset.py: characters missing for {bad}"


@pytest.mark.parametrize("serif", [False, True])
def test_rules_texts_and_piece_characters_are_in_the_font(cmaps, serif):
    for path in sorted((ROOT / "assets" / "rules").glob("*.md")):
        missing = _missing(path.read_text(encoding="utf-8"), cmaps[serif])
        assert not missing, f"{path.name}: {missing!r} missing; run tools/make_font_subset.py"
    assert not _missing("帥仕相俥傌炮兵將士象車馬包卒", cmaps[serif])
    assert not _missing(TOOL.source_literal_chars(), cmaps[serif]), "characters in game/ sources"
    assert not _missing("".join(map(chr, range(0x21, 0x7F))), cmaps[serif]), "ASCII"


def test_sans_covers_common_chinese_for_typed_names(cmaps):
    assert not _missing(TOOL.gb2312_level1(), cmaps[False])
    assert fonts.covers("我的棋局 2 第一盘")
    assert not fonts.covers("\U0002a6a5")


@pytest.mark.parametrize("serif", [False, True])
def test_coverage_list_matches_the_cmap(cmaps, serif):
    assert fonts.covered_chars(serif) == {c for c in cmaps[serif] if c.isprintable() or c == "\u3000"}


def test_licence_ships():
    text = fonts.LICENSE_FILE.read_text(encoding="utf-8")
    assert "SIL OPEN FONT LICENSE Version 1.1" in text
    assert "Adobe" in text and "Reserved Font Name" in text
    for serif in (False, True):
        name = _open(serif)["name"]
        assert "Open Font License" in name.getDebugName(13)


def test_fonts_load_cache_and_draw_chinese():
    pygame.font.init()
    try:
        assert fonts.font(24) is fonts.font(24)
        assert fonts.font(24) is not fonts.font(24, serif=True)
        piece = fonts.font(40, serif=True)
        # a real glyph differs from the .notdef box drawn for a character the font lacks
        have = pygame.image.tobytes(piece.render("帥", True, (0, 0, 0), (255, 255, 255)), "RGB")
        lack = pygame.image.tobytes(piece.render("\ue000", True, (0, 0, 0), (255, 255, 255)), "RGB")
        assert have != lack
        w, h = fonts.font(20).size("棋盘 Qipan")
        assert w > 60 and h >= 20
        assert fonts.font_for("棋盘", 20) is fonts.font(20)
        fonts.font_for("\u9fa5\U00020000", 20).render("\u9fa5", True, (0, 0, 0))  # fallback or tofu, no error
    finally:
        pygame.quit()
    for restart in (pygame.init, pygame.font.init, pygame.init):  # every fresh start after a quit
        restart()  # gets working fonts, not stale ones
        try:
            fonts.font(24).render("再来", True, (0, 0, 0))
            fonts.font(40, serif=True).render("帥", True, (0, 0, 0))
        finally:
            pygame.quit()
    pygame.init()  # leave pygame as the other tests expect it
    fonts.font(24).render("好", True, (0, 0, 0))
