"""bench/bench_draughts_openings.py: an opening's value looks past its forced capture, and a
match's points are split by the openings' classes from the right side."""

import os
import sys

from game.rules import draughts as R
from game.rules import draughts_pdn

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "bench"))

import bench_draughts_openings as O  # noqa: E402

TWO_DOWN = ("32-28", "18-23", "38-32", "19-24")  # White's only move, 28x30, wins two men


def test_an_opening_is_valued_after_its_forced_capture():
    assert O.line_value(TWO_DOWN, 20_000) >= 150
    assert abs(O.line_value(("32-28", "18-23", "37-32", "12-18"), 20_000)) < O.LEVEL


def _game(white, black, result):
    state, moves = R.new_game(), []
    for text in TWO_DOWN:
        moves.append(R.find_move(state, text))
        state = state.play(moves[-1])
    tags = {"White": white, "Black": black}
    return draughts_pdn.write_game(R.new_game(), moves, headers=tags, result=result)


def test_points_are_split_by_the_engines_side_of_the_opening():
    text = "\n".join([_game("qipan hard 0.5", "dame 0.5", "2-0"), _game("dame 0.5", "qipan hard 0.5", "2-0")])
    split = O.split_scores(text, {TWO_DOWN: 200}, "hard")
    assert split == {"level": [], "a man up": [1.0], "a man down": [0.0]}
