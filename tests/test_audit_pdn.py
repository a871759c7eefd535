"""Audit fixes in the draughts PDN reader, and the real PDN files of shared/pdn (see its README)."""

import ast
from pathlib import Path

import pytest

from game.rules import draughts as d
from game.rules.common import PositionError
from game.rules.draughts_pdn import decode, read_games, read_pdn, write_game

PDN_DIR = Path(__file__).resolve().parents[1].parent / "shared" / "pdn"
needs_pdn = pytest.mark.skipif(
    not (PDN_DIR / "international").is_dir(),
    reason=f"shared PDN test files not found at {PDN_DIR} (shared/ beside the clone)",
)


@pytest.mark.parametrize("move", ["1-12", "1-18"])
def test_moves_that_start_like_a_result_read_back(move):
    start = d.from_text("W:WK1:B36")
    text = write_game(start, [move])
    (game,) = read_games(text)
    assert [str(m) for m in game.moves] == [move] and game.result == "*"
    (game,) = read_games(f'[FEN "W:WK1:B36"]\n1. {move} 1-1')
    assert [str(m) for m in game.moves] == [move] and game.result == "1-1"


def test_continuation_numbers_and_escape_lines():
    text = '% written by some program\n[Event "x"]\n% another escape\n1. 32-28 19-23 2. 28x19 14x23 *'
    (game,) = read_games(text)
    assert len(game.moves) == 4
    (game,) = read_games(
        "1. 32-28 {a comment} 1. ... 19-23 2. 28x19 2... 14x23 12 . 33-28 *".replace("12 . 33-28", "3. 33-28")
    )
    assert [str(m) for m in game.moves] == ["32-28", "19-23", "28x19", "14x23", "33-28"]


def test_one_bad_game_does_not_stop_the_file():
    text = '[Event "a"]\n1. 32-28 19-23 *\n\n[Event "b"]\n1. 32-28 19-23 2. 28-22 *\n\n[Event "c"]\n1. 31-27 *\n'
    result = read_pdn(text)
    assert [g.headers["Event"] for g in result.games] == ["a", "c"]
    assert [g.number for g in result.games] == [1, 3]
    (problem,) = result.problems
    assert problem.startswith("game 2, move 2. 28-22: illegal move")
    assert len(read_games(text)) == 2
    with pytest.raises(PositionError, match="game 1, move 1. 32-29"):
        read_games("1. 32-29 *")
    # a position text names one game: the first, which must load
    with pytest.raises(PositionError, match="game 1, move 1. 32-29"):
        d.from_text('[Event "a"]\n1. 32-29 *\n\n[Event "b"]\n1. 32-28 *')
    assert d.from_text(text) == d.new_game().play("32-28").play("19-23")


def test_rules_module_does_not_import_the_pdn_module():
    tree = ast.parse(Path(d.__file__).read_text(encoding="utf-8"))
    names = [a.name for n in ast.walk(tree) if isinstance(n, ast.Import) for a in n.names]
    names += [n.module or "" for n in ast.walk(tree) if isinstance(n, ast.ImportFrom)]
    names += [a.name for n in ast.walk(tree) if isinstance(n, ast.ImportFrom) for a in n.names]
    assert not any("draughts_pdn" in name for name in names)
    assert d.from_text("1. 32-28 19-23 *") == d.new_game().play("32-28").play("19-23")


def _read(path):
    return read_pdn(decode(path.read_bytes()))


# README of shared/pdn: the games broken in the file itself, and what the reader must say
EXPECTED_PROBLEMS = {
    ("PROF2.pdn", 14): ("38x33", "illegal move"),
    ("schildpad.pdn", 3): ("36x16", "ambiguous"),
}


@needs_pdn
@pytest.mark.parametrize(
    "path", sorted((PDN_DIR / "international").glob("*.pdn")) if PDN_DIR.is_dir() else [], ids=lambda p: p.name
)
def test_international_files_load(path):
    result = _read(path)
    assert result.games, path.name
    numbers = {g.number for g in result.games}
    for problem in result.problems:
        number = int(problem.split(",")[0].split()[1])
        assert number not in numbers
        move, reason = EXPECTED_PROBLEMS[(path.name, number)]
        assert problem.startswith(f"game {number}, move ") and move in problem and reason in problem
    expected = {n for (name, n) in EXPECTED_PROBLEMS if name == path.name}
    assert {int(p.split(",")[0].split()[1]) for p in result.problems} == expected
    for game in result.games:  # every loaded game went through the rules move by move
        assert len(game.states) == len(game.moves) + 1
    if path.name == "schildpad.pdn":
        assert "36x13x2x16" in result.problems[0] and "36x18x7x16" in result.problems[0]
    if path.name == "kurnik.pdn":
        (notice,) = next(g for g in result.games if g.number == 3).notices
        assert "ignored" in notice and "repetition" in notice
        assert next(g for g in result.games if g.number == 3).states[-1].result().reason == "repetition"
    if path.name == "delfts.pdn":
        game = next(g for g in result.games if g.number == 1)
        assert any("4-6" in n for n in game.notices) and game.moves
    if path.name == "fen.pdn":
        game = next(g for g in result.games if g.number == 1)
        assert game.start.to_move == "w" and any("White assumed" in n for n in game.notices)


@needs_pdn
@pytest.mark.parametrize("name, says", [("goulds.pdn", "8x8"), ("ussr1947.pdn", "algebraic")])
def test_other_variants_are_named_as_such(name, says):
    result = _read(PDN_DIR / "other" / name)
    assert not result.games and result.problems
    for problem in result.problems:
        assert "not international draughts" in problem and says in problem, problem
        assert "illegal move" not in problem and "should already be a king" not in problem


def test_an_8x8_game_without_fen_is_named_as_such():
    result = read_pdn("1. 11-15 23-19 2. 8-11 22-17 *")
    (problem,) = result.problems
    assert "not international draughts" in problem and "8x8" in problem
