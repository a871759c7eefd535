"""The choices remembered for the session (kept until the program quits, never written to a file):
what was last chosen on each game's new-game setup, the last game offered on the network and the
last address typed to join one. The App makes one in its constructor (app.choices); the screens
read and write it only through it.

    choices = SessionChoices()
    choices.last_setup("draughts") -> {}                       # nothing chosen yet
    choices.remember_setup("draughts", {"mode": "computer", "level": 4, "options": {...}, ...})
    choices.update_setup("draughts", level=5, level_chosen=True)   # the rest kept
    choices.last_options("draughts") -> {...}                  # the rule options last chosen

A game's setup choices are a dict with the keys SetupScene.remember writes (mode, human_seat,
level, level_chosen, level2, time1, time2, series, options, and the clock's: clock_rows.KEYS);
one written by update_setup alone may hold only some of them, so readers use .get with their
defaults. Pure Python, no pygame.
"""

from __future__ import annotations

from typing import Any


class SessionChoices:
    def __init__(self) -> None:
        self._setups: dict[str, dict[str, Any]] = {}
        #: the network offer last made (OfferSetupScene.remember: game, seat, options, the clock's)
        self.net_offer: dict[str, Any] = {}
        #: the host's address last typed to join a game on the network
        self.net_address: str = ""

    def last_setup(self, game: str) -> dict[str, Any]:
        """What was last chosen on `game`'s setup (a copy), {} before anything was."""
        return dict(self._setups.get(game, {}))

    def last_options(self, game: str) -> dict[str, Any]:
        """The rule options last chosen for `game` (a copy), {} before any were."""
        return dict(self._setups.get(game, {}).get("options", {}))

    def remember_setup(self, game: str, choices: dict[str, Any]) -> None:
        """All of `game`'s setup choices at once (the setup screen's), in place of the last."""
        self._setups[game] = dict(choices)

    def update_setup(self, game: str, **choices: Any) -> None:
        """Some of `game`'s setup choices (the level taken up from the result screen, the draughts
        editor's mode and level); the others stay as they were."""
        self._setups.setdefault(game, {}).update(choices)
