"""The draughts engine's ten levels as data (game.ai.common.LevelRow; values in centi-men), one
table per variant: international draughts (10x10), Russian and Brazilian draughts and English
checkers (8x8), chosen by the variant's name (`rows`). The 8x8 tables share the rows that are the
same in them (a row is a value: one table names another's).

Read by game.ai.draughts.search (run) and game.ai.draughts.player (search). Pure Python.
"""

from __future__ import annotations

from game.ai.common import LevelRow

#: the ten levels on 10x10, level 1 first. 1-7 value every root move with the plain search of
#: search.py (captures seen `quiescence` plies past the horizon) and pick with mistakes; from
#: COMPILED_FROM on the compiled search plays its best on a node budget (8-9) or its clock (10),
#: probing its endgame tables as it always does (`tables` is the opening book). The figures behind
#: the rows: bench/RESULTS.md, "Round 26 - ten levels".
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

#: the ten levels of Russian draughts (no book, no endgame tables on 8x8). The 10x10 rows measured
#: on Russian draughts put level 1 at 83% against the greedy beginner and the middle levels 250-470
#: points apart: on the small board a ply more, or a little less noise, tells at once. So here
#: level 1 sees captures two plies past its one ply and errs more; 3, 5, 6 and 7 are rows of their
#: own (more plies with more noise than 10x10's rows of those depths); 8 is 10x10's 7; 9 plays its
#: best on a small node budget. 1-8 pick with mistakes (game.ai.draughts.player); 9 and 10 play
#: their best through search.run (the compiled search where numba is, node for node the plain
#: one). The figures: bench/RESULTS.md, "The 8x8 draughts variants, round 2".
RUSSIAN = {
    1: LevelRow(1, 3_000, quiescence=2, noise=50.0, temperature=50.0, guard=150.0),
    2: LEVELS[2],
    3: LevelRow(2, 8_000, quiescence=6, noise=15.0, temperature=15.0, overlook=0.1, guard=110.0),
    4: LEVELS[4],
    5: LevelRow(3, 20_000, quiescence=6, noise=15.0, temperature=12.0, overlook=0.1, guard=80.0),
    6: LevelRow(4, 30_000, quiescence=8, noise=14.0, temperature=12.0, overlook=0.1, guard=70.0),
    7: LevelRow(4, 30_000, quiescence=12, noise=7.0, temperature=6.0, overlook=0.05, guard=55.0),
    8: LEVELS[7],
    9: LevelRow(64, 5_000),
    10: LevelRow(64, None),
}

#: the ten levels of Brazilian draughts: Russian's rows.
BRAZILIAN = dict(RUSSIAN)

#: the ten levels of English checkers: Russian's rows.
ENGLISH = dict(RUSSIAN)

#: every variant's table, by the variant's name (game.rules.draughts_variants)
ROWS = {"international": LEVELS, "russian": RUSSIAN, "brazilian": BRAZILIAN, "english": ENGLISH}


def rows(variant: str) -> dict[int, LevelRow]:
    """The ten rows of the draughts variant named `variant` (international, russian, ...)."""
    return ROWS[variant]
