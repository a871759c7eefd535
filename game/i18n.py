"""UI strings in Chinese and English.

Every text the program shows goes through tr(key, lang). The texts themselves live in one
catalogue, the package game.strings (one plain table per area of the program), which this module
reads when it is imported: whoever can call tr() can find every text, whatever else is imported.

An unknown key is a bug. In the program tr() shows the key itself and writes a warning once to
stderr, so a player's game goes on; under the tests (QIPAN_STRICT_STRINGS=1, set by
tests/conftest.py) it raises, and so does a text whose {fields} the caller did not give.
tests/test_strings.py opens every screen in both languages under that rule.
"""

from __future__ import annotations

import locale
import os
import sys

from game.strings import TABLES

LANGS = ("zh", "en")


def _merge(tables: dict[str, dict[str, dict[str, str]]]) -> dict[str, dict[str, str]]:
    """One table of every key; each key needs exactly both languages and lives in one module."""
    out: dict[str, dict[str, str]] = {}
    home: dict[str, str] = {}
    for module, table in tables.items():
        for key, texts in table.items():
            if set(texts) != set(LANGS):
                raise ValueError(f"{module}: string {key!r} needs exactly {LANGS}, has {sorted(texts)}")
            if key in out:
                raise ValueError(f"string {key!r} is in both {home[key]} and {module}")
            out[key], home[key] = dict(texts), module
    return out


STRINGS: dict[str, dict[str, str]] = _merge(TABLES)

#: unknown keys and missing fields raise instead of showing (the tests set QIPAN_STRICT_STRINGS=1)
strict = os.environ.get("QIPAN_STRICT_STRINGS", "") == "1"

_warned: set[str] = set()


def _problem(key: str, why: str) -> None:
    if strict:
        raise KeyError(f"text {key!r}: {why}")
    if key not in _warned:  # once a key: a screen redraws sixty times a second
        _warned.add(key)
        print(f"qipan: text {key!r}: {why}", file=sys.stderr)


def tr(key: str, lang: str = "en", **fmt) -> str:
    """The text of `key` in `lang`, formatted with fmt. An unknown key or a missing field is a bug:
    it raises under the tests (strict); in the program the key, or the text unformatted, shows."""
    texts = STRINGS.get(key)
    if texts is None:
        _problem(key, "no such key in game.strings")
        return key
    text = texts.get(lang) or texts["en"]
    if not fmt and not (strict and "{" in text):
        return text
    try:
        return text.format(**fmt)
    except (KeyError, IndexError, ValueError) as exc:
        _problem(key, f"cannot fill in {text!r}: {exc!r}")
        return text


def all_strings() -> list[str]:
    """Every text in every language (tools/make_font_subset.py keeps their characters)."""
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
