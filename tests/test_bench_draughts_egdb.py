"""bench/bench_draughts_egdb.py's pdn part: a match's games as the endgame tables see them, from
the named engine's side (the value on entering the tables, and the moves that changed it)."""

import os
import sys

from egdb_helpers import won_then

from game.ai.draughts import egdb as E
from game.rules import draughts as R
from game.rules import draughts_pdn

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))

import bench_draughts_egdb as T  # noqa: E402


def _won_then_thrown():
    """A shipped 3-piece position White wins, and a move of White's after which it does not."""
    return won_then((E.WIN, E.DRAW), seed=5)


def _games(start, move):
    texts = [
        draughts_pdn.write_game(start, [move], {"White": "qipan hard 0.5", "Black": "dame 0.5"}, "1-1"),
        draughts_pdn.write_game(start, [move], {"White": "dame 0.5", "Black": "qipan hard 0.5"}, "1-1"),
        draughts_pdn.write_game(R.new_game(), [R.new_game().legal_moves()[0]], {"White": "qipan"}, "2-0"),
    ]
    return [draughts_pdn.read_pdn(text).games[0] for text in texts]


def test_a_thrown_win_is_counted_against_the_side_that_threw_it():
    start, move = _won_then_thrown()
    after = start.play(move)
    now = {E.WIN: 0.0, E.DRAW: 0.5, E.LOSS: 1.0}[E.value(after.wm, after.wk, after.bm, after.bk, False)]
    entered, never, mistakes = T.table_view(_games(start, move), "qipan", 3)
    # qipan White: entered won, threw it; qipan Black: entered lost, the other side threw it
    assert entered == {(1.0, 0.5): 1, (0.0, 0.5): 1}
    assert mistakes == {("qipan", 1.0, now): 1, ("the other", 0.0, 1.0 - now): 1}
    assert never == {1.0: 1}  # the game from the start never reached 3 pieces
