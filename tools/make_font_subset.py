"""Regenerate the CJK font subsets shipped in assets/fonts/ from the text the program can show.

    python tools/make_font_subset.py [--sans FILE.ttc] [--serif FILE.ttc]

Sources (Noto CJK, SIL Open Font License 1.1; Debian package fonts-noto-cjk):
  sans:  Noto Sans CJK SC Regular (face 2 of NotoSansCJK-Regular.ttc) - the UI text
  serif: Noto Serif CJK SC Bold   (face 2 of NotoSerifCJK-Bold.ttc)  - piece characters
The characters kept (see needed_text()):
  - every UI string (game.i18n.all_strings(): the catalogue game/strings),
  - the rules screen texts assets/rules/*.md,
  - every non-ASCII character in a string literal of game/**/*.py (piece characters, symbols),
  - the xiangqi piece characters in both their traditional and simplified forms,
  - printable ASCII, Latin-1, full-width forms and common CJK punctuation;
  the sans face also keeps the 3755 level-1 characters of GB2312, so that names a player types
  (save names) show in Chinese too.
Beside each font, a <font>.chars.txt lists the characters it covers (game.fonts reads it to decide
when a player-typed text needs a system fallback font; tests/test_font.py checks it against the cmap).
"""

from __future__ import annotations

import argparse
import io
import sys
import tokenize
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from game.fonts import FONT_DIR, SANS_FILE, SERIF_FILE  # noqa: E402

SANS_SOURCE = "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc"
SERIF_SOURCE = "/usr/share/fonts/opentype/noto/NotoSerifCJK-Bold.ttc"
SC_FACE = 2  # Simplified Chinese face of the Noto CJK collections

# xiangqi pieces: red then black, traditional and simplified forms, and common variants
PIECE_CHARS = "帥仕相俥傌炮兵將士象車馬包卒帅车马砲炮將俥傌兵卒仕士相象"
EXTRA = "，。、：；！？（）《》〈〉「」『』【】〔〕“”‘’…—–·•×÷±°～←→↑↓↔⇄✓★☆●○◆◇■□▲△▼▽"


def gb2312_level1() -> str:
    """The 3755 most common Chinese characters (GB2312 level 1, rows 16..55)."""
    out = []
    for hi in range(0xB0, 0xD8):
        for lo in range(0xA1, 0xFF):
            try:
                out.append(bytes((hi, lo)).decode("gb2312"))
            except UnicodeDecodeError:
                pass
    return "".join(out)


def source_literal_chars(root: Path = ROOT / "game") -> str:
    """Non-ASCII characters inside string literals of the game's Python sources."""
    chars = set()
    for path in sorted(root.rglob("*.py")):
        try:
            tokens = tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline)
            for tok in tokens:
                if tok.type == tokenize.STRING or getattr(tokenize, "FSTRING_MIDDLE", -1) == tok.type:
                    chars.update(c for c in tok.string if ord(c) > 127)
        except (tokenize.TokenError, SyntaxError, UnicodeDecodeError) as exc:
            print(f"warning: skipped {path}: {exc}", file=sys.stderr)
    return "".join(sorted(chars))


def rules_texts() -> str:
    return "".join(p.read_text(encoding="utf-8") for p in sorted((ROOT / "assets" / "rules").glob("*.md")))


def ui_strings() -> str:
    from game.i18n import all_strings

    return "".join(all_strings())


def base_chars() -> str:
    ascii_ = "".join(map(chr, range(0x20, 0x7F)))
    latin1 = "".join(map(chr, range(0xA0, 0x100)))
    fullwidth = "".join(map(chr, range(0xFF01, 0xFF5F)))
    return ascii_ + latin1 + fullwidth + "\u3000" + EXTRA


def needed_text() -> str:
    """Every character the program itself shows (both faces must cover these)."""
    return base_chars() + PIECE_CHARS + ui_strings() + rules_texts() + source_literal_chars()


def printable(text: str) -> str:
    return "".join(sorted({c for c in text if c.isprintable() or c == "\u3000"}))


def make_subset(source: str, text: str, out: Path) -> str:
    from fontTools import subset
    from fontTools.ttLib import TTCollection

    font = TTCollection(source).fonts[SC_FACE]
    opts = subset.Options()
    opts.name_IDs = ["*"]  # keep copyright, licence and name records
    opts.name_languages = ["*"]
    opts.notdef_outline = True
    opts.layout_features = ["kern", "palt", "vert", "liga", "locl", "ccmp"]
    sub = subset.Subsetter(opts)
    sub.populate(text=text)
    sub.subset(font)
    font.recalcTimestamp = False  # the same characters give the same bytes (no needless git churn)
    font.save(str(out))
    covered = "".join(sorted(chr(cp) for cp in font.getBestCmap() if chr(cp).isprintable() or cp == 0x3000))
    out.with_name(out.name + ".chars.txt").write_text(covered, encoding="utf-8")
    missing = sorted(set(text) - set(covered))
    if missing:
        print(f"warning: {out.name} lacks {''.join(missing)!r} (not in the source font)", file=sys.stderr)
    return covered


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--sans", default=SANS_SOURCE)
    ap.add_argument("--serif", default=SERIF_SOURCE)
    args = ap.parse_args(argv)
    text = printable(needed_text())
    FONT_DIR.mkdir(parents=True, exist_ok=True)
    for source, out, extra in ((args.sans, SANS_FILE, gb2312_level1()), (args.serif, SERIF_FILE, "")):
        covered = make_subset(source, printable(text + extra), out)
        print(f"{out.relative_to(ROOT)}: {len(covered)} characters, {out.stat().st_size // 1024} KiB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
