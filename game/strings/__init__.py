"""Every text the program shows, in Chinese and English: the one catalogue game.i18n reads.

One module per area of the program, each a plain table TEXTS = {key: {"zh": ..., "en": ...}}
with a comment naming the code that shows each group. The modules import nothing, so the catalogue
is complete in every process (the window, the command line, the computer's worker, the tests)
before any screen draws, whichever modules that process imports: no text is registered as a side
effect of importing the code that shows it. A new area adds its module here and to TABLES;
tests/test_strings.py checks that every module of this package is listed.

Key names say where a text is shown: "menu.", "setup.", "net." (the LAN screens), "online.",
"board."...; a game's own texts start with the game's name ("palace.", "draughts.", "banqi.") or
"games.<name>", "lesson.<name>.", "diagram.<name>-".
"""

from __future__ import annotations

from game.strings import app, banqi, board, draughts, draughts_lessons, lobbies, palace, screens, setup, widgets

#: every table, in the order they are merged (a key appears in exactly one)
TABLES: dict[str, dict[str, dict[str, str]]] = {
    module.__name__: module.TEXTS
    for module in (app, widgets, screens, setup, board, lobbies, palace, draughts, draughts_lessons, banqi)
}
