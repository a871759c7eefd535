"""UI strings in Chinese and English.

Every text the program shows goes through tr(). Modules add their own tables with add();
game views add keys prefixed with their game name ("palace.", "draughts.", "banqi.").
tools/make_font_subset.py and tests/test_font.py collect every string from here (after importing
every module that registers strings, see all_strings()), so the shipped CJK font covers them.
"""

from __future__ import annotations

import locale
import os

LANGS = ("zh", "en")

STRINGS: dict[str, dict[str, str]] = {}


def add(table: dict) -> None:
    """Register {key: {"en": ..., "zh": ...}}. Both languages are required."""
    for key, texts in table.items():
        if set(texts) != set(LANGS):
            raise ValueError(f"string {key!r} needs exactly {LANGS}, has {sorted(texts)}")
        old = STRINGS.get(key)
        if old is not None and old != texts:
            raise ValueError(f"string {key!r} registered twice with different texts")
        STRINGS[key] = dict(texts)


def tr(key: str, lang: str = "en", **fmt) -> str:
    """The text of `key` in `lang`, formatted with fmt. An unknown key shows as the key itself."""
    texts = STRINGS.get(key)
    text = key if texts is None else texts.get(lang) or texts["en"]
    return text.format(**fmt) if fmt else text


def all_strings() -> list[str]:
    """Every registered text in every language, after importing every module of the game package."""
    import importlib
    import pkgutil

    import game

    for info in pkgutil.walk_packages(game.__path__, "game."):
        if info.name != "game.cli" and not info.name.endswith("__main__"):
            importlib.import_module(info.name)
    return [t for texts in STRINGS.values() for t in texts.values()]


def system_lang() -> str:
    """ "zh" when the system locale is Chinese (zh_*), else "en"."""
    candidates = [os.environ.get(k, "") for k in ("LC_ALL", "LC_MESSAGES", "LANG", "LANGUAGE")]
    try:
        candidates.append(locale.getlocale()[0] or "")
    except (ValueError, TypeError):
        pass
    for value in candidates:
        value = value.strip()
        if not value or value in ("C", "POSIX") or value.startswith("C."):
            continue
        low = value.lower()
        return "zh" if low.startswith(("zh", "chinese")) else "en"
    return "en"
