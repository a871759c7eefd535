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


def test_the_level_openings_written_are_the_seeds_level_ones_and_read_back(tmp_path):
    import bench_draughts as D

    path = tmp_path / "level.txt"
    drawn = O.write_level(str(path), 3, seed=2024, nodes=20_000)
    lines = D.read_openings(str(path), 3)
    drawn_lines = D.openings(drawn, seed=2024)
    assert drawn_lines[-1] == lines[-1]  # the last one drawn is the last one kept
    assert all(line in drawn_lines for line in lines)
    assert all(abs(O.line_value(line, 20_000)) < O.LEVEL for line in lines)
    skipped = [line for line in drawn_lines if line not in lines]
    assert all(abs(O.line_value(line, 20_000)) >= O.LEVEL for line in skipped)


def test_the_shipped_level_openings_are_legal_distinct_and_enough_for_300_games():
    import bench_draughts as D

    path = os.path.join(os.path.dirname(__file__), "..", "bench", "draughts_level_openings.txt")
    lines = D.read_openings(path, 150)
    assert len({tuple(line) for line in lines}) == 150
    for line in lines:
        state = R.new_game()
        for text in line:
            state = state.play(R.find_move(state, text))
        assert state.result() is None


def test_too_few_openings_in_a_file_is_a_clear_message(tmp_path):
    import bench_draughts as D
    import pytest

    path = tmp_path / "two.txt"
    path.write_text("# a comment\n32-28 18-23 37-32 12-18  # +0\n\n31-27 19-23 33-29 14-19\n", encoding="utf-8")
    assert D.read_openings(str(path), 2)[1] == ["31-27", "19-23", "33-29", "14-19"]
    with pytest.raises(SystemExit, match="holds 2 openings; 3 are needed"):
        D.read_openings(str(path), 3)


def test_a_match_can_start_every_game_from_the_start_position():
    import bench_draughts as D

    assert D.openings(3, plies=0) == [[], [], []]  # where the opening book plays
    lines = D.openings(5, plies=4, seed=2024)
    assert len({tuple(line) for line in lines}) == 5 and all(len(line) == 4 for line in lines)


def test_a_matchs_games_are_written_as_each_ends(tmp_path, monkeypatch):
    import bench_draughts as D

    path = tmp_path / "match.pdn"
    on_disk = []  # games already in the file when the next one is written
    real = D.pdn_game

    def game(n, played):
        text = path.read_text(encoding="utf-8")
        on_disk.append(len(draughts_pdn.read_games(text)) if text.strip() else 0)
        return real(n, played)

    monkeypatch.setattr(D, "pdn_game", game)
    out = D.match(("qipan", "hard", None, 300), ("beginner",), 2, 1, max_plies=12, pdn=str(path))
    assert on_disk == [0, 1]  # a match stopped after its first game keeps that game
    assert len(out["points"]) == 2 and len(draughts_pdn.read_games(path.read_text(encoding="utf-8"))) == 2
