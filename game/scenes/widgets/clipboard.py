"""The clipboard for text fields: the system clipboard through pygame (SDL), and an in-process copy
when that is not available (no display yet, a headless test, a platform without one), so copy and
paste work inside the program everywhere and never raise.
"""

from __future__ import annotations

import pygame

_local = ""  # the last text copied, for when the system clipboard cannot be used
_system = False  # the last copy reached the system clipboard


def put_text(text: str) -> None:
    global _local, _system
    _local = str(text)
    try:
        pygame.scrap.put_text(_local.replace("\0", ""))  # SDL refuses embedded NULs
        _system = True
    except Exception:  # pygame.error without a video system, or no scrap module at all
        _system = False


def get_text() -> str:
    try:
        text = pygame.scrap.get_text()
    except Exception:
        return _local
    if isinstance(text, bytes):
        text = text.decode("utf-8", "replace")
    # an empty system clipboard while our own copy never got there: ours is the latest
    return text or ("" if _system else _local)


def clean_line(text: str) -> str:
    """The first non-blank line of `text`, tabs as spaces, without control characters: what a
    one-line field accepts from a paste."""
    for line in str(text).splitlines():
        line = "".join(ch for ch in line.replace("\t", " ") if ch.isprintable())
        if line.strip():
            return line
    return ""
