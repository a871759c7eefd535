"""Pure-Python rules of the three games. No pygame import anywhere below this package.

Every game module (palace, draughts, banqi) offers the contract of shared/DESIGN.md:
new_game(), from_text(), to_text(), perft() (palace, draughts), OPTIONS, SIDES, and immutable
states with legal_moves() / play() / result() / to_move.
"""

GAMES = ("palace", "draughts", "banqi")


def module(name):
    """The rules module of game `name` (one of GAMES)."""
    import importlib

    if name not in GAMES:
        raise ValueError(f"unknown game {name!r}; expected one of {', '.join(GAMES)}")
    return importlib.import_module(f"game.rules.{name}")


def game_of(state):
    """Name of the game a state belongs to ("palace", "draughts" or "banqi")."""
    name = type(state).__module__.rsplit(".", 1)[-1]
    if name not in GAMES:
        raise TypeError(f"not a game state: {type(state).__name__}")
    return name


# draughts.from_text reads PDN through draughts_pdn, which imports draughts (one direction only);
# loading it with the package registers that reader however draughts itself is imported.
from game.rules import draughts_pdn as _draughts_pdn  # noqa: F401
