"""The 8x8 variants' endgame tables (game.ai.draughts.egdb.variants): an independent solver, the
values against the rules' own moves, the shipped files, known theory, and hard's use of them."""

import lzma
import random

import numpy as np
import pytest

from game.ai.draughts import egdb as E
from game.ai.draughts.egdb import build as G
from game.ai.draughts.egdb import variants as EV
from game.ai.draughts.fast_board8 import MAXM, RAW
from game.rules import draughts as R
from game.rules import draughts_variants as V

VARIANTS = ("russian", "brazilian", "english")


@pytest.fixture(scope="module", autouse=True)
def english_built_in_memory():
    """English checkers ships no file (EV.SHIPPED): its tables are built here, and dropped after."""
    T = EV.tables_for(V.ENGLISH)
    T.use(T.build()[0])
    yield
    T.forget()


def tables(name):
    return EV.tables_for(V.get(name))


def code_of(name):
    return next(c for p in (2, 3, 4) for c in E.materials(p) if G.name(c) == name)


def value(variant, text):
    s = R.from_text(text, variant=variant)
    return tables(variant).value(s.wm, s.wk, s.bm, s.bk, s.to_move == "w")


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", ["WvB", "wvb", "WWvB", "WwvB", "wvBb", "WWWvB", "WWvBb", "wwvb"])
def test_an_independent_solver_agrees(variant, name):
    """forward_solve (sweeps, no backward moves), compiled for the variant as the generator is,
    finds the same values and distances as the retrograde generator, over the shipped tables."""
    T = tables(variant)
    data, off = T.tables()
    code = code_of(name)
    n = int(T.size_of(code))
    val = np.zeros(2 * n, np.uint8)
    when = np.zeros(2 * n, np.int32)
    sub = off.copy()
    sub[code] = -1
    T.solve["forward_solve"](code, n, data, sub, val, when, np.zeros((RAW, 3), np.int64), np.zeros((MAXM, 3), np.int64))
    retro, dist = G.values(code, data, off, T.solver)
    val[val == 0] = E.DRAW
    retro[retro == 0] = E.DRAW
    assert np.array_equal(val, retro)
    decided = (val == E.WIN) | (val == E.LOSS)
    assert np.array_equal(when[decided] - 1, dist[decided])
    assert decided.sum() > n // 4  # not a table of draws


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_values_are_those_the_rules_moves_lead_to(variant):
    """On random entries of every material: the value is what the position's moves under the
    rules' own generator (game.rules.draughts_movegen, not the compiled one) lead to."""
    T = tables(variant)
    data, off = T.tables()
    assert off[E.TOP] == EV.PIECES
    codes = [c for p in (2, 3, 4) for c in E.materials(p)]
    assert all(off[c] >= 0 for c in codes)
    rng = random.Random(61)
    checked = 0
    while checked < 600:
        code = rng.choice(codes)
        white = rng.randrange(2)
        wm, wk, bm, bk, ok = T.decode(rng.randrange(int(T.size_of(code))), code)
        if not ok or not T.gen.moves(wm, wk, bm, bk, bool(white)):
            continue
        assert T.value(wm, wk, bm, bk, white) == T.value_by_moves(wm, wk, bm, bk, white)
        checked += 1


def test_the_shipped_files():
    assert EV.SHIPPED == ("russian", "brazilian")
    assert all(EV.file_path(V.get(name)).is_file() == (name in EV.SHIPPED) for name in VARIANTS)


@pytest.mark.parametrize("variant", EV.SHIPPED)
def test_the_builder_makes_the_shipped_file(variant):
    T = tables(variant)
    blobs, dists = T.build()
    path = EV.file_path(V.get(variant))
    assert blobs == E.read_file(path, T.size_of)
    for code in blobs:
        assert lzma.decompress(dists[code]) == E.read_dist(path, code, T.size_of).tobytes()


def test_known_results():
    """English: two kings beat one; Russian and Brazilian (flying kings): three kings against a
    lone king holding the main road a1-h8 (29, 25, 22, 18, 15, 11, 8, 4) draw, and win with
    that road in the strong side's hands; a lone king in the corner a1 facing a king on h8 is
    captured whoever is to move (it must step onto the road)."""
    for text in ("W:WK18,K19:BK1", "W:WK27,K28:BK5", "W:WK1,K3:BK22"):
        assert value("english", text) == E.WIN
    assert value("english", "B:WK14,K23:BK30") == E.LOSS  # the lone king to move
    for variant in ("russian", "brazilian"):
        assert value(variant, "B:WK1,K3,K6:BK22") == E.DRAW
        assert value(variant, "W:WK1,K3,K6:BK22") == E.DRAW
        assert value(variant, "W:WK22,K1,K3:BK12") == E.WIN
        assert value(variant, "W:WK29,K30,K31:BK7") == E.WIN
        assert value(variant, "W:WK29:BK4") == E.LOSS
        assert value(variant, "W:WK1:BK32") == E.DRAW
    assert value("english", "W:WK1:BK32") == E.DRAW  # one king each, English: a draw too


def _search(s, egdb, nodes=20_000):
    from game.ai.draughts import search as A
    from game.ai.draughts.family import board_of

    return A.make_search(A.Budget(nodes=nodes), s.history[:-1], "fresh", board_of(s), egdb)


def test_only_a_search_asked_to_carries_the_tables():
    """The levels whose row has no `tables` search without them (node for node the plain search:
    tests/test_draughts_fast8.py); with them the arrays hold the variant's 2-4 piece tables."""
    from game.ai.draughts import fast as F

    s = R.from_text("W:WK22,K1,K3:BK12", variant="russian")
    assert _search(s, False).arrays[F.EG_OFF][E.TOP] == 0
    assert _search(s, True).arrays[F.EG_OFF][E.TOP] == EV.PIECES


@pytest.mark.parametrize(
    ("variant", "text", "score"),
    [
        ("russian", "W:WK22,K1,K3:BK12", 999),  # a Russian count runs: only an evaluation
        ("brazilian", "W:WK22,K1,K3:BK12", 999),  # the FMJD 16-move count
        ("english", "W:WK18,K19:BK1", 19999),  # no count in English checkers: a claimed win
    ],
)
def test_hard_with_the_tables_keeps_a_winning_move_and_scores_the_win(variant, text, score):
    from game.ai.draughts.search import _to_move

    s = R.from_text(text, variant=variant)
    mv, sc, _ = _search(s, True).root(s, 64)
    after = s.play(_to_move(s, mv))
    assert sc == score
    assert value(variant, R.to_text(after)) == E.LOSS or after.result() is not None


def test_hard_with_the_tables_converts_inside_the_count():
    """A Brazilian ending hard without the tables let the 16-move count draw at 0.3 s a move
    (bench_draughts8_endings.py, seed 1): with them, on a small node budget, it wins."""
    s = R.from_text("W:WK29,K24,28:BK2", variant="brazilian")
    assert value("brazilian", "W:WK29,K24,28:BK2") == E.WIN
    from game.ai.draughts.search import _to_move

    while s.result() is None:
        mv, _, _ = _search(s, True, 3_000).root(s, 64)
        s = s.play(_to_move(s, mv))
    assert s.result().winner == "w"
