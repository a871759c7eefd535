"""Pure-Python rules of the three games. No pygame import anywhere below this package.

Every game module (palace, draughts, banqi) offers the contract of shared/DESIGN.md:
new_game(), from_text(), to_text(), perft() (palace, draughts), OPTIONS, SIDES, and immutable
states with legal_moves() / play() / result() / to_move. What they share (the move protocol,
results and end reasons, resignation and draw agreement, options) is in game.rules.common; the
registry that shared code asks about a game is game.games.
"""

import importlib
import pkgutil

# Every module of this package that names a game (NAME, with its State) is one: a new game plugs
# in by adding its module here, nothing else touched. MENU_ORDER sorts them.
_found = [importlib.import_module(f"{__name__}.{m.name}") for m in pkgutil.iter_modules(__path__)]
_MODULES = {
    m.NAME: m
    for m in sorted((m for m in _found if hasattr(m, "NAME") and hasattr(m, "State")), key=lambda m: m.MENU_ORDER)
}
GAMES = tuple(_MODULES)


def module(name):
    """The rules module of game `name` (one of GAMES)."""
    if name not in _MODULES:
        raise ValueError(f"unknown game {name!r}; expected one of {', '.join(GAMES)}")
    return _MODULES[name]


def game_of(state):
    """Name of the game a state belongs to (one of GAMES)."""
    for name, mod in _MODULES.items():
        if isinstance(state, mod.State):
            return name
    raise TypeError(f"not a game state: {type(state).__name__}")


# draughts.from_text reads PDN through draughts_pdn, which imports draughts (one direction only);
# loading it with the package registers that reader however draughts itself is imported.
from game.rules import draughts_pdn as _draughts_pdn  # noqa: E402, F401
