"""How the hard level's root plays a position the tables hold.

The search probes win / draw / loss only, and a search whose leaves say "won" everywhere does
not know how to make progress (it walks in circles until a draw rule ends the game). So in a
won position the root also asks how far each winning move is from a conversion (a capture or a
promotion, which can never be undone): the table files hold those distances too, a byte per
position, read for the root's material only (25-35 ms) and kept for the next moves; the root
keeps the winning moves nearest to one, and in a lost position the losing moves farthest from
one. Without them (an old file) build.values() solves the
material again when the move's time allows; else the search chooses among the winning moves.
"""

from __future__ import annotations

import time
from types import SimpleNamespace

import numpy as np

from game.ai.draughts import egdb as E
from game.ai.draughts import fast as F
from game.ai.draughts.egdb import build as G
from game.ai.jit import AVAILABLE
from game.rules import draughts as R
from game.rules import draughts_board as B

SOLVE_RATE = 3e6  # entries solved a second on a slow, busy machine (2 cores: 3.5-6 million)
KEEP = 2  # materials whose distances stay in memory (the largest takes 9 MB)
_cache: dict[int, np.ndarray] = {}


def distances(code: int, seconds: float | None = None) -> np.ndarray | None:
    """Plies to a conversion of every entry of a material (build.values), or None when solving it
    would take more than half of `seconds`."""
    if code in _cache:
        _cache[code] = _cache.pop(code)  # most recently used last
        return _cache[code]
    data, off = E.tables()
    if off[code] < 0:
        return None
    path = E.find_file(code // 125 + (code // 25) % 5 + (code // 5) % 5 + code % 5)
    dist = None if path is None else E.read_dist(path, code)
    if dist is None:
        if not AVAILABLE or (seconds is not None and 2 * int(E.size_of(code)) / SOLVE_RATE > seconds / 2):
            return None  # (uncompiled, a solve takes minutes)
        _, dist = G.values(code, data, off)
    _cache[code] = dist
    while len(_cache) > KEEP:
        _cache.pop(next(iter(_cache)))
    return dist


# what root_moves asks of the 10x10 tables; an 8x8 variant's (egdb.variants.VariantTables) answer the same
TABLES10 = SimpleNamespace(
    best_moves=E.best_moves,
    value=E.value,
    material=E.material,
    size_of=E.size_of,
    pos_index=E.pos_index,
    distances=distances,
    apply_move=B.apply_move,
)


def root_moves(wm, wk, bm, bk, white, moves, deadline: float | None = None, tables=None) -> list | None:
    """The moves the root should choose among (see the module's text), or None when the tables do
    not hold the position. deadline: time.perf_counter() by which the move must be chosen.
    tables: an 8x8 variant's (egdb.variants), else 10x10's."""
    T = TABLES10 if tables is None else tables
    best = T.best_moves(wm, wk, bm, bk, white, moves)
    if best is None or len(best) < 2:
        return best
    v = T.value(wm, wk, bm, bk, white)
    if v == E.DRAW:
        return best
    code = int(T.material(wm, wk, bm, bk))
    dist = T.distances(code, None if deadline is None else deadline - time.perf_counter())
    if dist is None:
        return best
    n = int(T.size_of(code))
    scored = []
    for mv in best:
        a, b, c, d, _ = T.apply_move(wm, wk, bm, bk, white, mv)
        if mv[2] or T.material(a, b, c, d) != code:
            # a conversion: the winner's progress; the loser's promotion (a king resists longer)
            far = -1 if v == E.WIN else -256
        else:
            far = int(dist[(0 if white else n) + int(T.pos_index(a, b, c, d, code))])
            if v == E.LOSS:
                far = -far  # the loser puts the conversion off (the counts, the opponent's mistakes)
        scored.append((far, mv))
    nearest = min(s for s, _ in scored)
    return [mv for s, mv in scored if s == nearest]


def table_score(wm, wk, bm, bk, white, otherwise, tables=None):
    """The endgame tables' value of a position as the compiled search scores it (fast.py: a win
    where a counting clock runs is only an evaluation), or `otherwise` where they do not hold it.
    tables: an 8x8 variant's (egdb.variants.VariantTables), else 10x10's."""
    if tables is None:
        v = E.value(wm, wk, bm, bk, white)
        counted = R.endgame_limits(wm, wk, bm, bk) != (-1, -1)
    else:
        v = tables.value(wm, wk, bm, bk, white)
        counted = tables.counted(wm, wk, bm, bk)
    if v == E.UNUSED:
        return otherwise
    if v == E.DRAW:
        return 0
    sc = (F.EG_COUNTED if counted else F.EG_WIN) - 1
    return sc if v == E.WIN else -sc
