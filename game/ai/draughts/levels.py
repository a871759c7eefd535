"""The draughts engine's ten levels as data (game.ai.common.LevelRow; values in centi-men).

Read by game.ai.draughts.search (run) and game.ai.draughts.player (search). Pure Python.
"""

from __future__ import annotations

from game.ai.common import LevelRow

#: the ten levels, level 1 first. 1-7 value every root move with the plain search of search.py
#: (captures seen `quiescence` plies past the horizon) and pick with mistakes; from COMPILED_FROM on
#: the compiled search plays its best on a node budget (8-9) or its clock (10), probing its
#: endgame tables as it always does (`tables` is the opening book). The figures behind the rows:
#: bench/RESULTS.md, "Round 26 - ten levels".
LEVELS = {
    1: LevelRow(1, 3_000, quiescence=4, noise=30.0, temperature=30.0, guard=150.0),
    2: LevelRow(2, 6_000, quiescence=2, noise=30.0, temperature=30.0, overlook=0.2, guard=150.0),
    3: LevelRow(2, 8_000, quiescence=4, noise=20.0, temperature=20.0, overlook=0.1, guard=120.0),
    4: LevelRow(3, 15_000, quiescence=4, noise=25.0, temperature=25.0, overlook=0.2, guard=100.0),
    5: LevelRow(3, 20_000, quiescence=8, noise=12.0, temperature=10.0, overlook=0.1, guard=80.0),
    6: LevelRow(4, 30_000, quiescence=12, noise=10.0, temperature=8.0, overlook=0.05, guard=60.0),
    7: LevelRow(5, 60_000, quiescence=12, noise=4.0, temperature=3.0, guard=50.0),
    8: LevelRow(64, 8_000),
    9: LevelRow(64, 60_000, tables=True),
    10: LevelRow(64, None, tables=True),
}
COMPILED_FROM = 8
