"""The compiled 8x8 boards and search (game.ai.draughts.fast_board8, fast8) against the rules'
generator (game.rules.draughts_movegen), eval8.py and the plain search over the same boards:
the same moves in the same order, the same evaluations, perft counts, and node for node the same
search."""

import os
import random
import subprocess
import sys

import numpy as np
import pytest

from game.ai.draughts import fast as F
from game.ai.draughts import fast8 as F8
from game.ai.draughts import fast_board as FB
from game.ai.draughts import fast_board8 as B8
from game.ai.draughts import search as A
from game.ai.draughts.eval8 import Eval8
from game.ai.draughts.family import board_of
from game.rules import draughts as R
from game.rules import draughts_variants as V
from game.rules.draughts_movegen import generator

VARIANTS = ("russian", "brazilian", "english")
ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def random_position(rng: random.Random, variant: V.Variant):
    """A random 8x8 placement: up to 16 pieces, many kings, no man on its own crowning row."""
    g = variant.geometry
    squares = rng.sample(range(g.n), rng.randint(2, 16))
    wm = wk = bm = bk = 0
    for i, s in enumerate(squares):
        bit = g.square[s]
        white = i % 2 == 0
        king = rng.random() < 0.35 or bit & (g.promo_w if white else g.promo_b)
        if white:
            wk, wm = (wk | bit, wm) if king else (wk, wm | bit)
        else:
            bk, bm = (bk | bit, bm) if king else (bk, bm | bit)
    return wm, wk, bm, bk, rng.random() < 0.5


def _check(c: F8.Compiled, gen, ev, bits, white):
    raw = np.zeros((B8.RAW, 3), np.int64)
    out = np.zeros((B8.MAXM, 3), np.int64)
    theirs = [F8.row(m) for m in gen.moves(*bits, white)]
    n = c.board["gen_moves"](*bits, int(white), raw, out)
    assert [tuple(int(x) for x in out[i]) for i in range(n)] == theirs, (c.variant.name, bits, white)
    wm, wk, bm, bk = bits
    occ = wm | wk | bm | bk
    for side, (men, kings, enemy) in ((1, (wm, wk, bm | bk)), (0, (bm, bk, wm | wk))):
        assert c.board["has_capture"](men, kings, enemy, occ, side) == gen.has_capture(
            men, kings, enemy, occ, bool(side)
        )
    for mv in gen.moves(*bits, white):
        ours = c.board["apply_move"](*bits, int(white), *F8.row(mv))
        assert tuple(int(x) for x in ours[:4]) == gen.apply(*bits, white, mv)[:4]
        assert bool(ours[4]) == gen.apply(*bits, white, mv)[4]
    for side in (0, 1):
        assert B8.evaluate(*bits, side, *c.values, c.values[2]) == ev.evaluate_board(*bits, bool(side))


@pytest.mark.parametrize("name", VARIANTS)
def test_moves_captures_and_evaluation_match_the_rules_on_random_positions(name):
    variant = V.get(name)
    c, gen, ev = F8.compiled(variant), generator(variant), Eval8(variant)
    rng = random.Random(20261129)
    for _ in range(3000):
        *bits, white = random_position(rng, variant)
        _check(c, gen, ev, tuple(bits), white)


@pytest.mark.parametrize("name", VARIANTS)
def test_moves_match_along_random_games(name):
    variant = V.get(name)
    c, gen, ev = F8.compiled(variant), generator(variant), Eval8(variant)
    rng = random.Random(61)
    for _ in range(20):
        s = R.new_game(variant=name)
        while s.result() is None:
            _check(c, gen, ev, (s.wm, s.wk, s.bm, s.bk), s.to_move == "w")
            s = s.play(rng.choice(s.legal_moves()))


@pytest.mark.parametrize("name", VARIANTS)
def test_perft_is_the_rules_perft(name):
    c = F8.compiled(V.get(name))
    raw = np.zeros((B8.RAW, 3), np.int64)
    rows = np.zeros((9, B8.MAXM, 3), np.int64)
    s = R.new_game(variant=name)
    ours = [c.board["perft"](s.wm, s.wk, s.bm, s.bk, int(s.to_move == "w"), d, raw, rows) for d in range(1, 8)]
    assert ours == [R.perft(s, d) for d in range(1, 8)]
    if name == "english":  # the published figures (test_draughts_variants.py)
        assert ours == [7, 49, 302, 1469, 7361, 36768, 179740]
    rng = random.Random(7)
    for _ in range(4):  # from the middle of random games, where kings capture
        s = R.new_game(variant=name)
        for _ in range(rng.randint(20, 50)):
            if s.result() is not None:
                break
            s = s.play(rng.choice(s.legal_moves()))
        white = int(s.to_move == "w")
        assert c.board["perft"](s.wm, s.wk, s.bm, s.bk, white, 4, raw, rows) == R.perft(s, 4)


def _positions(name, count, seed):
    """Positions along random games of the variant (openings, middle games, king endings)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        s = R.new_game(variant=name)
        for _ in range(rng.randint(0, 70)):
            if s.result() is not None:
                break
            s = s.play(rng.choice(s.legal_moves()))
        if s.result() is None and len(s.legal_moves()) > 1:
            found.append(s)
    return found


def _both(s, depth, nodes, monkeypatch):
    """(move, score, depth, nodes) of the plain search and of the compiled one from `s`. The
    plain search's tables take their slot from the compiled search's key (search.py's `hash`
    replaced), so that the two tables, of the same size, keep the same entries."""
    monkeypatch.setattr(A, "hash", lambda k: FB.hkey_int(*k) if len(k) == 5 else hash(k), raising=False)
    board = board_of(s)
    plain = A.Search(A.Budget(nodes=nodes), s.history[:-1], board=board)
    fast = A.FastSearch(A.Budget(nodes=nodes), s.history[:-1], None, board)
    assert len(plain.tt) == fast.arrays[F.TT].shape[0]
    return plain.root(s, depth) + (plain.budget.nodes,), fast.root(s, depth) + (fast.budget.nodes,)


@pytest.mark.parametrize("name", VARIANTS)
def test_the_compiled_search_is_the_plain_search_node_for_node(name, monkeypatch):
    """To a fixed depth and on a node budget (stopped in the middle of an iteration), from
    positions of every phase: the same move, score, depth reached and nodes searched."""
    checked = 0
    for s in _positions(name, 12, 2026 + len(name)):
        for depth, nodes in ((3, 10**7), (6, 10**7), (64, 20_000)):
            plain, fast = _both(s, depth, nodes, monkeypatch)
            assert fast == plain, (R.to_text(s), depth, nodes)
            checked += plain[3]
    assert checked > 12 * 20_000  # the searches were not trivial


def test_the_engine_compiles_the_variant_before_the_clock():
    """A hard move on 8x8 compiles (or loads) that variant's search in warm, outside its time."""
    from game.ai.contract import Limits
    from game.ai.draughts.player import ENGINE

    state = R.new_game(variant="english")
    found = ENGINE.search(state, Limits("hard", 0.2))
    assert F8.compiled(state.variant).warmed and found.move in state.legal_moves()
    assert found.depth >= 6


def test_warming_the_engine_for_a_variant_compiles_that_variant_with_progress():
    """What the app's worker does when an 8x8 game against the computer opens (Worker.start)."""
    from game.ai.draughts.player import ENGINE

    seen: list[float] = []
    ENGINE.warm(seen.append, {"variant": "brazilian"})
    assert F8.compiled(V.BRAZILIAN).warmed == F8.available() and seen and seen[-1] == 1.0


def test_without_numba_the_plain_search_plays_on_8x8():
    code = (
        "from game.ai.draughts import search as A, fast8; from game.rules import draughts as R; "
        "assert not fast8.available(); s = R.new_game(variant='russian'); "
        "mv, _, _, _, search = A.run(s, 'hard', nodes=3000); assert type(search) is A.Search; "
        "print(A._to_move(s, mv))"
    )
    env = dict(os.environ, QIPAN_NO_JIT="1")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() in {str(m) for m in R.new_game(variant="russian").legal_moves()}


@pytest.mark.parametrize("name", ["russian", "english"])
def test_a_timed_8x8_search_runs_helpers_beside_it_where_there_are_cores(name, monkeypatch):
    """Lazy SMP as on 10x10 (smp.py): the helpers search this board's copy of the search into the
    shared table, and stop with the move."""
    import threading
    import time

    from game.ai.draughts import smp

    monkeypatch.setenv("QIPAN_THREADS", "3")
    s = R.new_game(variant=name)
    for _ in range(6):
        s = s.play(s.legal_moves()[0])
    A.warm(board=board_of(s))
    seen = []
    real = smp.Helpers.stop

    def stop(self):
        seen.append(len(self.threads))
        nodes = real(self)
        seen.append(nodes)
        return nodes

    monkeypatch.setattr(smp.Helpers, "stop", stop)
    budget = A.Budget(time_limit=0.4)
    search = A.make_search(budget, s.history[:-1], "shared", board_of(s))
    t0 = time.perf_counter()
    mv, _score, depth = search.root(s, 64, start_time=t0)
    assert time.perf_counter() - t0 < 2.0
    assert A._to_move(s, mv) in s.legal_moves() and depth >= 4
    assert seen[0] == 2 and seen[1] > 0 and budget.nodes >= seen[1]
    for thread in threading.enumerate():
        if thread.name.startswith("draughts-helper"):
            thread.join(5)
