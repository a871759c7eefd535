"""bench/bench_review.py's --pdn part: a match's games reviewed, each side's marked moves counted
by the game's result for the named engine."""

import os
import sys

from egdb_helpers import won_then

from game.ai.draughts import egdb as E
from game.rules import draughts as R
from game.rules import draughts_pdn

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))

import bench_review as T  # noqa: E402


def _won_then_lost():
    """A shipped 3-piece position White wins, and a move of White's after which Black wins."""
    return won_then((E.WIN,), seed=3)


def test_a_blunder_is_marked_against_the_side_that_made_it():
    start, move = _won_then_lost()
    texts = [
        draughts_pdn.write_game(start, [move], {"White": "qipan hard 0.5", "Black": "dame 0.5"}, "0-2"),
        draughts_pdn.write_game(start, [move], {"White": "dame 0.5", "Black": "qipan hard 0.5"}, "0-2"),
        draughts_pdn.write_game(R.new_game(), [R.new_game().legal_moves()[0]], {"White": "qipan"}, "2-0"),
    ]
    games = [draughts_pdn.read_pdn(text).games[0] for text in texts]
    lines: list = []
    tally = T.pdn_marks(games, "qipan", {0.0, 1.0}, 5_000, skip=0, out=lines.append)
    # qipan White threw the win (lost), qipan Black saw the other side throw it (won); the game
    # from the start is scored 1.0 for qipan but its one move is not a blunder
    assert tally == {(0.0, "engine", "??"): 1, (1.0, "other", "??"): 1}
    assert len(lines) == 3
    assert "its first ?? at ply 0 (3 pieces)" in lines[0]
    assert "its first ??" not in lines[1]
    only_lost = T.pdn_marks(games, "qipan", {0.0}, 5_000, skip=0, out=lines.append)
    assert only_lost == {(0.0, "engine", "??"): 1}
