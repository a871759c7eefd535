"""The draughts endgame tables (game.ai.draughts.egdb): the generator against the shipped files and
an independent solver, the index, known theory, the values against the rules' own moves, and
the hard level's use of them."""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.draughts import egdb as E
from game.ai.draughts import search as A
from game.ai.draughts.egdb import build as G
from game.ai.draughts.egdb import play as P
from game.ai.draughts.fast_board import MAXM, RAW
from game.rules import draughts as R
from game.rules import draughts_board as B

MAIN_DIAGONAL = (5, 10, 14, 19, 23, 28, 32, 37, 41, 46)
DIAG = sum(B.SQUARE[s - 1] for s in MAIN_DIAGONAL)
SHIPPED = {}


def shipped():
    if not SHIPPED:
        E.reload()
        for pieces in E.SHIPPED:
            SHIPPED.update(E.read_file(E.package_dir() / E.file_name(pieces)))
    return SHIPPED


def code_of(name):
    return next(c for p in (2, 3, 4) for c in E.materials(p) if G.name(c) == name)


def value(text):
    s = R.from_text(text)
    return E.value(s.wm, s.wk, s.bm, s.bk, s.to_move == "w")


def test_the_generator_makes_the_shipped_files():
    """build.py, run here, gives the very bytes (values and distances) the package ships."""
    base: dict = {}
    for pieces in E.SHIPPED:
        dists: dict = {}
        blobs = G.build(pieces, dict(base), None, dists)
        path = E.package_dir() / E.file_name(pieces)
        assert blobs == E.read_file(path)
        for code in blobs:
            assert dists[code] == E.pack_dist(E.read_dist(path, code))
        base.update(blobs)
    assert len(base) == len(E.materials(2)) + len(E.materials(3)) == 16


@pytest.mark.parametrize("name", ["WvB", "wvb", "WWvB", "WwvB", "wvBb", "WWWvB"])
def test_an_independent_solver_agrees(name):
    """forward_solve (sweeps, no backward moves) finds the same values and distances as the
    retrograde generator; 3 kings v 1 king is the first 4-piece material, over the shipped ones."""
    data, off = E.tables()
    code = code_of(name)
    n = int(E.size_of(code))
    val = np.zeros(2 * n, np.uint8)
    when = np.zeros(2 * n, np.int32)
    G.forward_solve(code, n, data, off, val, when, np.zeros((RAW, 3), np.int64), np.zeros((MAXM, 3), np.int64))
    retro, dist = G.values(code, data, off)
    val[val == 0] = E.DRAW  # unresolved at the end: a draw in both
    retro[retro == 0] = E.DRAW
    assert np.array_equal(val, retro)
    decided = (val == E.WIN) | (val == E.LOSS)
    # sweep k decides the positions k - 1 plies from a conversion (capture, promotion, no move)
    assert np.array_equal(when[decided] - 1, dist[decided])


def test_the_index_is_a_bijection_on_sampled_entries():
    assert sum(2 * int(E.size_of(code)) for code in E.materials(5)) == 3_219_387_180  # 44 materials
    for pieces in (2, 3, 4, 5):
        for code in E.materials(pieces):
            n = int(E.size_of(code))
            for i in range(0, n, max(1, n // 300)):
                wm, wk, bm, bk, ok = E.decode(i, code)
                if ok:
                    assert E.material(wm, wk, bm, bk) == code
                    assert not (wm & B.PROMO_W or bm & B.PROMO_B)
                    assert E.pos_index(wm, wk, bm, bk, code) == i


def test_a_side_without_pieces_is_in_no_table():
    """The search probes before it looks for moves: a side captured to nothing must not read a
    table, not even five white men, whose material code is the TOP slot (the piece count)."""
    data, off = E.tables()
    off = off.copy()
    off[E.TOP] = 5  # as with the 5-piece tables loaded
    five = sum(B.SQUARE[s - 1] for s in (31, 32, 33, 34, 35))
    assert E.material(five, 0, 0, 0) == E.TOP
    for white in (0, 1):
        assert E.probe(five, 0, 0, 0, white, data, off) == E.UNUSED
        assert E.probe(0, 0, five, 0, white, data, off) == E.UNUSED
        assert E.probe(B.SQUARE[30], B.SQUARE[0], 0, 0, white, data, off) == E.UNUSED


def test_king_against_king():
    """A draw, except an immediate capture and the corner trap: a king in a corner of the main
    diagonal (5, 46) while the other stands on that diagonal loses for the side that must move
    along it (the other king takes the opposite corner, or is already there)."""
    data, off = E.tables()
    code = code_of("WvB")
    n = int(E.size_of(code))
    corners = B.SQUARE[4] | B.SQUARE[45]
    for e in range(2 * n):
        white = int(e >= n)
        wm, wk, bm, bk, _ = E.decode(e - n * white, code)
        mine, theirs = (wk, bk) if white else (bk, wk)
        v = E.probe(wm, wk, bm, bk, white, data, off)
        if B.has_capture(0, mine, theirs, wk | bk):
            expected = E.WIN
        elif mine & corners and theirs & corners:
            expected = E.LOSS
        elif theirs & corners and mine & DIAG:
            expected = E.WIN
        else:
            expected = E.DRAW
        assert v == expected, (R.to_text(R.State(wm, wk, bm, bk, "w" if white else "b")), v)


def test_two_kings_against_one():
    assert value("W:WK1,K2:BK28") == E.DRAW  # the lone king on the main diagonal holds
    assert value("B:WK1,K2:BK28") == E.DRAW
    assert value("W:WK1,K2:BK45") == E.WIN  # 2-8 shuts the king on 45 in (a trick, not the rule)
    assert value("W:WK28,K33:BK5") == E.WIN  # the lone king in the corner, the diagonal taken
    assert value("B:WK28,K33:BK5") == E.DRAW  # ... but to move it takes one (5x32): king v king


def test_three_kings_against_one():
    """On 10x10, 3 kings against 1 are a draw in general: the database finds only tactical
    wins (the longest 11 plies); the lone king on the main diagonal, to move with no capture,
    holds in nearly every position. (On 8x8 the three win when they hold the main diagonal.)"""
    data, off = E.tables()
    code = code_of("WWWvB")
    val, dist = G.values(code, data, off)
    n = len(val) // 2
    assert dist[val == E.WIN].max() == 11
    assert value_in(val, "W:WK1,K7,K18:BK35") == E.WIN  # the longest win
    assert value_in(val, "W:WK1,K7,K18:BK30") in (0, E.DRAW)  # not on the diagonal, still a draw
    held = lost = 0
    for e in range(0, n, 17):  # black (the lone king) to move
        wm, wk, bm, bk, ok = E.decode(e, code)
        if ok and bk & DIAG and not B.has_capture(0, bk, wk, wk | bk):
            held += val[e] in (0, E.DRAW)
            lost += val[e] == E.LOSS
    assert held > 20 * lost


def value_in(val, text):
    s = R.from_text(text)
    code = int(E.material(s.wm, s.wk, s.bm, s.bk))
    n = int(E.size_of(code))
    return int(val[(n if s.to_move == "w" else 0) + int(E.pos_index(s.wm, s.wk, s.bm, s.bk, code))])


@settings(max_examples=60, deadline=None)
@given(st.data())
def test_every_value_is_the_best_of_its_moves(data):
    """Negamax over the rules' own legal moves: a position is won if a move reaches a lost one,
    lost if every move reaches a won one (or there is none), drawn otherwise."""
    shipped()
    code = data.draw(st.sampled_from(E.materials(2) + E.materials(3)))
    n = int(E.size_of(code))
    wm, wk, bm, bk, ok = E.decode(data.draw(st.integers(0, n - 1)), code)
    if not ok:
        return
    white = data.draw(st.booleans())
    assert E.value(wm, wk, bm, bk, white) == E.value_by_moves(wm, wk, bm, bk, white)


def test_the_root_keeps_the_value_and_goes_for_a_conversion():
    shipped()
    s = R.from_text("W:WK1,K2:BK45")
    moves = R.gen_moves(s.wm, s.wk, s.bm, s.bk, True)
    kept = P.root_moves(s.wm, s.wk, s.bm, s.bk, True, moves)
    assert kept and all(E.child_value(s.wm, s.wk, s.bm, s.bk, True, mv) == E.WIN for mv in kept)
    assert len(kept) < len([mv for mv in moves if E.child_value(s.wm, s.wk, s.bm, s.bk, True, mv) == E.WIN])


def test_hard_converts_a_won_ending():
    """From the longest 3-piece win the database knows (found by the distances), hard wins well
    inside the FMJD counts, on a node budget (the same on any machine)."""
    shipped()
    code = code_of("WWvb")
    data, off = E.tables()
    dist = np.frombuffer(E.read_dist(E.package_dir() / "egdb3.bin", code), np.uint8)
    vals = G.values(code, data, off)[0]
    n = len(vals) // 2
    e = n + int(np.argmax(np.where(vals[n:] == E.WIN, dist[n:], 0)))
    wm, wk, bm, bk, _ = E.decode(e - n, code)
    state = R.State(wm, wk, bm, bk, "w")
    for _ply in range(40):
        if state.result() is not None:
            break
        state = state.play(A._to_move(state, A.run(state, "hard", nodes=4000)[0]))
    assert state.result() is not None and state.result().winner == "w", R.to_text(state)


def test_the_score_claims_a_win_only_where_no_count_runs():
    """Two kings against a man: no counting rule, the tables' win is claimed. Two kings against a
    king: the 5-move count runs, so the same kind of win is only an evaluation."""
    from game.ai.contract import Limits
    from game.ai.draughts.player import ENGINE

    shipped()
    assert value("W:WK12,K13:B30") == E.WIN and value("W:WK1,K2:BK45") == E.WIN
    claimed = ENGINE.search(R.from_text("W:WK12,K13:B30"), Limits(level="hard", nodes=3000))
    assert claimed.score == "mover wins (endgame database)" and claimed.value == 1.0
    counted = ENGINE.search(R.from_text("W:WK1,K2:BK45"), Limits(level="hard", nodes=3000))
    assert "wins" not in counted.score and counted.value > 0.9
    drawn = ENGINE.search(R.from_text("W:WK1,K2:BK28"), Limits(level="hard", nodes=3000))
    assert drawn.score == "+0.00 men"
