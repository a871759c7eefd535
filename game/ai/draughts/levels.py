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
#: the rows: bench/RESULTS.md, "Round 26 - ten levels"; levels 1 and 3 re-set when the learned
#: evaluation became the default ("The learned evaluation ships").
LEVELS = {
    1: LevelRow(1, 3_000, quiescence=4, noise=25.0, temperature=25.0, guard=150.0),
    2: LevelRow(2, 6_000, quiescence=2, noise=30.0, temperature=30.0, overlook=0.2, guard=150.0),
    3: LevelRow(2, 8_000, quiescence=4, noise=17.0, temperature=17.0, overlook=0.08, guard=120.0),
    4: LevelRow(3, 15_000, quiescence=4, noise=25.0, temperature=25.0, overlook=0.2, guard=100.0),
    5: LevelRow(3, 20_000, quiescence=8, noise=12.0, temperature=10.0, overlook=0.1, guard=80.0),
    6: LevelRow(4, 30_000, quiescence=12, noise=10.0, temperature=8.0, overlook=0.05, guard=60.0),
    7: LevelRow(5, 60_000, quiescence=12, noise=4.0, temperature=3.0, guard=50.0),
    8: LevelRow(64, 8_000),
    9: LevelRow(64, 60_000, tables=True),
    10: LevelRow(64, None, tables=True),
}
COMPILED_FROM = 8

#: the ten levels of Russian draughts (no book; level 10 probes the 2-4 piece endgame tables, with
#: which hard converted 49 of 49 won endings against 22 without). The 10x10 rows measured
#: on Russian draughts put level 1 at 83% against the greedy beginner and the middle levels 250-470
#: points apart: on the small board a ply more, or a little less noise, tells at once. So here
#: level 1 sees captures two plies past its one ply and errs more; 3, 5, 6 and 7 are rows of their
#: own (more plies with more noise than 10x10's rows of those depths); 8 is 10x10's 7; 9 plays its
#: best on a small node budget. 1-8 pick with mistakes (game.ai.draughts.player); 9 and 10 play
#: their best through search.run (the compiled search where numba is, node for node the plain
#: one). 5 errs a little less than round 4's (at 32 games a pair 4 to 5 was 67 points). The
#: figures: bench/RESULTS.md, "The 8x8 draughts variants, round 2", "round 4" and "round 5".
RUSSIAN = {
    1: LevelRow(1, 3_000, quiescence=2, noise=50.0, temperature=50.0, guard=150.0),
    2: LEVELS[2],
    3: LevelRow(2, 8_000, quiescence=6, noise=15.0, temperature=15.0, overlook=0.1, guard=110.0),
    4: LEVELS[4],
    5: LevelRow(3, 20_000, quiescence=6, noise=12.0, temperature=10.0, overlook=0.08, guard=80.0),
    6: LevelRow(4, 30_000, quiescence=8, noise=14.0, temperature=12.0, overlook=0.1, guard=70.0),
    7: LevelRow(4, 30_000, quiescence=12, noise=5.0, temperature=4.0, overlook=0.03, guard=55.0),
    8: LEVELS[7],
    9: LevelRow(64, 5_000),
    10: LevelRow(64, None, tables=True),
}

#: the ten levels of Brazilian draughts. Under the majority rule Russian's rows 2 and 3 play
#: alike, as do 4 and 5, and 7 to 8 and 8 to 9 were near 300 points apart (round 2); a best play on
#: 3,000 nodes came out level with Russian's 8 (round 4). So here 3 is a row of its own between 2
#: and 4, Russian's 3, 5 and 8 are left out (Russian's 6 and 7 are 5 and 6 here), 7 is a noisier
#: five-ply row, and 8 and 9 play their best on 3,000 and 8,000 nodes (at 32 games a pair, 9 on
#: Russian's 5,000 was only 56 points above 8 and 9 to 10 near 240: round 5).
BRAZILIAN = {
    1: RUSSIAN[1],
    2: RUSSIAN[2],
    3: LevelRow(3, 15_000, quiescence=4, noise=50.0, temperature=50.0, overlook=0.35, guard=110.0),
    4: RUSSIAN[4],
    5: RUSSIAN[6],
    6: RUSSIAN[7],
    7: LevelRow(5, 60_000, quiescence=12, noise=8.0, temperature=7.0, overlook=0.05, guard=55.0),
    8: LevelRow(64, 3_000),
    9: LevelRow(64, 8_000),
    10: RUSSIAN[10],
}

#: the ten levels of English checkers. Its greedy beginner is py-draughts' SimpleEngine at one ply
#: (as Russian's and Brazilian's), which sees a piece it would hang: English's former beginner, the
#: largest capture else a random move, was so weak that a level 1 scoring 75% or less against it had
#: to throw pieces away. So 1 here sees captures two plies past its one ply and never gives away
#: more than a man and a half by its own view (the row of English's former 3), 2 errs between it
#: and 3 (a two-ply view overlooked half the time), 3 and 4 are about the former 4 and 5, 6 errs
#: a little more than Russian's 6, and Russian's 4, 7, 8, 9 are 5, 7, 8, 9 (a noisy three-ply row
#: between 4 and Russian's 4 came out level with the latter). Measured in bench/RESULTS.md's "English checkers against py-draughts".
ENGLISH = {
    1: LevelRow(1, 3_000, quiescence=2, noise=75.0, temperature=75.0, guard=150.0),
    2: LevelRow(2, 6_000, quiescence=2, noise=65.0, temperature=65.0, overlook=0.5, guard=150.0),
    3: LevelRow(2, 6_000, quiescence=2, noise=42.0, temperature=42.0, overlook=0.25, guard=140.0),
    4: LevelRow(2, 8_000, quiescence=6, noise=21.0, temperature=21.0, overlook=0.07, guard=105.0),
    5: RUSSIAN[4],
    6: LevelRow(4, 30_000, quiescence=8, noise=17.0, temperature=15.0, overlook=0.13, guard=75.0),
    7: RUSSIAN[7],
    8: RUSSIAN[8],
    9: RUSSIAN[9],
    10: LevelRow(64, None),  # no tables: English checkers' endings convert without them
}

#: every variant's table, by the variant's name (game.rules.draughts_variants)
ROWS = {"international": LEVELS, "russian": RUSSIAN, "brazilian": BRAZILIAN, "english": ENGLISH}


def rows(variant: str) -> dict[int, LevelRow]:
    """The ten rows of the draughts variant named `variant` (international, russian, ...)."""
    return ROWS[variant]
