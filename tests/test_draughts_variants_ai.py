"""The computer in the 8x8 draughts variants (issue 61): the plain search over the family's move
generator and the hand-made 8x8 evaluation (eval8.py), compiled from COMPILED_FROM on (fast8.py,
tests/test_draughts_fast8.py), pondering too; the opening book stays 10x10-only, the endgame
tables serve level 10 where a variant ships them (egdb.variants)."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.contract import Limits
from game.ai.draughts import fast8
from game.ai.draughts import search as S
from game.ai.draughts import tables as T
from game.ai.draughts.egdb.variants import SHIPPED as EGDB8_SHIPPED
from game.ai.draughts.eval8 import Eval8
from game.ai.draughts.family import BOARD10, board_of
from game.ai.draughts.levels import LEVELS, ROWS, rows
from game.ai.draughts.player import ENGINE
from game.rules import draughts as R
from game.rules import draughts_variants as V

EIGHT = ["russian", "brazilian", "english"]


@pytest.mark.parametrize("name", EIGHT)
@pytest.mark.parametrize("level", ["easy", "medium", "hard"])
def test_every_level_plays_a_legal_move(name, level):
    state = R.new_game(variant=name)
    found = ENGINE.search(state, Limits(level, None, 3000, seed=1))
    assert found.move in state.legal_moves()
    assert not any("book" in note for note in found.notes)
    assert all(m in s.legal_moves() for m, s in zip(found.pv, _states(state, found.pv)))


@pytest.mark.parametrize("name", EIGHT)
def test_each_variant_has_rows_of_its_own(name):
    assert set(ROWS) == set(V.VARIANTS) and rows("international") is LEVELS and rows(name) != LEVELS
    assert sorted(rows(name)) == list(range(1, 11)) and rows(name)[10].nodes is None
    for level, row in rows(name).items():
        if not row.errs:  # played through search.run, the compiled search from COMPILED_FROM on
            assert (row.depth, row.quiescence) == (LEVELS[level].depth, LEVELS[level].quiescence)
            assert level >= S.COMPILED_FROM
        # no book on 8x8; the endgame tables only at the top, where the variant ships them
        assert row.tables == (level == 10 and name in EGDB8_SHIPPED)


@pytest.mark.parametrize("name", EIGHT)
@pytest.mark.parametrize("level", [1, 5, 8, 9])
def test_a_level_spends_the_node_budget_of_its_variants_row(name, level):
    state = R.new_game(variant=name)
    for pick in (0, 0):  # quiet moves: seven to choose from after them
        state = state.play(state.legal_moves()[pick])
    row = rows(name)[level]
    found = ENGINE.search(state, Limits(level, 60.0, seed=3))
    assert found.move in state.legal_moves() and found.nodes <= row.nodes + 1
    if row.errs:
        assert any("with mistakes" in note for note in found.notes)
    else:  # its best on all of its small budget (10x10's level 9 spends 60,000 nodes)
        assert found.nodes == row.nodes + 1 and LEVELS[level].nodes >= row.nodes


def _states(state, line):
    out = [state]
    for m in line[:-1]:
        out.append(out[-1].play(m))
    return out


@pytest.mark.parametrize("name", EIGHT)
def test_eight_by_eight_routes_to_its_compiled_search_from_compiled_from(name):
    state = R.new_game(variant=name)
    assert not board_of(state).tables10 and board_of(R.new_game()) is BOARD10
    mv, _, depth, _, search = S.run(state, "hard", nodes=4000)
    assert type(search) is S.FastSearch and search.board.variant.name == name and depth >= 3
    assert search.fast is fast8.compiled(state.variant) and search.egdb == (name in EGDB8_SHIPPED)
    assert S._to_move(state, mv) in state.legal_moves()
    _, _, _, _, plain = S.run(state, S.COMPILED_FROM - 1, nodes=4000)
    assert type(plain) is S.Search and plain.board.variant.name == name
    old = S.use_tables(S.new_tables())
    try:  # pondering fills the variant's kept arrays, which the next timed search uses
        assert S.ponder(state.play(state.legal_moves()[0]), lambda: False, seconds=0.3) >= 4
        kept = T._SHARED["fast8 " + name]
        assert (
            kept is not None and S.make_search(S.Budget(time_limit=0.1), (), "shared", board_of(state)).arrays is kept
        )
    finally:
        S.use_tables(old)


def test_the_search_takes_the_bigger_capture_where_the_choice_is_free():
    state = R.from_text("W:W22:B10,17-18,4", variant="russian")  # c3:a5 takes one, c3:c7 two
    found = ENGINE.search(state, Limits("medium", None, 5000, seed=1))
    assert str(found.move) == "c3:c7"


def test_a_king_up_is_seen_from_both_sides():
    # English: two kings against one (a win that needs technique deeper than these searches)
    ahead = ENGINE.search(R.from_text("W:WK18,K19:BK1", variant="english"), Limits("hard", None, 20000, seed=1))
    behind = ENGINE.search(R.from_text("B:WK18,K19:BK1", variant="english"), Limits("hard", None, 20000, seed=1))
    assert ahead.raw >= 100 and behind.raw <= -100


@settings(max_examples=60, deadline=None)
@given(
    st.dictionaries(st.integers(5, 28), st.sampled_from("wWbB"), min_size=1, max_size=16),
    st.sampled_from(EIGHT),
)
def test_the_eight_by_eight_evaluation_is_colour_symmetric(pieces, name):
    flip = {33 - s: {"w": "b", "b": "w", "W": "B", "B": "W"}[c] for s, c in pieces.items()}
    v = V.get(name)
    a = R.from_pieces(pieces, "w", v)
    b = R.from_pieces(flip, "b", v)
    ev = Eval8(v)
    assert ev.evaluate_board(a.wm, a.wk, a.bm, a.bk, True) == ev.evaluate_board(b.wm, b.wk, b.bm, b.bk, False)
