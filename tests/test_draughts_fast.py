"""The compiled draughts search (game.ai.draughts_fast) against the rules and the plain-Python
search it stands in for: the same moves, evaluations and minimax values."""

import itertools
import os
import random
import subprocess
import sys

import numpy as np
from hypothesis import given, settings
from hypothesis import strategies as st

from game.ai.draughts import eval as E
from game.ai.draughts import fast as F
from game.ai.draughts import fast_board as FB
from game.ai.draughts import search as A
from game.ai.draughts import tables as T
from game.rules import draughts as R
from game.rules import draughts_board as B
from tests.test_draughts_rules import random_position

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def test_the_compiled_search_plays_here():
    """CI installs numba (requirements.txt): the hard level must use the compiled search, made
    ready by the engine's warm (the worker calls it as it starts), kept in a folder of this version."""
    from game import ai
    from game.ai import jit

    assert F.available()
    seen = []
    ai.engine_of("draughts").warm(seen.append)
    assert seen[-1] == 1.0
    ai.engine_of("banqi").warm()  # nothing to prepare
    assert F._warmed
    assert isinstance(A.make_search(A.Budget(nodes=10)), A.FastSearch)
    assert os.path.isdir(jit.CACHE) and jit.CACHE == jit.cache_dir()


def _rows(count, rows):
    return {tuple(int(x) for x in rows[i]) for i in range(count)}


def _same_board_functions(s):
    raw = np.zeros((FB.RAW, 3), np.int64)
    out = np.zeros((FB.MAXM, 3), np.int64)
    white = int(s.to_move == "w")
    bits = (s.wm, s.wk, s.bm, s.bk)
    theirs = set(B.gen_moves(*bits, bool(white)))
    n = FB.gen_moves(*bits, white, raw, out)
    assert _rows(n, out) == theirs, R.to_text(s)
    occ = s.wm | s.wk | s.bm | s.bk
    for men, kings, enemy in ((s.wm, s.wk, s.bm | s.bk), (s.bm, s.bk, s.wm | s.wk)):
        assert FB.has_capture(men, kings, enemy, occ) == B.has_capture(men, kings, enemy, occ)
    for mv in theirs:
        ours = FB.apply_move(*bits, white, *mv)
        assert tuple(int(x) for x in ours[:4]) == B.apply_move(*bits, bool(white), mv)[:4]
        assert bool(ours[4]) == B.apply_move(*bits, bool(white), mv)[4]
    for side in (0, 1):
        assert F.evaluate(*bits, side, *F.WEIGHTS) == E.evaluate_board(*bits, bool(side)), R.to_text(s)


def test_perft_from_the_start_gives_the_published_counts():
    s = R.new_game()
    raw = np.zeros((FB.RAW, 3), np.int64)
    rows = np.zeros((8, FB.MAXM, 3), np.int64)
    counts = [FB.perft(s.wm, s.wk, s.bm, s.bk, 1, d, raw, rows) for d in range(1, 8)]
    assert counts == [9, 81, 658, 4265, 27117, 167140, 1049442]


def test_positions_that_differ_only_on_the_last_rows_get_different_keys():
    """Four pieces on squares 36-50, each a white man or a black king, beside two fixed men:
    the keys once shared by 8,454 of these placements (a bit moved only the key's higher bits)."""
    sq = B.SQUARE
    keys = set()
    for squares in itertools.combinations(range(35, 50), 4):
        for whites in range(16):
            wm = sum(sq[s] for i, s in enumerate(squares) if whites >> i & 1) | sq[5]
            bk = sum(sq[s] for i, s in enumerate(squares) if not whites >> i & 1)
            for white in (0, 1):
                key = FB.hkey(wm, 0, sq[0], bk, white)
                assert 0 <= key < 1 << 63
                keys.add(key)
    assert len(keys) == 1365 * 16 * 2  # 1365 ways to choose the four squares


@settings(max_examples=200, deadline=None)
@given(st.integers(0, B.MASK), st.integers(0, B.MASK), st.integers(0, B.MASK), st.integers(0, B.MASK), st.booleans())
def test_the_compiled_key_is_the_reference_key(wm, wk, bm, bk, white):
    assert FB.hkey(wm, wk, bm, bk, int(white)) == FB.hkey_int(wm, wk, bm, bk, int(white))


def test_moves_evaluation_and_captures_match_the_rules_on_random_positions():
    """Random placements: many kings, long flying-king captures, men that must take backwards."""
    rng = random.Random(20261124)
    for _ in range(2000):
        _same_board_functions(random_position(rng))


@settings(max_examples=20, deadline=None)
@given(st.integers(0, 10**9))
def test_moves_and_evaluation_match_along_random_games(seed):
    rng = random.Random(seed)
    s = R.new_game()
    for _ in range(rng.randint(0, 160)):
        _same_board_functions(s)
        if s.result() is not None:
            break
        s = s.play(rng.choice(s.legal_moves()))


def _null_window(text, depth, rfp_depth, monkeypatch):
    """The plain search's value of White to move in `text` at `depth`, with a null window 100
    centi-men under the evaluation, and its node count; reverse futility up to `rfp_depth`."""
    monkeypatch.setattr(A, "RFP_DEPTH", rfp_depth)
    s = R.from_text(text)
    search = A.Search(A.Budget(nodes=10**6))
    beta = search.static_eval(s.wm, s.wk, s.bm, s.bk, True) - 100
    return search.search(s.wm, s.wk, s.bm, s.bk, True, depth, beta - 1, beta, 1, 0), search.budget.nodes


def test_reverse_futility_cuts_a_quiet_node_far_above_beta_unless_a_capture_threatens(monkeypatch):
    quiet = "W:W28,32,33,34,35,36,37,38,39,40:B1,2,3,4,5,6,7,8"  # two men up, nothing en prise
    threatened = "W:W27,32,33,34,35,36,37,38,39,40:B1,2,3,4,5,6,18,22"  # black threatens 22x31
    rfp = A.RFP_DEPTH
    assert rfp >= 1
    sv = _null_window(quiet, 0, 0, monkeypatch)[0]
    for depth in range(1, rfp + 1):
        value, nodes = _null_window(quiet, depth, rfp, monkeypatch)
        assert (value, nodes) == (sv - A.RFP_MARGIN * depth, 1)  # cut at once, by its margin
        assert _null_window(quiet, depth, 0, monkeypatch)[1] > 1
        with_rfp = _null_window(threatened, depth, rfp, monkeypatch)
        assert with_rfp == _null_window(threatened, depth, 0, monkeypatch)
    assert _null_window(quiet, rfp + 1, rfp, monkeypatch)[1] > 1  # not deeper


def test_a_shallow_search_gives_the_plain_search_value():
    """Up to depth 3 the two searches prune alike: ProbCut and reductions start deeper, and
    reverse futility works on the same evaluation and margin in both. So both must find the
    same value, whatever order they try the moves in."""
    rng = random.Random(3)
    checked = 0
    while checked < 40:
        s = R.new_game()
        for _ in range(rng.randint(4, 80)):
            if s.result() is not None:
                break
            s = s.play(rng.choice(s.legal_moves()))
        if s.result() is not None or len(s.legal_moves()) < 2:
            continue
        for depth in (1, 2, 3):
            plain = A.Search(A.Budget(nodes=10**8), s.history[:-1]).root(s, depth)
            fast = A.FastSearch(A.Budget(nodes=10**8), s.history[:-1]).root(s, depth)
            assert fast[1:] == plain[1:], (R.to_text(s), depth, fast, plain)
        checked += 1


def test_node_budgets_are_kept_and_repeat():
    s = R.new_game().play("32-28").play("18-23")
    first = A.analyse(s, "hard", nodes=20000)
    assert A.analyse(s, "hard", nodes=20000) == first
    assert first[3] <= 20001


def test_a_stop_from_another_thread_ends_the_search():
    """The Hub stops a search by cutting its budget; the compiled search sees it at its next look
    at the clock."""
    import threading
    import time

    s = R.new_game()
    budget = A.Budget(time_limit=60)
    search = A.make_search(budget, (), "full")
    threading.Timer(0.3, lambda: setattr(budget, "deadline", 0.0)).start()
    t0 = time.perf_counter()
    mv, _, depth = search.root(s, 64)
    assert time.perf_counter() - t0 < 5 and mv in B.gen_moves(s.wm, s.wk, s.bm, s.bk, True)


def test_the_best_reply_is_kept_in_the_table():
    """The Hub reads the expected reply (ponder=) and the best line from the table."""
    s = R.new_game().play("32-28")
    search = A.make_search(A.Budget(nodes=30000), s.history[:-1], "fresh")
    mv, _, _ = search.root(s, 64)
    after = s.play(next(m for m in s.legal_moves() if R.internal(m) == mv))
    reply = search.tt_move(after.key())
    assert reply in B.gen_moves(after.wm, after.wk, after.bm, after.bk, after.to_move == "w")


def test_a_kept_table_does_not_carry_a_win_past_the_25_move_rule():
    """Table cutoffs stop at TT_QUIET_PLIES quiet plies: five kings mate one in two plies from a
    fresh count, and tables kept from that search must give the same answer as fresh ones two
    plies before the rule's draw (not that quick mate, which the count no longer leaves time for)."""
    F.warm()
    s = R.from_text("W:WK46,K50,K47,K45,K44:BK1")
    late = R.State(s.wm, s.wk, s.bm, s.bk, s.to_move, 48)
    fresh = A.FastSearch(A.Budget(nodes=300000), (), F.new_arrays()).root(late, 12)
    arrays = F.new_arrays()
    won = A.FastSearch(A.Budget(nodes=300000), (), arrays).root(s, 12)
    kept = A.FastSearch(A.Budget(nodes=300000), (), arrays).root(late, 12)
    assert won[1] > A.MATE - 200
    assert kept[1:] == fresh[1:]


def test_kept_history_counts_fade_to_zero_from_both_sides():
    """Between moves the history fades; a malus (negative) must reach 0 too, not stay at -1."""
    hist = A.shared_fast()[F.HIST]
    hist[:4] = (-9, -1, 1, 9)
    assert list(A.shared_fast()[F.HIST][:4]) == [-2, 0, 0, 2]
    old = A.use_tables(A.new_tables())
    try:
        T._SHARED["hist"].update({(1, 2): -9, (2, 4): -1, (4, 8): 9})
        assert A.shared_tables()[2] == {(1, 2): -2, (4, 8): 2}
    finally:
        A.use_tables(old)


def test_without_numba_the_plain_search_plays():
    code = (
        "from game.ai.draughts import search as A, fast as F; from game.rules import draughts as R; "
        "assert not F.available(); assert type(A.make_search(A.Budget(nodes=5))) is A.Search; "
        "from game.ai import choose_move; print(choose_move(R.new_game(), 'hard', nodes=3000))"
    )
    env = dict(os.environ, QIPAN_NO_JIT="1")
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() in {str(m) for m in R.new_game().legal_moves()}


def test_warm_readies_the_table_lookups_the_root_makes_from_python():
    """egdb.play calls these from Python at the root, inside the clock: a fresh process's first
    call loads each from numba's cache (2-6 ms, enough to overrun 0.1 s a move), so warm() does it."""
    code = (
        "from game.ai.draughts import fast as F, egdb as E; F.warm(); "
        "print([f.__name__ for f in (E.probe, E.material, E.size_of, E.pos_index) if not f.signatures])"
    )
    out = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    assert out.stdout.strip() == "[]"


def test_the_engines_warm_makes_the_kept_tables_before_any_clock():
    """The kept arrays take 50 MB, written as they are made: a first move that made them on its
    clock took 0.1-0.2 s at 0.05 s a move (bench_draughts_deadline.py), so the engine's warm
    makes them, and the engine's search only uses them."""
    from game import ai

    old = A.use_tables(A.new_tables())
    try:
        assert T._SHARED["fast"] is None
        ai.engine_of("draughts").warm()
        made = T._SHARED["fast"]
        assert made is not None and made[F.TT].shape[0] == 1 << T.TT_BITS
        s = R.new_game().play("32-28").play("18-23")
        ai.engine_of("draughts").search(s, ai.Limits("hard", 0.05))
        assert T._SHARED["fast"] is made
    finally:
        A.use_tables(old)


def test_a_node_budget_search_leaves_the_kept_tables_unmade():
    """Only timed searches keep tables from move to move: a review or `bestmove` with nodes
    starts with small tables of its own and need not make the 50 MB ones."""
    from game import ai

    old = A.use_tables(A.new_tables())
    try:
        s = R.new_game().play("32-28").play("18-23")
        ai.engine_of("draughts").search(s, ai.Limits("hard", nodes=2000))
        A.run(s, "hard", nodes=2000)
        assert T._SHARED["fast"] is None
        A.run(s, "hard", time_limit=0.05)
        assert T._SHARED["fast"] is not None
    finally:
        A.use_tables(old)


def test_the_compiled_search_reads_the_clock_more_often_where_nodes_are_slow():
    """poll() is what the compiled search calls every EVERY nodes: readings more than CLOCK_GAP
    apart halve the interval, quick ones double it back up to CHECK."""
    import time

    budget = A.Budget(time_limit=60)
    F._budget = budget
    try:
        every = F.CHECK
        for _ in range(3):
            time.sleep(0.01)
            stop, every = F.poll(every)
            assert stop == 0
        assert every == F.CHECK // 8
        for _ in range(10):
            stop, every = F.poll(every)
        assert every == F.CHECK
        budget.deadline = 0.0
        assert F.poll(every)[0] == 1
    finally:
        F._budget = None
    assert F.poll(0) == (0, F.CHECK)  # no search running: nothing to stop
