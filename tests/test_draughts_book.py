"""The hard level's opening book (game.ai.draughts.book): its file, the moves it plays, where the
engine uses it and where not, and the script that builds it."""

import os
import random
import sys

import pytest

from game.ai.contract import Limits
from game.ai.draughts import book as B
from game.ai.draughts.player import ENGINE
from game.rules import draughts as R

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "tools"))
import build_draughts_book as T  # noqa: E402

START = R.to_fen(R.new_game())
SMALL = {START: (("32-28", 5), ("33-28", 3), ("34-29", -8), ("31-26", -20))}


def test_a_line_it_cannot_read_is_skipped_with_a_message():
    lines = [
        "# a comment",
        "",
        f"{START} 32-28:+5 33-28:-2  # best first",
        "W:W99:B1 32-28:+5",  # a square off the board
        f"{START} 32-28",  # no score
        f"{START}",  # no moves
        "not a position 1-2:+3",
    ]
    book, errors = B.parse(lines)
    assert book == {START: (("32-28", 5), ("33-28", -2))}
    assert [e.split(":")[0] for e in errors] == ["line 4", "line 5", "line 6", "line 7"]


def test_a_broken_file_plays_on(tmp_path, caplog):
    path = tmp_path / "book.txt"
    path.write_bytes(b"\xff\xfe garbage\n" + f"{START} 32-28:+5\n".encode())
    assert B.load(path) == {}  # undecodable: no book, the search plays
    path.write_text(f"junk\n{START} 32-28:+5\n", encoding="utf-8")
    B.load.cache_clear()
    assert B.load(path) == {START: (("32-28", 5),)}
    assert "skipped" in caplog.text
    assert B.load(tmp_path / "missing.txt") == {}


def test_written_lines_read_back_the_same():
    book, errors = B.parse(B.format_book(SMALL))
    assert not errors
    assert {fen: sorted(moves) for fen, moves in book.items()} == {START: sorted(SMALL[START])}
    assert B.format_book(SMALL)[0].split()[1] == "32-28:+5"  # best first


def test_it_plays_only_moves_near_its_best_and_varies_them():
    state = R.new_game()
    chosen = {str(B.choose(state, random.Random(seed), SMALL)[0]) for seed in range(40)}
    assert chosen == {"32-28", "33-28"}  # within MARGIN (3) of the best; 34-29 is 13 below
    again = [str(B.choose(state, random.Random(7), SMALL)[0]) for _ in range(3)]
    assert len(set(again)) == 1  # a seed repeats its choice


def test_an_illegal_or_unknown_entry_is_not_played():
    state = R.new_game()
    assert B.lookup(state, {START: (("41-37", 50),)}) == []  # 41-37 is blocked at the start
    assert B.choose(state.play(R.find_move(state, "35-30")), random.Random(1), SMALL) is None


def test_a_game_where_black_starts_reads_the_book_turned_round():
    state = R.new_game(first="b")
    found = B.lookup(state, SMALL)
    assert [(str(m), s) for m, s in found] == [("19-23", 5), ("18-23", 3), ("17-22", -8), ("20-25", -20)]
    assert all(m in state.legal_moves() for m, _ in found)


def test_the_engine_answers_from_the_book_in_play_but_not_in_analysis(monkeypatch):
    monkeypatch.setattr(B, "load", lambda path=B.BOOK_FILE: SMALL)
    state = R.new_game()
    found = ENGINE.search(state, Limits("hard", 0.2, seed=3))
    assert str(found.move) in ("32-28", "33-28")
    assert found.nodes == 0 and found.raw in (5, 3)
    assert found.notes[0].startswith("chose: from the opening book")
    analysed = ENGINE.search(state, Limits("hard", nodes=20000, root_values=True))
    assert analysed.nodes > 0 and not analysed.notes
    medium = ENGINE.search(state, Limits("medium", nodes=20000))
    assert medium.nodes > 0  # the book is the hard level's


def test_the_shipped_book_reads_and_holds_the_start():
    with open(B.BOOK_FILE, encoding="utf-8") as f:
        book, errors = B.parse(f)
    assert not errors
    assert START in book and len(book) >= 100
    for fen, moves in book.items():
        state = R.parse_fen(fen)
        legal = {str(m) for m in state.legal_moves()}
        assert {mv for mv, _ in moves} == legal, fen  # every move searched, none else


def test_the_book_follows_its_own_lines():
    """Hard against hard from the start, each on the book: a few moves in, still in it."""
    rng = random.Random(5)
    for _ in range(20):
        state = R.new_game()
        for _ in range(4):
            chosen = B.choose(state, rng)
            assert chosen is not None, R.to_fen(state)
            state = state.play(chosen[0])
            while len(state.legal_moves()) == 1:  # forced moves are the search's
                state = state.play(state.legal_moves()[0])


@pytest.mark.parametrize("jobs", [1])
def test_the_script_builds_a_book_of_searched_moves(jobs, tmp_path):
    book = T.build(positions=3, nodes=3000, expand=40, plies=3, jobs=jobs, quiet=True)
    assert START in book and len(book) == 3
    start_moves = dict(book[START])
    assert set(start_moves) == {str(m) for m in R.new_game().legal_moves()}
    best = max(start_moves.values())
    for fen in book:
        if fen != START:  # the next positions are after moves near the best
            before = R.new_game()
            move = next(m for m in before.legal_moves() if R.to_fen(before.play(m)) == fen)
            assert start_moves[str(move)] >= best - 40
    out = tmp_path / "book.txt"
    T.main(["build", "--positions", "1", "--nodes", "2000", "--jobs", "1", "--out", str(out)])
    assert list(B.parse(out.read_text(encoding="utf-8").splitlines())[0]) == [START]
