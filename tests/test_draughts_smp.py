"""Lazy SMP (game.ai.draughts.smp): helper threads share the main search's transposition table
in timed searches, stop with it, and never make a node budget's answer depend on them."""

import threading
import time

import numpy as np

from game.ai.draughts import fast as F
from game.ai.draughts import search as A
from game.ai.draughts import smp
from game.rules import draughts as R
from game.rules import draughts_board as B


def _helpers_running() -> list:
    return [t for t in threading.enumerate() if t.name.startswith("draughts-helper")]


def test_thread_count_comes_from_the_setting_or_the_cores(monkeypatch):
    monkeypatch.setenv("QIPAN_THREADS", "3")
    assert smp.threads() == 3
    monkeypatch.setenv("QIPAN_THREADS", "0")
    assert smp.threads() == 1
    monkeypatch.setenv("QIPAN_THREADS", "many")  # unreadable: the default
    monkeypatch.setattr(smp.os, "cpu_count", lambda: 2)
    assert smp.threads() == 1  # a 2-core machine keeps its second core
    monkeypatch.setattr(smp.os, "cpu_count", lambda: 16)
    assert smp.threads() == smp.MAX_THREADS
    monkeypatch.setattr(smp.os, "cpu_count", lambda: None)
    assert smp.threads() == 1


def test_a_timed_search_with_helpers_plays_a_legal_move_and_stops_them(monkeypatch):
    monkeypatch.setenv("QIPAN_THREADS", "3")
    s = R.new_game().play("32-28").play("18-23")
    A.warm()
    arrays = F.new_arrays(F.TT_BITS_FRESH)
    budget = A.Budget(time_limit=0.4)
    search = A.FastSearch(budget, s.history[:-1], arrays)
    seen = []
    real = smp.Helpers.stop

    def stop(self):
        seen.append(len(self.threads))
        nodes = real(self)
        seen.append(nodes)
        return nodes

    monkeypatch.setattr(smp.Helpers, "stop", stop)
    t0 = time.perf_counter()
    mv, _score, depth = search.root(s, 64, start_time=t0)
    assert time.perf_counter() - t0 < 2.0
    assert mv in B.gen_moves(s.wm, s.wk, s.bm, s.bk, s.to_move == "w") and depth >= 1
    assert seen[0] == 2 and seen[1] > 0  # two helpers were started and searched
    for thread in _helpers_running():  # each ends at its next node, once it has a core
        thread.join(5)
    assert not _helpers_running()
    assert budget.nodes >= seen[1]  # the reported nodes count theirs too


def test_node_budgets_stay_single_threaded_and_repeat(monkeypatch):
    monkeypatch.setenv("QIPAN_THREADS", "4")
    s = R.new_game().play("32-28").play("18-23")
    first = A.analyse(s, "hard", nodes=20000)
    assert not _helpers_running()
    assert A.analyse(s, "hard", nodes=20000) == first


def test_a_torn_table_entry_is_not_believed():
    """Two helpers writing one slot at once can leave one's key with the other's move and score:
    the key word is stored xor the other two, so such an entry does not match."""
    s = R.new_game().play("32-28")
    search = A.make_search(A.Budget(nodes=30000), s.history[:-1], "fresh")
    search.root(s, 64)
    tt = search.arrays[F.TT]
    after = [s.play(m) for m in s.legal_moves()]
    keys = [p.key() for p in after if search.tt_move(p.key()) is not None]
    assert keys
    h = F.hkey(*keys[0][:4], int(keys[0][4]))
    slot = h & (tt.shape[0] - 1)
    tt[slot, 2] = np.int64(int(tt[slot, 2]) ^ (1 << 12))  # another writer's score word
    assert search.tt_move(keys[0]) is None


def test_a_helper_starts_from_the_main_searchs_move_ordering(monkeypatch):
    monkeypatch.setattr(smp.threading.Thread, "start", lambda self: None)  # look, do not run
    s = R.new_game().play("32-28").play("18-23")
    arrays = F.new_arrays(F.TT_BITS_FRESH)
    arrays[F.HIST][:] = np.arange(64 * 64)
    arrays[F.KILLERS][3, 0] = (1 << 20, 1 << 25)
    internal = [R.internal(m) for m in s.legal_moves()]
    helpers = smp.Helpers(arrays, 2, s.key(), internal, 0, s.quiet_plies)
    own = helpers.helpers[0]
    assert own[F.TT] is arrays[F.TT]  # the table is shared, the ordering copied
    assert own[F.HIST] is not arrays[F.HIST] and (own[F.HIST] == arrays[F.HIST]).all()
    assert (own[F.KILLERS] == arrays[F.KILLERS]).all()


def test_a_helper_tries_its_last_best_move_first():
    """A helper deepens with its own root order: the best move of each iteration goes first, as
    in the main search (it kept the order it was given, so it spent its time on weaker moves)."""
    s = R.parse_fen("W:W6,47:B35")  # 6-1 crowns; the other moves do not
    moves = [R.internal(m) for m in s.legal_moves()]
    crown = [i for i, m in enumerate(s.legal_moves()) if str(m).startswith("6-")]
    assert len(crown) == 1 and len(moves) > 2
    moves.append(moves.pop(crown[0]))  # the crowning move last
    roots = np.array(moves, np.int64)
    c = F.new_arrays(F.TT_BITS_FRESH)
    c[F.ST][F.LIMIT] = 20000
    c[F.ST][F.NEXT_CHECK] = F.CHECK
    F.helper_loop(s.wm, s.wk, s.bm, s.bk, 1, roots, len(moves), 1, s.quiet_plies, c)
    assert tuple(roots[0]) == tuple(moves[-1])
    assert sorted(map(tuple, roots.tolist())) == sorted(map(tuple, moves))  # reordered, none lost
